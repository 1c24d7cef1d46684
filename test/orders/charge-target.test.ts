/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * A remote start's charge type and value (docs/decisions/170), over real WebSockets: the choice is stored
 * on the session and its order, and the session is stopped once it reaches its value: the charger receives
 * exactly one RemoteStopTransaction (1.6) or RequestStopTransaction (2.0.1), even when two meter values
 * over the value arrive at once; a time target is stopped by the orders sweep with no meter value; an
 * amount target by the order's own pricing; a session charged until full never. Bad values are refused with
 * 400 and nothing is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCommand } from '@functions/commands/store.ts';
import { getSession } from '@functions/sessions/transactions.ts';
import { sweepChargeTargets } from '@functions/orders/charge-target.ts';
import { handler as ordersSweep } from '@functions/schedules/sweep.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
const open: OcppClient[] = [];

async function ok(path: string, body?: unknown) {
  const answer = await api(rt.url, operator, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

async function charger(id: string, protocol: 'ocpp1.6' | 'ocpp2.0.1') {
  const c = await connectCharger(rt.url, id, DEMO_CHARGER_PASSWORD, [protocol]);
  open.push(c);
  return c;
}

/** A remote start from the console, accepted by the charger once its request arrives. */
async function remoteStart(
  cp: OcppClient,
  chargePointId: string,
  params: Record<string, unknown>,
): Promise<{ commandId: string; payload: any }> {
  const sent = await ok('/biz/command/send', {
    chargePointId,
    command: 'remoteStart',
    connectorNo: 1,
    params,
  });
  const action = cp.protocol === 'ocpp1.6' ? 'RemoteStartTransaction' : 'RequestStartTransaction';
  const call = await cp.next(
    (f) => f[0] === 2 && f[2] === action && JSON.stringify(f[3]).includes(String(params.idTag)),
  );
  cp.send([3, call[1], { status: 'Accepted' }]);
  await waitFor(async () => (await getCommand(String(sent.commandId)))?.status === 'answered' || undefined);
  return { commandId: String(sent.commandId), payload: call[3] };
}

const stopAction = (cp: OcppClient) =>
  cp.protocol === 'ocpp1.6' ? 'RemoteStopTransaction' : 'RequestStopTransaction';
const stopsReceived = (cp: OcppClient) => cp.received.filter((f) => f[0] === 2 && f[2] === stopAction(cp));

const energy16 = (transactionId: number, wh: number, at = new Date()) => ({
  connectorId: 1,
  transactionId,
  meterValue: [
    {
      timestamp: at.toISOString(),
      sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
    },
  ],
});

async function start16(cp: OcppClient, idTag: string, at = new Date()) {
  const answer = (await cp.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 1000,
    timestamp: at.toISOString(),
  })) as any[];
  return Number(answer[2].transactionId);
}

