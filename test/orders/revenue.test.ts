/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Revenue statistics, transaction insight and their exports against the real runtime: real
 * priced orders from OCPP sessions and, for volume, rollup items written exactly as settlement writes them
 * (functions/orders/rollups.ts `rollupUpdates`). The statistics by day, station and company equal the sums
 * of the orders' figures; ranges over 60 days or reversed are refused; another company sees none of the
 * figures, whatever it sends; growth rates and utilization follow docs/product.md section 9; the export task
 * goes pending → done with an xlsx whose rows are the statistics, and the nightly finance export has a row
 * per company.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as financeSchedule } from '@functions/export/finance-schedule.ts';
import { getExportTask } from '@functions/api/export-tasks.ts';
import { dynamoDocument, s3Client } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { readSheet } from '@functions/lib/excel.ts';
import { rollupUpdates } from '@functions/orders/rollups.ts';
import { DEMO_AGENT_ID, DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { formatMinor, parseMinor } from '@shared/pricing/money.ts';
import { addDays, fullPowerMs, kwhText } from '@shared/pricing/metrics.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let admin: string;
let other: string;
let otherId: string;
const open: OcppClient[] = [];
const station = {} as { berlin: string; munich: string };

const db = () => dynamoDocument();

async function ok(token: string, path: string, body?: unknown) {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data as any;
}

type Figures = {
  orders: number;
  energyWh: number;
  durationSeconds: number;
  elecMinor: number;
  occupancyMinor: number;
  payMinor: number;
  discountMinor: number;
  couponMinor: number;
  tariffMinor: number;
  profitMinor: number;
  revenueMinor: number;
  fullPowerMs: number;
};
const zero = (): Figures => ({
  orders: 0,
  energyWh: 0,
  durationSeconds: 0,
  elecMinor: 0,
  occupancyMinor: 0,
  payMinor: 0,
  discountMinor: 0,
  couponMinor: 0,
  tariffMinor: 0,
  profitMinor: 0,
  revenueMinor: 0,
  fullPowerMs: 0,
});
const add = (a: Figures, b: Figures) =>
  Object.fromEntries(
    Object.keys(a).map((k) => [k, a[k as keyof Figures] + b[k as keyof Figures]]),
  ) as Figures;

/** One order's figures, as settlement adds them to its company's day and its station's day. */
async function seed(agentId: string, stationId: string, currency: string, day: string, f: Figures) {
  await db().send(
    new TransactWriteCommand({
      TransactItems: rollupUpdates({
        agentId,
        tenant: `/${agentId}/`,
        stationId,
        chargePointId: `${stationId}-CP`,
        currency,
        day,
        hour: `${day}T12`,
        figures: f,
      }),
    }),
  );
}

/** The figures of the n-th synthetic order (deterministic, varied). */
const synthetic = (n: number): Figures => ({
  orders: 1,
  energyWh: 1000 + n * 137,
  durationSeconds: 600 + n * 11,
  elecMinor: 200 + n * 7,
  occupancyMinor: n % 3 === 0 ? 50 : 0,
  payMinor: 230 + n * 7,
  discountMinor: n % 2 ? 10 : 0,
  couponMinor: n % 5 === 0 ? 5 : 0,
  tariffMinor: 12 + (n % 4),
  profitMinor: 3,
  revenueMinor: 218 + n * 7 - (n % 4),
  fullPowerMs: 0,
});
/** Munich's DC pile, rated 150 kW by the insight test (the demo piles are 22 kW). */
const DC_PILE = 'DEMO-CP-005';
const DC_W = 150_000;

/** The expected row figures (the answer's shape) of summed figures. */
const expected = (f: Figures, currency: string) => ({
  currency,
  orders: f.orders,
  energyKwh: kwhText(f.energyWh),
  durationSeconds: f.durationSeconds,
  pay: formatMinor(BigInt(f.payMinor), currency),
  revenue: formatMinor(BigInt(f.revenueMinor), currency),
  discount: formatMinor(BigInt(f.discountMinor), currency),
  profit: formatMinor(BigInt(f.profitMinor), currency),
  coupon: formatMinor(BigInt(f.couponMinor), currency),
  tariff: formatMinor(BigInt(f.tariffMinor), currency),
  elecFee: formatMinor(BigInt(f.elecMinor), currency),
  occupancyFee: formatMinor(BigInt(f.occupancyMinor), currency),
});

// September 2026: synthetic orders of the demo company (USD) at two stations, and of a second company (EUR).
const SEPT = Array.from({ length: 30 }, (_, i) => `2026-09-${String(i + 1).padStart(2, '0')}`);
const truth = { byDay: new Map<string, Figures>(), byStation: new Map<string, Figures>(), all: zero() };

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  admin = await login(rt.url, 'admin', 'Admin12345');
  const stations = (await ok(operator, '/biz/station/list', { current: 1, size: 50 })).records;
  station.berlin = stations.find((s: any) => s.name === 'Demo Berlin Central').id;
  station.munich = stations.find((s: any) => s.name === 'Demo Munich Garage').id;

  // A second, Basic company (no Pro file export) with its own user.
  otherId = (
    await ok(admin, '/admin/operator/add', {
      operatorName: 'Elsewhere Charging',
      currency: 'EUR',
      contactMail: 'ops@elsewhere.example',
      subStatus: 1,
    })
  ).id;
  await ok(admin, '/admin/user/add', {
    username: 'elsewhere',
    password: await encrypt(rt.url, 'Else12345'),
    role: ['role-operator-admin'],
    agentId: otherId,
  });
  other = await login(rt.url, 'elsewhere', 'Else12345');

  // Volume: 3 orders a day for 30 days at the demo company, 1 a day elsewhere (at a station id of its own).
  let n = 0;
  for (const day of SEPT) {
    for (const stationId of [station.berlin, station.berlin, station.munich]) {
      const f = synthetic(n++);
      // As settlement keeps it: Berlin's orders on 22 kW guns, Munich's on its DC pile.
      f.fullPowerMs = fullPowerMs(f.energyWh, stationId === station.munich ? DC_W : 22_000);
      await seed(DEMO_AGENT_ID, stationId, 'USD', day, f);
      truth.byDay.set(day, add(truth.byDay.get(day) ?? zero(), f));
      truth.byStation.set(stationId, add(truth.byStation.get(stationId) ?? zero(), f));
      truth.all = add(truth.all, f);
    }
    await seed(otherId, 'elsewhere-station', 'EUR', day, synthetic(1000 + n));
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await rt?.cleanup();
});

