/**
 * Roaming in a real Chromium: the platform administrator adds an eMSP link on /emsp with the
 * versions URL and token the tests' own eMSP gave, opens its OCPI roaming dialog, registers, and sees the
 * registration, version, the eMSP's modules and no error; the eMSP then pulls with the token it was given.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInOnConsole } from '../helpers/browser.ts';
import { startTestEmsp, type TestEmsp } from '../helpers/emsp.ts';
import { login, okCall } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;
let hub: TestEmsp;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser, hub] = await Promise.all([startTestRuntime(), launchBrowser(), startTestEmsp()]);
}, 180_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await hub?.close();
  await browser?.close();
  await rt?.cleanup();
});

describe('roaming in the browser', () => {
  it(
    'registers the platform at an eMSP from /emsp and shows the link’s OCPI state',
    { timeout: 120_000 },
    async () => {
      const admin = await login(rt.url, 'admin', 'Admin12345');
      await okCall(rt.url, admin, '/admin/emsp/add', {
        name: 'Browser eMSP',
        countryCode: 'NL',
        partyId: 'BRW',
        requestUrl: hub.versionsUrl,
        cpoUrl: `${rt.url}/ocpi/versions`,
        emspToken: hub.tokenA,
      });
      const page = await signInOnConsole(await browser.newPage(), rt.url, 'admin', 'Admin12345');
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${rt.url}/charge/emsp`);
      const row = page.getByRole('row', { name: /Browser eMSP/ });
      await row.waitFor();
      expect(await row.textContent()).toContain('Not registered');
      await row.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'OCPI roaming' }).click();
      const dialog = page.getByTestId('emsp-roaming');
      await dialog.getByTestId('emsp-roaming-versionsUrl').waitFor();
      expect(await dialog.getByTestId('emsp-roaming-versionsUrl').textContent()).toContain('/ocpi/versions');
      await dialog.getByRole('button', { name: 'Register' }).click();
      await dialog.getByTestId('emsp-register-outcome').getByText('Registered with the eMsp').waitFor();
      expect(await dialog.getByTestId('emsp-roaming-registerFlag').textContent()).toContain('Registered');
      expect(await dialog.getByTestId('emsp-roaming-version').textContent()).toContain('2.2.1');
      expect(await dialog.getByTestId('emsp-roaming-modules').textContent()).toContain('locations');
      await dialog.getByRole('button', { name: 'Update registration' }).waitFor();
      // The eMSP holds a working token: it pulls (no station bound yet: an empty list).
      expect((await hub.pullAll('locations')).items).toEqual([]);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('row', { name: /Browser eMSP.*Registered/ }).waitFor();
      expect(errors).toEqual([]);
    },
  );
});
