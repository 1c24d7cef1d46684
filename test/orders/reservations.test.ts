/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Reservation orders and queue orders against the real runtime with simulated chargers of both versions:
 * a reservation accepted by the charger and used by a session carrying its id ends with its fee
 * paid once from the card; an occupied connector fails it without a fee; a cancel ends it with the fee of the
 * minutes held; the sweep ends an expired one; a 2.0.1 ReservationStatusUpdate ends one; replayed ends change
 * nothing; another company sees and cancels nothing. The queue: join, a second join refused, called when a
 * connector becomes Available, served by a session, cancel, and expiry of a call with the next one called.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCommand } from '@functions/commands/store.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { sweepQueue } from '@functions/orders/queue.ts';
import {
  endReservation,
  reservationCommandEnded,
  reservationUsed,
  sweepReservations,
} from '@functions/orders/reservations.ts';
import type { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';
import { startChargers } from '../commands/harness.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let admin: string;
let other: string;
let chargers: Map<string, SimulatedCharger>;
const stationIds = {} as { berlin: string; munich: string };

const db = () => dynamoDocument();

async function ok(token: string, path: string, body?: unknown) {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

const detail = (id: string, token = operator) => api(rt.url, token, `/biz/reserveOrder/detail?id=${id}`);
const orderNow = async (id: string) => (await ok(operator, `/biz/reserveOrder/detail?id=${id}`)) as any;
const untilStatus = (id: string, status: number, timeoutMs = 15_000) =>
  waitFor(
    async () => {
      const order = await orderNow(id);
      return order.status === status ? order : undefined;
    },
    timeoutMs,
    `reservation ${id} in status ${status}`,
  );

const cardOf = async (cardSn: string) =>
  (await ok(operator, '/biz/card/list', { current: 1, size: 10, cardSn })).records.find(
    (c: any) => c.cardSn === cardSn,
  );

async function ledgerOf(cardId: string) {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: config.tableName('main'),
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': `CARDLEDGER#${cardId}` },
    }),
  );
  return Items;
}

/** Turns reservations on at a station with a reservation fee, through the console's update call. */
async function enableReservations(stationId: string, reserveFeeId: string, feeRuleId: string) {
  const current = await ok(operator, `/biz/station/info?id=${stationId}`);
  const { createTime: _c, updateTime: _u, id: _i, agentId: _a, ...fields } = current;
  // Every connector needs a fee rule: the station's own covers them all.
  const body: Record<string, unknown> = {
    ...fields,
    id: stationId,
    reserveFlag: true,
    reserveFeeId,
    feeSetMode: 1,
    feeRuleId,
  };
  for (const k of Object.keys(body))
    if (k.endsWith('Set') || k === 'tenant' || k === 'version') delete body[k];
  await ok(operator, '/biz/station/update', { ...body, version: current.version });
}

const reserve = (body: Record<string, unknown>, token = operator) =>
  api(rt.url, token, '/biz/reserveOrder/add', body);

