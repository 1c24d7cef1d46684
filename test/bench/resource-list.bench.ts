/**
 * Benchmark (printed, not asserted; docs/measurements.md): 100,000 rows of one resource (alarm templates) for one company
 * and 1,000 for each of 10 others, through the local runtime's HTTP API. Prints p50/p95 latency of a
 * filtered, sorted list page (index-backed), the default newest-first page, a substring search, and `info`,
 * as the company's administrator and as the platform administrator (who merges 11 companies).
 *   npm run bench:list [rows] [rounds]       (defaults 100000 and 200)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRuntime } from '@infra/local/runtime.ts';
import { alarmTemplateResource } from '@shared/resources/catalogue/alarm-template.ts';
import { resource } from '@functions/api/resources.ts';
import { newId } from '@functions/lib/records.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { measure as timed } from './measure.ts';

const rows = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 200);
const others = 10;

process.env.AUTH_CAPTCHA = 'off';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evc-bench-'));
const rt = await startRuntime({
  port: 0,
  mqttPort: 0,
  smtpPort: 0,
  dataDir,
  seed: 'none',
  log: () => undefined,
});

const measure = (label: string, call: () => Promise<unknown>) => timed(label, call, { rounds, warmup: 20 });

try {
  const admin = await login(rt.url, 'admin', 'Admin12345');
  const companies: { id: string; path: string }[] = [];
  for (let c = 0; c <= others; c++) {
    const created = await api(rt.url, admin, '/admin/operator/add', {
      operatorName: `Bench ${c}`,
      currency: 'EUR',
      contactMail: `bench${c}@example.com`,
      subStatus: 2,
    });
    companies.push({ id: created.data.id, path: `/${created.data.id}/` });
  }
  await api(rt.url, admin, '/admin/user/add', {
    username: 'bench-admin',
    password: await encrypt(rt.url, 'Bench12345'),
    role: ['role-operator-admin'],
    agentId: companies[0]!.id,
  });
  const company = await login(rt.url, 'bench-admin', 'Bench12345');

  const templates = resource(alarmTemplateResource);
  const make = (n: number, tenant: string) => ({
    id: newId(),
    tenant,
    name: `Template ${n}`,
    code: `A${String(n).padStart(6, '0')}`,
    level: (n % 4) + 1,
    type: n % 3 ? 'hardware' : 'network',
  });
  const loadStart = performance.now();
  const big = Array.from({ length: rows }, (_, n) => make(n, companies[0]!.path));
  for (let i = 0; i < big.length; i += 5000)
    await templates.repo.bulkLoad(big.slice(i, i + 5000), companies[0]!.path);
  for (const other of companies.slice(1))
    await templates.repo.bulkLoad(
      Array.from({ length: 1000 }, (_, n) => make(n, other.path)),
      other.path,
    );
  console.log(
    `Seeded ${rows + others * 1000} rows in ${((performance.now() - loadStart) / 1000).toFixed(1)} s\n`,
  );

  const sample = big[Math.floor(rows / 2)]!;
  const list =
    (token: string, body: object, expectRows = true) =>
    async () => {
      const res = await api(rt.url, token, '/biz/alarmTemplate/list', body);
      if (res.code !== 0 || (expectRows && !res.data.records.length))
        throw new Error(`list failed: ${res.status} ${res.msg}`);
    };
  console.log(`| call (${rounds} rounds) | p50 | p95 | max |`);
  console.log('| --- | --- | --- | --- |');
  const filtered = { level: 2, orderBy: 'code', order: 'asc', current: 1, size: 10 };
  await measure('company: level = 2, by code, page 1', list(company, filtered));
  await measure('company: level = 2, by code, page 10', list(company, { ...filtered, current: 10 }));
  await measure('company: newest first, page 1', list(company, { current: 1, size: 10 }));
  await measure('platform (11 companies): level = 2, by code', list(admin, filtered));
  await measure('company: info', async () => {
    const res = await api(rt.url, company, `/biz/alarmTemplate/info?id=${sample.id}`);
    if (res.code !== 0) throw new Error(res.msg);
  });
  // A substring filter is not index-backed: it examines at most FILTER_SCAN_LIMIT items per company.
  await measure(
    'company: name contains "1234" (bounded scan)',
    list(company, { name: '1234', current: 1, size: 10 }, false),
  );
} finally {
  await rt.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
