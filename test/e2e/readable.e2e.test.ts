/**
 * No raw values in the console, in the browser (docs/decisions/452-no-raw-values-in-the-console.md, 453):
 * headless Chromium at 1,440 x 900 against the local runtime with the demo seed. DEMO-CP-001 (the project's
 * simulator, OCPP 1.6) runs two sessions, one the driver ends by unplugging (EVDisconnected), one stopped
 * remotely (Remote), answers a GetConfiguration, reports its firmware Downloaded and a ground fault
 * (GroundFailure, an alarm); DEMO-CP-004 (OCPP 2.0.1) boots (PowerUp) and reports its firmware
 * SignatureVerified. The platform administrator walks the pages that showed raw values, in Thai and in German:
 * the charging fees (the occupancy fee by name in the list and in the edit form's select), both charger pages
 * (firmware status, boot reason, the connector's error code), the alarm list and an alarm's detail, the orders
 * and both orders' pages, the roles, the users, the stop reasons and the command results. None shows a raw
 * protocol value (ocpp1.6), an OCPP stop reason (EVDisconnected, Remote), firmware status, boot reason or error
 * code, a record's id where its name belongs, "None" or JSON; an alarm's detail keeps its code as sent only
 * after the words, marked as such (decision 453). In Thai, every title of the sidebar and the page headings is
 * shown whole, wrapped only between words.
 */
import { translate } from '@functions/lib/i18n.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInOnConsole } from '../helpers/browser.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

const OCCUPANCY = 'Demo parking after charging';
const TARIFF = 'Demo Berlin day and night';
/** What must never show where a word belongs. */
const RAW: [string, RegExp][] = [
  ['a protocol value', /ocpp1\.6|ocpp2\.0\.1|OCPP1\.6|OCPP2\.0\.1/],
  ['an OCPP stop reason', /EVDisconnected|\bRemote\b/],
  ['a firmware status or boot reason', /\b(Downloaded|SignatureVerified|PowerUp)\b/],
  ['an OCPP error code', /\bGroundFailure\b/],
  ['"None"', /\bNone\b/],
  ['a record id', /demo-occupancy-fee|role-platform-admin|role-operator-admin|role-ops-staff|demo-card-\d/],
  ['JSON', /"\w+"\s*:/],
];

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;
let charger: SimulatedCharger;
/** A 2.0.1 charger: only 2.0.1 says why it booted. */
let charger201: SimulatedCharger;
let admin: string;
const orders: Record<'unplugged' | 'remote', string> = { unplugged: '', remote: '' };

