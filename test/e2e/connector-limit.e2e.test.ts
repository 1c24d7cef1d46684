/**
 * Connector limits in headless Chromium (decision 110): the administrator of a company that
 * subscribed to Basic (3 AC connectors, paid at the Stripe stand-in) sees its connector usage on /device,
 * tries to add a DC charge point through the pile wizard and is refused with the message naming the limit;
 * nothing is added.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';
import { stationBody } from '../helpers/sites.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;
let token: string;

async function ok(auth: string, path: string, body?: unknown) {
  const answer = await api(rt.url, auth, path, body);
  expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
  return answer.data;
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime(), launchBrowser()]);
  const admin = await login(rt.url, 'admin', 'Admin12345');
  const company = await ok(admin, '/admin/operator/add', {
    operatorName: 'Basic Charging',
    currency: 'USD',
    contactMail: 'ops@basic.example',
    subStatus: 0,
  });
  await ok(admin, '/admin/user/add', {
    username: 'basicco',
    password: await encrypt(rt.url, 'Basic12345'),
    role: ['role-operator-admin'],
    agentId: company.id,
  });
  token = await login(rt.url, 'basicco', 'Basic12345');
  const q = await ok(token, '/admin/subscribe/overview', {
    firstFlag: true,
    planId: 'plan-universal-basic',
    acConnectorNumber: 3,
    dcConnectorNumber: 0,
  });
  const pm = (await fetch(`${rt.stripe.url}/v1/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${rt.stripe.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getUTCFullYear() + 2),
      'card[cvc]': '123',
    }).toString(),
  }).then((r) => r.json())) as { id: string };
  await ok(token, '/admin/subscribe/pay', {
    subscribeId: q.subscribeId,
    toPayFee: q.toPayFee,
    firstFlag: true,
    refundFlag: false,
    paymentMethodId: pm.id,
  });
  token = await login(rt.url, 'basicco', 'Basic12345');
  const fee = { name: 'Basic energy', feeType: 1, unitPrice: '0.39', timeSharing: 0, periods: [] };
  const feeRuleId = (await ok(token, '/biz/chargingFee/add', fee)).id;
  await ok(token, '/biz/station/add', stationBody('Basic Yard', { feeRuleId }));
}, 180_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await browser?.close();
  await rt?.cleanup();
});

const field = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));

describe('connector limits in the browser', () => {
  it(
    'a Basic company is refused a DC charge point with the message shown',
    { timeout: 180_000 },
    async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${rt.url}/charge/login`);
      await page.getByLabel('Username').fill('basicco');
      await page.getByLabel('Password').fill('Basic12345');
      await page.getByLabel('Image code').fill('ABCD');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await page.goto(`${rt.url}/charge/device`);
      await page
        .getByTestId('connector-usage')
        .getByText('Connectors in use: 0 of 3 AC, 0 of 0 DC')
        .waitFor();

      await page.getByRole('button', { name: 'Add charge point' }).click();
      const pile = page.getByRole('dialog');
      await pile.getByRole('button', { name: 'Next' }).click();
      await field(pile, 'Charge point id').fill('BASIC-DC-1');
      await field(pile, 'Name').fill('Fast one');
      await field(pile, 'Site').click();
      await pile.getByRole('textbox', { name: 'Search' }).fill('Basic');
      await pile.getByRole('option', { name: 'Basic Yard' }).click();
      await field(pile, 'Max power (kW)').fill('150');
      await field(pile, 'Power type').selectOption('DC');
      await pile.getByRole('button', { name: 'Next' }).click();
      await pile.getByRole('button', { name: 'Next' }).click();
      await pile.getByLabel('Gun number of row 1').waitFor();
      await pile.getByRole('button', { name: 'Save' }).click();
      await page
        .getByText('The Basic subscription has AC connectors only: a DC charge point needs the Pro plan')
        .first()
        .waitFor();
      // Nothing was added.
      expect((await ok(token, '/biz/chargePoint/list', { current: 1, size: 10 })).total).toBe(0);
      expect(errors).toEqual([]);
    },
  );
});
