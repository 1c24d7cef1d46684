/**
 * Load management in a real Chromium: with a power balance plan in force at Demo Berlin Central and
 * a simulated charger charging there, the station's page shows its transformer group (rated power, what is
 * available, the load, the limits given, its state) and the limit the charging connector has now; in German
 * too.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { launchBrowser, signInOnConsole } from '../helpers/browser.ts';
import { login, okCall } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';
import { getLoadBalance } from '@functions/data/load-balance.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;
let sim: SimulatedCharger;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime(), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await sim?.stop();
  await browser?.close();
  await rt?.cleanup();
});

describe('load management on the station page', () => {
  it('shows the transformer group and the connector’s limit', { timeout: 120_000 }, async () => {
    const operator = await login(rt.url, 'operator', 'Operator12345');
    const stations = (await okCall(rt.url, operator, '/biz/station/list', { current: 1, size: 50 })).records;
    const berlin = stations.find((s: { name: string }) => s.name === 'Demo Berlin Central');
    const fresh = await okCall(rt.url, operator, `/biz/station/info?id=${berlin.id}`);
    sim = new SimulatedCharger({
      url: rt.url.replace(/^http/, 'ws'),
      id: 'DEMO-CP-001',
      password: DEMO_CHARGER_PASSWORD,
      ocpp: '1.6',
      connectors: 2,
      timeScale: 200,
      reconnect: { minMs: 50, maxMs: 200 },
    });
    await sim.start();
    await sim.whenBooted();
    await okCall(rt.url, operator, '/biz/station/powerBalance', {
      id: fresh.id,
      version: fresh.version,
      powerMode: 1,
      normalCycle: 60,
      alarmCycle: 30,
      samplingCycle: 10,
      offlineMaxPower: 11,
      groups: [{ name: 'Yard transformer', ratedPower: 30, alarmPower: 27, chargePointIds: ['DEMO-CP-001'] }],
    });
    await sim.startSession(1, 'SIM-TAG-001', { ev: { maxPowerW: 22_000 } });
    await waitFor(async () => {
      const state = await getLoadBalance(berlin.id);
      return state?.connectors.some((c) => c.purpose === 'TxProfile' && c.sentAt) || undefined;
    }, 30_000);

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInOnConsole(page, rt.url, 'operator', 'Operator12345');
    await page.goto(`${rt.url}/charge/stationDetail/${berlin.id}`);
    const table = page.getByRole('table', { name: 'Load management' });
    const row = table.getByRole('row', { name: /Yard transformer/ });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => row.textContent()).toContain('30.0');
    await expect.poll(() => row.textContent()).toMatch(/Normal|Over alarm power/);
    // The charging connector's limit: a 30 kW group's one session, capped by the 22 kW pile.
    const pile = page.getByRole('article', { name: /DEMO-CP-001/ });
    await expect.poll(() => pile.textContent(), { timeout: 20_000 }).toMatch(/Limit 2\d\.\d kW/);

    await page.getByLabel('Language').selectOption('de');
    await expect
      .poll(() => page.getByRole('table', { name: 'Lastmanagement' }).count(), { timeout: 20_000 })
      .toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
