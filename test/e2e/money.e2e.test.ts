/**
 * The money path end to end in headless Chromium against the local runtime with the demo seed:
 * the company administrator creates a flat energy fee through the /chargingFee form and binds it to
 * "Demo Berlin Central" through the station wizard's fee rule; a charger (DEMO-CP-001, OCPP 1.6 over the
 * real WebSocket) runs a session with the demo card SIM-TAG-002; the order is listed on /chargeOrder with
 * the price computed by hand and paid from the card's balance, its page shows the price breakdown and the
 * meter curve; /statRevenue counts it for the day and for the station (also just after midnight in Berlin,
 * when the UTC date is still the day before); the order export is downloaded from /fileExport and holds the
 * order. The demo fleet is topped up on /fleets and the top-up is in its fund records; its
 * administrator signs in on the fleet tab and walks the fleet console (dashboard, drivers, vehicles, fund
 * history, analysis, alerts).
 */
import { readFileSync } from 'node:fs';
import { readSheet } from '@functions/lib/excel.ts';
import { addDays } from '@shared/pricing/metrics.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateField, dateFieldText, launchBrowser } from '../helpers/browser.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

const FEE_NAME = 'E2E flat energy';
const UNIT_PRICE = '0.4567';
const STATION = 'Demo Berlin Central';
const CARD = 'SIM-TAG-002';
const METER_START_WH = 50_000;
const ENERGY_WH = 12_345;
/*
 * The expected price, by hand: a flat energy fee (no time sharing, no occupancy fee), no discount and no
 * coupon in the demo company, so the order is one energy line:
 *   12 345 Wh = 12.345 kWh; 12.345 kWh × 0.4567 USD/kWh = 5.6379615 USD → 5.64 USD (half up, 2 decimals).
 * The demo company has no platform revenue tariff and the station no profit shares: the operator keeps it
 * all, revenue 5.64 USD. The card holds 100 USD, which covers it: settled from the card's balance (paid),
 * leaving 94.36 USD.
 */
const AMOUNT = '5.64';
const CARD_LEFT = '94.36';
/** The stations' time zone (Demo Berlin Central), and the operator's browser's. */
const TIME_ZONE = 'Europe/Berlin';
/** A row or total of the revenue statistics as the API answers it. */
interface Figures {
  currency: string;
  stationName?: string;
  orders: number;
  energyKwh: string;
  pay: string;
}
const berlinDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(ms);

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;
let charger: OcppClient | undefined;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime({ seed: 'demo', seedHistory: true }), launchBrowser()]);
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await charger?.close();
  await browser?.close();
  await rt?.cleanup();
});

async function signIn(page: Page) {
  await page.goto(`${rt.url}/charge/login`);
  await page.getByLabel('Username').fill('operator');
  await page.getByLabel('Password').fill('Operator12345');
  await page.getByLabel('Image code').fill('ABCD');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/charge\/home$/);
}

/** A form field by its label, the required mark aside. */
const field = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));

/** The texts of a table row's cells, by the table's column headers. */
async function cellsByHeader(table: Locator, row: Locator): Promise<Record<string, string>> {
  const headers = (await table.locator('thead th').allTextContents()).map((h) =>
    h.replace(/[↕↑↓]/g, '').trim(),
  );
  const cells = (await row.locator('td, th').allTextContents()).map((c) => c.trim());
  return Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? '']));
}

