/**
 * Every chart screen in headless Chromium on the production build, in English and in Simplified Chinese
 * (docs/decisions/431-console-on-react-and-recharts.md): each screen draws its recharts chart (the SVG
 * surface with its bars, lines or pie sectors) and shows its tooltip, in the screen's language, when the
 * pointer is over the chart and when the chart has keyboard focus (recharts' accessibility layer: focus, then
 * the arrow keys). The data is the demo company's seeded history (sessions, rollups, app users, the fleet's
 * sessions, the green supply contract) and what the test makes through the real interfaces: a metered
 * session and a connector fault over OCPP (the order's meter curve, the alarm statistics), the project's
 * simulated charger answering the composite schedule, and the simulated energy box reporting on MQTT.
 */
import { DEMO_FLEET } from '@infra/local/seed/demo-accounts.ts';
import { DEMO_CHARGER_PASSWORD, DEMO_ENERGY_BOX } from '@infra/local/seed/demo-chargers.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { SimulatedEnergyBox } from '@infra/local/simulator/energy-box.ts';
import { languages, resources, type Locale } from '@shared/i18n/index.ts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInOnConsole } from '../helpers/browser.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

/** The metered session's charger (OCPP 1.6 over a plain client) and the card it charges with. */
const SESSION_CHARGER = 'DEMO-CP-002';
const CARD = 'SIM-TAG-001';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;
let ocpp: OcppClient | undefined;
let simulated: SimulatedCharger | undefined;
let box: SimulatedEnergyBox | undefined;
/** The metered session's order, for /orderDetail. */
let orderNo = '';

/** A catalogue string in a language, `{{name}}` placeholders filled (as i18next does). */
function text(locale: Locale, key: string, values: Record<string, string> = {}): string {
  let node: unknown = resources[locale].translation;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`${key} is not in the ${locale} catalogue`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** A metered OCPP 1.6 session (its order has a meter curve), then a connector fault (an alarm). */
async function meteredSessionAndFault(): Promise<number> {
  ocpp = await connectCharger(rt.url, SESSION_CHARGER, DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
  const payload = (frame: unknown[]) => frame[2] as Record<string, unknown>;
  const boot = payload(
    await ocpp.call('BootNotification', { chargePointVendor: 'E2E', chargePointModel: 'Charts' }),
  );
  expect(boot.status).toBe('Accepted');
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const status = (connectorId: number, state: string, errorCode = 'NoError') =>
    ocpp!.call('StatusNotification', { connectorId, status: state, errorCode, timestamp: at(0) });
  await status(1, 'Preparing');
  const started = payload(
    await ocpp.call('StartTransaction', { connectorId: 1, idTag: CARD, meterStart: 0, timestamp: at(40) }),
  ) as { transactionId: number; idTagInfo: { status: string } };
  expect(started.idTagInfo.status).toBe('Accepted');
  await status(1, 'Charging');
  for (const [minutesAgo, wh, watts] of [
    [30, 3_000, 18_000],
    [20, 7_000, 22_000],
    [10, 11_000, 11_000],
  ] as const)
    await ocpp.call('MeterValues', {
      connectorId: 1,
      transactionId: started.transactionId,
      meterValue: [
        {
          timestamp: at(minutesAgo),
          sampledValue: [
            { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
            { value: String(watts), measurand: 'Power.Active.Import', unit: 'W' },
          ],
        },
      ],
    });
  await ocpp.call('StopTransaction', {
    transactionId: started.transactionId,
    idTag: CARD,
    meterStop: 12_000,
    timestamp: at(1),
    reason: 'Local',
  });
  await status(1, 'Available');
  // Connector 2 faults: an alarm for the statistics of /alarmChart.
  await status(2, 'Faulted', 'GroundFailure');
  return started.transactionId;
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime({ seed: 'demo', seedHistory: true }), launchBrowser()]);
  const transactionId = await meteredSessionAndFault();
  const operator = await login(rt.url, 'operator', 'Operator12345');
  // The order is written by the session queue's consumer.
  orderNo = await waitFor(
    async () => {
      const listed = await api(rt.url, operator, '/biz/chargeOrder/list', { current: 1, size: 20 });
      const order = ((listed.data?.records ?? []) as { transactionId?: unknown; orderNo?: unknown }[]).find(
        (r) => String(r.transactionId) === String(transactionId),
      );
      return order ? String(order.orderNo) : undefined;
    },
    60_000,
    'the order of the metered session',
  );
  // The composite schedule is asked of a connected charger: the project's simulator answers it.
  simulated = new SimulatedCharger({
    url: rt.url.replace(/^http/, 'ws'),
    id: 'DEMO-CP-001',
    password: DEMO_CHARGER_PASSWORD,
    ocpp: '1.6',
    connectors: 2,
    timeScale: 50,
    idTags: [CARD],
  });
  await simulated.start();
  await simulated.whenBooted();
  // The demo energy box reports on MQTT: the last hour of its samples is its page's chart.
  box = new SimulatedEnergyBox({
    url: `mqtt://127.0.0.1:${rt.iot.mqttPort}`,
    code: DEMO_ENERGY_BOX,
    intervalMs: 300,
  });
  await box.start();
  await waitFor(
    async () => {
      const detail = await api(rt.url, operator, '/biz/energyBox/list', { current: 1, size: 10 });
      const record = ((detail.data?.records ?? []) as { id?: unknown; code?: unknown }[]).find(
        (r) => r.code === DEMO_ENERGY_BOX,
      );
      if (!record) return undefined;
      const history = (await api(rt.url, operator, `/biz/energyBox/detail?id=${String(record.id)}`, {})).data
        ?.history as unknown[] | undefined;
      return (history?.length ?? 0) >= 3 || undefined;
    },
    30_000,
    "the energy box's reports",
  );
}, 240_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await box?.stop();
  await simulated?.stop();
  await ocpp?.close();
  await browser?.close();
  await rt?.cleanup();
});