/** 1 cent per second: price 0.60 per minute, USD. */
const feeOf = (seconds: number) => (seconds / 100).toFixed(2);

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  admin = await login(rt.url, 'admin', 'Admin12345');
  const fee = await ok(operator, '/biz/reserveFee/add', { name: 'Hold', price: '0.60' });
  const flat = await ok(operator, '/biz/chargingFee/add', {
    name: 'Flat',
    feeType: 1,
    unitPrice: '0.5',
    timeSharing: 0,
    periods: [],
  });
  const stations = (await ok(operator, '/biz/station/list', { current: 1, size: 50 })).records;
  stationIds.berlin = stations.find((s: any) => s.name === 'Demo Berlin Central').id;
  stationIds.munich = stations.find((s: any) => s.name === 'Demo Munich Garage').id;
  await enableReservations(stationIds.berlin, fee.id, flat.id);
  await enableReservations(stationIds.munich, fee.id, flat.id);
  for (const [cardSn, balance] of [
    ['RES-CARD-1', 50],
    ['RES-CARD-2', 50],
    ['RES-CARD-3', 50],
    ['RES-CARD-4', 50],
    ['RES-CARD-5', 50],
  ] as const)
    await ok(operator, '/biz/card/add', {
      cardSn,
      receiveStatus: 2,
      status: 0,
      blackFlag: 0,
      type: 1,
      balance,
    });

  const created = await ok(admin, '/admin/operator/add', {
    operatorName: 'Rival',
    currency: 'EUR',
    contactMail: 'rival@example.com',
    subStatus: 2,
  });
  await ok(admin, '/admin/user/add', {
    username: 'rival-admin',
    password: await encrypt(rt.url, 'Secret12345'),
    role: ['role-operator-admin'],
    agentId: created.id,
  });
  other = await login(rt.url, 'rival-admin', 'Secret12345');

  chargers = await startChargers(rt.url, [
    ['DEMO-CP-001', '1.6'],
    ['DEMO-CP-002', '1.6'],
    ['DEMO-CP-004', '2.0.1'],
  ]);
}, 120_000);

afterAll(async () => {
  for (const c of chargers?.values() ?? []) await c.stop();
  await rt?.cleanup();
});

describe('the station', () => {
  it('keeps the reservation fee and refuses one that is not a reservation fee of its company', async () => {
    const station = await ok(operator, `/biz/station/info?id=${stationIds.berlin}`);
    expect(station).toMatchObject({ reserveFlag: true });
    expect(station.reserveFeeId).toBeTruthy();
    const { createTime: _c, updateTime: _u, id: _i, agentId: _a, version, ...fields } = station;
    const bad = await api(rt.url, operator, '/biz/station/update', {
      ...fields,
      id: station.id,
      version,
      reserveFeeId: 'no-such-fee',
    });
    expect(bad.code).not.toBe(0);
    expect(bad.data).toMatchObject({ reserveFeeId: expect.any(String) });
  });
});

