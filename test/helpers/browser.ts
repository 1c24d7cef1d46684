/**
 * Headless Chromium for the end-to-end tests: Debian's `chromium` package (CI installs it) driven by
 * playwright-core. CHROMIUM_PATH points elsewhere if needed.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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

export function launchBrowser(): Promise<Browser> {
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
