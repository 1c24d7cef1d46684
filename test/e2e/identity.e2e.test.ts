/**
 * Sign-in, menus and permissions end to end in headless Chromium against `npm start`'s runtime with the demo
 * seed: the platform administrator logs in, sees the server-driven menu, switches language, opens a kept
 * page, navigates away and back with its state kept, and logs out; the company administrator sees exactly the
 * menus its role grants; a page left while it loads keeps the session; a wrong image code refreshes the
 * image.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let browser: Browser;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  [rt, browser] = await Promise.all([startTestRuntime({ seed: 'demo' }), launchBrowser()]);
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await browser?.close();
  await rt?.cleanup();
});

async function signIn(page: Page, username: string, password: string) {
  await page.goto(`${rt.url}/charge/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Image code').fill('ABCD');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/charge\/home$/);
}

const menu = (page: Page) => page.getByRole('navigation', { name: /^(Main menu|Hauptmenü)$/ });

async function openMenuPage(page: Page, group: string, item: string) {
  const groupButton = menu(page).getByRole('button', { name: group });
  if ((await groupButton.getAttribute('aria-expanded')) !== 'true') await groupButton.click();
  await menu(page).getByRole('link', { name: item, exact: true }).click();
}

describe('identity in the browser', () => {
  it('logs in, switches language, keeps a kept page, and logs out', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, 'admin', 'Admin12345');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();

    // The server's menu for a platform administrator, in the chosen language.
    await menu(page).getByRole('button', { name: 'System' }).waitFor();
    await page.getByLabel('Language').selectOption('de');
    await menu(page).getByRole('button', { name: 'Systemverwaltung' }).waitFor();
    await openMenuPage(page, 'Systemverwaltung', 'Unternehmen');
    await page.getByRole('heading', { level: 1, name: 'Unternehmen' }).waitFor();
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Companies' }).waitFor();
    await page.getByRole('cell', { name: 'Demo Operator' }).first().waitFor();

    // /operator is kept: what was typed survives a visit elsewhere.
    await page.getByLabel('Company name').first().fill('Demo');
    await openMenuPage(page, 'System', 'Users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('cell', { name: 'operator', exact: true }).waitFor();
    await openMenuPage(page, 'System', 'Companies');
    await page.getByRole('heading', { level: 1, name: 'Companies' }).waitFor();
    expect(await page.getByLabel('Company name').first().inputValue()).toBe('Demo');

    // Every menu route has its screen now (the last, /renewable, came with
    // docs/decisions/428-renewable-energy.md).
    await page.goto(`${rt.url}/charge/renewable`);
    await page.getByRole('heading', { level: 1, name: 'Renewable energy' }).waitFor();

    await page.getByRole('button', { name: 'admin' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/charge\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    // The old page cannot be reached any more.
    await page.goto(`${rt.url}/charge/user`);
    await page.waitForURL(/\/charge\/login$/);
    expect(errors).toEqual([]);
  });

  it('shows a company administrator exactly the menus its role grants', async () => {
    const page = await browser.newPage();
    await signIn(page, 'operator', 'Operator12345');
    const system = menu(page).getByRole('button', { name: 'System' });
    await system.click();
    await menu(page).getByRole('link', { name: 'Users', exact: true }).waitFor();
    const links = await menu(page).getByRole('link').allTextContents();
    expect(links).toContain('Companies');
    for (const platformOnly of ['Company limits', 'Subscription roles', 'Parameters', 'Payment channels'])
      expect(links, platformOnly).not.toContain(platformOnly);
    await page.goto(`${rt.url}/charge/user`);
    await page.getByRole('cell', { name: 'operator', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'admin', exact: true }).count()).toBe(0);
  });

  it('stays logged in when the page is left while it still loads', async () => {
    // The account check after user info answers late, as on a loaded server, and the user goes on before it
    // has answered. Leaving cuts the call: that is not a failed check, and the session must survive it.
    const page = await browser.newPage();
    await page.route('**/admin/user/check', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue().catch(() => undefined); // (the page that asked may be gone)
    });
    const checking = page.waitForRequest('**/admin/user/check');
    await signIn(page, 'operator', 'Operator12345');
    await checking; // user info has answered; the check is on its way
    await page.goto(`${rt.url}/charge/user`);
    await page.getByRole('cell', { name: 'operator', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/charge/user');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  });

  it('refreshes the image code after a failed login, with the server message', async () => {
    delete process.env.AUTH_CAPTCHA;
    try {
      const page = await browser.newPage();
      await page.goto(`${rt.url}/charge/login`);
      const image = page.getByRole('img', { name: /image code/i });
      const before = await image.getAttribute('src');
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill('Admin12345');
      await page.getByLabel('Image code').fill('ZZZZ');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText(/image code is wrong/).waitFor();
      expect(await image.getAttribute('src')).not.toBe(before);
      expect(new URL(page.url()).pathname).toBe('/charge/login');
    } finally {
      process.env.AUTH_CAPTCHA = 'off';
    }
  });
});