/** The demo company's order of a transaction, once settled. */
async function orderOf(transactionId: unknown): Promise<string> {
  return waitFor(async () => {
    const list = await api(rt.url, admin, '/biz/chargeOrder/list', {
      current: 1,
      size: 50,
      chargePointId: 'DEMO-CP-001',
    });
    const found = (list.data?.records ?? []).find(
      (o: { transactionId?: unknown }) => String(o.transactionId) === String(transactionId),
    );
    return found?.orderNo as string | undefined;
  }, 120_000);
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime({ seed: 'demo' }), launchBrowser()]);
  admin = await login(rt.url, 'admin', 'Admin12345');
  charger = new SimulatedCharger({
    url: rt.url.replace(/^http/, 'ws'),
    id: 'DEMO-CP-001',
    password: DEMO_CHARGER_PASSWORD,
    ocpp: '1.6',
    connectors: 2,
  });
  await charger.start();
  await charger.whenBooted();
  const unplugged = await charger.startSession(1, 'SIM-TAG-001');
  await charger.stopSession(1, 'EVDisconnected');
  const remote = await charger.startSession(2, 'SIM-TAG-002');
  await charger.stopSession(2, 'Remote');
  orders.unplugged = await orderOf(unplugged.transactionId);
  orders.remote = await orderOf(remote.transactionId);
  // What the charger says about itself and its faults: a firmware status, a ground fault (an alarm).
  charger.fire('FirmwareStatusNotification', { status: 'Downloaded' });
  await charger.fault(1, 'GroundFailure');
  charger201 = new SimulatedCharger({
    url: rt.url.replace(/^http/, 'ws'),
    id: 'DEMO-CP-004',
    password: DEMO_CHARGER_PASSWORD,
    ocpp: '2.0.1',
  });
  await charger201.start();
  await charger201.whenBooted();
  charger201.fire('FirmwareStatusNotification', { status: 'SignatureVerified', requestId: 1 });
  await waitFor(
    async () => {
      const detail = (id: string) => api(rt.url, admin, `/biz/chargePoint/detail?id=${id}`, {});
      const [cp1, cp4] = await Promise.all([detail('DEMO-CP-001'), detail('DEMO-CP-004')]);
      return (
        cp1.data?.firmwareStatus === 'Downloaded' &&
        cp4.data?.firmwareStatus === 'SignatureVerified' &&
        cp4.data?.boot?.reason === 'PowerUp'
      );
    },
    120_000,
    'the firmware statuses and the boot reason',
  );
  await waitFor(
    async () => {
      const list = await api(rt.url, admin, '/biz/alarm/list', {
        current: 1,
        size: 10,
        chargePointId: 'DEMO-CP-001',
        code: 'GroundFailure',
      });
      return (list.data?.records ?? []).length > 0;
    },
    120_000,
    'the ground fault alarm',
  );
  const sent = await api(rt.url, admin, '/biz/command/send', {
    chargePointId: 'DEMO-CP-001',
    command: 'getConfiguration',
    params: { configKeys: ['HeartbeatInterval'] },
  });
  expect(sent.code, sent.msg).toBe(0);
  await waitFor(
    async () => {
      const list = await api(rt.url, admin, '/biz/command/list', { current: 1, size: 10 });
      return (list.data?.records ?? []).find(
        (c: { commandId: string; status: string }) =>
          c.commandId === sent.data.commandId && c.status === 'answered',
      );
    },
    120_000,
    'the GetConfiguration answer',
  );
}, 300_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await charger?.stop();
  await charger201?.stop();
  await browser?.close();
  await rt?.cleanup();
});

async function openConsole(language: 'th' | 'de'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInOnConsole(page, rt.url, 'admin', 'Admin12345');
  await page.evaluate((code) => localStorage.setItem('language', code), language);
  await page.reload();
  await page.getByRole('navigation', { name: translate(language, 'layout.mainMenu') }).waitFor();
  return page;
}

/**
 * The page's visible text holds none of the raw values; an alarm's code as sent, kept after its words and
 * marked (`data-raw-code`), is not read.
 */
async function expectNoRawValues(page: Page, where: string) {
  const text = await page.evaluate(() => {
    const kept = [...document.querySelectorAll<HTMLElement>('[data-raw-code]')];
    for (const el of kept) el.style.display = 'none';
    const shown = document.body.innerText;
    for (const el of kept) el.style.display = '';
    return shown;
  });
  for (const [what, pattern] of RAW) {
    const at = text.search(pattern);
    // The line it is on, to say where it showed.
    const line = at < 0 ? '' : text.slice(text.lastIndexOf('\n', at) + 1, text.indexOf('\n', at) >>> 0);
    expect(line, `${where}: ${what} (${pattern})`).toBe('');
  }
}

