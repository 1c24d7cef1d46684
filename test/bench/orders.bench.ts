/**
 * Benchmark (printed, not asserted; docs/measurements.md): the set, 1,000,000 charging orders over 2 years for
 * 20 operators (69 orders per operator and day), each operator with 4 stations of 5 charge points, and their
 * revenue rollups, measured through the local runtime's HTTP API. Prints p50/p95 of an order list page
 * (default 30-day window, and filtered by station, charge point, id tag, pay flag, and a 1-year window) as a
 * company and as the platform administrator, of an order detail with its meter curve, and of 60-day revenue
 * statistics (by day, station and operator).
 *
 * The orders are loaded in two passes: first every ninth order (111,000), when the revenue statistics are
 * measured once; then the rest, and the statistics again. The rollups have as many items in both passes
 * (a company's day and its stations' days), so the two figures show whether the statistics' time follows
 * the number of orders.
 *   DYNAMODB_IN_MEMORY=1 npm run bench:orders [operators] [days] [perDay] [rounds] [writers]
 *   (defaults 20, 730, 69, 200, 6)
 * Rollups are written as settlement leaves them (the sums of the orders of each day), directly rather than
 * one transaction per order, which would take hours on DynamoDB Local.
 */
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { orderKeys } from '@functions/data/orders.ts';
import { revenueDayKey, revenueStationDayKey } from '@functions/data/revenue-rollups.ts';
import { REVENUE_FIELDS, type RevenueField } from '@shared/pricing/metrics.ts';
import { samplesKey } from '@functions/sessions/transactions.ts';
import { startRuntime } from '@infra/local/runtime.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { measure as timed } from './measure.ts';

const operators = Number(process.argv[2] ?? 20);
const days = Number(process.argv[3] ?? 730);
const perDay = Number(process.argv[4] ?? 69);
const rounds = Number(process.argv[5] ?? 200);
const writers = Number(process.argv[6] ?? 6);
// Coprime with the station, pile and id tag cycles of `order`: every pass has orders of every station and day.
const PASSES = 9;
const DAY = 86_400_000;

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

const measure = (label: string, call: () => Promise<unknown>) => timed(label, call, { rounds, warmup: 10 });

