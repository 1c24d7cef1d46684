/**
 * The CRM and the home dashboard in a real Chromium on the local runtime with the demo history: a
 * login lands on /home with figures from the seeded sessions; /appUser lists the demo app's drivers; a
 * driver's page shows their sessions, ledger and card, and locks them with a cause; /opsUser then lists them
 * as locked; /appInsight shows the churn windows the API computes, and switches its chart window.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUserLedger } from '@functions/accounts/app-users.ts';
import { launchBrowser, signInOnConsole } from '../helpers/browser.ts';
import { login, okCall } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime({ seedHistory: true }), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await browser?.close();
  await rt?.cleanup();
});

async function signIn(): Promise<Page> {
  const page = await signInOnConsole(await browser.newPage(), rt.url, 'operator', 'Operator12345');
  await page.waitForURL(/\/charge\/home$/);
  return page;
}

describe('the CRM in the browser', () => {
  it(
    'walks /home, /appUser, a driver’s page, /opsUser and /appInsight on the demo history',
    { timeout: 120_000 },
    async () => {
      const page = await signIn();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      // Home: the seeded sessions are counted at first start.
      const sessions = page.getByLabel('Sessions', { exact: true });
      await sessions.waitFor();
      expect(Number(await sessions.textContent())).toBeGreaterThan(0);

      // App users: the demo app's drivers.
      await page.goto(`${rt.url}/charge/appUser`);
      const row = page.getByRole('row', { name: /Anna Weber/ });
      await row.waitFor();
      expect(await row.textContent()).toContain('APP-TAG-002');
      await row.getByRole('button', { name: 'Details' }).click();
      await page.waitForURL(/\/charge\/appUserDetail\/demo-app-anna$/);
      await page.getByRole('heading', { name: 'Anna Weber' }).waitFor();
      const paid = (await appUserLedger('demo-app-anna')).filter((e) => e.type === 'consume').length;
      expect(paid).toBeGreaterThan(0);
      const stats = page.locator('dl[aria-label="Charging statistics"]');
      await stats.waitFor();
      expect(await stats.textContent()).toContain(`Sessions${paid}`);
      await page.getByRole('table', { name: 'Balance ledger' }).waitFor();
      await page.getByRole('table', { name: 'Orders' }).waitFor();

      // Lock with a cause; the page shows it.
      await page.getByRole('button', { name: 'Lock' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Cause').fill('Chargeback on a top-up');
      await dialog.getByRole('button', { name: 'Lock' }).click();
      await page.getByText('The user is locked').waitFor();
      await page.getByRole('button', { name: 'Unlock' }).waitFor();

      // Ops view: listed as locked, with the cause.
      await page.goto(`${rt.url}/charge/opsUser`);
      const ops = page.getByRole('row', { name: /Anna Weber/ });
      await ops.waitFor();
      expect(await ops.textContent()).toContain('Locked');
      expect(await ops.textContent()).toContain('Chargeback on a top-up');

      // Insight: the table holds the API's figures.
      const token = await login(rt.url, 'operator', 'Operator12345');
      const insight = await okCall<Json>(rt.url, token, '/biz/appInsight/stat', { days: 30 });
      await page.goto(`${rt.url}/charge/appInsight`);
      const table = page.getByRole('table', { name: 'Churn windows' });
      await table.waitFor();
      const week = await table
        .getByRole('row', { name: /Inactive 7 days/ })
        .locator('td')
        .allTextContents();
      expect(week.slice(1, 4)).toEqual([
        String(insight.windows[0].previousActive),
        String(insight.windows[0].activeUsers),
        String(insight.windows[0].churned),
      ]);
      expect(insight.windows[2].sessions).toBeGreaterThan(0);
      await page.getByLabel('Chart window').selectOption({ label: '7 days' });
      await page.getByText('Users and sessions by day, last 7 days').waitFor();
      expect(errors).toEqual([]);
    },
  );
});
