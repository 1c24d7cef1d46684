/**
 * Charger control end to end in headless Chromium against the local runtime with the demo seed and the
 * project's simulator as DEMO-CP-001 (OCPP 1.6): the company administrator opens /command, picks the pile and
 * its connector 1, sends "Unlock connector", sees the success message and then the charger's answer
 * "Unlocked" on the results list; reads a configuration key entered as a tag; and resets the pile.
 */
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

const ISSUED = 'Command issued successfully, please check the result';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;
let charger: SimulatedCharger;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime({ seed: 'demo' }), launchBrowser()]);
  charger = new SimulatedCharger({
    url: rt.url.replace(/^http/, 'ws'),
    id: 'DEMO-CP-001',
    password: DEMO_CHARGER_PASSWORD,
    ocpp: '1.6',
    connectors: 2,
  });
  await charger.start();
  await charger.whenBooted();
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await charger?.stop();
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

describe('charger control in the browser', () => {
  it('unlocks a connector and resets the pile, with their results', { timeout: 180_000 }, async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page);
    await page.goto(`${rt.url}/charge/command`);

    // Connector control: the pile, its connector 1, "Unlock connector".
    await page.getByRole('tab', { name: 'Connector control' }).click();
    let form = page.getByRole('form', { name: 'Connector control' });
    await page.getByRole('searchbox', { name: 'Search charge points by id' }).fill('DEMO-CP-001');
    await page.getByRole('option', { name: /^DEMO-CP-001.*Online/ }).click();
    await form.getByTestId('selected-pile').getByText('Online').waitFor();
    await form.getByLabel(/^Connector/).selectOption('1');
    await form.getByLabel(/^Command/).selectOption({ label: 'Unlock connector' });
    await form.getByText('This command has no parameters.').waitFor();
    await form.getByRole('button', { name: 'Send' }).click();
    // An unlock asks first, naming the connector and the charger.
    const confirmUnlock = page.getByRole('alertdialog', { name: 'Send Unlock connector?' });
    expect(await confirmUnlock.textContent()).toContain('to connector 1 of charger');
    await confirmUnlock.getByRole('button', { name: 'Send' }).click();
    await form.getByText(ISSUED).waitFor();

    const results = page.getByRole('table', { name: 'Command results' });
    const unlocked = results.getByRole('row', { name: /DEMO-CP-001.*Unlock connector.*Answered.*Unlocked/ });
    await unlocked.waitFor({ timeout: 20_000 });
    // Its details: the payload sent and the raw answer.
    await unlocked.getByRole('button', { name: 'Show details of Unlock connector on DEMO-CP-001' }).click();
    expect(await page.getByRole('group', { name: 'Payload sent' }).textContent()).toContain(
      '"connectorId": 1',
    );
    expect(await page.getByRole('group', { name: 'Raw result' }).textContent()).toContain('"Unlocked"');

    // Charge point control keeps the pile: a configuration key typed as a tag.
    await page.getByRole('tab', { name: 'Charge point control' }).click();
    form = page.getByRole('form', { name: 'Charge point control' });
    await form.getByTestId('selected-pile').getByRole('code').getByText('DEMO-CP-001').waitFor();
    await form.getByLabel(/^Command/).selectOption({ label: 'Get configuration' });
    const tags = form.getByPlaceholder('Type a value and press Enter to add it.');
    await tags.fill('HeartbeatInterval');
    await tags.press('Enter');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText(ISSUED).waitFor();
    await results
      .getByRole('row', { name: /Get configuration.*Answered.*HeartbeatInterval/ })
      .waitFor({ timeout: 20_000 });

    // Reset of the pile, a choice of two.
    await form.getByLabel(/^Command/).selectOption({ label: 'Reset' });
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('This field is required').waitFor();
    await form.getByLabel(/^Reset type/).selectOption({ label: 'Soft reset when idle' });
    await form.getByRole('button', { name: 'Send' }).click();
    const confirmReset = page.getByRole('alertdialog', { name: 'Send Reset?' });
    expect(await confirmReset.textContent()).toContain('Reset type: Soft reset when idle.');
    await confirmReset.getByRole('button', { name: 'Send' }).click();
    await form.getByText(ISSUED).waitFor();
    await results
      .getByRole('row', { name: /DEMO-CP-001.*Reset.*Answered.*Accepted/ })
      .waitFor({ timeout: 20_000 });

    expect(errors).toEqual([]);
  });
});
