/**
 * Benchmark (printed, not asserted; issue 7): charging orders for N operators, each with 4 stations of
 * 5 charge points, at the density of the set (1,000,000 orders over 2 years for 20 operators is
 * about 68 orders per operator and day), through the local runtime's HTTP API. Prints p50/p95 of an order
 * list page (default 30-day window, and filtered by station, charge point, id tag, pay flag, and a 1-year
 * window), as a company and as the platform administrator, and of an order detail with its meter curve.
 *   npm run bench:orders [operators] [days] [perDay] [rounds]    (defaults 20, 730, 68, 200)
 * Loading goes through BatchWrite to DynamoDB Local (about 200 orders a second on two cores): the full set
 * takes hours there; the figures of a company depend on the density per day, not on the number of days.
 */
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { orderKeys } from '@functions/orders/keys.ts';
import { samplesKey } from '@functions/ocpp/transactions.ts';
import { startRuntime } from '@infra/local/runtime.ts';
import { api, encrypt, login } from '../helpers/identity.ts';

const operators = Number(process.argv[2] ?? 20);
const days = Number(process.argv[3] ?? 730);
const perDay = Number(process.argv[4] ?? 68);
const rounds = Number(process.argv[5] ?? 200);
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

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, call: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `| ${label} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ${times.at(-1)!.toFixed(1)} ms |`,
  );
}

async function batchWrite(items: Record<string, unknown>[]) {
  const db = dynamoDocument();
  const table = config.tableName('main');
  for (let i = 0; i < items.length; i += 25) {
    let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
      [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    while (request && Object.keys(request).length) {
      const answer = await db.send(new BatchWriteCommand({ RequestItems: request }));
      request = answer.UnprocessedItems as typeof request;
    }
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
    ...orderKeys({ orderNo, tenant, startTime, stationId, chargePointId, idTag }),
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
  const admin = await login(rt.url, 'admin', 'Admin12345');
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
  const company = await login(rt.url, 'bench-admin', 'Bench12345');

  const now = Date.now();
  const perCompany = days * perDay;
  const loadStart = performance.now();
  for (const [c, { id, path: tenant }] of companies.entries())
    for (let i = 0; i < perCompany; i += 5000)
      await batchWrite(
        Array.from({ length: Math.min(5000, perCompany - i) }, (_, k) => order(tenant, id, c, i + k, now)),
      );
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
  console.log(
    `Seeded ${perCompany * operators} orders (${operators} operators, ${days} days, ${perDay} a day each) in ${((performance.now() - loadStart) / 1000).toFixed(1)} s\n`,
  );

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
