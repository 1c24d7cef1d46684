/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Station binding takes effect (docs/decisions/190): the demo company's user "berlin-ops", bound by
 * POST /biz/station/bind to Demo Berlin Central, sees that station and what belongs to it, and nothing of
 * Demo Munich Garage, in every call of the matrix: stations, charge points, orders, reservations, alarms,
 * commands, the monitor, statistics and exports. The company administrator (not bound) sees both in the
 * same calls, so each assertion would fail if the binding were ignored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseAlarm } from '@functions/alarms/service.ts';
import { chargerContext } from '@functions/chargepoints/charger.ts';
import type { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { startChargers } from '../commands/harness.ts';
import { exportedSheet } from '../helpers/exports.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { recordSession } from '../helpers/orders.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let bound: string;
let chargers: Map<string, SimulatedCharger>;
const station = {} as { berlin: string; munich: string };
const orders = {} as { berlin: string; munich: string };
const reservations = {} as { berlin: string; munich: string };
const commands = {} as { berlin: string; munich: string };

/** Berlin Central holds DEMO-CP-001..003, Munich Garage DEMO-CP-004..005 (infra/local/seed/demo-chargers.ts). */
const BERLIN_PILE = 'DEMO-CP-001';
const MUNICH_PILE = 'DEMO-CP-004';

const ok = async (token: string, path: string, body?: unknown) => {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
  return answer.data;
};
/** A record the caller may not see answers as one that does not exist (HTTP 200, non-zero code). */
const missing = async (token: string, path: string, body?: unknown) => {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, path).not.toBe(0);
  expect(answer.msg, path).toBe('The record does not exist or you cannot access it');
};
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const ids = (rows: any[], field = 'id') => rows.map((r) => r[field]).sort();

async function enableReservations(stationId: string, reserveFeeId: string, feeRuleId: string) {
  const current = await ok(operator, `/biz/station/info?id=${stationId}`);
  const body: Record<string, unknown> = {
    ...current,
    reserveFlag: true,
    reserveFeeId,
    feeSetMode: 1,
    feeRuleId,
  };
  for (const k of Object.keys(body))
    if (k.endsWith('Set') || ['tenant', 'createTime', 'updateTime', 'agentId'].includes(k)) delete body[k];
  await ok(operator, '/biz/station/update', body);
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'demo' });
  operator = await login(rt.url, 'operator', 'Operator12345');
  const stations = (await ok(operator, '/biz/station/list', { current: 1, size: 50 })).records;
  station.berlin = stations.find((s: any) => s.name === 'Demo Berlin Central').id;
  station.munich = stations.find((s: any) => s.name === 'Demo Munich Garage').id;

  const created = await ok(operator, '/admin/user/add', {
    username: 'berlin-ops',
    password: await encrypt(rt.url, 'Secret12345'),
    role: ['role-operator-admin'],
    agentId: 'demo-operator',
  });
  await ok(operator, '/biz/station/bind', { userId: created.userId, stationIds: [station.berlin] });
  bound = await login(rt.url, 'berlin-ops', 'Secret12345');

  // An order at each station, through the session path.
  const [berlinCp, munichCp] = await Promise.all([
    chargerContext('DEMO-CP-002'),
    chargerContext('DEMO-CP-005'),
  ]);
  orders.berlin = await recordSession(berlinCp!, {
    tx: 'SB-1',
    connectorNo: 1,
    idTag: 'SIM-TAG-001',
    start: ago(120),
    minutes: 30,
    wh: 6000,
  });
  orders.munich = await recordSession(munichCp!, {
    tx: 'SB-2',
    connectorNo: 1,
    idTag: 'SIM-TAG-001',
    start: ago(90),
    minutes: 30,
    wh: 9000,
  });

  // A fault alarm at each station.
  for (const [cp, stationId] of [
    ['DEMO-CP-002', station.berlin],
    ['DEMO-CP-005', station.munich],
  ] as const)
    await raiseAlarm(
      { tenant: '/demo-operator/', agentId: 'demo-operator', stationId, chargePointId: cp },
      { connectorId: 1, code: 'GroundFailure', at: ago(30) },
    );

  // A command and a reservation at each station, on chargers that answer.
  chargers = await startChargers(rt.url, [
    [BERLIN_PILE, '1.6'],
    [MUNICH_PILE, '2.0.1'],
  ]);
  for (const [key, pile] of [
    ['berlin', BERLIN_PILE],
    ['munich', MUNICH_PILE],
  ] as const)
    commands[key] = (
      await ok(operator, '/biz/command/send', { chargePointId: pile, command: 'clearCache' })
    ).commandId;
  const fee = await ok(operator, '/biz/reserveFee/add', { name: 'Hold', price: '0.60' });
  const flat = await ok(operator, '/biz/chargingFee/add', {
    name: 'Flat',
    feeType: 1,
    unitPrice: '0.5',
    timeSharing: 0,
    periods: [],
  });
  await enableReservations(station.berlin, fee.id, flat.id);
  await enableReservations(station.munich, fee.id, flat.id);
  await ok(operator, '/biz/card/add', {
    cardSn: 'SB-CARD',
    receiveStatus: 2,
    status: 0,
    blackFlag: 0,
    type: 1,
    balance: 50,
  });
  for (const [key, pile] of [
    ['berlin', BERLIN_PILE],
    ['munich', MUNICH_PILE],
  ] as const)
    reservations[key] = (
      await ok(operator, '/biz/reserveOrder/add', {
        chargePointId: pile,
        connectorNo: 2,
        idTag: 'SB-CARD',
        minutes: 10,
      })
    ).id;
});

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  for (const charger of chargers?.values() ?? []) await charger.stop();
  await rt?.cleanup();
});

