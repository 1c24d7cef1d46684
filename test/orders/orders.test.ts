/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * The charging-order calls against the local runtime: orders made by the real session path (a simulated
 * OCPP charger, and sessions recorded through the OCPP services and handed to the order pipeline), listed
 * with every filter, newest first, paged, in the 2-year window (longer and reversed ranges refused), in the
 * caller's scope only (another company gets nothing and "not found"; a parent sees its sub-company's); the
 * detail with the meter curve; the real-time view of sessions in progress; reset and its permission; the
 * export of a filter over at most 1 year to an xlsx in /fileExport.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { readSheet } from '@functions/lib/excel.ts';
import { config } from '@functions/lib/config.ts';
import { chargerContext, type ChargerContext } from '@functions/chargepoints/charger.ts';
import { recordSamples, startSession } from '@functions/sessions/transactions.ts';
import { orderKey } from '@functions/data/orders.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { exportedSheet } from '../helpers/exports.ts';
import { recordSession } from '../helpers/orders.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
let operator: string;
let other: { id: string; token: string };
let sub: { id: string; token: string };
let ops: string;
let berlin: ChargerContext;
let munich: ChargerContext;
const chargers: SimulatedCharger[] = [];

const DAY = 86_400_000;
const ago = (days: number, minutes = 0) => new Date(Date.now() - days * DAY - minutes * 60_000).toISOString();

const ok = async (token: string, route: string, body?: unknown) => {
  const res = await api(rt.url, token, route, body);
  expect(res.code, `${route}: ${res.msg}`).toBe(0);
  return res.data;
};
const list = (token: string, body: Record<string, unknown> = {}) =>
  ok(token, '/biz/chargeOrder/list', { current: 1, size: 50, ...body });
const numbers = (page: any) => page.records.map((r: any) => r.orderNo);

/** A company (Pro unless `subStatus` 1, Basic) with an administrator signed in. */
async function company(name: string, parentId?: string, subStatus = 2) {
  const created = await ok(admin, '/admin/operator/add', {
    operatorName: name,
    currency: 'EUR',
    contactMail: `${name.toLowerCase()}@example.com`,
    parentId,
    subStatus,
  });
  const username = `${name.toLowerCase()}-admin`;
  await ok(admin, '/admin/user/add', {
    username,
    password: await encrypt(rt.url, 'Secret12345'),
    role: ['role-operator-admin'],
    agentId: created.id,
  });
  return { id: created.id as string, token: await login(rt.url, username, 'Secret12345') };
}

const session = recordSession;

const orders: Record<string, string> = {};

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'demo' });
  admin = await login(rt.url, 'admin', 'Admin12345');
  operator = await login(rt.url, 'operator', 'Operator12345');
  other = await company('Volta');
  sub = await company('DemoSub', 'demo-operator');
  await ok(admin, '/admin/user/add', {
    username: 'orders-ops',
    password: await encrypt(rt.url, 'Secret12345'),
    role: ['role-ops-staff'],
    agentId: 'demo-operator',
  });
  ops = await login(rt.url, 'orders-ops', 'Secret12345');
  berlin = (await chargerContext('DEMO-CP-002'))!;
  munich = (await chargerContext('DEMO-CP-004'))!;
  const subPile: ChargerContext = {
    ...berlin,
    chargePointId: 'SUB-CP-1',
    name: 'Sub pile',
    tenant: `/demo-operator/${sub.id}/`,
    agentId: sub.id,
    stationId: 'sub-station',
  };
  orders.a = await session(berlin, {
    tx: 'O-A',
    connectorNo: 1,
    idTag: 'TAG-A',
    start: ago(3),
    minutes: 60,
    wh: 12000,
  });
  orders.b = await session(berlin, {
    tx: 'O-B',
    connectorNo: 2,
    idTag: 'TAG-B',
    start: ago(10),
    minutes: 30,
    wh: 5000,
  });
  orders.c = await session(munich, {
    tx: 'O-C',
    connectorNo: 1,
    idTag: 'TAG-A',
    start: ago(5),
    minutes: 45,
    wh: 9000,
  });
  orders.d = await session(munich, {
    tx: 'O-D',
    connectorNo: 1,
    idTag: 'TAG-D',
    start: ago(60),
    minutes: 20,
    wh: 3000,
  });
  orders.e = await session(berlin, {
    tx: 'O-E',
    connectorNo: 1,
    idTag: 'TAG-E',
    start: ago(1100),
    minutes: 20,
    wh: 3000,
  });
  orders.f = await session(subPile, {
    tx: 'O-F',
    connectorNo: 1,
    idTag: 'TAG-F',
    start: ago(2),
    minutes: 20,
    wh: 2000,
  });
  // Settlement's part, as it writes it: every test order unpaid but order A, which is priced and paid.
  for (const no of [orders.b, orders.c, orders.d, orders.e, orders.f])
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.tableName('main'),
        Key: orderKey(no!),
        UpdateExpression: 'SET payFlag = :unpaid',
        ExpressionAttributeValues: { ':unpaid': 0 },
      }),
    );
  await dynamoDocument().send(
    new UpdateCommand({
      TableName: config.tableName('main'),
      Key: orderKey(orders.a!),
      UpdateExpression:
        'SET payFlag = :paid, currency = :cur, actualFee = :fee, elecFee = :fee, endFlag = :end, priceDetail = :pd',
      ExpressionAttributeValues: {
        ':paid': 1,
        ':cur': 'EUR',
        ':fee': '4.20',
        ':end': 1,
        ':pd': {
          lines: [{ kind: 'energy', quantity: '12.000', unit: 'kWh', price: '0.35', amount: '4.20' }],
        },
      },
    }),
  );
}, 180_000);

