/**
 * `npm start` runs the runtime as a child of bin/start.mjs. Should that launcher be killed outright (SIGKILL:
 * no signal is passed on), the runtime stops too, DynamoDB Local with it, instead of running on unseen while
 * holding the port and the data folder.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRoot } from '@infra/local/paths.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evc-launcher-'));
const pids: number[] = [];
afterAll(() => {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const ofFolder = () =>
  execFileSync('ps', ['-ww', '-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(dataDir) || line.includes('bin/runtime.ts --launcher-test'));

describe('the runtime under npm start', () => {
  it('stops when its launcher is killed with SIGKILL', async () => {
    // A launcher as bin/start.mjs starts the runtime (the console build and dependency checks left out).
    const launcherCode = `
      const { spawn } = require('node:child_process');
      const child = spawn(process.execPath, ['--import', 'tsx', 'bin/runtime.ts', '--launcher-test'], {
        stdio: 'inherit',
        env: { ...process.env, EVC_LAUNCHER_PID: String(process.pid) },
      });
      console.log('runtime pid ' + child.pid);
      setInterval(() => undefined, 60_000);`;
    const launcher = spawn(process.execPath, ['-e', launcherCode], {
      cwd: fromRoot(),
      env: {
        ...process.env,
        PORT: '0', // the kernel's pick: nothing else can take it in between
        DATA_DIR: dataDir,
        MQTT_PORT: '0',
        SMTP_PORT: '0',
        SIM_CHARGERS: '0',
        SEED: 'none',
        AWS_LOOPBACK_ONLY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pids.push(launcher.pid!);
    let output = '';
    launcher.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    launcher.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const until = Date.now() + 90_000;
    while (!output.includes('is ready')) {
      if (launcher.exitCode !== null || Date.now() > until)
        throw new Error(`runtime did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const runtimePid = Number(/runtime pid (\d+)/.exec(output)![1]);
    pids.push(runtimePid);
    expect(ofFolder().length).toBeGreaterThan(1); // the runtime and its JVM

    launcher.kill('SIGKILL');
    const end = Date.now() + 15_000;
    while ((alive(runtimePid) || ofFolder().length) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 200));
    expect(alive(runtimePid)).toBe(false);
    expect(ofFolder()).toEqual([]);
  });
});
