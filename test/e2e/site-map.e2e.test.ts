/**
 * What an operator meets around sites, end to end in headless Chromium against the local runtime with the demo
 * seed: the pile wizard asks for a fee rule on its fee step when the site has none (decision 457); a charging
 * connector's live figures on the monitor tile; the site page's last message, the newest of its chargers';
 * the home dashboard's sessions in progress open the orders in progress; the map of the sites and the
 * wizard's position picker without a maps key (in five languages) and without network (the maps API's
 * request refused inside the browser: nothing leaves the machine), the sites' coordinates from the API
 * (decision 456).
 */
import { siteConsole } from '@shared/i18n/areas/site-console.ts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;
let operator: string;
let admin: string;
let stationId = '';

const SITE = {
  name: 'E2E Bare',
  status: 1,
  address: '1 Quay Street',
  country: 'Germany',
  countryCode: 'DE',
  city: 'Hamburg',
  latitude: 53.5461,
  longitude: 9.9661,
  timeZone: 'Europe/Berlin',
  locationType: 'PARKING_LOT',
  type: 1,
  serviceHotline: '+49 40 123456',
  openFlag: 0,
  // Fees for the whole site, which has no rule.
  feeSetMode: 1,
  ownerType: 0,
};

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime({ seed: 'demo' }), launchBrowser()]);
  [operator, admin] = await Promise.all([
    login(rt.url, 'operator', 'Operator12345'),
    login(rt.url, 'admin', 'Admin12345'),
  ]);
  const fee = { name: 'E2E energy', feeType: 1, unitPrice: '0.42', timeSharing: 0, periods: [] };
  expect((await api(rt.url, operator, '/biz/chargingFee/add', fee)).code).toBe(0);
  const added = await api(rt.url, operator, '/biz/station/add', SITE);
  expect(added.code).toBe(0);
  stationId = added.data.id;
}, 240_000);
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await browser?.close();
  await rt?.cleanup();
});

/** A page whose requests never leave the machine: any other origin is refused inside the browser. */
async function localPage(): Promise<{ page: Page; errors: string[]; refused: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  const refused: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const origin = new URL(rt.url).origin;
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    refused.push(new URL(url).host);
    return route.abort('internetdisconnected');
  });
  return { page, errors, refused };
}

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

const LANGUAGES = [
  ['en', 'en'],
  ['cn', 'zh-CN'],
  ['tw', 'zh-TW'],
  ['de', 'de'],
  ['th', 'th'],
] as const;

