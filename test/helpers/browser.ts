/**
 * Headless Chromium for the end-to-end tests: Debian's `chromium` package (CI installs it) driven by
 * playwright-core. CHROMIUM_PATH points elsewhere if needed.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { MIN_WAIT_MS, waitDeadline } from './waits.ts';

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

/**
 * Headless Chromium whose pages wait up to MIN_WAIT_MS for an element, a navigation or a condition instead of
 * Playwright's 30 s: on a busy machine the console answers late, not never (test/helpers/waits.ts).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launch();
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const page = await newPage(...args);
    page.setDefaultTimeout(MIN_WAIT_MS);
    watch(page);
    return page;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    context.setDefaultTimeout(MIN_WAIT_MS);
    return context;
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

/** A date field's group (web/src/components/ui/date-field.tsx), named by its label. */
export const dateField = (scope: Locator | Page, name: string | RegExp) => scope.getByRole('group', { name });

/** A date field's text as shown: `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss` (bidi marks left out). */
export async function dateFieldText(group: Locator): Promise<string> {
  return ((await group.textContent()) ?? '').replace(/[\u2066-\u2069\u200e]/g, '');
}

/**
 * Types a moment (local time) or a `YYYY-MM-DD[ HH:mm:ss]` text into a date field digit by digit, as a
 * person does, and waits until the field shows it.
 */
export async function typeDate(group: Locator, at: Date | string) {
  const p = (n: number) => String(n).padStart(2, '0');
  const text =
    typeof at === 'string'
      ? at
      : `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())} ` +
        `${p(at.getHours())}:${p(at.getMinutes())}:${p(at.getSeconds())}`;
  const segments = group.getByRole('spinbutton');
  const wanted = (await segments.count()) > 3 ? text : text.slice(0, 10);
  await segments.first().click();
  await group.page().keyboard.type(wanted.replace(/\D/g, ''));
  await group
    .page()
    .waitForFunction(
      ([el, shown]) => (el?.textContent ?? '').replace(/[\u2066-\u2069\u200e]/g, '') === shown,
      [await group.elementHandle(), wanted] as const,
      { timeout: waitDeadline(10_000) },
    );
}
