/**
 * The runtime as `npm start` runs it, in a child process: data survives a restart on the same folder, and
 * Ctrl-C (SIGINT) stops everything, the DynamoDB Local Java child included.
 */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { fromRoot } from '@infra/local/paths.ts';
import { connectCharger } from '../helpers/ocpp-client.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evc-proc-'));
/** Children still running when the test ends (a failure half-way): stopped, so no JVM outlives the run. */
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Each start listens on a port the kernel picks (a port picked here and handed over can be taken meanwhile). */
async function start(): Promise<{ child: ChildProcess; output: () => string; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/runtime.ts'], {
    cwd: fromRoot(),
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      MQTT_PORT: '0',
      SMTP_PORT: '0',
      AWS_LOOPBACK_ONLY: '1',
      // This test's own chargers only.
      SIM_CHARGERS: '0',
      // The demo data without its two months of made-up history (20-30 s of CPU): what is kept across the
      // restart is the subject here (docs/decisions/448-tests-in-minutes.md).
      SEED_HISTORY: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  // A cold start seeds the demo data: seconds alone, minutes beside the rest of the suite on a busy machine.
  const until = Date.now() + 240_000;
  while (!output.includes('is ready')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`runtime did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = /API\s+(http:\/\/\S+)/.exec(output)?.[1];
  if (!url) throw new Error(`runtime named no API address: ${output}`);
  return { child, output: () => output, url };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}

const javaProcessesFor = (dir: string) =>
  execSync('ps -eo args', { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('DynamoDBLocal') && line.includes(dir));

describe('runtime process', () => {
  it('keeps its data across a restart and leaves no process behind', { timeout: 330_000 }, async () => {
    const first = await start();
    expect(first.output()).toContain(
      'seeded: identity-catalogue, identity-demo, demo-sites, stop-reason-catalogue, demo-energy-box',
    );
    expect(javaProcessesFor(dataDir)).toHaveLength(1);
    expect(await stop(first.child)).toBe(0);
    expect(javaProcessesFor(dataDir)).toHaveLength(0);

    const second = await start();
    expect(second.output()).not.toContain('seeded:'); // nothing seeded twice
    // The charger credentials written by the first start are still there.
    const charger = await connectCharger(second.url, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD);
    expect((await charger.call('Heartbeat', {}))[0]).toBe(3);
    await charger.close();
    expect(await stop(second.child)).toBe(0);
    expect(javaProcessesFor(dataDir)).toHaveLength(0);
  });
});