describe('sites in the browser', () => {
  it(
    'asks for the fee rule on the fee step, shows live figures, the newest last message, the orders in progress',
    { timeout: 300_000 },
    async () => {
      const { page, errors } = await localPage();
      await signIn(page);

      // The pile wizard: the site has no fee rule; the fee step asks for the pile's before going on.
      await page.goto(`${rt.url}/charge/device`);
      await page.getByRole('button', { name: 'Add charge point' }).click();
      const pile = page.getByRole('dialog');
      await pile.getByText(/Enter the asset's code and secret key/).waitFor();
      await pile.getByRole('button', { name: 'Next' }).click();
      await field(pile, 'Charge point id').fill('E2E-BARE-1');
      await field(pile, 'Name').fill('Bare pile');
      await field(pile, 'Site').click();
      await pile.getByRole('textbox', { name: 'Search' }).fill('E2E');
      await pile.getByRole('option', { name: 'E2E Bare' }).click();
      await field(pile, 'Max power (kW)').fill('22');
      await pile.getByRole('button', { name: 'Next' }).click();
      await pile.getByText(/^The station has no fee rule yet/).waitFor();
      await pile.getByRole('button', { name: 'Next' }).click();
      await pile.getByText('Choose a fee rule: every connector needs one').waitFor();
      expect(await pile.getByLabel('Gun number of row 1').count()).toBe(0);
      await field(pile, 'Fee rule').click();
      await pile.getByRole('option', { name: 'E2E energy' }).click();
      await pile.getByRole('button', { name: 'Next' }).click();
      await pile.getByLabel('Gun number of row 1').waitFor();
      await pile.getByRole('button', { name: 'Save' }).click();
      const credentials = page.getByRole('alertdialog');
      const password = (await credentials.getByTestId('credentials-password').textContent()) ?? '';
      await credentials.getByRole('button', { name: 'Done' }).click();

      // A session on it: the monitor tile shows power, energy charged, state of charge and elapsed time.
      const charger = await connectCharger(rt.url, 'E2E-BARE-1', password, ['ocpp1.6']);
      try {
        await charger.call('BootNotification', { chargePointVendor: 'E2E', chargePointModel: 'Bare' });
        const start = new Date(Date.now() - 90_000).toISOString();
        const answer = await charger.call('StartTransaction', {
          connectorId: 1,
          // The demo company's card (a refused token's samples would not count).
          idTag: 'SIM-TAG-001',
          meterStart: 1_000_000,
          timestamp: start,
        });
        // The answer frame: [3, message id, payload].
        const started = answer[2] as { transactionId: number };
        await charger.call('StatusNotification', {
          connectorId: 1,
          status: 'Charging',
          errorCode: 'NoError',
          timestamp: new Date().toISOString(),
        });
        // The session is written after the charger's answer (decision 440): its samples follow it.
        await waitFor(async () => {
          const live = await api(rt.url, operator, '/biz/chargeOrder/realtime', {
            chargePointId: 'E2E-BARE-1',
          });
          return live.data?.records?.length ? true : undefined;
        });
        await charger.call('MeterValues', {
          connectorId: 1,
          transactionId: started.transactionId,
          meterValue: [
            {
              timestamp: new Date().toISOString(),
              sampledValue: [
                { value: '1012345', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
                { value: '7400', measurand: 'Power.Active.Import', unit: 'W' },
                { value: '61', measurand: 'SoC', unit: 'Percent' },
              ],
            },
          ],
        });

        await page.goto(`${rt.url}/charge/monitor`);
        const figures = page
          .getByRole('region', { name: 'E2E Bare' })
          .getByRole('list', { name: 'Live figures of Connector 1' });
        await figures.getByRole('listitem', { name: 'Charged: 12.345 kWh' }).waitFor({ timeout: 30_000 });
        await figures.getByRole('listitem', { name: 'Power: 7.40 kW' }).waitFor();
        await figures.getByRole('listitem', { name: 'SoC: 61 %' }).waitFor();
        expect(await figures.getByRole('listitem', { name: /^Elapsed: 0:0[1-9]:\d\d$/ }).count()).toBe(1);

        // The site page: its last message is the charger's newest, as the pile's card tells it.
        await charger.call('Heartbeat', {});
        await page.goto(`${rt.url}/charge/stationDetail/${stationId}`);
        const fact = page.getByTestId('station-last-message');
        await fact.waitFor();
        const card = page.getByRole('article', { name: 'Bare pile' }).getByText(/^Last message: /);
        expect((await card.textContent())?.replace('Last message: ', '')).toBe(await fact.textContent());
        const fromApi = (await api(rt.url, operator, `/biz/station/detail?id=${stationId}`)).data;
        const chargerPage = (await api(rt.url, operator, '/biz/chargePoint/detail?id=E2E-BARE-1')).data;
        expect(fromApi.lastMessageAt).toBe(chargerPage.lastMessageAt);

        // Home: the sessions in progress open the order list filtered to orders in progress.
        await page.goto(`${rt.url}/charge/home`);
        await page.getByRole('link', { name: 'Open the orders in progress' }).click();
        await page.waitForURL(/\/charge\/chargeOrder\?progress=1$/);
        const row = page.getByRole('row', { name: /E2E-BARE-1|Bare pile/ });
        await row.getByText('In progress').waitFor();
      } finally {
        await charger.close();
      }
      expect(errors).toEqual([]);
    },
  );

  it(
    'maps the sites: without a key in five languages, then without network, the coordinates from the API',
    { timeout: 300_000 },
    async () => {
      const { page, errors, refused } = await localPage();
      await signIn(page);
      const sites = (await api(rt.url, operator, '/biz/station/list', { current: 1, size: 500 })).data
        .records;
      const bare = sites.find((s: { id: string }) => s.id === stationId);
      expect([bare.latitude, bare.longitude]).toEqual([53.5461, 9.9661]);

      // No maps key (the demo sets none): the map says so, the sites and their coordinates are listed.
      for (const [code, locale] of LANGUAGES) {
        const strings = siteConsole[locale].siteConsole.map;
        await page.evaluate((language) => localStorage.setItem('language', language), code);
        await page.goto(`${rt.url}/charge/equipment`);
        // Exactly: the section tabs above hold longer names ("Karten" is not "Karte").
        await page.getByRole('tab', { name: strings.tabMap, exact: true }).click();
        const notice = page.getByTestId('map-notice');
        await notice.waitFor();
        expect(await notice.getAttribute('data-reason')).toBe('noKey');
        expect(await notice.textContent()).toBe(strings.noKey);
        const table = page.getByRole('table', { name: strings.sitesLabel });
        const line = table.getByRole('row', { name: /E2E Bare/ });
        expect(await line.getByRole('cell').allTextContents()).toEqual(['E2E Bare', '53.5461', '9.9661']);
      }
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      expect(refused).toEqual([]);

      // A maps key, but no network: the map says it could not load; the list and the fields work on.
      const key = {
        type: 'system',
        code: 'GOOGLE_MAP_KEY',
        name: 'Maps key',
        value: 'e2e-offline-key',
      };
      expect((await api(rt.url, admin, '/admin/parameter/add', key)).code).toBe(0);
      await page.goto(`${rt.url}/charge/equipment`);
      await page.getByRole('tab', { name: 'Map', exact: true }).click();
      const notice = page.getByTestId('map-notice');
      await notice.waitFor({ timeout: 60_000 });
      await waitFor(async () => (await notice.getAttribute('data-reason')) === 'failed' || undefined);
      expect(await notice.textContent()).toBe(siteConsole.en.siteConsole.map.failed);
      expect(refused.length).toBeGreaterThan(0);
      await page
        .getByRole('table', { name: 'Sites on the map' })
        .getByRole('row', { name: /E2E Bare/ })
        .waitFor();

      // The site wizard: the position picker says the same; the coordinates are typed.
      await page.getByRole('tab', { name: 'List', exact: true }).click();
      await page.getByRole('button', { name: 'Add site' }).click();
      const wizard = page.getByRole('dialog');
      await wizard.getByTestId('map-notice').waitFor({ timeout: 60_000 });
      await field(wizard, 'Latitude').fill('53.55');
      expect(await field(wizard, 'Latitude').inputValue()).toBe('53.55');
      expect(errors).toEqual([]);
    },
  );
});