describe('a user bound to a station', () => {
  it('lists and reads only the bound station and its charge points', async () => {
    expect(ids((await ok(operator, '/biz/station/list', { current: 1, size: 50 })).records)).toEqual(
      [station.berlin, station.munich].sort(),
    );
    expect(ids((await ok(bound, '/biz/station/list', { current: 1, size: 50 })).records)).toEqual([
      station.berlin,
    ]);
    const piles = (await ok(bound, '/biz/chargePoint/list', { current: 1, size: 50 })).records;
    expect(ids(piles)).toEqual(['DEMO-CP-001', 'DEMO-CP-002', 'DEMO-CP-003']);
    // Asking for the other station by filter or by id finds nothing.
    expect(
      (await ok(bound, '/biz/chargePoint/list', { current: 1, size: 50, stationId: station.munich })).total,
    ).toBe(0);
    for (const path of [
      `/biz/station/info?id=${station.munich}`,
      `/biz/station/detail?id=${station.munich}`,
      `/biz/chargePoint/info?id=${MUNICH_PILE}`,
      `/biz/chargePoint/detail?id=${MUNICH_PILE}`,
    ])
      await missing(bound, path);
    expect((await ok(bound, `/biz/station/detail?id=${station.berlin}`)).chargePoints).toHaveLength(3);
  });

  it('cannot add a station or place a charge point at another station', async () => {
    const station_ = await api(rt.url, bound, '/biz/station/add', { name: 'Elsewhere' });
    expect(station_.code).not.toBe(0);
    const NOT_BOUND = 'Your account works only with the stations bound to it';
    const pile = await api(rt.url, bound, '/biz/chargePoint/add', {
      chargePointId: 'SB-NEW-1',
      name: 'SB-NEW-1',
      stationId: station.munich,
      protocol: 'ocpp1.6',
      maxPower: 22,
      powerType: 'AC_3_PHASE',
      connectorStandard: 'IEC_62196_T2',
      format: 'SOCKET',
      connectors: [{ connectorNo: 1 }],
    });
    expect(pile.msg).toBe(NOT_BOUND);
    await missing(operator, '/biz/chargePoint/info?id=SB-NEW-1');
    // Nor move one of its charge points there.
    const current = await ok(bound, `/biz/chargePoint/info?id=${BERLIN_PILE}`);
    const moved = { ...current, stationId: station.munich };
    for (const k of Object.keys(moved))
      if (k.endsWith('Set') || ['createTime', 'updateTime', 'agentId', 'stationName'].includes(k))
        delete moved[k];
    expect((await api(rt.url, bound, '/biz/chargePoint/update', moved)).msg).toBe(NOT_BOUND);
    expect((await ok(operator, `/biz/chargePoint/info?id=${BERLIN_PILE}`)).stationId).toBe(station.berlin);
  });

  it('sees the orders of its station only, in the list, the detail and the real-time view', async () => {
    const all = await ok(operator, '/biz/chargeOrder/list', { current: 1, size: 50 });
    expect(ids(all.records, 'orderNo')).toEqual([orders.berlin, orders.munich].sort());
    const mine = await ok(bound, '/biz/chargeOrder/list', { current: 1, size: 50 });
    expect(ids(mine.records, 'orderNo')).toEqual([orders.berlin]);
    for (const filter of [
      { stationId: station.munich },
      { chargePointId: 'DEMO-CP-005' },
      { orderNo: orders.munich },
    ])
      expect((await ok(bound, '/biz/chargeOrder/list', { current: 1, size: 50, ...filter })).total).toBe(0);
    expect(
      (await ok(bound, '/biz/profitOrder/list', { current: 1, size: 50, orderNo: orders.munich })).total,
    ).toBe(0);
    await missing(bound, `/biz/chargeOrder/detail?id=${orders.munich}`);
    expect((await ok(bound, `/biz/chargeOrder/detail?id=${orders.berlin}`)).orderNo).toBe(orders.berlin);
  });

  it('sees and cancels reservations of its station only', async () => {
    const mine = await ok(bound, '/biz/reserveOrder/list', { current: 1, size: 50 });
    expect(ids(mine.records)).toEqual([reservations.berlin]);
    expect(ids((await ok(operator, '/biz/reserveOrder/list', { current: 1, size: 50 })).records)).toEqual(
      [reservations.berlin, reservations.munich].sort(),
    );
    await missing(bound, `/biz/reserveOrder/detail?id=${reservations.munich}`);
    await missing(bound, `/biz/reserveOrder/cancel?id=${reservations.munich}`);
    // Nor can it reserve at the other station.
    await missing(bound, '/biz/reserveOrder/add', {
      chargePointId: MUNICH_PILE,
      connectorNo: 1,
      idTag: 'SB-CARD',
      minutes: 10,
    });
  });

  it('sees the alarms and alarm statistics of its station only', async () => {
    const mine = await ok(bound, '/biz/alarm/list', { current: 1, size: 50 });
    expect(mine.records.map((a: any) => a.chargePointId)).toEqual(['DEMO-CP-002']);
    const all = await ok(operator, '/biz/alarm/list', { current: 1, size: 50 });
    expect(all.records.map((a: any) => a.chargePointId).sort()).toEqual(['DEMO-CP-002', 'DEMO-CP-005']);
    const stats = await ok(bound, '/biz/alarm/stat', {});
    expect(stats.total).toBe(1);
    expect(stats.chargers.map((c: any) => c.chargePointId)).toEqual(['DEMO-CP-002']);
    expect((await ok(operator, '/biz/alarm/stat', {})).total).toBe(2);
  });

  it('sees and sends commands for its station only', async () => {
    // The reservations sent a ReserveNow to each charger too.
    const mine = (await ok(bound, '/biz/command/list', { current: 1, size: 50 })).records;
    expect(new Set(mine.map((c: any) => c.chargePointId))).toEqual(new Set([BERLIN_PILE]));
    expect(mine.map((c: any) => c.commandId)).toContain(commands.berlin);
    const all = (await ok(operator, '/biz/command/list', { current: 1, size: 50 })).records;
    expect(all.map((c: any) => c.commandId)).toEqual(
      expect.arrayContaining([commands.berlin, commands.munich]),
    );
    await missing(bound, '/biz/command/send', { chargePointId: MUNICH_PILE, command: 'clearCache' });
    expect(
      (await api(rt.url, bound, '/biz/command/send', { chargePointId: BERLIN_PILE, command: 'clearCache' }))
        .code,
    ).toBe(0);
  });

  it('monitors its station only, and its monitor actions reach only its charge points', async () => {
    const overview = await ok(bound, '/biz/monitor/overview', {});
    expect(overview.sites.map((s: any) => s.stationId)).toEqual([station.berlin]);
    expect((await ok(operator, '/biz/monitor/overview', {})).sites).toHaveLength(2);
    await missing(bound, '/biz/monitor/detail', { chargePointId: MUNICH_PILE, connectorNo: 1 });
    await missing(bound, '/biz/monitor/unlock', { chargePointId: MUNICH_PILE, connectorNo: 1 });
    expect(
      (await ok(bound, '/biz/monitor/detail', { chargePointId: BERLIN_PILE, connectorNo: 1 })).chargePointId,
    ).toBe(BERLIN_PILE);
  });

  it('counts its station only in the revenue statistics and the transaction insight', async () => {
    // The orders fall on the stations' local day, which near midnight UTC is not the UTC day: a range
    // around today holds them whatever the hour.
    const dayAt = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const query = { startDay: dayAt(-1), endDay: dayAt(1), groupBy: 'station' };
    const all = await ok(operator, '/biz/revenue/stat', query);
    expect(ids(all.rows, 'stationId')).toEqual([station.berlin, station.munich].sort());
    const mine = await ok(bound, '/biz/revenue/stat', query);
    expect(ids(mine.rows, 'stationId')).toEqual([station.berlin]);
    // By day, the bound user's totals are their station's alone.
    const days = await ok(bound, '/biz/revenue/stat', { ...query, groupBy: 'day' });
    expect(days.totals.map((t: any) => t.orders)).toEqual([1]);
    expect(days.totals[0].energyKwh).toBe(mine.rows[0].energyKwh);
    const insight = await ok(bound, '/biz/transactionInsight/stat', { days: 7 });
    expect(insight.stations.map((s: any) => s.stationId)).toEqual([station.berlin]);
    expect(insight.chain.orders.current).toBe(1);
    expect((await ok(operator, '/biz/transactionInsight/stat', { days: 7 })).chain.orders.current).toBe(2);
    const file = await exportedSheet(rt.url, bound, '/biz/revenue/export', query);
    expect(file.rows.map((r: any) => r.stationId)).toEqual([station.berlin]);
  });

  it('exports only its station: orders and the station and charge point lists', async () => {
    const ordersFile = await exportedSheet(rt.url, bound, '/biz/chargeOrder/export', {});
    expect(ordersFile.rows.map((r: any) => r.orderNo)).toEqual([orders.berlin]);
    const pilesFile = await exportedSheet(rt.url, bound, '/biz/chargePoint/export', {});
    expect(pilesFile.rows.map((r: any) => r.id).sort()).toEqual([
      'DEMO-CP-001',
      'DEMO-CP-002',
      'DEMO-CP-003',
    ]);
    const stationsFile = await exportedSheet(rt.url, bound, '/biz/station/export', {});
    expect(stationsFile.rows.map((r: any) => r.id)).toEqual([station.berlin]);
    const all = await exportedSheet(rt.url, operator, '/biz/station/export', {});
    expect(all.rows).toHaveLength(2);
  });

  it('hands on no more than its own stations when it binds or opens users', async () => {
    const opened = await ok(bound, '/admin/user/add', {
      username: 'berlin-night',
      password: await encrypt(rt.url, 'Secret12345'),
      role: ['role-operator-admin'],
      agentId: 'demo-operator',
    });
    const night = await login(rt.url, 'berlin-night', 'Secret12345');
    expect(ids((await ok(night, '/biz/station/list', { current: 1, size: 50 })).records)).toEqual([
      station.berlin,
    ]);
    const widen = await api(rt.url, bound, '/biz/station/bind', {
      userId: opened.userId,
      stationIds: [station.munich],
    });
    expect(widen.code).not.toBe(0);
    const all = await api(rt.url, bound, '/biz/station/bind', { userId: opened.userId, stationIds: [] });
    expect(all.code).not.toBe(0);
    const list = await ok(bound, `/biz/station/bindList?userId=${opened.userId}`, { current: 1, size: 50 });
    expect(list.records).toEqual([{ id: station.berlin, name: 'Demo Berlin Central', bound: true }]);
  });

  it('sees everything again once the binding is emptied by the administrator', async () => {
    const me = (await ok(operator, '/admin/user/list', { current: 1, size: 50, username: 'berlin-ops' }))
      .records[0];
    await ok(operator, '/biz/station/bind', { userId: me.userId, stationIds: [] });
    await waitFor(
      async () => (await ok(bound, '/biz/station/list', { current: 1, size: 50 })).total === 2 || undefined,
      10_000,
      'the emptied binding',
    );
  });
});
