/**
 * Sites and devices end to end in headless Chromium against the local runtime with the demo seed: the
 * company administrator creates a station through the station wizard with its fee rule, adds a pile to it
 * through the pile wizard (manual binding; a company would type an asset's code and key; the station's rule prices its
 * connectors), sees its OCPP password once, finds the new
 * pile offline on the live monitor, then sees it change live once a charger connects with that password, and
 * finds its fault on the alarm list.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@functions/lib/i18n.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger } from '../helpers/ocpp-client.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime({ seed: 'demo' }), launchBrowser()]);
  // The charging fee the new station is priced by (the fee screens have their own tests).
  const operator = await login(rt.url, 'operator', 'Operator12345');
  const fee = { name: 'E2E energy', feeType: 1, unitPrice: '0.42', timeSharing: 0, periods: [] };
  expect((await api(rt.url, operator, '/biz/chargingFee/add', fee)).code).toBe(0);
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
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

/** A form field by its label, the required mark aside ("Country" is not "Country code"). */
const field = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));

describe('sites and devices in the browser', () => {
  it(
    'adds a station and a pile through the wizards, shows the password once, monitors the pile',
    {
      timeout: 180_000,
    },
    async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page);
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      await nav.getByRole('button', { name: 'Devices' }).click();
      await nav.getByRole('link', { name: 'Charging sites', exact: true }).click();
      await page.waitForURL(/\/charge\/equipment$/);

      // The station wizard: basic information, then settings.
      await page.getByRole('button', { name: 'Add site' }).click();
      const wizard = page.getByRole('dialog');
      await field(wizard, 'Site name').fill('E2E Harbour');
      await field(wizard, 'Address').fill('1 Quay Street');
      await field(wizard, 'Country').fill('Germany');
      await field(wizard, 'City').fill('Hamburg');
      await field(wizard, 'Time zone').selectOption('Europe/Berlin');
      await field(wizard, 'Location type').selectOption('PARKING_LOT');
      await field(wizard, 'Service hotline').fill('+49 40 123456');
      await field(wizard, 'Opening hours').selectOption('1');
      await wizard.getByText('Monday', { exact: true }).click();
      await wizard.getByRole('button', { name: 'Add period' }).click();
      await wizard.getByLabel('Start of period 1').fill('06:00');
      await wizard.getByLabel('End of period 1').fill('24:00');
      await wizard.getByRole('button', { name: 'Next' }).click();
      await field(wizard, 'Fee rule of the station').click();
      await wizard.getByRole('option', { name: 'E2E energy' }).click();
      await wizard.getByRole('button', { name: 'Save' }).click();
      await wizard.waitFor({ state: 'detached' });
      await page.getByRole('row', { name: /E2E Harbour/ }).waitFor();

      // The pile wizard: manual binding, pile information, the station's fee rule, connectors.
      await nav.getByRole('link', { name: 'Charge points', exact: true }).click();
      await page.waitForURL(/\/charge\/device$/);
      await page.getByRole('button', { name: 'Add charge point' }).click();
      const pile = page.getByRole('dialog');
      // A company binds by an asset's code and secret key (it may not list the platform's assets).
      await pile.getByText(/Enter the asset's code and secret key/).waitFor();
      await pile.getByRole('button', { name: 'Next' }).click();
      await field(pile, 'Charge point id').fill('E2E-CP-1');
      await field(pile, 'Name').fill('E2E pile');
      await field(pile, 'Site').click();
      await pile.getByRole('textbox', { name: 'Search' }).fill('E2E');
      await pile.getByRole('option', { name: 'E2E Harbour' }).click();
      await field(pile, 'Max power (kW)').fill('22');
      await pile.getByRole('button', { name: 'Next' }).click();
      await pile
        .getByText('Fees are set for the whole station: its rule "E2E energy" prices these connectors.')
        .waitFor();
      await pile.getByRole('button', { name: 'Next' }).click();
      await pile.getByLabel('Gun number of row 1').waitFor();
      await pile.getByRole('button', { name: 'Save' }).click();

      // The OCPP password, once.
      const credentials = page.getByRole('alertdialog');
      await credentials.getByText('Note the password now: it will not be shown again.').waitFor();
      const password = (await credentials.getByTestId('credentials-password').textContent()) ?? '';
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(await credentials.getByTestId('credentials-url').textContent()).toMatch(
        /^ws:\/\/.+\/ocpp\/E2E-CP-1$/,
      );
      await credentials.getByRole('button', { name: 'Done' }).click();
      await credentials.waitFor({ state: 'detached' });
      expect(await page.getByText(password).count()).toBe(0);
      await page.getByRole('row', { name: /E2E-CP-1/ }).waitFor();

      // The live monitor: the new pile, offline.
      await page.goto(`${rt.url}/charge/monitor`);
      const site = page.getByRole('region', { name: 'E2E Harbour' });
      await site
        .getByRole('group', { name: 'E2E pile' })
        .getByRole('img', { name: 'Connector 1: Offline' })
        .waitFor();
      await page.getByText(/^Updated at /).waitFor();

      // The pile connects with the password shown once; its connector states change live, without a reload.
      const charger = await connectCharger(rt.url, 'E2E-CP-1', password, ['ocpp1.6']);
      try {
        await charger.call('BootNotification', { chargePointVendor: 'E2E', chargePointModel: 'Pile' });
        await charger.call('StatusNotification', {
          connectorId: 1,
          status: 'Charging',
          errorCode: 'NoError',
          timestamp: new Date().toISOString(),
        });
        await site.getByRole('img', { name: 'Connector 1: Charging' }).waitFor();
        await charger.call('StatusNotification', {
          connectorId: 1,
          status: 'Faulted',
          errorCode: 'OverCurrentFailure',
          timestamp: new Date().toISOString(),
        });
        await site.getByRole('img', { name: 'Connector 1: Faulted' }).waitFor();
        // The fault is an alarm on the alarm list, its code in words (decision 453).
        await page.goto(`${rt.url}/charge/alarm`);
        const code = translate('en', 'siteConsole.errorCodes.OverCurrentFailure');
        await page.getByRole('row', { name: new RegExp(code) }).waitFor();
      } finally {
        await charger.close();
      }
      expect(errors).toEqual([]);
    },
  );
});