async function orderOf(chargePointId: string, transactionId: string) {
  return waitFor(async () => {
    const list = await ok('/biz/chargeOrder/list', { current: 1, size: 100, chargePointId });
    return list.records.find((r: any) => r.transactionId === transactionId);
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
}, 120_000);

afterAll(async () => {
  for (const c of open) await c.close();
  await rt?.cleanup();
});

describe('a remote start charged up to a value', () => {
  it('1.6 energy: stopped once when reached, even by two meter values at once; the order keeps the choice', async () => {
    const cp = await charger('DEMO-CP-001', 'ocpp1.6');
    await remoteStart(cp, 'DEMO-CP-001', { idTag: 'SIM-TAG-001', chargeType: 1, chargeValue: '2.5' });
    const tx = await start16(cp, 'SIM-TAG-001');
    expect(await getSession('DEMO-CP-001', String(tx))).toMatchObject({
      chargeType: 1,
      chargeValue: '2.500',
    });

    await cp.call('MeterValues', energy16(tx, 3400)); // 2.4 kWh delivered: not yet
    await pause(300);
    expect(stopsReceived(cp)).toHaveLength(0);

    // Two samples over the value at the same moment: one stop.
    await Promise.all([
      cp.call('MeterValues', energy16(tx, 3500)),
      cp.call('MeterValues', energy16(tx, 3600, new Date(Date.now() + 1))),
    ]);
    const stop = await cp.next((f) => f[0] === 2 && f[2] === 'RemoteStopTransaction');
    expect(stop[3]).toEqual({ transactionId: tx });
    cp.send([3, stop[1], { status: 'Accepted' }]);
    await cp.call('MeterValues', energy16(tx, 3700, new Date(Date.now() + 2)));
    await pause(500);
    expect(stopsReceived(cp)).toHaveLength(1);
    // The stop is a command of the pipeline, recorded as the platform's.
    const session = await getSession('DEMO-CP-001', String(tx));
    const command = await getCommand(String(session?.targetStopCommandId));
    expect(command).toMatchObject({ action: 'RemoteStopTransaction', status: 'answered' });

    await cp.call('StopTransaction', {
      transactionId: tx,
      meterStop: 3700,
      timestamp: new Date().toISOString(),
      reason: 'Remote',
    });
    const order = await orderOf('DEMO-CP-001', String(tx));
    expect(order).toMatchObject({ chargeType: 1, chargeValue: '2.500', startMode: 1, endFlag: 2 });
    expect(order.targetStopAt).toEqual(expect.any(String));
  });

  it('1.6 time: the sweep stops a session past its minutes with no meter value', async () => {
    const cp = await charger('DEMO-CP-002', 'ocpp1.6');
    await remoteStart(cp, 'DEMO-CP-002', { idTag: 'SIM-TAG-002', chargeType: 2, chargeValue: 30 });
    const tx = await start16(cp, 'SIM-TAG-002', new Date(Date.now() - 29 * 60_000));
    await ordersSweep();
    await pause(300);
    expect(stopsReceived(cp)).toHaveLength(0); // 29 minutes: not yet

    // Two minutes on (the sweep reads the platform's clock): due.
    expect(await sweepChargeTargets(Date.now() + 2 * 60_000)).toBe(1);
    expect(await sweepChargeTargets(Date.now() + 3 * 60_000)).toBe(0);
    const stop = await cp.next((f) => f[0] === 2 && f[2] === 'RemoteStopTransaction');
    expect(stop[3]).toEqual({ transactionId: tx });
    cp.send([3, stop[1], { status: 'Accepted' }]);
    await cp.call('StopTransaction', {
      transactionId: tx,
      meterStop: 5000,
      timestamp: new Date().toISOString(),
      reason: 'Remote',
    });
    const order = await orderOf('DEMO-CP-002', String(tx));
    expect(order).toMatchObject({ chargeType: 2, chargeValue: '30', endFlag: 7 });
    expect(stopsReceived(cp)).toHaveLength(1);
  });

  it('1.6 full is never stopped; a card start is full; bad values are refused with 400 and nothing sent', async () => {
    const cp = await charger('DEMO-CP-003', 'ocpp1.6');
    const bad = [
      { chargeType: 1 }, // energy needs a value
      { chargeType: 1, chargeValue: '0' },
      { chargeType: 1, chargeValue: '1.2345' }, // more than 3 decimals
      { chargeType: 1, chargeValue: '-2' },
      { chargeType: 1, chargeValue: '1001' },
      { chargeType: 2, chargeValue: '10.5' }, // whole minutes
      { chargeType: 3, chargeValue: '5.001' }, // money: 2 decimals
      { chargeType: 3, chargeValue: 'ten' },
      { chargeType: 4, chargeValue: '5' }, // full takes no value
      { chargeType: 9, chargeValue: '5' },
    ];
    for (const params of bad) {
      const answer = await api(rt.url, operator, '/biz/command/send', {
        chargePointId: 'DEMO-CP-003',
        command: 'remoteStart',
        connectorNo: 1,
        params: { idTag: 'SIM-TAG-003', ...params },
      });
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expect(Object.keys(answer.data ?? {}).join(), JSON.stringify(params)).toMatch(/chargeValue|chargeType/);
    }
    const list = await ok('/biz/command/list', { chargePointId: 'DEMO-CP-003' });
    expect(list.records).toHaveLength(0);
    expect(cp.received.filter((f) => f[0] === 2)).toHaveLength(0);

    // Without a type: full (existing callers keep working).
    await remoteStart(cp, 'DEMO-CP-003', { idTag: 'SIM-TAG-003' });
    const tx = await start16(cp, 'SIM-TAG-003', new Date(Date.now() - 3 * 3_600_000));
    await cp.call('MeterValues', energy16(tx, 900_000));
    await sweepChargeTargetsLater();
    await pause(300);
    expect(stopsReceived(cp)).toHaveLength(0);
    await cp.call('StopTransaction', {
      transactionId: tx,
      meterStop: 900_000,
      timestamp: new Date().toISOString(),
      reason: 'Local',
    });
    const order = await orderOf('DEMO-CP-003', String(tx));
    expect(order).toMatchObject({ chargeType: 4, startMode: 1, endFlag: 1 });
    expect(order.chargeValue).toBeUndefined();
    expect(order.targetStopAt).toBeUndefined();

    // A card start (no remote start): full.
    const card = await start16(cp, 'SIM-TAG-003');
    await cp.call('StopTransaction', {
      transactionId: card,
      meterStop: 2000,
      timestamp: new Date().toISOString(),
    });
    expect(await orderOf('DEMO-CP-003', String(card))).toMatchObject({ chargeType: 4, startMode: 2 });
  });

  it('2.0.1 energy: the Started event names the request by remoteStartId; one RequestStopTransaction', async () => {
    const cs = await charger('DEMO-CP-004', 'ocpp2.0.1');
    const { payload } = await remoteStart(cs, 'DEMO-CP-004', {
      idTag: 'SIM-TAG-001',
      chargeType: 1,
      chargeValue: '1',
    });
    const now = Date.now();
    const event = (eventType: string, seqNo: number, wh: number, extra: Record<string, unknown> = {}) => ({
      eventType,
      timestamp: new Date(now + seqNo * 1000).toISOString(),
      triggerReason: eventType === 'Started' ? 'RemoteStart' : 'MeterValuePeriodic',
      seqNo,
      transactionInfo: { transactionId: 'tx-target-201', ...extra },
      evse: { id: 1, connectorId: 1 },
      meterValue: [
        {
          timestamp: new Date(now + seqNo * 1000).toISOString(),
          sampledValue: [
            { value: wh, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
          ],
        },
      ],
    });
    await cs.call('TransactionEvent', {
      ...event('Started', 0, 10_000, { remoteStartId: payload.remoteStartId }),
      idToken: { idToken: 'SIM-TAG-001', type: 'Central' },
    });
    expect(await getSession('DEMO-CP-004', 'tx-target-201')).toMatchObject({
      chargeType: 1,
      chargeValue: '1.000',
      startMode: 1,
    });
    await cs.call('TransactionEvent', event('Updated', 1, 10_900));
    await pause(300);
    expect(stopsReceived(cs)).toHaveLength(0);
    await Promise.all([
      cs.call('TransactionEvent', event('Updated', 2, 11_000)),
      cs.call('TransactionEvent', event('Updated', 3, 11_100)),
    ]);
    const stop = await cs.next((f) => f[0] === 2 && f[2] === 'RequestStopTransaction');
    expect(stop[3]).toEqual({ transactionId: 'tx-target-201' });
    cs.send([3, stop[1], { status: 'Accepted' }]);
    await cs.call('TransactionEvent', event('Updated', 4, 11_200));
    await pause(500);
    expect(stopsReceived(cs)).toHaveLength(1);
    await cs.call('TransactionEvent', {
      ...event('Ended', 5, 11_200, { stoppedReason: 'Remote' }),
      triggerReason: 'RemoteStop',
    });
    const order = await orderOf('DEMO-CP-004', 'tx-target-201');
    expect(order).toMatchObject({ chargeType: 1, chargeValue: '1.000', endFlag: 2, protocol: 'ocpp2.0.1' });
  });

  it('2.0.1 amount: stopped when the running fee of its tariff reaches the amount', async () => {
    const cs = await charger('DEMO-CP-005', 'ocpp2.0.1');
    const { payload } = await remoteStart(cs, 'DEMO-CP-005', {
      idTag: 'SIM-TAG-002',
      chargeType: 3,
      chargeValue: '1.00',
    });
    const now = Date.now();
    const event = (eventType: string, seqNo: number, wh: number, extra: Record<string, unknown> = {}) => ({
      eventType,
      timestamp: new Date(now + seqNo * 1000).toISOString(),
      triggerReason: eventType === 'Started' ? 'RemoteStart' : 'MeterValuePeriodic',
      seqNo,
      transactionInfo: { transactionId: 'tx-amount-201', ...extra },
      evse: { id: 1, connectorId: 1 },
      meterValue: [
        {
          timestamp: new Date(now + seqNo * 1000).toISOString(),
          sampledValue: [
            { value: wh, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
          ],
        },
      ],
    });
    await cs.call('TransactionEvent', {
      ...event('Started', 0, 0, { remoteStartId: payload.remoteStartId }),
      idToken: { idToken: 'SIM-TAG-002', type: 'Central' },
    });
    // The Munich tariff: 0.39 per kWh. 2 kWh cost 0.78: not yet.
    await cs.call('TransactionEvent', event('Updated', 1, 2000));
    await pause(300);
    expect(stopsReceived(cs)).toHaveLength(0);
    // 3 kWh cost 1.17: over 1.00.
    await cs.call('TransactionEvent', event('Updated', 2, 3000));
    const stop = await cs.next((f) => f[0] === 2 && f[2] === 'RequestStopTransaction');
    expect(stop[3]).toEqual({ transactionId: 'tx-amount-201' });
    cs.send([3, stop[1], { status: 'Accepted' }]);
    await cs.call('TransactionEvent', {
      ...event('Ended', 3, 3000, { stoppedReason: 'Remote' }),
      triggerReason: 'RemoteStop',
    });
    const order = await orderOf('DEMO-CP-005', 'tx-amount-201');
    expect(order).toMatchObject({ chargeType: 3, chargeValue: '1.00', endFlag: 2, actualFee: '1.17' });
    expect(stopsReceived(cs)).toHaveLength(1);
  });
});

/** The sweep as it runs a day from now: a session charged until full is never due. */
async function sweepChargeTargetsLater() {
  expect(await sweepChargeTargets(Date.now() + 86_400_000)).toBe(0);
}