describe('no raw values in the browser', () => {
  for (const language of ['th', 'de'] as const)
    it(
      `on the charging fees, chargers, alarms, orders, roles, users, stop reasons and commands (${language})`,
      {
        timeout: 300_000,
      },
      async () => {
        const t = (key: string, values?: Record<string, unknown>) => translate(language, key, values);
        const page = await openConsole(language);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));

        // Charging fees: the occupancy fee by its name, in the list and in the edit form's select.
        await page.goto(`${rt.url}/charge/chargingFee`);
        const tariff = page.getByRole('row', { name: new RegExp(TARIFF) });
        await tariff.getByText(OCCUPANCY).waitFor();
        await expectNoRawValues(page, '/chargingFee');
        await tariff.getByRole('button', { name: t('admin.common.edit'), exact: true }).click();
        const form = page.getByRole('dialog');
        const select = form.getByLabel(t('feeRes.chargingFee.occupancyFee'), { exact: true });
        await expect.poll(() => select.textContent(), { timeout: 30_000 }).toContain(OCCUPANCY);
        await expectNoRawValues(page, '/chargingFee edit form');
        await page.keyboard.press('Escape');
        await form.waitFor({ state: 'detached' });

        // The charger: its protocol and the connection's, as OCPP 1.6; its firmware status and the
        // connector's error code in words.
        await page.goto(`${rt.url}/charge/chargerDetail/DEMO-CP-001`);
        await expect
          .poll(() => page.getByText('OCPP 1.6', { exact: true }).count(), { timeout: 30_000 })
          .toBe(2);
        await page.getByText(t('commandRes.results.Downloaded'), { exact: true }).waitFor();
        await page
          .getByRole('table', { name: t('siteConsole.charger.connectors') })
          .getByText(t('siteConsole.errorCodes.GroundFailure'), { exact: true })
          .waitFor();
        await expectNoRawValues(page, '/chargerDetail/DEMO-CP-001');
        // The 2.0.1 charger: why it booted, its firmware status.
        await page.goto(`${rt.url}/charge/chargerDetail/DEMO-CP-004`);
        await page.getByText(t('siteConsole.bootReasons.PowerUp'), { exact: true }).waitFor();
        await page.getByText(t('commandRes.results.SignatureVerified'), { exact: true }).waitFor();
        await expectNoRawValues(page, '/chargerDetail/DEMO-CP-004');

        // The alarms: the ground fault's code in words; its detail keeps the code after the words.
        await page.goto(`${rt.url}/charge/alarm?chargePointId=DEMO-CP-001`);
        const fault = page
          .getByRole('row')
          .filter({ has: page.getByText(t('siteConsole.errorCodes.GroundFailure'), { exact: true }) })
          .first();
        await fault.waitFor();
        await expectNoRawValues(page, '/alarm');
        await fault.getByRole('button', { name: t('admin.common.detail'), exact: true }).click();
        const detail = page.getByRole('dialog');
        await detail.locator('[data-raw-code]', { hasText: '(GroundFailure)' }).waitFor();
        await detail.getByText(t('siteConsole.errorCodes.GroundFailure'), { exact: false }).first().waitFor();
        await expectNoRawValues(page, '/alarm detail');
        await page.keyboard.press('Escape');
        await detail.waitFor({ state: 'detached' });

        // The orders, and each order's end: its end flag beside its stop reason in words.
        await page.goto(`${rt.url}/charge/chargeOrder`);
        await page.getByRole('row', { name: new RegExp(orders.unplugged) }).waitFor();
        await expectNoRawValues(page, '/chargeOrder');
        for (const [orderNo, code] of [
          [orders.unplugged, 'EV_DISCONNECTED'],
          [orders.remote, 'REMOTE'],
        ] as const) {
          await page.goto(`${rt.url}/charge/orderDetail/${orderNo}`);
          const facts = page.getByRole('region', { name: t('orderRes.detail.order'), exact: true });
          await facts.getByText(t(`builtIn.stopReasons.${code}`), { exact: true }).waitFor();
          // Both are the driver's own stops (decision 245): the end flag says so too.
          await facts.getByText(t('orderRes.endFlags.activeStop'), { exact: true }).waitFor();
          await page.getByText('OCPP 1.6', { exact: true }).waitFor();
          await expectNoRawValues(page, `/orderDetail/${orderNo}`);
        }

        // Roles and users: the built-in roles in the user's language.
        await page.goto(`${rt.url}/charge/role`);
        await page.getByRole('cell', { name: t('builtIn.roles.ROLE_ADMIN'), exact: true }).waitFor();
        await page.getByRole('cell', { name: t('builtIn.roles.ROLE_OPS'), exact: true }).waitFor();
        await expectNoRawValues(page, '/role');
        await page.goto(`${rt.url}/charge/user`);
        await page
          .getByRole('row', { name: /\badmin\b/ })
          .getByText(t('builtIn.roles.ROLE_ADMIN'), { exact: true })
          .waitFor();
        await expectNoRawValues(page, '/user');

        // The stop reasons: seeded entries by their codes.
        await page.goto(`${rt.url}/charge/stopReasonList`);
        await page
          .getByRole('row', { name: /\bOTHER\b/ })
          .getByText(t('builtIn.stopReasons.OTHER'), { exact: true })
          .waitFor();
        await expectNoRawValues(page, '/stopReasonList');

        // The command results: the configuration read as labelled fields, no JSON.
        await page.goto(`${rt.url}/charge/command`);
        await page
          .getByText(`${t('readable.result.fields.configurationKey')}: HeartbeatInterval = `, {
            exact: false,
          })
          .waitFor();
        await expectNoRawValues(page, '/command');

        expect(errors).toEqual([]);
        await page.close();
      },
    );
});

