/**
 * Wide tables and long tab strips at 1,440 × 900 in headless Chromium against the local runtime
 * (docs/decisions/450-wide-tables.md): the orders list keeps Payment and its Actions column inside the
 * window in English and German (the table scrolls sideways under a sticky Actions column); the devices tab
 * strip shows that more tabs lie past its edge and scrolls to them; the filters' From and To line up, and a
 * date filter is typed as YYYY-MM-DD HH:mm:ss on a 24-hour clock (docs/decisions/449-date-picker.md).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargerContext } from '@functions/chargepoints/charger.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { recordSession } from '../helpers/orders.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;

const VIEWPORT = { width: 1440, height: 900 };

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime({ seed: 'demo' }), launchBrowser()]);
  // Two orders through the session path, so the list has rows.
  const charger = await chargerContext('DEMO-CP-002');
  for (const [i, minutesAgo] of [120, 60].entries())
    await recordSession(charger!, {
      tx: `WIDE-${i}`,
      connectorNo: 1,
      idTag: 'SIM-TAG-001',
      start: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      minutes: 30,
      wh: 6000,
    });
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await browser?.close();
  await rt?.cleanup();
});

async function signIn(page: Page, language: string) {
  await page.goto(`${rt.url}/charge/login`);
  await page.getByLabel('Username').fill('operator');
  await page.getByLabel('Password').fill('Operator12345');
  await page.getByLabel('Image code').fill('ABCD');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/charge\/home$/);
  await page.evaluate((code) => localStorage.setItem('language', code), language);
}

/** The element lies wholly inside the window. */
async function inView(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'laid out').not.toBeNull();
  return (
    box!.x >= 0 &&
    box!.y >= 0 &&
    box!.x + box!.width <= VIEWPORT.width + 0.5 &&
    box!.y + box!.height <= VIEWPORT.height + 0.5
  );
}

const ORDERS = {
  en: { title: 'Charging orders', payment: 'Payment', actions: 'Actions' },
  de: { title: 'Ladeaufträge', payment: 'Zahlung', actions: 'Aktionen' },
} as const;

describe('wide tables at 1,440 × 900', () => {
  for (const [language, names] of Object.entries(ORDERS)) {
    it(
      `keeps Payment and Actions of the orders list in the window (${language})`,
      { timeout: 180_000 },
      async () => {
        const page = await browser.newPage({ viewport: VIEWPORT });
        await signIn(page, language);
        await page.goto(`${rt.url}/charge/chargeOrder`);
        const table = page.getByRole('table', { name: names.title });
        await table.getByRole('row').nth(1).waitFor();
        await page.screenshot({ path: `/tmp/wide-orders-${language}.png` });
        const header = (name: string) =>
          table.locator('thead th').filter({ hasText: new RegExp(`^${name}$`) });
        const payment = header(names.payment);
        const actions = header(names.actions);
        expect(await inView(payment), `${names.payment} in the window`).toBe(true);
        expect(await inView(actions), `${names.actions} in the window`).toBe(true);
        // The first order's actions too.
        const lastCell = table.getByRole('row').nth(1).getByRole('cell').last();
        expect(await inView(lastCell), 'the first row’s actions in the window').toBe(true);
        await page.close();
      },
    );
  }

  it(
    'keeps the home top five inside the window: a wide one scrolls in its panel',
    { timeout: 180_000 },
    async () => {
      const page = await browser.newPage({ viewport: VIEWPORT });
      await signIn(page, 'de');
      await page.goto(`${rt.url}/charge/home`);
      for (const name of [
        'Top fünf Standorte: 7 Tage gegenüber 30 Tagen',
        'Top fünf Ladepunkte: 7 Tage gegenüber 30 Tagen',
      ]) {
        const table = page.getByRole('table', { name });
        await table.getByRole('row').nth(1).waitFor();
        // The table's frame (its scroll area) ends inside the window; its last column is reachable in it.
        const frame = table.locator('xpath=..');
        const box = (await frame.boundingBox())!;
        expect(box.x + box.width, `${name}: the frame's right edge`).toBeLessThanOrEqual(VIEWPORT.width);
        const last = table.locator('thead th').last();
        await last.scrollIntoViewIfNeeded();
        expect(await inView(last), `${name}: its last column`).toBe(true);
      }
      await page.screenshot({ path: '/tmp/wide-home-de.png', fullPage: true });
      await page.close();
    },
  );

  it(
    'shows that the devices tab strip goes on past its edge, and scrolls to the hidden tabs',
    { timeout: 180_000 },
    async () => {
      const page = await browser.newPage({ viewport: VIEWPORT });
      await signIn(page, 'de');
      await page.goto(`${rt.url}/charge/equipment`);
      const strip = page.getByRole('tablist', { name: 'Seiten dieses Bereichs' });
      await strip.getByRole('tab').first().waitFor();
      const tabs = await strip.getByRole('tab').all();
      const last = tabs.at(-1)!;
      await page.screenshot({ path: '/tmp/wide-tabs-de.png' });
      expect(await inView(last), 'the last tab lies past the edge at first').toBe(false);
      const more = page.getByRole('button', { name: 'Weitere Seiten zeigen' });
      expect(await inView(more), 'the arrow that says so').toBe(true);
      for (let i = 0; i < 10 && !(await inView(last)); i++) {
        await more.click();
        await page
          .waitForFunction(
            (el) => el && el.getBoundingClientRect().right <= window.innerWidth + 0.5,
            await last.elementHandle(),
            { timeout: 2_000 },
          )
          .catch(() => undefined);
      }
      expect(await inView(last), 'the last tab scrolled into the window').toBe(true);
      await page.getByRole('button', { name: 'Vorherige Seiten zeigen' }).waitFor();
      await page.close();
    },
  );

  it(
    'lines up From and To and types a date filter as YYYY-MM-DD HH:mm:ss on a 24-hour clock',
    { timeout: 180_000 },
    async () => {
      const page = await browser.newPage({ viewport: VIEWPORT });
      await signIn(page, 'en');
      await page.goto(`${rt.url}/charge/chargeOrder`);
      const search = page.getByRole('search');
      const from = search.getByRole('group', { name: 'Started from' });
      const to = search.getByRole('group', { name: 'Started until' });
      await from.waitFor();
      const [a, b] = [await from.boundingBox(), await to.boundingBox()];
      expect(Math.abs(a!.y - b!.y), 'From and To at one height').toBeLessThan(1);
      expect(Math.abs(a!.height - b!.height)).toBeLessThan(1);
      // The payment filter offers "All", not "None".
      expect(await search.getByLabel('Payment').locator('option').first().textContent()).toBe('All');

      await from.getByRole('spinbutton', { name: 'Year' }).click();
      await page.keyboard.type('20250131');
      await page.keyboard.type('170509');
      const shown = async () => (await from.textContent())!.replace(/[\u2066-\u2069\u200e]/g, '');
      await page.waitForFunction((el) => el?.textContent?.includes('17'), await from.elementHandle());
      expect(await shown()).toBe('2025-01-31 17:05:09');
      // The calendar beside it names the month in the page's language.
      await search.getByRole('button', { name: 'Open the calendar of Started from' }).click();
      await page.getByText('January 2025').first().waitFor();
      await page.screenshot({ path: '/tmp/wide-date-en.png' });
      await page.keyboard.press('Escape');
      await page.close();
    },
  );
});
