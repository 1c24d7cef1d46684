/**
 * Benchmark (printed, not asserted; decision 421): what building requests with ElectroDB costs.
 * 1. Building alone, no database: a repository key, a repository put with its unique guard and view
 *    counter, an order put, per call.
 * 2. A get of one item on DynamoDB Local through the data layer (ElectroDB params, sent by the
 *    DocumentClient) against the same get written by hand, alternated so both see the same load.
 *   npm run bench:data [rounds]       (default 2000)
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRuntime } from '@infra/local/runtime.ts';
import { orderPut } from '@functions/data/orders.ts';
import { send } from '@functions/data/table.ts';
import { takeGuard } from '@functions/data/unique-guards.ts';
import { countWrite } from '@functions/data/view-counters.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { Repository } from '@functions/data/repository.ts';
import { percentile } from './measure.ts';

const rounds = Number(process.argv[2] ?? 2000);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evc-bench-'));
const rt = await startRuntime({
  port: 0,
  mqttPort: 0,
  smtpPort: 0,
  dataDir,
  seed: 'none',
  log: () => undefined,
});

const repo = new Repository<{ id: string; name: string; level: number }>({
  type: 'BENCH',
  idField: 'id',
  views: [{ eq: ['level'], sort: 'name' }],
  unique: (b) => ({ 'BENCH.name': b.name }),
});

/** Mean µs per call of a synchronous build, over `n` calls after a warm-up. */
function perCall(label: string, n: number, build: (i: number) => unknown) {
  for (let i = 0; i < 1000; i++) build(i);
  const start = performance.now();
  for (let i = 0; i < n; i++) build(i);
  console.log(`| ${label} | ${(((performance.now() - start) / n) * 1000).toFixed(1)} µs |`);
}

try {
  console.log('| building (no database) | per call |');
  console.log('| --- | --- |');
  perCall('repository key (ElectroDB get params)', 20_000, (i) => repo.key(`id${i}`));
  perCall('unique guard put', 20_000, (i) => takeGuard('BENCH.name', `n${i}`, `BENCH#${i}`));
  perCall('view counter update', 20_000, (i) => countWrite(`BENCH#v0|/A/|${i}`, 1));
  perCall('order put (record of 12 fields)', 20_000, (i) =>
    orderPut({
      orderNo: `O${i}`,
      tenant: '/A/',
      startTime: '2026-03-01T10:00:00.000Z',
      stationId: 'S1',
      chargePointId: 'CP1',
      idTag: 'TAG',
      energyWh: 1000,
      payMinor: 100,
      elecMinor: 50,
      durationSeconds: 60,
      currency: 'EUR',
      status: 'completed',
    }),
  );

  await repo.create({ id: 'one', name: 'One', level: 1 }, '/A/');
  const key = repo.key('one');
  const table = config.tableName('main');
  const raw = () => dynamoDocument().send(new GetCommand({ TableName: table, Key: key }));
  const electro = () => repo.getAny('one');
  const viaParams = () => send.get({ Key: repo.key('one') });
  const times: Record<string, number[]> = { raw: [], electro: [], viaParams: [] };
  for (let i = 0; i < 200; i++) await Promise.all([raw(), electro()]);
  for (let i = 0; i < rounds; i++)
    for (const [name, call] of [
      ['raw', raw],
      ['electro', electro],
      ['viaParams', viaParams],
    ] as const) {
      const start = performance.now();
      await call();
      times[name]!.push(performance.now() - start);
    }
  console.log(`\n| get of one item (${rounds} rounds, alternated) | p50 | p95 | mean |`);
  console.log('| --- | --- | --- | --- |');
  for (const [name, label] of [
    ['raw', 'hand-written GetCommand'],
    ['viaParams', 'ElectroDB params, sent'],
    ['electro', 'Repository.getAny (ElectroDB params, sent, stripped)'],
  ] as const) {
    const sorted = [...times[name]!].sort((a, b) => a - b);
    const mean = sorted.reduce((s, t) => s + t, 0) / sorted.length;
    console.log(
      `| ${label} | ${percentile(sorted, 50).toFixed(2)} ms | ${percentile(sorted, 95).toFixed(2)} ms | ${mean.toFixed(2)} ms |`,
    );
  }
} finally {
  await rt.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