/** Which recharts elements draw a series. */
const BARS = '.recharts-bar-rectangle path';
const LINES = 'path.recharts-line-curve';
const PIE = 'path.recharts-sector';

interface ChartScreen {
  /** The route, under /charge. */
  path: () => string;
  /** What draws the screen's series (each must be on the screen). */
  series: string[];
  /** How many charts the screen draws. */
  charts: number;
  /** The chart whose tooltip is checked (index among the screen's charts) and a series name it shows. */
  tooltip: { chart: number; name: string; values?: Record<string, string> };
  /** The pie whose sector shows a tooltip on hover, if the screen has one. */
  pie?: number;
  /** What brings the chart on screen after the page shows, if it is not there at once. */
  open?: (page: Page, t: (key: string) => string) => Promise<Locator>;
}

const SCREENS: ChartScreen[] = [
  {
    path: () => '/home',
    series: [BARS, LINES],
    charts: 3,
    tooltip: { chart: 0, name: 'home.orders' },
  },
  {
    path: () => '/statRevenue',
    series: [BARS, LINES],
    charts: 1,
    tooltip: { chart: 0, name: 'revenueRes.stat.revenue' },
  },
  {
    path: () => '/transcationInsight',
    series: [BARS, LINES],
    charts: 2,
    tooltip: { chart: 1, name: 'revenueRes.insight.energy' },
  },
  {
    path: () => '/alarmChart',
    series: [BARS, PIE],
    charts: 4,
    // The top fault codes: horizontal bars.
    tooltip: { chart: 2, name: 'alarmRes.chart.count' },
    pie: 1,
  },
  {
    path: () => '/appInsight',
    series: [BARS, LINES],
    charts: 1,
    tooltip: { chart: 0, name: 'crm.insight.active' },
  },
  {
    path: () => '/analysis',
    series: [BARS, LINES],
    charts: 1,
    tooltip: { chart: 0, name: 'fleetAnalysis.cost' },
    // Staff pick the fleet: the demo fleet, whose seeded sessions are of the last three days.
    open: async (page, t) => {
      await page
        .getByLabel(new RegExp(`^${t('fleetMember.fleet')}`))
        .first()
        .click();
      // The chart is drawn again with the fleet's figures: hovering the one before would race its redraw.
      const fleetFigures = page.waitForResponse(
        (r) =>
          r.url().includes('/biz/fleet/analysis') && String(r.request().postData()).includes('"fleetId"'),
        { timeout: 60_000 },
      );
      await page.getByRole('option', { name: DEMO_FLEET.name }).click();
      await fleetFigures;
      return page.locator('body');
    },
  },
  {
    path: () => '/renewable',
    series: [BARS, LINES],
    charts: 1,
    tooltip: { chart: 0, name: 'energyConsole.renewable.renewable' },
  },
  {
    path: () => '/powerProfile',
    series: [LINES],
    charts: 1,
    tooltip: { chart: 0, name: 'profileRes.limit' },
    // The composite schedule of DEMO-CP-001's first connector, asked in its dialog.
    open: async (page, t) => {
      await page.getByRole('button', { name: t('profileRes.composite'), exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t('profileRes.pile'), { exact: true }).selectOption('DEMO-CP-001');
      await dialog.getByLabel(t('profileRes.connectors'), { exact: true }).selectOption('1');
      await dialog.getByRole('button', { name: t('profileRes.ask'), exact: true }).click();
      return dialog;
    },
  },
  {
    path: () => `/energyBoxDetail/${DEMO_ENERGY_BOX}`,
    series: [LINES],
    charts: 1,
    tooltip: { chart: 0, name: 'energyBoxRes.detail.seriesLoad', values: { phase: 'L1' } },
  },
  {
    path: () => `/orderDetail/${orderNo}`,
    series: [LINES],
    charts: 1,
    tooltip: { chart: 0, name: 'orderRes.detail.chartEnergy' },
  },
];

/** The tooltip's text while it shows, '' while hidden (recharts hides it with `visibility: hidden`). */
const shown = async (tooltip: Locator) =>
  (await tooltip.isVisible()) ? ((await tooltip.textContent()) ?? '') : '';

/** Waits until the tooltip shows a text containing `name`. */
const showsName = (tooltip: Locator, name: string) =>
  expect.poll(() => shown(tooltip), { timeout: 20_000, interval: 100 }).toContain(name);

for (const code of ['en', 'cn'] as const) {
  const { locale } = languages.find((l) => l.code === code)!;
  const t = (key: string, values?: Record<string, string>) => text(locale, key, values);

  describe(`chart screens in ${locale}`, () => {
    let page: Page;
    const errors: string[] = [];
    beforeAll(async () => {
      page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
      page.on('pageerror', (e) => errors.push(e.message));
      await signInOnConsole(page, rt.url, 'operator', 'Operator12345');
      await page.evaluate((language) => localStorage.setItem('language', language), code);
    });
    afterAll(async () => {
      await page?.close();
    });

    for (const screen of SCREENS)
      it(
        `${screen.path().split('/').slice(0, 2).join('/')} draws its chart with a tooltip by pointer and keyboard`,
        {
          timeout: 120_000,
        },
        async () => {
          await page.goto(`${rt.url}/charge${screen.path()}`);
          await expect
            .poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 20_000 })
            .toBe(locale);
          const scope = screen.open ? await screen.open(page, t) : page.locator('body');
          // Each chart: a recharts wrapper with its SVG surface (keyboard-focusable, the accessibility layer).
          const charts = scope.locator('.recharts-wrapper');
          await charts.nth(screen.charts - 1).waitFor({ timeout: 60_000 });
          expect(await charts.count()).toBe(screen.charts);
          for (const series of screen.series)
            await expect.poll(() => scope.locator(series).count(), { timeout: 20_000 }).toBeGreaterThan(0);

          const chart = charts.nth(screen.tooltip.chart);
          const surface = chart.locator('svg.recharts-surface[role="application"]');
          const tooltip = chart.locator('.recharts-tooltip-wrapper');
          const name = t(screen.tooltip.name, screen.tooltip.values);

          // By pointer: over the middle of the plot.
          await surface.hover();
          await showsName(tooltip, name);
          // The pointer leaves the chart and the tooltip goes. A chart still settling after its data came (the
          // fleet picked on /analysis) can keep a tooltip opened while it settled: hovering again once it has
          // settled must show it and leaving must hide it.
          const hidesOnLeave = async () => {
            await page.mouse.move(0, 0, { steps: 4 });
            return expect
              .poll(() => shown(tooltip), { timeout: 5_000 })
              .toBe('')
              .then(
                () => true,
                () => false,
              );
          };
          let hidden = await hidesOnLeave();
          for (let attempt = 0; !hidden && attempt < 4; attempt++) {
            await surface.hover();
            await showsName(tooltip, name);
            hidden = await hidesOnLeave();
          }
          expect(hidden, 'the tooltip hides when the pointer leaves the chart').toBe(true);

          // By keyboard: focus shows the first point, the arrow keys move along.
          await surface.focus();
          await showsName(tooltip, name);
          await page.keyboard.press('ArrowRight');
          await showsName(tooltip, name);
          await surface.blur();

          if (screen.pie !== undefined) {
            const pie = charts.nth(screen.pie);
            await pie.locator(PIE).first().hover();
            await expect
              .poll(() => shown(pie.locator('.recharts-tooltip-wrapper')), { timeout: 20_000 })
              .not.toBe('');
            await page.mouse.move(0, 0);
          }
          expect(errors).toEqual([]);
        },
      );
  });
}