describe('reservation orders', () => {
  it('1.6: accepted, used by a session with the reservation id, the fee charged once to the card', async () => {
    const card = await cardOf('RES-CARD-1');
    const added = await reserve({
      chargePointId: 'DEMO-CP-001',
      connectorNo: 1,
      idTag: 'RES-CARD-1',
      minutes: 10,
    });
    expect(added.code, added.msg).toBe(0);
    expect(added.data).toMatchObject({ status: 1, minutes: 10, price: '0.60', currency: 'USD' });
    expect(typeof added.data.reservationId).toBe('number');
    const successful = await untilStatus(added.data.id, 2);
    expect(successful.startTime).toBeTruthy();

    // Held a little while, then the driver arrives.
    await new Promise((r) => setTimeout(r, 1500));
    await chargers.get('DEMO-CP-001')!.startSession(1, 'RES-CARD-1');
    const ended = await untilStatus(added.data.id, 4);
    expect(ended).toMatchObject({ endReason: 'used', endFlag: 2, payFlag: 1, payType: 4 });
    expect(ended.transactionId).toBeTruthy();
    expect(ended.durationSeconds).toBeGreaterThanOrEqual(1);
    expect(ended.fee).toBe(feeOf(ended.durationSeconds));
    expect(ended.history.map((h: any) => h.status)).toEqual([1, 2, 4]);
    const ledger = await ledgerOf(card.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ orderNo: `R${ended.id}`, amount: -Number(ended.fee) });
    expect((await cardOf('RES-CARD-1')).balance).toBeCloseTo(50 - Number(ended.fee), 4);

    // A replayed start, a repeated end: nothing more.
    await reservationUsed('DEMO-CP-001', ended.reservationId, new Date().toISOString(), 'again');
    expect(await endReservation(ended.id, [2, 3], 'expired', new Date().toISOString())).toBe(false);
    const command = await getCommand(ended.commandId);
    await reservationCommandEnded(command!);
    expect(await ledgerOf(card.id)).toHaveLength(1);
    expect((await orderNow(ended.id)).endReason).toBe('used');
    await chargers.get('DEMO-CP-001')!.stopSession(1, 'Local');
  });

  it('1.6: a refused start naming the reservation does not use it', async () => {
    const added = await reserve({
      chargePointId: 'DEMO-CP-001',
      connectorNo: 2,
      idTag: 'RES-CARD-4',
      minutes: 10,
    });
    expect(added.code, added.msg).toBe(0);
    const { reservationId } = await untilStatus(added.data.id, 2);
    const answer = (await chargers.get('DEMO-CP-001')!.call('StartTransaction', {
      connectorId: 2,
      idTag: 'NOT-A-CARD',
      meterStart: 0,
      timestamp: new Date().toISOString(),
      reservationId,
    })) as { idTagInfo: { status: string }; transactionId: number };
    expect(answer.idTagInfo.status).toBe('Invalid');
    await new Promise((r) => setTimeout(r, 500));
    expect((await orderNow(added.data.id)).status).toBe(2);
    // The refused session is over for the charger; the reservation is cancelled to leave the connector free.
    await chargers.get('DEMO-CP-001')!.call('StopTransaction', {
      transactionId: answer.transactionId,
      meterStop: 0,
      timestamp: new Date().toISOString(),
    });
    expect((await api(rt.url, operator, `/biz/reserveOrder/cancel?id=${added.data.id}`)).code).toBe(0);
    await untilStatus(added.data.id, 4);
  });

  it('fails without a fee on an occupied connector', async () => {
    const cp = chargers.get('DEMO-CP-002')!;
    await cp.startSession(1, 'SIM-TAG-001');
    const added = await reserve({
      chargePointId: 'DEMO-CP-002',
      connectorNo: 1,
      idTag: 'RES-CARD-2',
      minutes: 5,
    });
    expect(added.code, added.msg).toBe(0);
    const ended = await untilStatus(added.data.id, 4);
    expect(ended).toMatchObject({ endReason: 'failed', endFlag: 5, failReason: 'Occupied' });
    expect(ended.fee).toBeUndefined();
    expect(ended.history.map((h: any) => h.status)).toEqual([1, 4]);
    expect(await ledgerOf((await cardOf('RES-CARD-2')).id)).toHaveLength(0);
    await cp.stopSession(1, 'Local');
  });

  it('2.0.1: cancel ends it with the fee of the time held; replayed answers charge once', async () => {
    const card = await cardOf('RES-CARD-3');
    const added = await reserve({
      chargePointId: 'DEMO-CP-004',
      connectorNo: 1,
      idTag: 'RES-CARD-3',
      minutes: 30,
    });
    expect(added.code, added.msg).toBe(0);
    await untilStatus(added.data.id, 2);
    await new Promise((r) => setTimeout(r, 1200));
    // Another company can neither see nor cancel it.
    expect((await detail(added.data.id, other)).code).not.toBe(0);
    expect((await api(rt.url, other, `/biz/reserveOrder/cancel?id=${added.data.id}`)).code).not.toBe(0);
    expect((await ok(other, '/biz/reserveOrder/list', { current: 1, size: 50 })).total).toBe(0);

    const cancelled = await api(rt.url, operator, `/biz/reserveOrder/cancel?id=${added.data.id}`);
    expect(cancelled.code, cancelled.msg).toBe(0);
    const ended = await untilStatus(added.data.id, 4);
    expect(ended).toMatchObject({ endReason: 'cancelled', endFlag: 6, payFlag: 1 });
    expect(ended.cancelTime).toBeTruthy();
    expect(ended.history.map((h: any) => h.status)).toEqual([1, 2, 3, 4]);
    expect(ended.fee).toBe(feeOf(ended.durationSeconds));
    expect(Number(ended.fee)).toBeGreaterThan(0);
    // The charger's answer again, and the charger's removal: still one charge.
    const command = await getCommand(ended.cancelCommandId);
    await reservationCommandEnded(command!);
    await reservationCommandEnded(command!);
    expect(await ledgerOf(card.id)).toHaveLength(1);
    // A second cancel is refused.
    expect((await api(rt.url, operator, `/biz/reserveOrder/cancel?id=${added.data.id}`)).code).not.toBe(0);
  });

  it('2.0.1: ReservationStatusUpdate Expired ends it', async () => {
    const added = await reserve({
      chargePointId: 'DEMO-CP-004',
      connectorNo: 2,
      idTag: 'RES-CARD-4',
      minutes: 30,
    });
    expect(added.code, added.msg).toBe(0);
    const ok2 = await untilStatus(added.data.id, 2);
    await chargers.get('DEMO-CP-004')!.call('ReservationStatusUpdate', {
      reservationId: ok2.reservationId,
      reservationUpdateStatus: 'Expired',
    });
    const ended = await untilStatus(added.data.id, 4);
    expect(ended).toMatchObject({ endReason: 'expired', endFlag: 7 });
    // The simulator's own hold goes too (its Removed update changes nothing now).
    chargers.get('DEMO-CP-004')!.cancelReservation(ok2.reservationId);
    await new Promise((r) => setTimeout(r, 300));
    expect((await orderNow(added.data.id)).endReason).toBe('expired');
  });

  it('2.0.1: used by a TransactionEvent with the reservation id', async () => {
    const cp = chargers.get('DEMO-CP-004')!;
    const added = await reserve({
      chargePointId: 'DEMO-CP-004',
      connectorNo: 1,
      idTag: 'RES-CARD-5',
      minutes: 30,
    });
    expect(added.code, added.msg).toBe(0);
    await untilStatus(added.data.id, 2);
    await new Promise((r) => setTimeout(r, 1200));
    await cp.startSession(1, 'RES-CARD-5');
    const ended = await untilStatus(added.data.id, 4);
    expect(ended).toMatchObject({ endReason: 'used', endFlag: 2, payFlag: 1 });
    expect(ended.transactionId).toBeTruthy();
    expect(ended.fee).toBe(feeOf(ended.durationSeconds));
    expect(await ledgerOf((await cardOf('RES-CARD-5')).id)).toHaveLength(1);
    await cp.stopSession(1, 'Local');
  });

  it('fails at once, without a fee, on a charger that is not connected', async () => {
    const refused = await reserve({
      chargePointId: 'DEMO-CP-003',
      connectorNo: 1,
      idTag: 'RES-CARD-9',
      minutes: 5,
    });
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toBe('Pile offline');
    const [order] = (
      await ok(operator, '/biz/reserveOrder/list', { current: 1, size: 10, chargePointId: 'DEMO-CP-003' })
    ).records;
    expect(order).toMatchObject({
      status: 4,
      endReason: 'failed',
      endFlag: 5,
      failReason: 'commandRes.server.pileOffline',
    });
    expect(order.fee).toBeUndefined();
  });

  it('expires by the sweep, charged up to the expiry, once', async () => {
    const card = await cardOf('RES-CARD-2');
    const added = await reserve({
      chargePointId: 'DEMO-CP-001',
      connectorNo: 2,
      idTag: 'RES-CARD-2',
      minutes: 1,
    });
    expect(added.code, added.msg).toBe(0);
    const successful = await untilStatus(added.data.id, 2);
    expect((await sweepReservations()).expired).toBe(0);
    const later = Date.parse(successful.expiryTime) + 60_000;
    expect((await sweepReservations(later)).expired).toBe(1);
    const ended = await orderNow(added.data.id);
    expect(ended).toMatchObject({
      status: 4,
      endReason: 'expired',
      endFlag: 7,
      endTime: successful.expiryTime,
    });
    const held = Math.floor((Date.parse(successful.expiryTime) - Date.parse(successful.startTime)) / 1000);
    expect(ended.durationSeconds).toBe(held);
    expect(ended.fee).toBe(feeOf(held));
    expect((await sweepReservations(later)).expired).toBe(0);
    expect(await ledgerOf(card.id)).toHaveLength(1);
    // 1.6 has no status update: the simulator's hold is dropped by hand for the queue test.
    chargers.get('DEMO-CP-001')!.cancelReservation(ended.reservationId);
  });

  it('refuses bad requests and stations without reservations', async () => {
    const bad = await reserve({
      chargePointId: 'DEMO-CP-001',
      connectorNo: 1,
      idTag: 'RES-CARD-1',
      minutes: 0,
    });
    expect(bad.code).not.toBe(0);
    expect(bad.data).toMatchObject({ minutes: expect.any(String) });
    const tooLong = await reserve({
      chargePointId: 'DEMO-CP-001',
      connectorNo: 1,
      idTag: 'RES-CARD-1',
      minutes: 1441,
    });
    expect(tooLong.code).not.toBe(0);
    const elsewhere = await reserve(
      { chargePointId: 'DEMO-CP-001', connectorNo: 1, idTag: 'RES-CARD-1', minutes: 5 },
      other,
    );
    expect(elsewhere.code).not.toBe(0);
  });

  it('lists the company reservations with filters, newest first, in a window of at most 2 years', async () => {
    const all = await ok(operator, '/biz/reserveOrder/list', { current: 1, size: 50 });
    expect(all.total).toBeGreaterThanOrEqual(7);
    const times = all.records.map((r: any) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const failed = await ok(operator, '/biz/reserveOrder/list', { current: 1, size: 50, status: 4 });
    expect(failed.records.every((r: any) => r.status === 4)).toBe(true);
    const byPile = await ok(operator, '/biz/reserveOrder/list', {
      current: 1,
      size: 50,
      chargePointId: 'DEMO-CP-004',
    });
    expect(byPile.records.length).toBe(3);
    const byTag = await ok(operator, '/biz/reserveOrder/list', { current: 1, size: 50, idTag: 'RES-CARD-1' });
    expect(byTag.records.length).toBe(1);
    const tooWide = await api(rt.url, operator, '/biz/reserveOrder/list', {
      startTimeFrom: '2020-01-01T00:00:00Z',
      startTimeTo: '2026-01-01T00:00:00Z',
    });
    expect(tooWide.code).not.toBe(0);
  });
});

