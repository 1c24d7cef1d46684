/** Starts the local runtime in this test process on a temporary data folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRuntime, type Runtime, type RuntimeOptions } from '@infra/local/runtime.ts';

export async function startTestRuntime(
  options: RuntimeOptions = {},
): Promise<Runtime & { cleanup(): Promise<void> }> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'evc-test-'));
  const runtime = await startRuntime({
    port: 0,
    mqttPort: 0,
    smtpPort: 0,
    simChargers: 0,
    log: () => undefined,
    ...options,
    dataDir,
  });
  return Object.assign(runtime, {
    cleanup: async () => {
      await runtime.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
