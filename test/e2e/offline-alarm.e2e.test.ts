/**
 * A charger's outage and health in headless Chromium, in the console's five languages
 * (docs/decisions/460-offline-alarm-and-charger-health.md, 181): a charger that went away is an offline alarm
 * in the alarm list (/alarm, its kind in words), its page tells since when it is offline, its last message and
 * the open offline alarm with the way to it; back online, its page tells its uptime and no alarm, and the
 * alarm list shows the alarm recovered. The transaction insight shows the utilization per connector beside
 * the utilization, with its own label and help text.
 */
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { languages, resources, type Locale } from '@shared/i18n/index.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInOnConsole } from '../helpers/browser.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

const CHARGER = 'DEMO-CP-002';
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;
let operator: string;
let cp: OcppClient | undefined;

/** A catalogue string in a language, `{{name}}` placeholders filled (as i18next does). */
function text(locale: Locale, key: string, values: Record<string, string> = {}): string {
  let node: unknown = resources[locale].translation;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`${key} is not in the ${locale} catalogue`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** A catalogue string in a language as a pattern: its placeholders stand for any text. */
function pattern(locale: Locale, key: string): RegExp {
  let node: unknown = resources[locale].translation;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  const parts = String(node)
    .split(/\{\{\w+\}\}/)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('.+?'));
}

async function connect() {
  cp = await connectCharger(rt.url, CHARGER, DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
  await cp.call('BootNotification', { chargePointVendor: 'E2E', chargePointModel: 'Outage' });
}

const records = async () =>
  (await api(rt.url, operator, '/biz/alarm/list', { chargePointId: CHARGER, offlineFlag: 1 })).data
    .records as { id: string; status: string }[];

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  delete process.env.OFFLINE_GRACE_SECONDS;
  [rt, browser] = await Promise.all([startTestRuntime(), launchBrowser()]);
  operator = await login(rt.url, 'operator', 'Operator12345');
  // The charger was online and went away: its outage is an offline alarm.
  await connect();
  await cp!.close();
  await waitFor(
    async () => ((await records())[0]?.status === 'open' ? true : undefined),
    45_000,
    'the alarm',
  );
}, 180_000);

afterAll(async () => {
  await cp?.close();
  await browser?.close();
  await rt?.cleanup();
});

describe('an outage in the console', () => {
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await signInOnConsole(page, rt.url, 'operator', 'Operator12345');
  });
  afterAll(async () => {
    await page?.close();
  });

  for (const { code, locale } of languages) {
    const t = (key: string, values?: Record<string, string>) => text(locale, key, values);

    it(`is in the alarm list and on the charger page, in ${locale}`, { timeout: 120_000 }, async () => {
      await page.evaluate((language) => localStorage.setItem('language', language), code);

      await page.goto(`${rt.url}/charge/alarm`);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 20_000 })
        .toBe(locale);
      const row = page.getByRole('row', { name: new RegExp(CHARGER) }).first();
      await row.waitFor({ timeout: 30_000 });
      // Its kind, its code and its status in words (the code as sent only on hover: decision 453).
      await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain(t('alarmRes.kind.offline'));
      expect(await row.textContent()).toContain(t('alarmRes.codes.Offline'));
      expect(await row.textContent()).toContain(t('alarmRes.status.open'));
      expect((await page.locator('th').allTextContents()).map((h) => h.trim())).toContain(
        t('alarmRes.alarm.kind'),
      );

      await page.goto(`${rt.url}/charge/chargerDetail/${CHARGER}`);
      const body = page.locator('body');
      await expect
        .poll(() => body.textContent(), { timeout: 30_000 })
        .toContain(t('alarmRes.health.offlineFor'));
      const shown = (await body.textContent()) ?? '';
      expect(shown).toContain(t('siteConsole.charger.offlineSince'));
      expect(shown).toContain(t('siteConsole.charger.lastMessage'));
      expect(shown).toContain(t('alarmRes.health.uptime'));
      expect(shown).toContain(t('alarmRes.health.offlineAlarm'));
      // The open offline alarm, its level in the words of the language.
      expect(shown).toMatch(pattern(locale, 'alarmRes.health.alarmOpen'));
      // Its way to the alarm list: the charger's offline alarms.
      await page.getByRole('link', { name: t('alarmRes.health.showAlarms') }).click();
      await page.waitForURL(/\/alarm\?/);
      expect(page.url()).toContain(`chargePointId=${CHARGER}`);
      await page
        .getByRole('row', { name: new RegExp(CHARGER) })
        .first()
        .waitFor({ timeout: 30_000 });
    });
  }

  it(
    'tells the uptime and the alarm recovered once the charger is back, in every language',
    { timeout: 240_000 },
    async () => {
      await connect();
      await waitFor(async () => ((await records())[0]?.status === 'recovered' ? true : undefined));
      for (const { code, locale } of languages) {
        const t = (key: string, values?: Record<string, string>) => text(locale, key, values);
        await page.evaluate((language) => localStorage.setItem('language', language), code);
        await page.goto(`${rt.url}/charge/chargerDetail/${CHARGER}`);
        const body = page.locator('body');
        await expect
          .poll(() => body.textContent(), { timeout: 30_000 })
          .toMatch(pattern(locale, 'alarmRes.health.upSince'));
        const shown = (await body.textContent()) ?? '';
        expect(shown).toContain(t('siteConsole.charger.onlineSince'));
        expect(shown).toContain(t('alarmRes.health.alarmNone'));
        expect(shown).not.toContain(t('alarmRes.health.offlineFor'));

        await page.goto(`${rt.url}/charge/alarm`);
        const row = page.getByRole('row', { name: new RegExp(CHARGER) }).first();
        await row.waitFor({ timeout: 30_000 });
        await expect
          .poll(() => row.textContent(), { timeout: 20_000 })
          .toContain(t('alarmRes.status.recovered'));
      }
    },
  );

  it(
    'shows the utilization per connector beside the utilization on the insight page, in every language',
    { timeout: 240_000 },
    async () => {
      for (const { code, locale } of languages) {
        const t = (key: string) => text(locale, key);
        await page.evaluate((language) => localStorage.setItem('language', language), code);
        await page.goto(`${rt.url}/charge/transcationInsight`);
        const perConnector = page.getByLabel(t('revenueRes.insight.overallPerConnector'), { exact: true });
        await perConnector.waitFor({ timeout: 30_000 });
        expect(await page.getByLabel(t('revenueRes.insight.overall'), { exact: true }).count()).toBe(1);
        const body = (await page.locator('body').textContent()) ?? '';
        expect(body).toContain(t('revenueRes.insight.utilizationPerConnectorHelp'));
        expect(body).toContain(t('revenueRes.insight.utilizationHelp'));
        const headings = await page
          .getByRole('table', { name: t('revenueRes.insight.stations') })
          .locator('th')
          .allTextContents();
        expect(headings).toContain(t('revenueRes.insight.utilizationPerConnector'));
      }
    },
  );
});
