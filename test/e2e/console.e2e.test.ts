/**
 * End to end in headless Chromium against the local runtime: the console loads under /charge/, shows the
 * live platform status from GET /health, and switches language, keeping the choice across a reload.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;

beforeAll(async () => {
  [rt, browser] = await Promise.all([startTestRuntime({ seed: 'none' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await rt?.cleanup();
});

describe('console in the browser', () => {
  it('shows the live status of every stand-in and switches language', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${rt.url}/charge/`);
    await page.getByRole('heading', { name: 'Platform status' }).waitFor();
    for (const service of ['dynamodb', 'sqs', 's3', 'stepfunctions', 'websocket', 'iot', 'smtp']) {
      await expect(
        page.getByRole('row', { name: new RegExp(`^${service}\\b.*Operational`) }).count(),
      ).resolves.toBe(1);
    }

    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Plattformstatus' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Plattformstatus' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');
    expect(errors).toEqual([]);
  });

  it('falls back to the console for deep links under /charge/', async () => {
    const page = await browser.newPage();
    await page.goto(`${rt.url}/charge/no/such/page`);
    await expect(page.locator('body').innerText()).resolves.toMatch(/not found/i);
  });
});