/** A whole OCPP 1.6 session on DEMO-CP-001 connector 1: authorised by the card, metered, stopped. */
async function chargeSession(): Promise<{ transactionId: number; stoppedAt: string }> {
  charger = await connectCharger(rt.url, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
  const payload = (frame: unknown[]) => frame[2] as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const boot = payload(
    await charger.call('BootNotification', { chargePointVendor: 'E2E', chargePointModel: 'Money' }),
  );
  expect(boot.status).toBe('Accepted');
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const status = (s: string) =>
    charger!.call('StatusNotification', {
      connectorId: 1,
      status: s,
      errorCode: 'NoError',
      timestamp: at(0),
    });
  await status('Preparing');
  expect(payload(await charger.call('Authorize', { idTag: CARD })).idTagInfo.status).toBe('Accepted');
  const started = payload(
    await charger.call('StartTransaction', {
      connectorId: 1,
      idTag: CARD,
      meterStart: METER_START_WH,
      timestamp: at(40),
    }),
  );
  expect(started.idTagInfo.status).toBe('Accepted');
  const transactionId = started.transactionId as number;
  const stoppedAt = at(1);
  await status('Charging');
  for (const [minutesAgo, wh, soc] of [
    [30, 3_000, 35],
    [20, 7_000, 48],
    [10, 11_000, 60],
  ] as const)
    await charger.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [
        {
          timestamp: at(minutesAgo),
          sampledValue: [
            { value: String(METER_START_WH + wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
            { value: '22000', measurand: 'Power.Active.Import', unit: 'W' },
            { value: String(soc), measurand: 'SoC', unit: 'Percent' },
          ],
        },
      ],
    });
  expect(
    (
      await charger.call('StopTransaction', {
        transactionId,
        idTag: CARD,
        meterStop: METER_START_WH + ENERGY_WH,
        timestamp: stoppedAt,
        reason: 'Local',
      })
    )[0],
  ).toBe(3);
  await status('Available');
  return { transactionId, stoppedAt };
}

describe('the money path in the browser', () => {
  it(
    'prices a session by a fee made in the console, shows it paid, counts it and exports it',
    { timeout: 240_000 },
    async () => {
      // The operator's browser reads Berlin time, as the stations do.
      const context = await browser.newContext({ timezoneId: TIME_ZONE, acceptDownloads: true });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page);

      // 1. The charging fee, through the /chargingFee form: by energy, one unit price all day.
      await page.goto(`${rt.url}/charge/chargingFee`);
      await page.getByRole('heading', { level: 1, name: 'Charging fees' }).waitFor();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const form = page.getByRole('dialog');
      await field(form, 'Name').fill(FEE_NAME);
      await field(form, 'Fee type').selectOption({ label: 'By energy (per kWh)' });
      await field(form, 'Unit price').fill(UNIT_PRICE);
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
      const feeRow = page.getByRole('row', { name: new RegExp(FEE_NAME) });
      await feeRow.waitFor();
      // The currency is the company's, set by the server.
      expect(await feeRow.textContent()).toMatch(/By energy \(per kWh\).*0\.4567.*USD/);

      // 2. Bound to Demo Berlin Central (DEMO-CP-001..003) through the station wizard's fee rule.
      await page.goto(`${rt.url}/charge/equipment`);
      const stationRow = page.getByRole('row', { name: new RegExp(STATION) });
      await stationRow.getByRole('button', { name: 'Edit', exact: true }).click();
      const wizard = page.getByRole('dialog');
      await field(wizard, 'Site name').waitFor();
      expect(await field(wizard, 'Site name').inputValue()).toBe(STATION);
      await wizard.getByRole('button', { name: 'Next' }).click();
      const feeRule = field(wizard, 'Fee rule of the station');
      // The demo rule is the one bound so far.
      await feeRule.getByText('Demo Berlin day and night').waitFor();
      await feeRule.click();
      await wizard.getByRole('option', { name: FEE_NAME }).click();
      await feeRule.getByText(FEE_NAME).waitFor();
      await wizard.getByRole('button', { name: 'Save' }).click();
      await wizard.waitFor({ state: 'detached' });

      // What the statistics count before: the demo history's orders of the last 30 days (by station).
      const operator = await login(rt.url, 'operator', 'Operator12345');
      const today = berlinDay(Date.now());
      const baseline = (
        await api(rt.url, operator, '/biz/revenue/stat', {
          startDay: addDays(today, -29),
          endDay: today,
          groupBy: 'station',
        })
      ).data as { rows: Figures[]; totals: Figures[] };
      const baseTotal = baseline.totals.find((t) => t.currency === 'USD');
      const baseStation = baseline.rows.find((r) => r.stationName === STATION);
      const plus = (base: Figures | undefined) => ({
        Sessions: String((base?.orders ?? 0) + 1),
        'Energy (kWh)': ((Math.round(Number(base?.energyKwh ?? 0) * 1000) + 12_345) / 1000).toFixed(3),
        Paid: ((Math.round(Number(base?.pay ?? 0) * 100) + Math.round(Number(AMOUNT) * 100)) / 100).toFixed(
          2,
        ),
      });

      // 3. A session on a charger of the station, over the real OCPP WebSocket, with the demo card.
      const { transactionId, stoppedAt } = await chargeSession();
      // The revenue day of the order: the date of its end at the station.
      const day = berlinDay(Date.parse(stoppedAt));
      // Orders are written by the session queue's consumer: wait until it has settled the session.
      const orderNo = await waitFor(
        async () => {
          const listed = await api(rt.url, operator, '/biz/chargeOrder/list', { current: 1, size: 10 });
          const order = (listed.data?.records ?? []).find(
            (r: { transactionId?: unknown }) => String(r.transactionId) === String(transactionId),
          );
          return order ? String(order.orderNo) : undefined;
        },
        30_000,
        'the order of the session',
      );

      // 4. The order on /chargeOrder: the exact price, paid.
      await page.goto(`${rt.url}/charge/chargeOrder`);
      const orders = page.getByRole('table', { name: 'Charging orders' });
      const orderRow = orders.getByRole('row', { name: new RegExp(orderNo) });
      await orderRow.waitFor();
      const cells = await cellsByHeader(orders, orderRow);
      expect(cells).toMatchObject({
        'Order number': orderNo,
        Station: STATION,
        'Charge point': 'DEMO-CP-001 / 1',
        'ID tag': CARD,
        'Energy (kWh)': '12.345',
        'Amount to pay': `${AMOUNT} USD`,
        Payment: 'Paid',
        'End flag': 'Stopped by user',
      });

      // Its page: the fee rule, paid from the card, the breakdown line and the meter curve.
      await orderRow.getByRole('link', { name: orderNo }).click();
      await page.waitForURL(new RegExp(`/charge/orderDetail/${orderNo}$`));
      const price = page.getByRole('region', { name: 'Price', exact: true });
      await price.waitFor();
      const priceText = ((await price.textContent()) ?? '').replace(/\s+/g, ' ');
      expect(priceText).toMatch(new RegExp(`Fee rule ?${FEE_NAME}`));
      expect(priceText).toMatch(/Fee type ?By energy/);
      expect(priceText).toMatch(new RegExp(`Charging fee ?${AMOUNT} USD`));
      expect(priceText).toMatch(new RegExp(`Amount to pay ?${AMOUNT} USD`));
      expect(priceText).toMatch(/Pay type ?Card balance/);
      const facts = (
        (await page.getByRole('region', { name: 'Order', exact: true }).textContent()) ?? ''
      ).replace(/\s+/g, ' ');
      expect(facts).toMatch(/Payment ?Paid/);
      const breakdown = page.getByRole('table', { name: 'Price breakdown' });
      const lines = breakdown.getByRole('row');
      expect(await lines.count()).toBe(2); // header + one energy line
      const line = await cellsByHeader(breakdown, lines.nth(1));
      expect(line).toMatchObject({
        Item: 'Energy',
        Quantity: '12.345 kWh',
        'Unit price': `${UNIT_PRICE} USD`,
        Amount: `${AMOUNT} USD`,
      });
      const curve = page.getByRole('region', { name: 'Meter curve' });
      // The chart (recharts, loaded with the page) draws the energy and power lines with their legend.
      await curve.locator('.recharts-line').first().waitFor();
      await curve.getByText('Energy (kWh)').waitFor();
      await curve.getByText('Power (kW)').waitFor();
      expect(await curve.getByText('No meter samples were recorded for this session.').count()).toBe(0);

      // The card paid: its balance is the rest.
      const card = await api(rt.url, operator, '/biz/card/list', { current: 1, size: 10, cardSn: CARD });
      expect(Number(card.data.records.find((c: { cardSn: string }) => c.cardSn === CARD).balance)).toBe(
        Number(CARD_LEFT),
      );

      // 5. /statRevenue (the last 30 days by day): the order's day and the station count the order.
      await page.goto(`${rt.url}/charge/statRevenue`);
      const stat = page.getByRole('table', { name: 'Revenue statistics' });
      await stat.waitFor();
      const dayRow = stat.getByRole('row', { name: new RegExp(`^${day}`) });
      expect(await cellsByHeader(stat, dayRow)).toMatchObject({
        Day: day,
        Currency: 'USD',
        Sessions: '1',
        'Energy (kWh)': '12.345',
        Paid: AMOUNT,
        Revenue: AMOUNT,
      });
      const total = stat.getByRole('row', { name: 'Total USD' });
      const totals = await cellsByHeader(stat, total);
      expect(totals).toMatchObject({ Currency: 'USD', ...plus(baseTotal) });
      await page.getByRole('group', { name: 'Group by' }).getByRole('button', { name: 'Station' }).click();
      const stationStat = stat.getByRole('row', { name: new RegExp(STATION) });
      await stationStat.waitFor();
      const { Sessions, Paid } = plus(baseStation);
      expect(await cellsByHeader(stat, stationStat)).toMatchObject({ Station: STATION, Sessions, Paid });

      // 6. The order export: Export on /chargeOrder, then the file from /fileExport.
      await page.goto(`${rt.url}/charge/chargeOrder`);
      await orders.getByRole('row', { name: new RegExp(orderNo) }).waitFor();
      await page.getByRole('main').getByRole('button', { name: 'Export', exact: true }).click();
      await page.getByText('Export started').first().waitFor();
      await page.goto(`${rt.url}/charge/fileExport`);
      // The list reads itself again every 2 s while the task runs.
      const task = page.getByRole('row', { name: /orders-.*Done/ });
      await task.waitFor({ timeout: 30_000 });
      const [response, download] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/biz/fileExport/download')),
        page.waitForEvent('download'),
        task.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const rows = (await readSheet(readFileSync(await download.path()))).map((r) => r.values);
      expect(rows.find((r) => r.orderNo === orderNo)).toMatchObject({
        stationName: STATION,
        chargePointId: 'DEMO-CP-001',
        idTag: CARD,
        currency: 'USD',
        actualFee: Number(AMOUNT),
        payFlag: 1,
      });
      await page.getByText('Download started').first().waitFor();

      // Just after midnight in Berlin (the day before in UTC), the default range still ends on the day the
      // operator's calendar shows, and so includes that day's order.
      await page.clock.setFixedTime(Date.parse(`${day}T00:00:00Z`) - 30 * 60_000);
      await page.goto(`${rt.url}/charge/statRevenue`);
      const to = dateField(page.getByRole('search'), 'To');
      await to.waitFor();
      expect(await dateFieldText(to)).toBe(day);
      await stat.getByRole('row', { name: new RegExp(`^${day}`) }).waitFor();
      expect(await cellsByHeader(stat, stat.getByRole('row', { name: 'Total USD' }))).toMatchObject({
        Sessions: plus(baseTotal).Sessions,
        Paid: plus(baseTotal).Paid,
      });

      expect(errors).toEqual([]);
    },
  );

  /** The demo fleet's balance after the top-up below (the fleet console shows it next). */
  let afterTopUp = 0;
  it('tops up the demo fleet on /fleets and books the top-up in its fund records', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page);
    // The seeded history has spent some of the opening balance.
    const token = await login(rt.url, 'operator', 'Operator12345');
    const before: number = (await api(rt.url, token, '/biz/fleet/info?id=demo-fleet')).data.balance;
    afterTopUp = (Math.round(before * 10_000) + 255_000) / 10_000;
    await page.goto(`${rt.url}/charge/fleets`);
    await page.getByRole('heading', { level: 1, name: 'Fleets' }).waitFor();
    const row = page.getByRole('row', { name: /Demo Logistics/ });
    await row.getByText(before.toFixed(4)).waitFor();
    // The row's action, inline or under its "More" menu.
    const inline = row.getByRole('button', { name: 'Top up' });
    if (await inline.count()) await inline.click();
    else {
      await row.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Top up' }).click();
    }
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Current balance: ${before.toFixed(4)}`).waitFor();
    await field(dialog, 'Amount').fill('25.5');
    await dialog.getByRole('button', { name: 'Top up' }).click();
    await page
      .getByText(`Topped up; the balance is now ${afterTopUp.toFixed(4)}`)
      .first()
      .waitFor();
    await row.getByText(afterTopUp.toFixed(4)).waitFor();

    const funds = await api(rt.url, token, '/biz/fleet/funds?id=demo-fleet');
    // The fleet's page lists the top-up first.
    await page.goto(`${rt.url}/charge/fleetsDetail/demo-fleet`);
    const records = page.getByRole('table', { name: 'Fund records' });
    await records.getByRole('row').nth(1).getByText('25.5000', { exact: true }).waitFor();
    expect(await records.getByRole('row').nth(1).textContent()).toContain('Top-up');
    // Its members are on its page too.
    await page
      .getByRole('table', { name: 'Drivers' })
      .getByRole('row', { name: /Demo fleet driver/ })
      .waitFor();
    await page
      .getByRole('table', { name: 'Vehicles' })
      .getByRole('row', { name: /Demo van/ })
      .waitFor();
    expect(funds.data[0]).toMatchObject({
      operType: 2,
      beforeBalance: before,
      afterBalance: afterTopUp,
      changeBalance: 25.5,
    });
    expect(errors).toEqual([]);
  });
  it('lets the fleet administrator sign in on the fleet tab and walk its own fleet console', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${rt.url}/charge/login`);
    await page.getByRole('tab', { name: 'Fleets' }).click();
    const form = page.getByRole('form', { name: 'Fleets' });
    await form.getByLabel('Username').fill('fleet@demo.local');
    await form.getByLabel('Password').fill('Fleet12345');
    await form.getByLabel('Image code').fill('ABCD');
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/charge\/vehicle\/dashbord$/);
    await page.getByRole('heading', { level: 1, name: 'Fleet dashboard' }).waitFor();
    // Its own fleet, with the top-up above, its members and the alerts of its seeded history.
    await page.getByRole('heading', { name: 'Demo Logistics' }).waitFor();
    await page.getByText(afterTopUp.toFixed(4)).first().waitFor();
    await page.getByText('Vehicle Demo van started charging').first().waitFor();
    const nav = page.getByRole('navigation');
    expect(await nav.getByRole('link', { name: 'Fleets', exact: true }).count()).toBe(0);

    await page.goto(`${rt.url}/charge/driver`);
    await page.getByRole('heading', { level: 1, name: 'Drivers' }).waitFor();
    await page.getByRole('row', { name: /Demo fleet driver/ }).waitFor();
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel(/^Fleet/).count()).toBe(0);
    await field(dialog, 'Driver name').fill('E2E driver');
    await field(dialog, 'Charging tag (idTag)').fill('E2E-FLEET-TAG');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /E2E driver.*E2E-FLEET-TAG.*Demo Logistics/ }).waitFor();

    await page.goto(`${rt.url}/charge/vehicle`);
    await page.getByRole('row', { name: /Demo van.*B-EV-1001/ }).waitFor();

    await page.goto(`${rt.url}/charge/fundHistory`);
    await page.getByRole('heading', { level: 1, name: 'Fund history' }).waitFor();
    await page.getByRole('row', { name: /Top-up.*25\.5000/ }).waitFor();

    await page.goto(`${rt.url}/charge/analysis`);
    await page.getByRole('heading', { level: 1, name: 'Analysis' }).waitFor();
    await page.getByRole('button', { name: '30 days' }).click();
    await page
      .getByRole('table', { name: 'Per vehicle' })
      .getByRole('row', { name: /Demo van/ })
      .waitFor();
    await page.getByRole('button', { name: 'Drivers' }).click();
    await page
      .getByRole('table', { name: 'Per driver' })
      .getByRole('row', { name: /E2E driver/ })
      .waitFor();

    await page.goto(`${rt.url}/charge/alerts`);
    await page.getByRole('heading', { level: 1, name: 'Fleet alerts' }).waitFor();
    // The seeded history's: each start and stop of its driver and its van, unread.
    await page
      .getByRole('row', { name: /Driver Demo fleet driver started charging.*Unread/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByText('12 alerts marked read').first().waitFor();
    await page
      .getByRole('row', { name: /Driver Demo fleet driver started charging.*Read/ })
      .first()
      .waitFor();
    expect(await page.getByRole('row', { name: /Unread/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
