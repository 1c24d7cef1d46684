/**
 * /renewable in a real Chromium: the company administrator adds a PV array at Demo Berlin Central
 * through the sources form, sees it listed with its site, sees the report (its figures, the site's row, an order
 * charged there with its renewable share after production was imported), and reads the screen in Chinese.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProduction } from '@functions/data/renewable-production.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { launchBrowser, signInOnConsole } from '../helpers/browser.ts';
import { connectCharger } from '../helpers/ocpp-client.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';
import { getOrder } from '@functions/data/orders.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime(), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await browser?.close();
  await rt?.cleanup();
});

describe('/renewable in the browser', () => {
  it(
    'adds a PV array, shows the report with an order’s renewable share, in two languages',
    { timeout: 150_000 },
    async () => {
      // An order at Demo Berlin Central two hours ago: 8 kWh.
      const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 2 * 3_600_000).toISOString();
      const cp = await connectCharger(rt.url, 'DEMO-CP-003', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
      await cp.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'E2E' });
      const started = (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: 'SIM-TAG-001',
        meterStart: 0,
        timestamp: new Date(Date.parse(hour) + 10 * 60_000).toISOString(),
      })) as [number, string, { transactionId: number }];
      await cp.call('StopTransaction', {
        transactionId: started[2].transactionId,
        meterStop: 8_000,
        timestamp: new Date(Date.parse(hour) + 40 * 60_000).toISOString(),
        reason: 'Local',
      });
      const orderNo = `${hour.slice(0, 10).replace(/-/g, '')}-DEMO-CP-003-${started[2].transactionId}`;
      await waitFor(async () => Boolean(await getOrder(orderNo)), 20_000);
      await cp.close();

      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signInOnConsole(page, rt.url, 'operator', 'Operator12345');
      await page.goto(`${rt.url}/charge/renewable`);
      await page.getByRole('heading', { level: 1, name: 'Renewable energy' }).waitFor();

      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel('Name', { exact: false }).first().fill('Car park roof');
      await form.getByLabel(/^Site/).click();
      await form.getByRole('option', { name: 'Demo Berlin Central' }).click();
      await form.getByLabel('Type', { exact: false }).first().selectOption('PV');
      await form.getByLabel('Peak power (kW)', { exact: false }).fill('40');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
      const row = page.getByRole('row', { name: /Car park roof/ });
      await row.waitFor();
      expect(await row.textContent()).toContain('Demo Berlin Central');

      // The array made 4 kWh in the order's hour (an import would say so): half of its 8 kWh.
      const operator = await login(rt.url, 'operator', 'Operator12345');
      const listed = await api<{ records: { id: string }[] }>(rt.url, operator, '/biz/renewableSource/list', {
        current: 1,
        size: 5,
      });
      const source = listed.data!.records[0]!;
      await setProduction(source.id, hour, 4_000);
      await page.reload();
      const orders = page.getByRole('table', { name: 'Orders' });
      const orderRow = orders.getByRole('row', { name: new RegExp(orderNo) });
      await orderRow.waitFor({ timeout: 20_000 });
      expect(await orderRow.textContent()).toContain('50 %');
      const sites = page.getByRole('table', { name: 'By site' });
      expect(await sites.getByRole('row', { name: /Demo Berlin Central/ }).textContent()).toContain('8');

      await page.getByLabel('Language').selectOption('cn');
      await page.getByRole('heading', { level: 1, name: '可再生能源' }).waitFor();
      await page.getByRole('table', { name: '按站点' }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
