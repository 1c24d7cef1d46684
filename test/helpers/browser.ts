/**
 * Headless Chromium for the end-to-end tests: Debian's `chromium` package (CI installs it) driven by
 * playwright-core. CHROMIUM_PATH points elsewhere if needed.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found)
    throw new Error(
      'Chromium is needed for the browser tests: apt-get install chromium (or set CHROMIUM_PATH)',
    );
  return found;
}

/** What an open page showed and met, for the report of a failed test (test/setup/browser-evidence.ts). */
export interface PageEvidence {
  page: Page;
  /** Page errors, console errors and API answers of 400 or more, the latest last. */
  events: string[];
}

const registry = globalThis as { evcOpenPages?: Set<PageEvidence> };
export const openPages = () => (registry.evcOpenPages ??= new Set());

/** Keeps what a page meets, so a failed test can say what the page showed instead of only a time-out. */
function watch(page: Page) {
  const evidence: PageEvidence = { page, events: [] };
  const note = (line: string) => {
    evidence.events.push(`${new Date().toISOString()} ${line}`);
    if (evidence.events.length > 30) evidence.events.shift();
  };
  page.on('pageerror', (e) => note(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') note(`console error: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) note(`${r.request().method()} ${r.url()} → ${r.status()}`);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note(`navigated to ${f.url()}`);
  });
  openPages().add(evidence);
  page.on('close', () => openPages().delete(evidence));
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await launch();
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const page = await newPage(...args);
    watch(page);
    return page;
  };
  return browser;
}

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    // Without these, Chromium keeps trying to reach Google's hosts, which a closed network refuses.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Signs in on the console's login page (image codes off in tests) and waits until the login page is left. */
export async function signInOnConsole(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/charge/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Image code').fill('ABCD');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  return page;
}