/**
 * Every title element that does not show its whole text (cut, with or without an ellipsis), and every line
 * break inside a Thai word (by Intl.Segmenter's word boundaries), of the sidebar and the page's headings.
 */
function clippedOrSplit(): string[] {
  const segmenter = new Intl.Segmenter('th', { granularity: 'word' });
  const problems: string[] = [];
  const titles = [...document.querySelectorAll<HTMLElement>('nav span, nav a, h1, h2')].filter(
    (el) => el.textContent?.trim() && el.getClientRects().length > 0,
  );
  for (const el of titles) {
    const text = el.textContent!.trim();
    if (el.scrollWidth > el.clientWidth + 1) problems.push(`cut: ${text}`);
    // Line breaks: where a character's box starts a new line.
    const node = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (!node) continue;
    const content = node.textContent!;
    const range = document.createRange();
    let lastTop: number | undefined;
    const breaks: number[] = [];
    for (let i = 0; i < content.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect || !rect.width) continue;
      if (lastTop !== undefined && rect.top > lastTop + rect.height / 2) breaks.push(i);
      lastTop = rect.top;
    }
    const boundaries = new Set([...segmenter.segment(content)].map((s) => s.index));
    for (const at of breaks)
      if (!boundaries.has(at)) problems.push(`split: ${content.slice(0, at)}|${content.slice(at)}`);
  }
  return problems;
}

describe('Thai titles at 1,440 px', () => {
  it(
    'show whole, wrapped between words, in the sidebar and the page headings',
    { timeout: 180_000 },
    async () => {
      const page = await openConsole('th');
      const t = (key: string) => translate('th', key);
      // Open the menu group whose Thai name is the longest, and a page with panels.
      await page.goto(`${rt.url}/charge/orderDetail/${orders.unplugged}`);
      await page.getByRole('region', { name: t('orderRes.detail.order'), exact: true }).waitFor();
      const name = page.getByRole('navigation').getByText(t('app.name'), { exact: true });
      await name.waitFor();
      // The console's name is long in Thai: on two lines rather than cut.
      expect((await name.boundingBox())!.height).toBeGreaterThan(30);
      await page
        .getByRole('navigation')
        .getByRole('button', { name: t('menu.m11000') })
        .click();
      expect(await page.evaluate(clippedOrSplit)).toEqual([]);
      await page.goto(`${rt.url}/charge/chargingFee`);
      await page.getByRole('row', { name: new RegExp(TARIFF) }).waitFor();
      expect(await page.evaluate(clippedOrSplit)).toEqual([]);
      await page.close();
    },
  );
});