const stat = (token: string, body: Record<string, unknown>) => ok(token, '/biz/revenue/stat', body);

describe('revenue statistics', () => {
  it('by day: a row per day of the range with the sums of that day, and totals', async () => {
    const answer = await stat(operator, { startDay: '2026-09-01', endDay: '2026-09-30', groupBy: 'day' });
    expect(answer.rows).toHaveLength(30);
    for (const row of answer.rows) expect(row).toMatchObject(expected(truth.byDay.get(row.day)!, 'USD'));
    expect(answer.totals).toEqual([expected(truth.all, 'USD')]);
    // Days without orders are rows of zeros, so the chart has every day.
    const late = await stat(operator, { startDay: '2026-09-29', endDay: '2026-10-02', groupBy: 'day' });
    expect(late.rows.map((r: any) => [r.day, r.orders])).toEqual([
      ['2026-09-29', 3],
      ['2026-09-30', 3],
      ['2026-10-01', 0],
      ['2026-10-02', 0],
    ]);
  });

  it('by station and by company, and narrowed to one station', async () => {
    const byStation = await stat(operator, {
      startDay: '2026-09-01',
      endDay: '2026-09-30',
      groupBy: 'station',
    });
    expect(byStation.rows.map((r: any) => r.stationName)).toEqual([
      'Demo Berlin Central',
      'Demo Munich Garage',
    ]);
    for (const row of byStation.rows)
      expect(row).toMatchObject(expected(truth.byStation.get(row.stationId)!, 'USD'));

    const byCompany = await stat(operator, {
      startDay: '2026-09-01',
      endDay: '2026-09-30',
      groupBy: 'operator',
    });
    expect(byCompany.rows).toHaveLength(1);
    expect(byCompany.rows[0]).toMatchObject({ agentId: DEMO_AGENT_ID, ...expected(truth.all, 'USD') });

    const munich = await stat(operator, {
      startDay: '2026-09-01',
      endDay: '2026-09-30',
      groupBy: 'day',
      stationId: station.munich,
    });
    expect(munich.totals).toEqual([expected(truth.byStation.get(station.munich)!, 'USD')]);
  });

  it('refuses more than 60 days, a reversed range and a bad date', async () => {
    const long = await api(rt.url, operator, '/biz/revenue/stat', {
      startDay: '2026-07-01',
      endDay: '2026-08-30', // 61 days
      groupBy: 'day',
    });
    expect(long.status).toBe(400);
    expect(long.msg).toBe('Revenue statistics cover at most 60 days');
    const sixty = await stat(operator, { startDay: '2026-08-02', endDay: '2026-09-30', groupBy: 'day' });
    expect(sixty.rows).toHaveLength(60);
    const reversed = await api(rt.url, operator, '/biz/revenue/stat', {
      startDay: '2026-09-02',
      endDay: '2026-09-01',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.msg).toBe('The end day is before the start day');
    const bad = await api(rt.url, operator, '/biz/revenue/stat', {
      startDay: '2026-02-30',
      endDay: '2026-03-01',
    });
    expect(bad.status).toBe(400);
  });

  it("never shows another company's figures, whatever it sends", async () => {
    const range = { startDay: '2026-09-01', endDay: '2026-09-30' };
    for (const body of [
      { ...range, groupBy: 'day' },
      { ...range, groupBy: 'station' },
      { ...range, groupBy: 'operator' },
    ]) {
      const answer = await stat(other, body);
      expect(JSON.stringify(answer), JSON.stringify(body)).not.toContain(DEMO_AGENT_ID);
      expect(JSON.stringify(answer)).not.toContain('USD');
      for (const row of answer.rows) expect(row.agentId ?? otherId).toBe(otherId);
    }
    // A company or station of another company named does not exist (decision 435).
    for (const body of [
      { ...range, groupBy: 'day', agentId: DEMO_AGENT_ID },
      { ...range, groupBy: 'station', stationId: station.berlin },
      { ...range, groupBy: 'operator', agentId: DEMO_AGENT_ID, stationId: station.munich },
    ]) {
      const answer = await api(rt.url, other, '/biz/revenue/stat', body);
      expect(answer.msg, JSON.stringify(body)).toBe('The record does not exist or you cannot access it');
      expect(answer.data).toBeNull();
    }
    // The demo company does not see the other's either.
    const mine = await api(rt.url, operator, '/biz/revenue/stat', {
      ...range,
      groupBy: 'operator',
      agentId: otherId,
    });
    expect(mine.msg).toBe('The record does not exist or you cannot access it');
    expect(JSON.stringify(await stat(operator, { ...range, groupBy: 'station' }))).not.toContain('EUR');
    const insight = await ok(other, '/biz/transactionInsight/stat', { days: 30, endDay: '2026-09-30' });
    expect(JSON.stringify(insight)).not.toContain(station.berlin);
    expect(insight.chain.revenue.map((r: any) => r.currency)).toEqual(['EUR']);

    // The platform sees both companies, a total per currency.
    const all = await stat(admin, { ...range, groupBy: 'operator' });
    expect(all.rows.map((r: any) => r.agentId)).toEqual(expect.arrayContaining([DEMO_AGENT_ID, otherId]));
    expect(all.totals.map((t: any) => t.currency)).toEqual(['EUR', 'USD']);
    expect(all.totals.find((t: any) => t.currency === 'USD')).toEqual(expected(truth.all, 'USD'));
  });
});

describe('statistics of real orders', () => {
  it('equal the sums of the orders that settled sessions produced', async () => {
    const flat = (
      await ok(operator, '/biz/chargingFee/add', {
        name: 'Revenue flat',
        feeType: 1,
        unitPrice: '0.35',
        timeSharing: 0,
        periods: [],
      })
    ).id;
    const cp = await ok(operator, '/biz/chargePoint/info?id=DEMO-CP-001');
    const {
      passwordHashSet: _p,
      createTime: _c,
      updateTime: _u,
      id: _i,
      stationName: _s,
      agentId: _a,
      ...fields
    } = cp;
    await ok(operator, '/biz/chargePoint/update', {
      ...fields,
      id: 'DEMO-CP-001',
      version: cp.version,
      feeRuleId: flat,
    });

    const charger = await connectCharger(rt.url, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
    open.push(charger);
    const sessions = [
      ['2026-10-20T08:00:00.000Z', '2026-10-20T09:00:00.000Z', 0, 12_345],
      ['2026-10-20T10:00:00.000Z', '2026-10-20T10:40:00.000Z', 20_000, 27_500],
    ] as const;
    for (const [start, stop, meterStart, meterStop] of sessions) {
      const started = (await charger.call('StartTransaction', {
        connectorId: 1,
        idTag: 'SIM-TAG-001',
        meterStart,
        timestamp: start,
      })) as unknown[];
      const tx = (started[2] as any).transactionId;
      await charger.call('StopTransaction', { transactionId: tx, meterStop, timestamp: stop });
    }
    const orders = await waitFor(async () => {
      const { Items = [] } = await db().send(
        new QueryCommand({
          TableName: config.tableName('main'),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :o AND begins_with(gsi1sk, :t)',
          ExpressionAttributeValues: { ':o': 'ORDER', ':t': `/${DEMO_AGENT_ID}/` },
        }),
      );
      const found = Items.filter((o) => o.chargePointId === 'DEMO-CP-001' && o.actualFee !== undefined);
      return found.length === 2 ? found : undefined;
    });
    const m = (o: any, f: string) => parseMinor(String(o[f] ?? '0'), 'USD');
    const sum = (f: string) => orders.reduce((a, o) => a + m(o, f), 0n);
    const answer = await stat(operator, { startDay: '2026-10-20', endDay: '2026-10-20', groupBy: 'station' });
    expect(answer.rows).toHaveLength(1);
    expect(answer.rows[0]).toMatchObject({
      stationId: station.berlin,
      orders: 2,
      energyKwh: kwhText(orders.reduce((a, o) => a + Number(o.energyWh ?? 0), 0)),
      durationSeconds: orders.reduce((a, o) => a + Number(o.totalTime ?? 0), 0),
      pay: formatMinor(sum('actualFee'), 'USD'),
      revenue: formatMinor(sum('agentFee'), 'USD'),
      tariff: formatMinor(sum('tariffFee'), 'USD'),
      discount: formatMinor(sum('discountFee'), 'USD'),
      elecFee: formatMinor(sum('elecFee'), 'USD'),
    });
    // 12.345 + 7.5 kWh at 0.35.
    expect(answer.rows[0].energyKwh).toBe('19.845');
    expect(answer.rows[0].elecFee).toBe(formatMinor(sum('elecFee'), 'USD'));

    // Settlement kept each order's energy at its 22 kW gun's rating (0.561… h + 0.340… h) for utilization:
    // of 24 h, 3.76 % (docs/product.md section 9 as it reads, decision 181); per connector, of Berlin's 6 guns
    // × 24 h, 0.63 %; the peak variant divides 19.845 kWh by 132 kW × 24 h, 0.63 % too (one rating
    // everywhere), all computed in the answer.
    const day = await ok(operator, '/biz/transactionInsight/stat', {
      days: 1,
      endDay: '2026-10-20',
      stationId: station.berlin,
    });
    const ms = fullPowerMs(12_345, 22_000) + fullPowerMs(7_500, 22_000);
    expect(ms).toBe(3_247_364);
    expect(day.stations[0]).toMatchObject({ stationId: station.berlin, connectors: 6, ratedPowerKw: 132 });
    expect(day.stations[0].utilization).toBe(Math.round((ms / (24 * 3_600_000)) * 10_000) / 100);
    expect(day.stations[0].utilization).toBe(3.76);
    expect(day.stations[0].utilizationPerConnector).toBe(
      Math.round((ms / (6 * 24 * 3_600_000)) * 10_000) / 100,
    );
    expect(day.stations[0].utilizationPerConnector).toBe(0.63);
    expect(day.stations[0].peakUtilization).toBe(0.63);
    expect(day.utilization).toBe(3.76);
    expect(day.utilizationPerConnector).toBe(0.63);
  });
});

describe('transaction insight', () => {
  it('has chain and year-on-year growth, a daily series and utilization per station', async () => {
    const end = '2026-09-30';
    let answer = await ok(operator, '/biz/transactionInsight/stat', { days: 7, endDay: end });
    expect(answer.current).toEqual({ startDay: '2026-09-24', endDay: end });
    expect(answer.previous).toEqual({ startDay: '2026-09-17', endDay: '2026-09-23' });
    const window = (from: string, to: string) =>
      SEPT.filter((d) => d >= from && d <= to).reduce((a, d) => add(a, truth.byDay.get(d)!), zero());
    const cur = window('2026-09-24', end);
    const prev = window('2026-09-17', '2026-09-23');
    const rate = (c: number, p: number) => Math.round(((c - p) / p) * 10_000) / 100;
    expect(answer.chain.orders).toEqual({ current: 21, previous: 21, growth: 0 });
    expect(answer.chain.energyKwh).toEqual({
      current: kwhText(cur.energyWh),
      previous: kwhText(prev.energyWh),
      growth: rate(cur.energyWh, prev.energyWh),
    });
    expect(answer.chain.revenue).toEqual([
      {
        currency: 'USD',
        current: formatMinor(BigInt(cur.revenueMinor), 'USD'),
        previous: formatMinor(BigInt(prev.revenueMinor), 'USD'),
        growth: rate(cur.revenueMinor, prev.revenueMinor),
      },
    ]);
    // A year earlier there was nothing: 100 % by docs/product.md section 9.
    expect(answer.yearOnYear.previous).toEqual({
      startDay: addDays('2026-09-24', -364),
      endDay: addDays(end, -364),
    });
    expect(answer.yearOnYear.orders).toEqual({ current: 21, previous: 0, growth: 100 });
    expect(answer.series.map((p: any) => p.day)).toEqual(SEPT.slice(23));

    // Rated power: the demo piles' maximum per connector (3 × 2 AC guns at 22 kW; at Munich 2 at 22 kW and
    // the DC pile's one, rated 150 kW here).
    const dc = await ok(operator, `/biz/chargePoint/info?id=${DC_PILE}`);
    const {
      passwordHashSet: _p,
      createTime: _c,
      updateTime: _u,
      id: _i,
      stationName: _s,
      agentId: _a,
      ...dcFields
    } = dc;
    await ok(operator, '/biz/chargePoint/update', {
      ...dcFields,
      id: DC_PILE,
      version: dc.version,
      maxPower: DC_W / 1000,
    });
    answer = await ok(operator, '/biz/transactionInsight/stat', { days: 7, endDay: end });
    const hours = 7 * 24;
    const pct = (a: number, b: number) => Math.round((a / b) * 10_000) / 100;
    const berlin = answer.stations.find((s: any) => s.stationId === station.berlin);
    const munich = answer.stations.find((s: any) => s.stationId === station.munich);
    expect(berlin).toMatchObject({ ratedPowerKw: 132, connectors: 6 });
    expect(munich).toMatchObject({ ratedPowerKw: 194, connectors: 3 });
    expect(answer).toMatchObject({ ratedPowerKw: 326, connectors: 9 });
    const windowOf = (pick: (i: number) => boolean) =>
      SEPT.slice(23).reduce((a, d, i) => {
        const n = (23 + i) * 3;
        return [n, n + 1, n + 2]
          .filter((k) => pick(k - n))
          .reduce((b, k) => {
            const f = synthetic(k);
            return add(b, { ...f, fullPowerMs: fullPowerMs(f.energyWh, k - n === 2 ? DC_W : 22_000) });
          }, a);
      }, zero());
    const berlinF = windowOf((k) => k < 2);
    const munichF = windowOf((k) => k === 2);
    const [berlinMs, munichMs] = [berlinF.fullPowerMs, munichF.fullPowerMs];
    expect(berlin.energyKwh).toBe(kwhText(berlinF.energyWh));
    // Utilization of docs/product.md section 9 as it reads: Σ energy / the order's connector's rating, over
    // the hours (decision 181); per connector, over (connectors × hours).
    expect(berlin.utilization).toBe(pct(berlinMs, hours * 3_600_000));
    expect(munich.utilization).toBe(pct(munichMs, hours * 3_600_000));
    expect(answer.utilization).toBe(pct(berlinMs + munichMs, hours * 3_600_000));
    expect(berlin.utilizationPerConnector).toBe(pct(berlinMs, 6 * hours * 3_600_000));
    expect(munich.utilizationPerConnector).toBe(pct(munichMs, 3 * hours * 3_600_000));
    expect(answer.utilizationPerConnector).toBe(pct(berlinMs + munichMs, 9 * hours * 3_600_000));
    // Beside it, the peak variant: energy / (the rated peak × hours). At Munich, with its orders on the
    // 150 kW gun, the two differ.
    expect(berlin.peakUtilization).toBe(pct(berlinF.energyWh, 132_000 * hours));
    expect(munich.peakUtilization).toBe(pct(munichF.energyWh, 194_000 * hours));
    expect(munich.peakUtilization).not.toBe(munich.utilization);
    expect(answer.peakUtilization).toBe(pct(cur.energyWh, 326_000 * hours));
    for (const p of answer.series) {
      const f = truth.byDay.get(p.day)!;
      expect(p.peakUtilization).toBe(pct(f.energyWh, 326_000 * 24));
      expect(p.utilization).toBe(pct(f.fullPowerMs, 24 * 3_600_000));
      expect(p.utilizationPerConnector).toBe(pct(f.fullPowerMs, 9 * 24 * 3_600_000));
    }

    // A window docs/product.md does not name is refused; the 24-hour view is the last day against the one
    // before.
    expect((await api(rt.url, operator, '/biz/transactionInsight/stat', { days: 10 })).status).toBe(400);
    const day = await ok(operator, '/biz/transactionInsight/stat', { days: 1, endDay: end });
    expect(day.series).toHaveLength(1);
    expect(day.chain.orders).toEqual({ current: 3, previous: 3, growth: 0 });
  });
});

describe('exports', () => {
  const waitDone = (taskId: string) =>
    waitFor(
      async () => {
        const t = await getExportTask(taskId);
        return t?.status === 'done' || t?.status === 'failed' ? t : undefined;
      },
      30_000,
      'export',
    );
  const sheetOf = async (key: string) => {
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: config.bucketName('exports'), Key: key }),
    );
    return readSheet(Buffer.from(await object.Body!.transformToByteArray()));
  };

  it('queues the statistics as a task that ends done with an xlsx of the same rows', async () => {
    const body = { startDay: '2026-09-01', endDay: '2026-09-30', groupBy: 'station' };
    const { taskId } = await ok(operator, '/biz/revenue/export', body);
    const listed = await ok(operator, '/biz/fileExport/list', { current: 1, size: 50 });
    expect(listed.records.find((t: any) => t.taskId === taskId || t.id === taskId)).toBeTruthy();
    const task = await waitDone(taskId);
    expect(task.status, task.reason).toBe('done');
    const rows = await sheetOf(task.path!);
    const answer = await stat(operator, body);
    expect(rows.map((r) => r.values)).toEqual(
      answer.rows.map((r: any) => ({
        stationId: r.stationId,
        stationName: r.stationName,
        agentId: r.agentId,
        currency: r.currency,
        orders: r.orders,
        energyKwh: Number(r.energyKwh),
        durationSeconds: r.durationSeconds,
        pay: Number(r.pay),
        revenue: Number(r.revenue),
        discount: Number(r.discount),
        profit: Number(r.profit),
        coupon: Number(r.coupon),
        tariff: Number(r.tariff),
        elecFee: Number(r.elecFee),
        occupancyFee: Number(r.occupancyFee),
      })),
    );
    const done = await ok(operator, '/biz/fileExport/list', { current: 1, size: 50 });
    const listedTask = done.records.find((t: any) => (t.taskId ?? t.id) === taskId);
    expect(listedTask.status).toBe('done');
    const download = await fetch(`${rt.url}/biz/fileExport/download?id=${listedTask.id ?? taskId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(download.status).toBe(200);
    expect((await readSheet(Buffer.from(await download.arrayBuffer()))).length).toBe(rows.length);
  });

  it('refuses a company without the Pro file export, and a range over 60 days', async () => {
    const basic = await api(rt.url, other, '/biz/revenue/export', {
      startDay: '2026-09-01',
      endDay: '2026-09-30',
    });
    expect(basic.status).toBe(403);
    const long = await api(rt.url, operator, '/biz/revenue/export', {
      startDay: '2026-01-01',
      endDay: '2026-09-30',
    });
    expect(long.status).toBe(400);
  });

  it("writes the previous day's figures of every company in the finance export", async () => {
    const { taskId, queued } = await financeSchedule({ time: '2026-09-16T01:00:00Z' });
    expect(queued).toBe(true);
    expect(taskId).toBe('finance-daily-2026-09-15');
    const task = await waitDone(taskId);
    expect(task.status, task.reason).toBe('done');
    const rows = (await sheetOf(task.path!)).map((r) => r.values);
    const companies = (await ok(admin, '/admin/operator/list', { current: 1, size: 100 })).records;
    expect(rows.map((r) => r.agentId).sort()).toEqual(companies.map((c: any) => c.id).sort());
    const demo = rows.find((r) => r.agentId === DEMO_AGENT_ID)!;
    const day = truth.byDay.get('2026-09-15')!;
    expect(demo).toMatchObject({
      currency: 'USD',
      orders: 3,
      energyKwh: Number(kwhText(day.energyWh)),
      pay: Number(formatMinor(BigInt(day.payMinor), 'USD')),
      revenue: Number(formatMinor(BigInt(day.revenueMinor), 'USD')),
    });
    expect(rows.find((r) => r.agentId === otherId)).toMatchObject({ currency: 'EUR', orders: 1 });
    // Queued once per day.
    expect((await financeSchedule({ time: '2026-09-16T05:00:00Z' })).queued).toBe(false);
  });
});
