/**
 * DynamoDB Local never outlives its runtime and never runs twice on one data folder: a runtime killed with
 * SIGKILL (no exit handler runs) takes its Java child along, and a start ends a JVM left on its folder.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDynamo } from '@infra/local/dynamodb.ts';
import { fromRoot } from '@infra/local/paths.ts';
import { waitDeadline } from '../helpers/waits.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const pid of dirs.flatMap(processesFor).map((p) => p.pid)) process.kill(pid, 'SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evc-orphan-'));
  dirs.push(dir);
  return dir;
};

/** Processes whose command line names the folder: the JVM and its watchdog. */
function processesFor(dir: string) {
  return execFileSync('ps', ['-ww', '-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m && m[2]!.includes(dir))
    .map((m) => ({ pid: Number(m[1]), args: m[2]! }));
}
const javaFor = (dir: string) => processesFor(dir).filter((p) => p.args.includes('DynamoDBLocal.jar'));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether `test` holds within `ms` (at least MIN_WAIT_MS: a busy machine ends a process late, not never). */
async function until(test: () => boolean, ms: number) {
  const end = Date.now() + waitDeadline(ms);
  while (!test() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return test();
}

/** A separate process that starts DynamoDB Local on `dir`, as the runtime does. */
async function runtimeLike(dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/dynamo-child.ts', dir], {
    cwd: fromRoot(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  if (
    !(await until(() => output.includes('up ') || child.exitCode !== null, 60_000)) ||
    child.exitCode !== null
  )
    throw new Error(`DynamoDB did not start: ${output}`);
  return child;
}

describe('DynamoDB Local child', () => {
  it('ends when its runtime is killed with SIGKILL', async () => {
    const dir = tempDir();
    const child = await runtimeLike(dir);
    const [java] = javaFor(dir);
    expect(java).toBeDefined();
    child.kill('SIGKILL');
    expect(await until(() => !alive(java!.pid), 10_000)).toBe(true);
    expect(await until(() => processesFor(dir).length === 0, 5_000)).toBe(true);
  });

  it('a start ends the JVM left on its data folder and runs one only', async () => {
    const dir = tempDir();
    const child = await runtimeLike(dir);
    const [java] = javaFor(dir);
    // The runtime and its watchdog both die at once (e.g. the whole tree killed but the JVM): an orphan.
    for (const p of processesFor(dir)) if (p.pid !== java!.pid) process.kill(p.pid, 'SIGKILL');
    child.kill('SIGKILL');
    // Once the runtime and its watchdog are gone, the JVM is still there.
    expect(await until(() => processesFor(dir).every((p) => p.pid === java!.pid), 10_000)).toBe(true);
    expect(alive(java!.pid)).toBe(true);

    const dynamo = await startDynamo(dir);
    try {
      expect(alive(java!.pid)).toBe(false);
      expect(javaFor(dir)).toHaveLength(1);
      await dynamo.check();
    } finally {
      await dynamo.stop();
    }
    expect(await until(() => processesFor(dir).length === 0, 5_000)).toBe(true);
  });

  it('refuses a data folder whose database a running runtime uses', async () => {
    const dir = tempDir();
    const child = await runtimeLike(dir);
    await expect(startDynamo(dir)).rejects.toThrow(/in use/);
    expect(javaFor(dir)).toHaveLength(1);
    child.kill('SIGINT');
  });
});
