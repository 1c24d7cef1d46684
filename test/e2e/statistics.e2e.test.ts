/**
 * Statistics figures in headless Chromium (docs/product.md section 9; decision 182): a day of large revenue
 * rollups (written exactly as settlement writes them) shows abbreviated on the tiles of /transcationInsight
 * and
 * /statRevenue — "1.23M" kWh, "1.5K" sessions — with the exact value in the title, and the insight shows the
 * peak-power utilization beside the utilization of docs/product.md section 9.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { rollupUpdates } from '@functions/orders/rollups.ts';
import { DEMO_AGENT_ID } from '@infra/local/seed/demo-chargers.ts';
import { addDays, fullPowerMs } from '@shared/pricing/metrics.ts';
import { launchBrowser, signInOnConsole } from '../helpers/browser.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime(), launchBrowser()]);
  const token = await login(rt.url, 'operator', 'Operator12345');
  const stations = (await api(rt.url, token, '/biz/station/list', { current: 1, size: 50 })).data.records;
  const berlin = stations.find((s: { name: string }) => s.name === 'Demo Berlin Central').id as string;
  // 1 500 sessions and 1 234 567.891 kWh on the UTC day before today: inside the default windows of both
  // screens whatever the browser's time zone.
  const day = addDays(new Date().toISOString().slice(0, 10), -1);
  await dynamoDocument().send(
    new TransactWriteCommand({
      TransactItems: rollupUpdates({
        agentId: DEMO_AGENT_ID,
        tenant: `/${DEMO_AGENT_ID}/`,
        stationId: berlin,
        chargePointId: 'DEMO-CP-001',
        currency: 'USD',
        day,
        hour: `${day}T12`,
        figures: {
          orders: 1500,
          energyWh: 1_234_567_891,
          durationSeconds: 5_400_000,
          elecMinor: 43_209_876,
          occupancyMinor: 0,
          payMinor: 43_209_876,
          discountMinor: 0,
          couponMinor: 0,
          tariffMinor: 0,
          profitMinor: 0,
          revenueMinor: 43_209_876,
          fullPowerMs: fullPowerMs(1_234_567_891, 22_000),
        },
      }),
    }),
  );
}, 180_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await browser?.close();
  await rt?.cleanup();
});

const signIn = async (): Promise<Page> =>
  signInOnConsole(await browser.newPage(), rt.url, 'operator', 'Operator12345');

describe('statistics figures in the browser', () => {
  it('shows the home dashboard a login lands on: KPIs, the live tiles and the top chargers', async () => {
    const page = await signIn();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.waitForURL(/\/charge\/home$/);
    const energy = page.getByLabel('Energy (kWh)', { exact: true });
    await energy.waitFor();
    expect(await energy.textContent()).toBe('1.23M');
    expect(await energy.getAttribute('title')).toBe('1234567.891');
    expect(await page.getByLabel('Sessions', { exact: true }).textContent()).toBe('1.5K');
    // Nothing the week before: growth from a zero base is 100 % (docs/product.md section 9).
    await page.getByText('+100.00 % against the 7 days before').first().waitFor();
    // Now: the five demo chargers, none connected in this test; each tile opens its screen.
    expect(await page.getByLabel('Chargers offline', { exact: true }).textContent()).toBe('5');
    expect(await page.getByLabel('Chargers online', { exact: true }).textContent()).toBe('0');
    const top = page.getByRole('table', { name: 'Top five chargers: 7 days against 30 days' });
    const cells = await top
      .getByRole('row', { name: /DEMO-CP-001|Demo/ })
      .first()
      .locator('td')
      .allTextContents();
    expect(cells.slice(1)).toEqual(['1234567.891', '1500', '1234567.891', '1500']);
    await page.getByRole('link', { name: 'Open the live monitor' }).first().click();
    await page.waitForURL(/\/charge\/monitor$/);
    // Another window asks again.
    await page.goto(`${rt.url}/charge/home`);
    await page.getByLabel('Window').selectOption({ label: '30 days' });
    await page.getByText('+100.00 % against the 30 days before').first().waitFor();
    expect(errors).toEqual([]);
  });

  it(
    'abbreviates large figures on the tiles, the exact value in the title',
    { timeout: 120_000 },
    async () => {
      const page = await signIn();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      await page.goto(`${rt.url}/charge/transcationInsight`);
      const energy = page.getByLabel('Energy (kWh)', { exact: true });
      await energy.waitFor();
      expect(await energy.textContent()).toBe('1.23M');
      expect(await energy.getAttribute('title')).toBe('1234567.891');
      const sessions = page.getByLabel('Sessions', { exact: true });
      expect(await sessions.textContent()).toBe('1.5K');
      expect(await sessions.getAttribute('title')).toBe('1500');
      // The utilizations, side by side, as percentages (decision 181).
      expect(await page.getByLabel('Utilization of all stations', { exact: true }).textContent()).toMatch(
        /^\d+\.\d{2} %$/,
      );
      expect(
        await page.getByLabel('Utilization per connector of all stations', { exact: true }).textContent(),
      ).toMatch(/^\d+\.\d{2} %$/);
      expect(
        await page.getByLabel('Peak-power utilization of all stations', { exact: true }).textContent(),
      ).toMatch(/^\d+\.\d{2} %$/);
      const byStation = page.getByRole('table', { name: 'Utilization by station' });
      const berlin = byStation.getByRole('row', { name: /Demo Berlin Central/ });
      // Station, rated power, connectors, energy, sessions, utilization, utilization per connector,
      // peak-power utilization: the table keeps exact figures.
      const cells = await berlin.locator('td').allTextContents();
      expect(cells.slice(0, 5)).toEqual(['Demo Berlin Central', '132', '6', '1234567.891', '1500']);
      expect(cells[5]).toMatch(/^\d+\.\d{2} %$/);
      expect(cells[6]).toMatch(/^\d+\.\d{2} %$/);
      expect(cells[7]).toMatch(/^\d+\.\d{2} %$/);
      // Berlin's six connectors: the utilization is six times the one per connector (rounding aside).
      const [all, perConnector] = [cells[5], cells[6]].map((c) => Number.parseFloat(c!));
      expect(Math.abs(all! - 6 * perConnector!)).toBeLessThanOrEqual(0.06);
      const headings = await byStation.locator('th').allTextContents();
      expect(headings).toContain('Utilization per connector');
      expect(headings).toContain('Peak-power utilization');

      await page.goto(`${rt.url}/charge/statRevenue`);
      const totals = page.getByRole('group', { name: 'Totals USD' });
      await totals.waitFor();
      const paid = totals.getByLabel('Paid (USD)', { exact: true });
      expect(await paid.textContent()).toBe('432.1K');
      expect(await paid.getAttribute('title')).toBe('432098.76');
      expect(await totals.getByLabel('Energy (kWh)', { exact: true }).textContent()).toBe('1.23M');
      // The table keeps the exact figures.
      const total = page
        .getByRole('table', { name: 'Revenue statistics' })
        .getByRole('row', { name: 'Total USD' });
      expect(await total.textContent()).toContain('1234567.891');
      expect(errors).toEqual([]);
    },
  );
});