afterAll(async () => {
  await Promise.all(chargers.map((c) => c.stop()));
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

describe('charging order list', () => {
  it('lists the last 30 days of the company and its sub-companies, newest first, with names', async () => {
    const page = await list(operator);
    expect(numbers(page)).toEqual([orders.f, orders.a, orders.c, orders.b]);
    expect(page.total).toBe(4);
    const a = page.records[1];
    expect(a).toMatchObject({
      orderNo: orders.a,
      stationId: berlin.stationId,
      stationName: 'Demo Berlin Central',
      chargePointId: 'DEMO-CP-002',
      connectorNo: 1,
      idTag: 'TAG-A',
      energyWh: 12000,
      totalElectricity: 12,
      payFlag: 1,
      actualFee: '4.20',
      currency: 'EUR',
    });
    expect(a.tenant).toBeUndefined();
    expect(a.gsi1pk).toBeUndefined();
  });

  it('filters by station, charge point, id tag, pay flag and order number, each from its index', async () => {
    expect(numbers(await list(operator, { stationId: berlin.stationId }))).toEqual([orders.a, orders.b]);
    expect(numbers(await list(operator, { chargePointId: 'DEMO-CP-004' }))).toEqual([orders.c]);
    // A pile no longer on record is still found (in the company's ranges).
    expect(numbers(await list(operator, { chargePointId: 'SUB-CP-1' }))).toEqual([orders.f]);
    expect(numbers(await list(operator, { idTag: 'TAG-A', payFlag: 0 }))).toEqual([orders.c]);
    expect(
      numbers(await list(operator, { chargePointId: 'DEMO-CP-002', stationId: munich.stationId })),
    ).toEqual([]);
    expect(numbers(await list(operator, { idTag: 'TAG-A' }))).toEqual([orders.a, orders.c]);
    expect(numbers(await list(operator, { payFlag: 1 }))).toEqual([orders.a]);
    expect(numbers(await list(operator, { payFlag: 0, stationId: berlin.stationId }))).toEqual([orders.b]);
    const byNo = await list(operator, { orderNo: orders.e });
    expect(numbers(byNo)).toEqual([orders.e]);
    expect(numbers(await list(operator, { orderNo: orders.e, idTag: 'TAG-A' }))).toEqual([]);
  });

  it('reads an explicit window of up to 2 years and pages it', async () => {
    const wide = await list(operator, { startTimeFrom: ago(90), startTimeTo: ago(0) });
    expect(numbers(wide)).toEqual([orders.f, orders.a, orders.c, orders.b, orders.d]);
    const munichWide = await list(operator, { chargePointId: 'DEMO-CP-004', startTimeFrom: ago(90) });
    expect(numbers(munichWide)).toEqual([orders.c, orders.d]);
    const second = await list(operator, { startTimeFrom: ago(90), current: 2, size: 2 });
    expect(numbers(second)).toEqual([orders.c, orders.b]);
    expect(second.total).toBe(5);
    const old = await list(operator, { startTimeFrom: ago(1200), startTimeTo: ago(1000) });
    expect(numbers(old)).toEqual([orders.e]);
  });

  it('refuses a window longer than 2 years and a reversed one', async () => {
    const long = await api(rt.url, operator, '/biz/chargeOrder/list', {
      startTimeFrom: ago(800),
      startTimeTo: ago(0),
    });
    expect(long.code).not.toBe(0);
    expect(long.msg).toBe('The time range of an order query can be at most 2 years');
    const de = await api(
      rt.url,
      operator,
      '/biz/chargeOrder/list',
      { startTimeFrom: ago(800) },
      { language: 'de-de' },
    );
    expect(de.msg).toContain('2 Jahre');
    const reversed = await api(rt.url, operator, '/biz/chargeOrder/list', {
      startTimeFrom: ago(1),
      startTimeTo: ago(2),
    });
    expect(reversed.code).not.toBe(0);
    expect(reversed.msg).toBe('The end time must be after the start time');
  });

  it('shows another company nothing, whatever it sends, and a sub-company only its own', async () => {
    expect((await list(other.token)).total).toBe(0);
    for (const filter of [
      { stationId: berlin.stationId },
      { chargePointId: 'DEMO-CP-002' },
      { orderNo: orders.a },
      { idTag: 'TAG-A', startTimeFrom: ago(700) },
    ])
      expect(numbers(await list(other.token, filter)), JSON.stringify(filter)).toEqual([]);
    const detail = await api(rt.url, other.token, `/biz/chargeOrder/detail?id=${orders.a}`);
    expect(detail.code).not.toBe(0);
    expect(detail.msg).toBe('The record does not exist or you cannot access it');
    expect(numbers(await list(sub.token))).toEqual([orders.f]);
    expect(numbers(await list(sub.token, { stationId: berlin.stationId }))).toEqual([]);
    const platform = numbers(await list(admin));
    for (const no of [orders.a, orders.b, orders.c, orders.f]) expect(platform).toContain(no);
  });

  it('needs code 4100', async () => {
    expect((await api(rt.url, ops, '/biz/chargeOrder/list', {})).status).toBe(403);
  });
});

describe('charging order detail', () => {
  it('has the order and its meter curve (energy, power, SoC in time order)', async () => {
    const detail = await ok(operator, `/biz/chargeOrder/detail?id=${orders.a}`);
    expect(detail).toMatchObject({
      orderNo: orders.a,
      stationName: 'Demo Berlin Central',
      meterStart: 1000,
      meterEnd: 13000,
      priceDetail: { lines: [{ kind: 'energy', amount: '4.20' }] },
    });
    expect(detail.curve).toHaveLength(3);
    expect(detail.curve.map((p: any) => p.energyWh)).toEqual([5000, 9000, 13000]);
    expect(detail.curve[0]).toMatchObject({ powerW: 7200, soc: 50 });
    expect(detail.curve[0].at < detail.curve[2].at).toBe(true);
  });

  it('needs code 4101', async () => {
    expect((await api(rt.url, ops, `/biz/chargeOrder/detail?id=${orders.a}`)).status).toBe(403);
  });
});

describe('order export', () => {
  const exported = (token: string, body: Record<string, unknown>) =>
    exportedSheet(rt.url, token, '/biz/chargeOrder/export', body);

  it('writes the filtered orders of the window, newest first across slices, to an xlsx in /fileExport', async () => {
    const { taskId, rows, task } = await exported(operator, { startTimeFrom: ago(90) });
    // 90 days are read in 30-day slices; the file runs newest first through all of them.
    expect(rows.map((r) => r.orderNo)).toEqual([orders.f, orders.a, orders.c, orders.b, orders.d]);
    expect(rows[1]).toMatchObject({
      orderNo: orders.a,
      stationName: 'Demo Berlin Central',
      chargePointId: 'DEMO-CP-002',
      idTag: 'TAG-A',
      energyKwh: 12,
      durationSeconds: 3600,
      currency: 'EUR',
      actualFee: 4.2,
      payFlag: 1,
    });
    expect(task.progress).toBe(100);
    const listed = await ok(operator, '/biz/fileExport/list', { current: 1, size: 50 });
    const row = listed.records.find((t: any) => t.taskId === taskId);
    expect(row).toMatchObject({ status: 'done', progress: 100, fileName: expect.stringMatching(/\.xlsx$/) });
    const download = await fetch(`${rt.url}/biz/fileExport/download?id=${taskId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(download.status).toBe(200);
    expect((await readSheet(Buffer.from(await download.arrayBuffer()))).length).toBe(5);

    const filtered = await exported(operator, { idTag: 'TAG-A', startTimeFrom: ago(90) });
    expect(filtered.rows.map((r) => r.orderNo)).toEqual([orders.a, orders.c]);
    // The last 30 days when no start is given, as the list.
    const recent = await exported(operator, {});
    expect(recent.rows.map((r) => r.orderNo)).toEqual([orders.f, orders.a, orders.c, orders.b]);
  });

  it('writes an order started on a slice boundary once', async () => {
    const c = (await list(operator, { orderNo: orders.c })).records[0];
    // The first slice ends 30 days after C's start: C is on the boundary between the first two.
    const end = new Date(Date.parse(c.startTime) + 30 * DAY).toISOString();
    const { rows } = await exported(operator, { startTimeFrom: ago(90), startTimeTo: end });
    expect(rows.map((r) => r.orderNo)).toEqual([orders.f, orders.a, orders.c, orders.b, orders.d]);
  });

  it("exports the caller's scope: the platform everyone's, another company none of them", async () => {
    expect((await exported(other.token, { startTimeFrom: ago(90) })).rows).toEqual([]);
    expect((await exported(sub.token, { startTimeFrom: ago(90) })).rows.map((r) => r.orderNo)).toEqual([
      orders.f,
    ]);
    const platform = await exported(admin, { startTimeFrom: ago(90) });
    for (const no of [orders.a, orders.b, orders.c, orders.d, orders.f])
      expect(platform.rows.map((r) => r.orderNo)).toContain(no);
    const byNumber = await exported(operator, { orderNo: orders.e, startTimeFrom: ago(90) });
    // Order E started 1,100 days ago: outside the window, not written.
    expect(byNumber.rows).toEqual([]);
  });

  it('refuses a window over 1 year, and callers without 4104 or the Pro file export', async () => {
    const long = await api(rt.url, operator, '/biz/chargeOrder/export', { startTimeFrom: ago(400) });
    expect(long.status).toBe(400);
    expect(long.msg).toBe('An order export can cover at most 1 year');
    expect((await api(rt.url, ops, '/biz/chargeOrder/export', {})).status).toBe(403);
    // A Basic company (no Pro export menu 9100) could not fetch the file: refused.
    const basic = await company('Basica', undefined, 1);
    expect((await api(rt.url, basic.token, '/biz/chargeOrder/export', {})).status).toBe(403);
  });
});

describe('reset', () => {
  it('re-runs settlement of an order in scope, audited, and needs code 4102', async () => {
    const done = await ok(operator, `/biz/chargeOrder/reset?id=${orders.b}`);
    expect(done.orderNo).toBe(orders.b);
    expect(['settled', 'already', 'missing', 'unpaid']).toContain(done.result);
    const foreign = await api(rt.url, other.token, `/biz/chargeOrder/reset?id=${orders.b}`);
    expect(foreign.code).not.toBe(0);
    expect((await api(rt.url, ops, `/biz/chargeOrder/reset?id=${orders.b}`)).status).toBe(403);
    const log = await ok(admin, '/admin/log/list', { current: 1, size: 50 });
    expect(log.records.some((r: any) => String(r.requestUri).includes('/biz/chargeOrder/reset'))).toBe(true);
  });
});

describe('real-time view and the simulated charger', () => {
  it('shows sessions in progress with their live facts, in scope only', async () => {
    const charger = (await chargerContext('DEMO-CP-003'))!;
    await startSession(charger, {
      connectorNo: 2,
      idTag: 'TAG-LIVE',
      meterStartWh: 500,
      timestamp: ago(0, 20),
      startMode: 1,
      transactionId: 'O-LIVE',
    });
    await recordSamples(charger, {
      transactionId: 'O-LIVE',
      samples: [
        {
          timestamp: ago(0, 1),
          values: [
            { value: 3.5, measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
            { value: 11000, measurand: 'Power.Active.Import', unit: 'W' },
            { value: 64, measurand: 'SoC', unit: 'Percent' },
          ],
        },
      ],
    });
    const live = await ok(operator, '/biz/chargeOrder/realtime', {});
    const row = live.records.find((r: any) => r.transactionId === 'O-LIVE');
    expect(row).toMatchObject({
      chargePointId: 'DEMO-CP-003',
      connectorNo: 2,
      idTag: 'TAG-LIVE',
      energyWh: 3000,
      powerW: 11000,
      soc: 64,
      stationName: 'Demo Berlin Central',
      online: false,
      state: 'offline',
    });
    expect(row.durationSeconds).toBeGreaterThanOrEqual(19 * 60);
    expect(
      (await ok(operator, '/biz/chargeOrder/realtime', { chargePointId: 'DEMO-CP-004' })).records,
    ).toEqual([]);
    expect((await ok(other.token, '/biz/chargeOrder/realtime', {})).records).toEqual([]);
    expect(
      (await ok(other.token, '/biz/chargeOrder/realtime', { chargePointId: 'DEMO-CP-003' })).records,
    ).toEqual([]);
    expect((await api(rt.url, ops, '/biz/chargeOrder/realtime', {})).status).toBe(403);

    // The order list filtered to orders in progress lists it as an unsettled order, in scope only.
    const inProgress = await list(operator, { progress: 1 });
    expect(inProgress.records.find((r: any) => r.transactionId === 'O-LIVE')).toMatchObject({
      orderNo: row.orderNo,
      chargePointId: 'DEMO-CP-003',
      connectorNo: 2,
      idTag: 'TAG-LIVE',
      energyWh: 3000,
      progress: 1,
    });
    expect((await list(operator, { progress: 1, idTag: 'TAG-LIVE' })).records).toHaveLength(1);
    expect((await list(operator, { progress: 1, idTag: 'TAG-OTHER' })).records).toEqual([]);
    expect((await list(operator, { progress: 1, payFlag: 1 })).records).toEqual([]);
    expect((await list(other.token, { progress: 1 })).records).toEqual([]);
    // Ended orders (the default) do not list it; an export of orders in progress is refused, not queued.
    expect((await list(operator, {})).records.some((r: any) => r.transactionId === 'O-LIVE')).toBe(false);
    const exported = await api(rt.url, operator, '/biz/chargeOrder/export', { progress: 1 });
    expect(exported.status).toBe(400);
    expect(exported.msg).toBe(
      'Orders in progress are exported once they end: choose the ended orders to export',
    );
  });

  it('follows a simulated OCPP 1.6 session from the real-time view to an order with its curve', async () => {
    const charger = new SimulatedCharger({
      url: rt.url.replace(/^http/, 'ws'),
      id: 'DEMO-CP-001',
      password: DEMO_CHARGER_PASSWORD,
      ocpp: '1.6',
      connectors: 2,
      timeScale: 200,
      idTags: ['SIM-TAG-001'],
    });
    chargers.push(charger);
    await charger.start();
    await charger.whenBooted();
    await charger.startSession(1, 'SIM-TAG-001');
    const active = await waitFor(async () => {
      const live = await ok(operator, '/biz/chargeOrder/realtime', { chargePointId: 'DEMO-CP-001' });
      const row = live.records[0];
      return row && row.energyWh > 0 ? row : undefined;
    });
    expect(active).toMatchObject({ connectorNo: 1, idTag: 'SIM-TAG-001', online: true });
    // The live monitor's tile carries the session's figures while it charges.
    const tile = await waitFor(async () => {
      const overview = await ok(operator, '/biz/monitor/overview', {});
      const pile = overview.sites
        .flatMap((s: any) => s.chargePoints)
        .find((p: any) => p.chargePointId === 'DEMO-CP-001');
      const connector = pile?.connectors.find((c: any) => c.connectorNo === 1);
      return connector?.figures?.energyWh > 0 ? connector : undefined;
    });
    expect(tile.state).toBe('charging');
    expect(tile.figures.startTime).toBe(active.startTime);
    expect(tile.figures.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(tile.figures.powerW).toBeGreaterThan(0);
    const stopped = await charger.stopSession(1, 'EVDisconnected');
    await charger.drain();
    const page = await waitFor(async () => {
      const p = await list(operator, { chargePointId: 'DEMO-CP-001' });
      return p.records.length ? p : undefined;
    });
    expect(page.records[0].orderNo).toBe(active.orderNo);
    expect(page.records[0].energyWh).toBe(Math.round((stopped!.meterStopWh ?? 0) - stopped!.meterStartWh));
    const detail = await ok(operator, `/biz/chargeOrder/detail?id=${active.orderNo}`);
    expect(detail.curve.length).toBeGreaterThan(0);
    expect(detail.curve.some((p: any) => p.energyWh !== undefined)).toBe(true);
    const after = await ok(operator, '/biz/chargeOrder/realtime', { chargePointId: 'DEMO-CP-001' });
    expect(after.records).toEqual([]);
  });
});
