/**
 * Benchmark (printed, not asserted): `npm start`'s runtime from a cold (empty) data folder and a warm one
 * to "ready", and the resident memory of the runtime (Node) plus its DynamoDB Local (Java) child.
 *   npm run bench:start            (3 rounds)
 */
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromRoot } from '@infra/local/paths.ts';
import { freePort } from '@infra/local/ports.ts';

const rounds = Number(process.argv[2] ?? 3);

function rssMb(pid: number): number {
  // The runtime's own process and all its descendants.
  const rows = execSync('ps -eo pid,ppid,rss', { encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.trim().split(/\s+/).map(Number));
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, pp] of rows) {
      if (tree.has(p!) || !tree.has(pp!)) continue;
      tree.add(p!);
      grew = true;
    }
  }
  return rows.filter(([p]) => tree.has(p!)).reduce((sum, [, , rss]) => sum + rss!, 0) / 1024;
}

async function startOnce(dataDir: string) {
  const port = await freePort();
  const begin = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/runtime.ts'], {
    cwd: fromRoot(),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, MQTT_PORT: '0', SMTP_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c));
  child.stderr.on('data', (c: Buffer) => (out += c));
  while (!out.includes('is ready')) {
    if (child.exitCode !== null) throw new Error(out);
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - begin;
  const health = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
  await new Promise((r) => setTimeout(r, 1000));
  const memory = rssMb(child.pid!);
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGINT');
  });
  return { readyMs, memory, healthy: health.status === 'ok' };
}

const cold: number[] = [];
const warm: number[] = [];
const mem: number[] = [];
for (let i = 0; i < rounds; i++) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evc-bench-'));
  const c = await startOnce(dir);
  const w = await startOnce(dir);
  if (!c.healthy || !w.healthy) throw new Error('runtime not healthy');
  cold.push(c.readyMs);
  warm.push(w.readyMs);
  mem.push(w.memory);
  rmSync(dir, { recursive: true, force: true });
}
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]!.toFixed(0)}  min ${s[0]!.toFixed(0)}  max ${s.at(-1)!.toFixed(0)}`;
};
console.log(`npm start runtime, ${rounds} rounds, ${os.cpus().length} cores, Node ${process.versions.node}`);
console.log(`  cold start to ready (ms): ${stats(cold)}`);
console.log(`  warm start to ready (ms): ${stats(warm)}`);
console.log(`  resident memory, Node + Java (MB): ${stats(mem)}`);
