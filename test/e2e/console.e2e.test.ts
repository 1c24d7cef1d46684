/**
 * End to end in headless Chromium against the local runtime: the console loads under /charge/, shows the
 * live platform status from GET /health (public at /charge/status), and switches language, keeping the
 * choice across a reload. Console pages send a visitor without a session to the login page.
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

    await page.goto(`${rt.url}/charge/status`);
    await page.getByRole('heading', { name: 'Platform status' }).waitFor();
    // The heading shows before the first /health answer; the rows come with it.
    await page.getByRole('row', { name: /^dynamodb\b/ }).waitFor();
    for (const service of ['dynamodb', 'sqs', 's3', 'stepfunctions', 'websocket', 'iot', 'smtp', 'stripe']) {
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

  it('falls back to the console for deep links under /charge/ and asks for a login', async () => {
    const page = await browser.newPage();
    await page.goto(`${rt.url}/charge/no/such/page`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/charge/login');
    await page.goto(`${rt.url}/charge/`);
    await page.getByRole('tab', { name: 'Operation staff' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/charge/login');
  });

  it('serves the privacy notices the privacy page frames', async () => {
    for (const file of ['privacy.html', 'privacy-en-us.html', 'privacy-zh-cn.html', 'privacy-de-de.html']) {
      const response = await fetch(`${rt.url}/charge/privacy/${file}`);
      expect(response.status, file).toBe(200);
      expect(await response.text(), file).toMatch(/<h1>/);
    }
  });
});
