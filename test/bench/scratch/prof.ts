import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { client } from '@functions/data/table.ts';
import { startRuntime } from '@infra/local/runtime.ts';
import { companyWithAdmin, login, api } from '../../helpers/identity.ts';
import { registerChargers } from '@functions/devices/registration.ts';
process.env.AUTH_CAPTCHA = 'off';
process.env.DYNAMODB_IN_MEMORY ??= '1';
process.env.DYNAMODB_JVM_OPTS ??= '-XX:+UseParallelGC -Xms512m -Xmx2g';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evc-prof-'));
const rt = await startRuntime({ port: 0, mqttPort: 0, smtpPort: 0, dataDir, seed: 'demo', seedHistory: false, simChargers: 0, log: () => undefined });
const log: { name: string; ms: number }[] = [];
let on = false;
client().middlewareStack.add((next, ctx) => async (args) => {
  const t = performance.now();
  try { return await next(args); } finally { if (on) log.push({ name: String((ctx as any).commandName), ms: performance.now() - t }); }
}, { step: 'initialize', name: 'prof' });
const admin = await login(rt.url, 'admin', 'Admin12345');
for (let o = 0; o < 20; o++) {
  const company = await companyWithAdmin(rt.url, admin, `P${o}`, { subStatus: 1, currency: 'USD' });
  for (let s = 0; s < 4; s++) await registerChargers({ tenant: `/${company.id}/`, station: { name: `S${o}-${s}` }, password: 'home-bench-secret', chargePoints: Array.from({ length: 5 }, (_, p) => ({ chargePointId: `P-${o}-${s}-${p}`, protocol: 'ocpp1.6', connectors: 2 })) });
}
const time = async (label: string, fn: () => Promise<unknown>, n = 100) => {
  for (let i = 0; i < 10; i++) await fn();
  const ts: number[] = [];
  for (let i = 0; i < n; i++) { const t = performance.now(); await fn(); ts.push(performance.now() - t); }
  ts.sort((a, b) => a - b);
  console.log(label, 'p50', ts[n / 2]!.toFixed(1), 'p95', ts[Math.floor(n * 0.95)]!.toFixed(1));
};
await time('user info', () => fetch(`${rt.url}/admin/user/info`, { headers: { authorization: `Bearer ${admin}` } }).then((r) => r.text()));
await time('dashboard platform', () => api(rt.url, admin, '/biz/home/dashboard', { days: 7 }));
on = true; log.length = 0;
await api(rt.url, admin, '/biz/home/dashboard', { days: 7 });
on = false;
const by = new Map<string, number[]>();
for (const l of log) by.set(l.name, [...(by.get(l.name) ?? []), l.ms]);
for (const [k, v] of by) console.log(k, v.length, v.map((x) => x.toFixed(1)).join(' '));
await rt.stop();
