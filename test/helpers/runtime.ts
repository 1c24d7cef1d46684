/** Starts the local runtime in this test process on a temporary data folder. */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDynamo, dropTables } from '@infra/local/dynamodb.ts';
import { runtimeTableName, startRuntime, type Runtime, type RuntimeOptions } from '@infra/local/runtime.ts';
import { topology as defaultTopology } from '@shared/topology/index.ts';
import { forgetPublicKey } from './identity.ts';
import { MIN_WAIT_MS, waitDeadline } from './waits.ts';

export interface TestRuntimeOptions extends RuntimeOptions {
  /**
   * A DynamoDB Local JVM of its own with its tables on disk under the data folder, as `npm start` runs it
   * (tests of that database itself), instead of the run's shared in-memory one (decision 360).
   */
  ownDatabase?: boolean;
}

/**
 * Under Vitest the runtime uses the run's shared DynamoDB Local with tables of its own: their prefix comes
 * from the data folder, so a runtime started again on the same folder finds its data (restart tests).
 */
function sharedDynamodb(dataDir: string, options: TestRuntimeOptions) {
  const endpoint = process.env.EVC_TEST_DYNAMODB_ENDPOINT;
  if (options.ownDatabase || options.dynamodb || !endpoint) return options.dynamodb;
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  return { endpoint, tablePrefix: `t${id}.` };
}

/**
 * Test runtimes seed the demo company without its made-up history (infra/local/seed/demo-history.ts), so
 * tests count only the orders they make; `seedHistory: true` for those that look at the history itself.
 */
export async function startTestRuntime(
  options: TestRuntimeOptions = {},
): Promise<Runtime & { cleanup(): Promise<void> }> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'evc-test-'));
  const dynamodb = sharedDynamodb(dataDir, options);
  const runtime = await startRuntime({
    port: 0,
    mqttPort: 0,
    smtpPort: 0,
    simChargers: 0,
    log: () => undefined,
    seedHistory: false,
    ...options,
    dataDir,
    dynamodb,
  });
  // The port may be one an earlier runtime of this worker had: its password key is not this one's.
  forgetPublicKey(runtime.url);
  return Object.assign(runtime, {
    cleanup: async () => {
      await runtime.stop();
      if (options.dataDir) return;
      rmSync(dataDir, { recursive: true, force: true });
      // Its tables on the shared database go with its folder (the database lives for the whole run).
      if (dynamodb && !options.dynamodb) {
        const db = await connectDynamo(dynamodb.endpoint);
        await dropTables(
          db.client,
          (options.topology ?? defaultTopology).tables,
          runtimeTableName({ dynamodb }),
        );
        await db.stop();
      }
    },
  });
}

/**
 * Polls `probe` until it gives a value, within `timeoutMs` (at least MIN_WAIT_MS: test/helpers/waits.ts). It
 * looks again after 25 ms, then less and less often up to every 100 ms: a quick answer is seen at once, and a
 * long wait does not keep two busy cores busier (docs/decisions/448-tests-in-minutes.md).
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = MIN_WAIT_MS,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + waitDeadline(timeoutMs);
  for (let pause = 25; ; pause = Math.min(pause * 2, 100)) {
    const value = await probe();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, pause));
  }
}