describe('queue orders', () => {
  const list = async (token = operator) =>
    (await ok(token, '/biz/waitOrder/list', { current: 1, size: 50, stationId: stationIds.berlin })).records;
  const entryOf = async (id: string) => (await list()).find((e: any) => e.id === id);

  it(
    'queues, refuses a second entry, calls on Available, serves on a session, cancels and expires',
    { timeout: 180_000 },
    async () => {
      const cp = chargers.get('DEMO-CP-002')!;
      const cp1 = chargers.get('DEMO-CP-001')!;
      // Every connector of the station is busy: the queue waits.
      await cp.startSession(1, 'SIM-TAG-001');
      await cp.startSession(2, 'SIM-TAG-001');
      await cp1.startSession(1, 'SIM-TAG-001');
      await cp1.startSession(2, 'SIM-TAG-001');
      await waitFor(async () => {
        const detail = await ok(operator, `/biz/station/detail?id=${stationIds.berlin}`);
        return Number(detail.counts?.available ?? 0) === 0 ? true : undefined;
      });

      const first = await ok(operator, '/biz/waitOrder/add', {
        stationId: stationIds.berlin,
        idTag: 'Q-TAG-1',
      });
      expect(first).toMatchObject({ status: 'waiting' });
      const again = await api(rt.url, operator, '/biz/waitOrder/add', {
        stationId: stationIds.berlin,
        idTag: 'Q-TAG-1',
      });
      expect(again.code).not.toBe(0);
      const second = await ok(operator, '/biz/waitOrder/add', {
        stationId: stationIds.berlin,
        idTag: 'Q-TAG-2',
      });
      const third = await ok(operator, '/biz/waitOrder/add', {
        stationId: stationIds.berlin,
        idTag: 'Q-TAG-3',
      });
      expect((await entryOf(first.id)).position).toBe(1);
      expect((await entryOf(third.id)).position).toBe(3);
      // Another company sees nothing and cancels nothing.
      expect(
        (await api(rt.url, other, '/biz/waitOrder/list', { stationId: stationIds.berlin })).code,
      ).not.toBe(0);
      expect((await ok(other, '/biz/waitOrder/list', {})).total).toBe(0);
      expect((await api(rt.url, other, `/biz/waitOrder/cancel?id=${first.id}`)).code).not.toBe(0);

      // A connector frees up: the first is called to it.
      await cp.stopSession(1, 'Local');
      const called = await waitFor(async () => {
        const e = await entryOf(first.id);
        return e.status === 'called' ? e : undefined;
      });
      expect(called).toMatchObject({ chargePointId: 'DEMO-CP-002', connectorNo: 1 });
      expect((await entryOf(second.id)).position).toBe(1);

      // Nobody comes within 15 minutes: expired, and the next is called to the same connector.
      expect((await sweepQueue()).expired).toBe(0);
      expect((await sweepQueue(Date.now() + 16 * 60_000)).expired).toBe(1);
      expect((await entryOf(first.id)).status).toBe('expired');
      const next = await waitFor(async () => {
        const e = await entryOf(second.id);
        return e.status === 'called' ? e : undefined;
      });
      expect(next).toMatchObject({ chargePointId: 'DEMO-CP-002', connectorNo: 1 });

      // The third cancels; the second starts charging at the station and is served.
      const cancelled = await ok(operator, `/biz/waitOrder/cancel?id=${third.id}`);
      expect(cancelled.status).toBe('cancelled');
      expect((await api(rt.url, operator, `/biz/waitOrder/cancel?id=${third.id}`)).code).not.toBe(0);
      await cp.startSession(1, 'SIM-TAG-002');
      // SIM-TAG-002 is not Q-TAG-2: nothing served yet.
      expect((await entryOf(second.id)).status).toBe('called');
      await cp.stopSession(1, 'Local');
      await ok(operator, `/biz/waitOrder/cancel?id=${second.id}`);

      // A driver in the queue starting a session at the station is served.
      const fourth = await ok(operator, '/biz/waitOrder/add', {
        stationId: stationIds.berlin,
        idTag: 'RES-CARD-3',
      });
      await waitFor(async () => ((await entryOf(fourth.id)).status === 'called' ? true : undefined));
      const at = await entryOf(fourth.id);
      await chargers.get(at.chargePointId)!.startSession(at.connectorNo, 'RES-CARD-3');
      const served = await waitFor(async () => {
        const e = await entryOf(fourth.id);
        return e.status === 'served' ? e : undefined;
      });
      expect(served.servedAt).toBeTruthy();
      expect(served.transactionId).toBeTruthy();
      // The idTag may queue again once served.
      const back = await ok(operator, '/biz/waitOrder/add', {
        stationId: stationIds.berlin,
        idTag: 'RES-CARD-3',
      });
      await ok(operator, `/biz/waitOrder/cancel?id=${back.id}`);
      await chargers.get(at.chargePointId)!.stopSession(at.connectorNo, 'Local');
      for (const [c, n] of [
        [cp, 2],
        [cp1, 1],
        [cp1, 2],
      ] as const)
        await c.stopSession(n, 'Local').catch(() => undefined);
    },
  );
});