/** Writes items 25 at a time, `writers` batches in flight. */
async function batchWrite(items: Record<string, unknown>[]) {
  const db = dynamoDocument();
  const table = config.tableName('main');
  let next = 0;
  const writer = async () => {
    while (next < items.length) {
      const i = next;
      next += 25;
      let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
        [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
      };
      while (request && Object.keys(request).length) {
        const answer = await db.send(new BatchWriteCommand({ RequestItems: request }));
        request = answer.UnprocessedItems as typeof request;
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, writer));
}

/** Revenue rollups as settlement keeps them: per company and day, and per station and day. */
const rollups = new Map<string, Record<string, unknown>>();

function addToRollups(o: ReturnType<typeof order>) {
  const day = o.endTime.slice(0, 10);
  const minor = Math.round(Number(o.actualFee) * 100);
  const paid = o.payFlag === 1 ? minor : 0;
  const days = [
    { key: revenueDayKey(o.agentId, day) },
    { key: revenueStationDayKey(o.agentId, day, o.stationId), stationId: o.stationId },
  ];
  for (const {
    key: { pk, sk },
    stationId,
  } of days) {
    const key = `${pk}|${sk}`;
    const r =
      rollups.get(key) ??
      rollups
        .set(key, {
          pk,
          sk,
          tenant: o.tenant,
          currency: o.currency,
          day,
          ...(stationId ? { stationId } : {}),
          ...Object.fromEntries(REVENUE_FIELDS.map((f) => [f, 0])),
        })
        .get(key)!;
    const add = (field: RevenueField, n: number) => ((r[field] as number) += n);
    add('orders', 1);
    add('energyWh', o.energyWh);
    add('durationSeconds', o.totalTime);
    add('elecMinor', minor);
    add('payMinor', paid);
    add('revenueMinor', paid);
  }
}

function order(tenant: string, agentId: string, company: number, n: number, now: number) {
  const station = n % 4;
  const pile = n % 20;
  const startTime = new Date(now - Math.floor((n / perDay) * DAY) - (n % 97) * 60_000).toISOString();
  const chargePointId = `B${company}-CP-${pile}`;
  const transactionId = String(n);
  const orderNo = `${startTime.slice(0, 10).replace(/-/g, '')}-${chargePointId}-${transactionId}`;
  const stationId = `b${company}-st-${station}`;
  const energyWh = 5000 + (n % 40) * 500;
  const idTag = `TAG-${n % 500}`;
  return {
    ...orderKeys({ orderNo, tenant, startTime, stationId, idTag }),
    id: orderNo,
    orderNo,
    tenant,
    agentId,
    stationId,
    chargePointId,
    connectorNo: 1 + (n % 2),
    transactionId,
    protocol: 'ocpp1.6',
    idTag,
    orderType: 1,
    startMode: 2,
    startTime,
    endTime: new Date(Date.parse(startTime) + 3_600_000).toISOString(),
    totalTime: 3600,
    meterStart: 0,
    meterEnd: energyWh,
    totalElectricity: energyWh / 1000,
    energyWh,
    finishFlag: 1,
    payFlag: n % 10 ? 1 : 0,
    currency: 'EUR',
    actualFee: ((energyWh / 1000) * 0.35).toFixed(2),
    priceDetail: {
      lines: [
        {
          kind: 'energy',
          quantity: (energyWh / 1000).toFixed(3),
          unit: 'kWh',
          price: '0.35',
          amount: ((energyWh / 1000) * 0.35).toFixed(2),
        },
      ],
    },
    version: 1,
    createTime: startTime,
  };
}

try {
  let admin = await login(rt.url, 'admin', 'Admin12345');
  const companies: { id: string; path: string }[] = [];
  for (let c = 0; c < operators; c++) {
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
  let company = await login(rt.url, 'bench-admin', 'Bench12345');
  // Loading takes longer than a session lasts: sign in again before each measurement.
  const signIn = async () => {
    admin = await login(rt.url, 'admin', 'Admin12345');
    company = await login(rt.url, 'bench-admin', 'Bench12345');
  };

  const now = Date.now();
  const perCompany = days * perDay;
  /** Loads the orders n ≡ pass (mod PASSES) of every company, and the rollups of everything loaded so far. */
  const load = async (passes: number[]) => {
    const loadStart = performance.now();
    let count = 0;
    for (const [c, { id, path: tenant }] of companies.entries())
      for (const pass of passes)
        for (let i = pass; i < perCompany; i += PASSES * 5000) {
          const items = [];
          for (let n = i; n < Math.min(perCompany, i + PASSES * 5000); n += PASSES) {
            const o = order(tenant, id, c, n, now);
            addToRollups(o);
            items.push(o);
          }
          await batchWrite(items);
          count += items.length;
        }
    await batchWrite([...rollups.values()]);
    const seconds = (performance.now() - loadStart) / 1000;
    console.log(
      `Loaded ${count} orders (${operators} operators, ${days} days) and ${rollups.size} rollup items in ${seconds.toFixed(1)} s (${Math.round(count / seconds)} orders/s)`,
    );
    return count;
  };
  const statDays = (n: number) => new Date(now - n * DAY).toISOString().slice(0, 10);
  const revenueStat = (token: string, groupBy: string) => async () => {
    const res = await api(rt.url, token, '/biz/revenue/stat', {
      startDay: statDays(59),
      endDay: statDays(0),
      groupBy,
    });
    if (res.code !== 0 || !res.data.rows.length) throw new Error(`stat failed: ${res.status} ${res.msg}`);
  };
  const measureStats = async (orders: number) => {
    await signIn();
    console.log(`\nRevenue statistics over 60 days with ${orders} orders loaded`);
    console.log(`| call (${rounds} rounds) | p50 | p95 | max |`);
    console.log('| --- | --- | --- | --- |');
    await measure('company: by day', revenueStat(company, 'day'));
    await measure('company: by station', revenueStat(company, 'station'));
    await measure(`platform (${operators} companies): by operator`, revenueStat(admin, 'operator'));
    await measure(`platform (${operators} companies): by day`, revenueStat(admin, 'day'));
    console.log('');
  };
  const firstPass = await load([0]);
  await measureStats(firstPass);
  const total = firstPass + (await load(Array.from({ length: PASSES - 1 }, (_, k) => k + 1)));
  await measureStats(total);
  // The charge point records (a pile filter reads its station's range): pile p is on station p % 4.
  await batchWrite(
    companies.flatMap(({ path: tenant }, c) =>
      Array.from({ length: 20 }, (_, p) => ({
        pk: `CHARGEPOINT#B${c}-CP-${p}`,
        sk: 'CHARGEPOINT',
        id: `B${c}-CP-${p}`,
        name: `Pile ${p}`,
        tenant,
        stationId: `b${c}-st-${p % 4}`,
      })),
    ),
  );
  const sample = order(companies[0]!.path, companies[0]!.id, 0, 7, now);
  // A meter curve for the sampled order: a sample a minute for an hour.
  await Promise.all(
    Array.from({ length: 60 }, (_, m) =>
      dynamoDocument().send(
        new PutCommand({
          TableName: config.tableName('meterValues'),
          Item: {
            transactionKey: samplesKey(sample.chargePointId, sample.transactionId),
            at: new Date(Date.parse(sample.startTime) + m * 60_000).toISOString(),
            values: [
              { value: m * 200, measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
              { value: 11000, measurand: 'Power.Active.Import', unit: 'W' },
            ],
          },
        }),
      ),
    ),
  );
  console.log(`Order list and detail with ${total} orders loaded`);
  await signIn();

  const list =
    (token: string, body: object, expectRows = true) =>
    async () => {
      const res = await api(rt.url, token, '/biz/chargeOrder/list', { current: 1, size: 10, ...body });
      if (res.code !== 0 || (expectRows && !res.data.records.length))
        throw new Error(`list failed: ${res.status} ${res.msg}`);
    };
  const year = { startTimeFrom: new Date(now - 365 * DAY).toISOString() };
  console.log(`| call (${rounds} rounds) | p50 | p95 | max |`);
  console.log('| --- | --- | --- | --- |');
  await measure('company: last 30 days, page 1', list(company, {}));
  await measure('company: last 30 days, page 10', list(company, { current: 10 }));
  await measure('company: station, last 30 days', list(company, { stationId: sample.stationId }));
  await measure(
    'company: charge point, 1 year',
    list(company, { chargePointId: sample.chargePointId, ...year }),
  );
  await measure('company: id tag, last 30 days', list(company, { idTag: sample.idTag }, false));
  await measure('company: unpaid, 1 year', list(company, { payFlag: 0, ...year }));
  await measure(`platform (${operators} companies): last 30 days`, list(admin, {}));
  await measure('company: order detail with a 60-sample curve', async () => {
    const res = await api(rt.url, company, `/biz/chargeOrder/detail?id=${sample.orderNo}`);
    if (res.code !== 0 || res.data.curve.length !== 60) throw new Error(`detail failed: ${res.msg}`);
  });
} finally {
  await rt.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
