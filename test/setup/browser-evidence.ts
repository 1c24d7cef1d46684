/**
 * When a test with open browser pages fails, prints what each page showed (its address, its visible text) and
 * what it met (page and console errors, refused API calls): a browser test's failure is usually a time-out
 * waiting for something, and this says what was there instead.
 */
import { afterEach } from 'vitest';
import type { PageEvidence } from '../helpers/browser.ts';

// The registry test/helpers/browser.ts fills (read here without loading Playwright into every file).
const openPages = () => (globalThis as { evcOpenPages?: Set<PageEvidence> }).evcOpenPages ?? new Set();

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const { page, events } of openPages()) {
    if (page.isClosed()) continue;
    const text = await page
      .evaluate(() => document.body?.innerText ?? '')
      .catch((e: Error) => `(not readable: ${e.message})`);
    console.error(
      [
        `Browser page at ${page.url()} when "${task.name}" failed:`,
        text.slice(0, 1500),
        '--- what it met:',
        ...events,
      ].join('\n'),
    );
  }
});
