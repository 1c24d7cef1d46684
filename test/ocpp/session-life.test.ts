/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Sessions that outlive their end or were never allowed, with real OCPP frames of both versions
 * against the local runtime:
 * - meter samples outside a session's life (after its stop, of an unknown or of a refused transaction) are
 *   kept apart and never reach an order's curve, energy or price; the charger gets its normal answer;
 * - a refused or never-stopped session is closed by the next session on its connector, by a reboot of its
 *   charger (after the grace the charger has to send its own stop) or by a time-out, and becomes exactly one
 *   order: a refused one a start failure that bills nothing, an allowed one billed on what was measured.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { getSession, samplesOutside } from '@functions/sessions/transactions.ts';
import { handler as orderSweep } from '@functions/schedules/sweep.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let runtime: Awaited<ReturnType<typeof startTestRuntime>>;
let base: string;
let operator: string;
const open: OcppClient[] = [];

const connect = async (id: string, protocol: 'ocpp1.6' | 'ocpp2.0.1') => {
  const client = await connectCharger(base, id, DEMO_CHARGER_PASSWORD, [protocol]);
  open.push(client);
  return client;
};
const payloadOf = (frame: unknown[]) => frame[2] as Record<string, any>;
/** A CALL answered with a CALLRESULT: its payload. */
async function result(client: OcppClient, action: string, payload: object) {
  const frame = await client.call(action, payload);
  expect(frame[0], `${action} answered ${JSON.stringify(frame)}`).toBe(3);
  return payloadOf(frame);
}
const iso = (ms: number) => new Date(ms).toISOString();

async function ordersOf(chargePointId: string) {
  const { Items = [] } = await dynamoDocument().send(
    new QueryCommand({
      TableName: config.tableName('main'),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :o AND begins_with(gsi1sk, :t)',
      ExpressionAttributeValues: { ':o': 'ORDER', ':t': '/demo-operator/' },
    }),
  );
  return Items.filter((o) => o.chargePointId === chargePointId);
}
const orderOfTx = async (chargePointId: string, tx: string | number) =>
  waitFor(
    async () => (await ordersOf(chargePointId)).find((o) => o.transactionId === String(tx)),
    15_000,
    `the order of ${chargePointId} ${tx}`,
  );
const detail = async (orderNo: string) =>
  (await api(base, operator, `/biz/chargeOrder/detail?id=${encodeURIComponent(orderNo)}`)).data;
const inProgress = async (chargePointId: string) =>
  (await api(base, operator, '/biz/chargeOrder/realtime', { chargePointId })).data.records as any[];
async function cardBalance(cardSn: string) {
  const list = await api(base, operator, '/biz/card/list', { current: 1, size: 10, cardSn });
  return Number(list.data.records.find((c: any) => c.cardSn === cardSn)?.balance);
}
/** What the database holds of a session (the fields a late message must not change). */
const sessionFacts = async (cp: string, tx: string | number) => {
  const s = (await getSession(cp, String(tx))) as any;
  const { handedOffAt: _h, ...facts } = s ?? {};
  return facts;
};
async function rawOrder(orderNo: string) {
  const { Item } = await dynamoDocument().send(
    new GetCommand({ TableName: config.tableName('main'), Key: { pk: `ORDER#${orderNo}`, sk: 'ORDER' } }),
  );
  return Item;
}

const energy16 = (at: string, wh: number, transactionId?: number) => ({
  connectorId: 1,
  ...(transactionId === undefined ? {} : { transactionId }),
  meterValue: [
    {
      timestamp: at,
      sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
    },
  ],
});

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  runtime = await startTestRuntime();
  base = runtime.url;
  operator = await login(base, 'operator', 'Operator12345');
  // A card that is blocked but holds money: a refused session must never be billed to it.
  const card = await api(base, operator, '/biz/card/add', {
    cardSn: 'LIFE-BLOCKED',
    receiveStatus: 2,
    status: 0,
    blackFlag: 1,
    type: 1,
    balance: 50,
  });
  expect(card.code).toBe(0);
}, 120_000);

afterEach(() => {
  delete process.env.SESSION_BOOT_GRACE_SECONDS;
  delete process.env.REFUSED_SESSION_TIMEOUT_MINUTES;
  delete process.env.SESSION_TIMEOUT_HOURS;
});

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await runtime?.cleanup();
});

describe('meter samples outside a session', () => {
  it('1.6: samples after the stop and of an unknown transaction are kept apart; the order does not change', async () => {
    const cp = await connect('DEMO-CP-001', 'ocpp1.6');
    const t0 = Date.parse('2026-03-02T10:00:00.000Z');
    const start = await result(cp, 'StartTransaction', {
      connectorId: 1,
      idTag: 'SIM-TAG-001',
      meterStart: 1000,
      timestamp: iso(t0),
    });
    expect(start.idTagInfo.status).toBe('Accepted');
    const tx = start.transactionId as number;
    await result(cp, 'MeterValues', energy16(iso(t0 + 30 * 60_000), 6000, tx));
    await result(cp, 'StopTransaction', {
      transactionId: tx,
      meterStop: 11_000,
      timestamp: iso(t0 + 3_600_000),
    });
    const order = await orderOfTx('DEMO-CP-001', tx);
    await waitFor(async () => ((await getSession('DEMO-CP-001', String(tx))) as any)?.handedOffAt);
    const before = { session: await sessionFacts('DEMO-CP-001', tx), detail: await detail(order.orderNo) };
    expect(before.detail.curve).toHaveLength(1);

    // The charger kept the transaction alive (a hard reset): samples after its end, with a larger register.
    expect(await result(cp, 'MeterValues', energy16(iso(t0 + 2 * 3_600_000), 30_000, tx))).toEqual({});
    expect(await result(cp, 'MeterValues', energy16(iso(t0 + 3 * 3_600_000), 40_000, tx))).toEqual({});
    // A transaction the platform never gave.
    expect(await result(cp, 'MeterValues', energy16(iso(t0 + 3 * 3_600_000), 5_000, 987_654))).toEqual({});
    // A stop repeated with more data changes nothing either.
    await result(cp, 'StopTransaction', {
      transactionId: tx,
      meterStop: 50_000,
      timestamp: iso(t0 + 4 * 3_600_000),
      transactionData: energy16(iso(t0 + 4 * 3_600_000), 50_000).meterValue,
    });

    expect(await sessionFacts('DEMO-CP-001', tx)).toEqual(before.session);
    const after = await detail(order.orderNo);
    expect(after.curve).toEqual(before.detail.curve);
    expect(after).toMatchObject({ energyWh: 10_000, actualFee: order.actualFee, endTime: order.endTime });
    expect((await ordersOf('DEMO-CP-001')).filter((o) => o.transactionId === String(tx))).toHaveLength(1);

    // Kept apart, for inspection.
    const outside = await samplesOutside('DEMO-CP-001', String(tx));
    expect(outside.map((s) => [s.timestamp, s.why])).toEqual([
      [iso(t0 + 2 * 3_600_000), 'ended'],
      [iso(t0 + 3 * 3_600_000), 'ended'],
      [iso(t0 + 4 * 3_600_000), 'ended'],
    ]);
    expect((await samplesOutside('DEMO-CP-001', '987654')).map((s) => s.why)).toEqual(['unknown']);
  });

  it('2.0.1: an Updated event after the Ended one is answered and kept apart', async () => {
    const cs = await connect('DEMO-CP-004', 'ocpp2.0.1');
    const t0 = Date.parse('2026-03-02T12:00:00.000Z');
    const event = (eventType: string, seqNo: number, wh: number, extra: object = {}) => ({
      eventType,
      timestamp: iso(t0 + seqNo * 600_000),
      triggerReason: eventType === 'Started' ? 'Authorized' : 'MeterValuePeriodic',
      seqNo,
      transactionInfo: { transactionId: 'life-201-a' },
      evse: { id: 2, connectorId: 1 },
      meterValue: [
        {
          timestamp: iso(t0 + seqNo * 600_000),
          sampledValue: [
            { value: wh, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
          ],
        },
      ],
      ...extra,
    });
    const started = await result(
      cs,
      'TransactionEvent',
      event('Started', 0, 100, { idToken: { idToken: 'SIM-TAG-001', type: 'ISO14443' } }),
    );
    expect(started.idTokenInfo.status).toBe('Accepted');
    await result(cs, 'TransactionEvent', event('Updated', 1, 2100));
    await result(cs, 'TransactionEvent', event('Ended', 2, 4100));
    const order = await orderOfTx('DEMO-CP-004', 'life-201-a');
    await waitFor(async () => ((await getSession('DEMO-CP-004', 'life-201-a')) as any)?.handedOffAt);
    const before = {
      session: await sessionFacts('DEMO-CP-004', 'life-201-a'),
      detail: await detail(order.orderNo),
    };

    expect(await result(cs, 'TransactionEvent', event('Updated', 3, 9100))).toEqual({});
    expect(await sessionFacts('DEMO-CP-004', 'life-201-a')).toEqual(before.session);
    expect((await detail(order.orderNo)).curve).toEqual(before.detail.curve);
    expect((await samplesOutside('DEMO-CP-004', 'life-201-a')).map((s) => s.why)).toEqual(['ended']);
  });
});

describe('refused sessions', () => {
  it('1.6: a refused start is shown as refused, closed by the next session on its connector, and bills nothing', async () => {
    const cp = await connect('DEMO-CP-002', 'ocpp1.6');
    const t0 = Date.now() - 10 * 60_000;
    const refused = await result(cp, 'StartTransaction', {
      connectorId: 1,
      idTag: 'LIFE-BLOCKED',
      meterStart: 2000,
      timestamp: iso(t0),
    });
    expect(refused.idTagInfo.status).toBe('Blocked');
    const tx1 = refused.transactionId as number;
    expect(tx1).toBeGreaterThan(0);
    // The charger charges anyway and reports it: kept apart, the session's figures do not move.
    expect(await result(cp, 'MeterValues', energy16(iso(t0 + 60_000), 9000, tx1))).toEqual({});
    expect((await samplesOutside('DEMO-CP-002', String(tx1))).map((s) => s.why)).toEqual(['refused']);
    const listed = await inProgress('DEMO-CP-002');
    expect(listed.map((s) => [s.transactionId, s.refused])).toEqual([[String(tx1), true]]);

    // The next driver starts on the same connector: the refused session ends, only the new one is in progress.
    const next = await result(cp, 'StartTransaction', {
      connectorId: 1,
      idTag: 'SIM-TAG-002',
      meterStart: 9000,
      timestamp: iso(t0 + 5 * 60_000),
    });
    expect(next.idTagInfo.status).toBe('Accepted');
    const tx2 = next.transactionId as number;
    expect((await inProgress('DEMO-CP-002')).map((s) => s.transactionId)).toEqual([String(tx2)]);
    expect(await getSession('DEMO-CP-002', String(tx1))).toMatchObject({
      status: 'completed',
      closedBy: 'nextSession',
    });

    const order = await orderOfTx('DEMO-CP-002', tx1);
    expect(order).toMatchObject({
      endFlag: 4,
      closedBy: 'nextSession',
      energyWh: 0,
      actualFee: '0.00',
      payFlag: 1,
      payType: 0,
      finishFlag: 1,
    });
    expect(await cardBalance('LIFE-BLOCKED')).toBe(50);

    // The charger's own stop comes at last: acknowledged, nothing billed or written twice.
    await result(cp, 'StopTransaction', {
      transactionId: tx1,
      meterStop: 12_000,
      timestamp: iso(t0 + 6 * 60_000),
      reason: 'DeAuthorized',
    });
    await result(cp, 'StopTransaction', {
      transactionId: tx2,
      meterStop: 10_000,
      timestamp: iso(t0 + 9 * 60_000),
    });
    const billed = await orderOfTx('DEMO-CP-002', tx2);
    expect(billed).toMatchObject({ energyWh: 1000, payFlag: 1, endFlag: 1 });
    expect(await rawOrder(order.orderNo)).toMatchObject({ endFlag: 4, energyWh: 0, actualFee: '0.00' });
    const orders = (await ordersOf('DEMO-CP-002')).map((o) => o.transactionId).sort();
    expect(orders).toEqual([String(tx1), String(tx2)].sort());
    expect(await cardBalance('LIFE-BLOCKED')).toBe(50);
    expect(await inProgress('DEMO-CP-002')).toEqual([]);
  });

  it('2.0.1: a refused Started is closed by a new Started on the same EVSE', async () => {
    const cs = await connect('DEMO-CP-005', 'ocpp2.0.1');
    const t0 = Date.now() - 20 * 60_000;
    const started = (id: string, token: string, at: number) => ({
      eventType: 'Started',
      timestamp: iso(at),
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId: id, chargingState: 'Charging' },
      evse: { id: 1, connectorId: 1 },
      idToken: { idToken: token, type: 'ISO14443' },
    });
    expect(
      (await result(cs, 'TransactionEvent', started('life-201-r', 'LIFE-BLOCKED', t0))).idTokenInfo.status,
    ).toBe('Blocked');
    await result(cs, 'TransactionEvent', {
      eventType: 'Updated',
      timestamp: iso(t0 + 60_000),
      triggerReason: 'MeterValuePeriodic',
      seqNo: 1,
      transactionInfo: { transactionId: 'life-201-r' },
      meterValue: [
        {
          timestamp: iso(t0 + 60_000),
          sampledValue: [
            { value: 5000, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
          ],
        },
      ],
    });
    expect((await samplesOutside('DEMO-CP-005', 'life-201-r')).map((s) => s.why)).toEqual(['refused']);
    expect((await inProgress('DEMO-CP-005')).map((s) => [s.transactionId, s.refused])).toEqual([
      ['life-201-r', true],
    ]);
    expect(
      (await result(cs, 'TransactionEvent', started('life-201-n', 'SIM-TAG-003', t0 + 2 * 60_000)))
        .idTokenInfo.status,
    ).toBe('Accepted');
    expect((await inProgress('DEMO-CP-005')).map((s) => s.transactionId)).toEqual(['life-201-n']);
    const order = await orderOfTx('DEMO-CP-005', 'life-201-r');
    expect(order).toMatchObject({
      endFlag: 4,
      closedBy: 'nextSession',
      energyWh: 0,
      actualFee: expect.stringMatching(/^0\.0+$/),
    });
    expect(await cardBalance('LIFE-BLOCKED')).toBe(50);
  });
  it('2.0.1: a session started at plug-in takes the token reported later, and a refusal with it', async () => {
    const cs = await connect('DEMO-CP-005', 'ocpp2.0.1');
    const t0 = Date.now() - 5 * 60_000;
    const sample = (at: number, wh: number) => [
      {
        timestamp: iso(at),
        sampledValue: [
          { value: wh, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
        ],
      },
    ];
    const plugged = await result(cs, 'TransactionEvent', {
      eventType: 'Started',
      timestamp: iso(t0),
      triggerReason: 'CablePluggedIn',
      seqNo: 0,
      transactionInfo: { transactionId: 'life-201-plug', chargingState: 'EVConnected' },
      evse: { id: 1, connectorId: 1 },
      meterValue: sample(t0, 700),
    });
    expect(plugged).toEqual({});
    expect((await inProgress('DEMO-CP-005')).map((s) => [s.transactionId, s.refused])).toEqual([
      ['life-201-plug', undefined],
    ]);
    const authorized = await result(cs, 'TransactionEvent', {
      eventType: 'Updated',
      timestamp: iso(t0 + 60_000),
      triggerReason: 'Authorized',
      seqNo: 1,
      transactionInfo: { transactionId: 'life-201-plug' },
      idToken: { idToken: 'LIFE-BLOCKED', type: 'ISO14443' },
      meterValue: sample(t0 + 60_000, 1700),
    });
    expect(authorized.idTokenInfo.status).toBe('Blocked');
    expect(await getSession('DEMO-CP-005', 'life-201-plug')).toMatchObject({
      idTag: 'LIFE-BLOCKED',
      authStatus: 'Blocked',
      lastMeterWh: 700,
    });
    expect((await samplesOutside('DEMO-CP-005', 'life-201-plug')).map((s) => s.why)).toEqual(['refused']);
    expect((await inProgress('DEMO-CP-005')).map((s) => [s.transactionId, s.refused])).toEqual([
      ['life-201-plug', true],
    ]);
    await result(cs, 'TransactionEvent', {
      eventType: 'Ended',
      timestamp: iso(t0 + 120_000),
      triggerReason: 'StopAuthorized',
      seqNo: 2,
      transactionInfo: { transactionId: 'life-201-plug', stoppedReason: 'DeAuthorized' },
    });
    expect(await orderOfTx('DEMO-CP-005', 'life-201-plug')).toMatchObject({ endFlag: 4, energyWh: 0 });
    expect(await cardBalance('LIFE-BLOCKED')).toBe(50);
  });
});

describe('sessions a charger never ended', () => {
  it('1.6: a reboot ends them: a stop sent within the grace wins, the others are closed and billed on what was measured', async () => {
    const cp = await connect('DEMO-CP-003', 'ocpp1.6');
    const t0 = Date.now() - 60 * 60_000;
    const minute = 60_000;
    const start = async (connectorId: number, idTag: string, at: number, meterStart: number) =>
      (await result(cp, 'StartTransaction', { connectorId, idTag, meterStart, timestamp: iso(at) }))
        .transactionId as number;
    const boot = async () =>
      expect(
        (await result(cp, 'BootNotification', { chargePointVendor: 'Acme', chargePointModel: 'AC22' }))
          .status,
      ).toBe('Accepted');

    const txA = await start(1, 'SIM-TAG-003', t0, 0);
    const txR = await start(1, 'LIFE-BLOCKED', t0 + minute, 0); // refused; A ends there and then
    expect(await getSession('DEMO-CP-003', String(txA))).toMatchObject({
      status: 'completed',
      closedBy: 'nextSession',
    });
    const txB = await start(2, 'SIM-TAG-003', t0, 0);
    await result(cp, 'MeterValues', { ...energy16(iso(t0 + 30 * minute), 3000, txB), connectorId: 2 });

    // A boot ends what cannot be billed (after its answer: docs/decisions/440-ocpp-answers-before-bookkeeping.md);
    // the charger's own stops may follow within the grace.
    await boot();
    await waitFor(
      async () => (await getSession('DEMO-CP-003', String(txR)))?.closedBy,
      60_000,
      'the refused session closed by the boot',
    );
    expect(await getSession('DEMO-CP-003', String(txR))).toMatchObject({
      status: 'completed',
      closedBy: 'boot',
    });
    await orderSweep();
    expect(await getSession('DEMO-CP-003', String(txB))).toMatchObject({ status: 'active' });
    await result(cp, 'StopTransaction', {
      transactionId: txB,
      meterStop: 3500,
      timestamp: iso(t0 + 40 * minute),
      reason: 'PowerLoss',
    });
    const b = (await getSession('DEMO-CP-003', String(txB))) as any;
    expect(b).toMatchObject({ status: 'completed', energyWh: 3500, stopReason: 'PowerLoss' });
    expect(b.closedBy).toBeUndefined();

    // A session the charger never stops after a boot: closed once the grace has passed, billed on its samples.
    const txC = await start(2, 'SIM-TAG-003', t0 + 45 * minute, 3500);
    await result(cp, 'MeterValues', { ...energy16(iso(t0 + 55 * minute), 7500, txC), connectorId: 2 });
    await boot();
    await waitFor(
      async () => (await getSession('DEMO-CP-003', String(txC)))?.bootAt,
      60_000,
      'the session marked by the boot',
    );
    process.env.SESSION_BOOT_GRACE_SECONDS = '0';
    await orderSweep();
    expect(await getSession('DEMO-CP-003', String(txC))).toMatchObject({
      status: 'completed',
      closedBy: 'boot',
      energyWh: 4000,
      endTime: iso(t0 + 55 * minute),
      stopReason: 'Reboot',
    });
    expect(await inProgress('DEMO-CP-003')).toEqual([]);

    const orderC = await orderOfTx('DEMO-CP-003', txC);
    expect(orderC).toMatchObject({
      closedBy: 'boot',
      energyWh: 4000,
      endFlag: 2,
      payFlag: 1,
      stopReasonCode: 'REBOOT',
    });
    expect(Number(orderC.actualFee)).toBeGreaterThan(0);
    expect(await orderOfTx('DEMO-CP-003', txR)).toMatchObject({ endFlag: 4, energyWh: 0, closedBy: 'boot' });
    expect(await orderOfTx('DEMO-CP-003', txA)).toMatchObject({ closedBy: 'nextSession', endFlag: 2 });
    await orderOfTx('DEMO-CP-003', txB);
    // A late stop of a session the boot closed: acknowledged, kept apart, the order stays as it was.
    await result(cp, 'StopTransaction', {
      transactionId: txC,
      meterStop: 9000,
      timestamp: iso(t0 + 58 * minute),
      transactionData: energy16(iso(t0 + 58 * minute), 9000).meterValue,
    });
    await orderSweep();
    expect(await rawOrder(orderC.orderNo)).toMatchObject({ energyWh: 4000, actualFee: orderC.actualFee });
    expect((await samplesOutside('DEMO-CP-003', String(txC))).map((s) => s.why)).toEqual(['ended']);
    const orders = (await ordersOf('DEMO-CP-003')).map((o) => o.transactionId).sort();
    expect(orders).toEqual([txA, txR, txB, txC].map(String).sort());
  });

  it('2.0.1: a boot ends a session, a silent session times out, a refused one sooner', async () => {
    const cs = await connect('DEMO-CP-004', 'ocpp2.0.1');
    const started = (id: string, token: string, at: number, evse: number) => ({
      eventType: 'Started',
      timestamp: iso(at),
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId: id },
      evse: { id: evse, connectorId: 1 },
      idToken: { idToken: token, type: 'ISO14443' },
      meterValue: [
        {
          timestamp: iso(at),
          sampledValue: [
            { value: 1000, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
          ],
        },
      ],
    });
    // A station whose clock is four days behind: the time-out counts by the platform's clock, not by it.
    const old = Date.now() - 4 * 86_400_000;
    await result(cs, 'TransactionEvent', started('life-201-old', 'SIM-TAG-001', old, 1));
    await result(cs, 'TransactionEvent', started('life-201-ref', 'LIFE-BLOCKED', Date.now() - 120_000, 2));
    // Refused, on the same EVSE: the earlier refused one ends there.
    await result(cs, 'TransactionEvent', started('life-201-ref2', 'NOPE-LIFE', Date.now() - 60_000, 2));
    expect(await getSession('DEMO-CP-004', 'life-201-ref')).toMatchObject({ closedBy: 'nextSession' });

    // Neither is due yet (72 hours without news; 60 minutes after a refusal).
    await orderSweep();
    expect(await getSession('DEMO-CP-004', 'life-201-old')).toMatchObject({ status: 'active' });
    expect(await getSession('DEMO-CP-004', 'life-201-ref2')).toMatchObject({ status: 'active' });
    process.env.REFUSED_SESSION_TIMEOUT_MINUTES = '0';
    await orderSweep();
    expect(await getSession('DEMO-CP-004', 'life-201-ref2')).toMatchObject({
      status: 'completed',
      closedBy: 'timeout',
    });
    expect(await getSession('DEMO-CP-004', 'life-201-old')).toMatchObject({ status: 'active' });
    process.env.SESSION_TIMEOUT_HOURS = '0';
    await orderSweep();
    expect(await getSession('DEMO-CP-004', 'life-201-old')).toMatchObject({
      status: 'completed',
      closedBy: 'timeout',
      endTime: iso(old),
      energyWh: 0,
    });
    delete process.env.SESSION_TIMEOUT_HOURS;
    expect(await orderOfTx('DEMO-CP-004', 'life-201-ref2')).toMatchObject({
      endFlag: 4,
      closedBy: 'timeout',
    });
    expect(await orderOfTx('DEMO-CP-004', 'life-201-old')).toMatchObject({ endFlag: 2, closedBy: 'timeout' });

    // A session open at a boot whose station never sends its Ended event.
    const t1 = Date.now() - 30 * 60_000;
    await result(cs, 'TransactionEvent', started('life-201-boot', 'SIM-TAG-001', t1, 1));
    await result(cs, 'TransactionEvent', started('life-201-ref3', 'LIFE-BLOCKED', t1, 2));
    await result(cs, 'BootNotification', {
      reason: 'PowerUp',
      chargingStation: { model: 'DC150', vendorName: 'Acme' },
    });
    // Refused: ended at once (after the boot's answer). Allowed: after the grace.
    await waitFor(
      async () => (await getSession('DEMO-CP-004', 'life-201-ref3'))?.closedBy,
      60_000,
      'the refused session closed by the boot',
    );
    expect(await getSession('DEMO-CP-004', 'life-201-ref3')).toMatchObject({
      status: 'completed',
      closedBy: 'boot',
    });
    await waitFor(
      async () => (await getSession('DEMO-CP-004', 'life-201-boot'))?.bootAt,
      60_000,
      'the session marked by the boot',
    );
    expect(await getSession('DEMO-CP-004', 'life-201-boot')).toMatchObject({ status: 'active' });
    process.env.SESSION_BOOT_GRACE_SECONDS = '0';
    await orderSweep();
    expect(await getSession('DEMO-CP-004', 'life-201-boot')).toMatchObject({
      status: 'completed',
      closedBy: 'boot',
    });
    expect(await orderOfTx('DEMO-CP-004', 'life-201-boot')).toMatchObject({ closedBy: 'boot', endFlag: 2 });
    expect(await inProgress('DEMO-CP-004')).toEqual([]);
  });

  it('ends a session once, whoever ends it at the same moment: its stop, the next session, the time-out', async () => {
    const cp = await connect('DEMO-CP-001', 'ocpp1.6');
    const t0 = Date.now() - 30 * 60_000;
    const tx = (
      await result(cp, 'StartTransaction', {
        connectorId: 2,
        idTag: 'SIM-TAG-001',
        meterStart: 0,
        timestamp: iso(t0),
      })
    ).transactionId as number;
    await result(cp, 'MeterValues', { ...energy16(iso(t0 + 60_000), 2000, tx), connectorId: 2 });
    process.env.SESSION_TIMEOUT_HOURS = '0';
    const [, next] = await Promise.all([
      result(cp, 'StopTransaction', { transactionId: tx, meterStop: 3000, timestamp: iso(t0 + 120_000) }),
      result(cp, 'StartTransaction', {
        connectorId: 2,
        idTag: 'SIM-TAG-001',
        meterStart: 3000,
        timestamp: iso(t0 + 180_000),
      }),
      orderSweep(),
      orderSweep(),
    ]);
    const session = (await getSession('DEMO-CP-001', String(tx))) as any;
    expect(session.status).toBe('completed');
    await orderOfTx('DEMO-CP-001', tx);
    expect(next.transactionId).not.toBe(tx);
    const orders = (await ordersOf('DEMO-CP-001')).filter((o) => o.transactionId === String(tx));
    expect(orders).toHaveLength(1);
    // The order is the session's, as it ended.
    expect(orders[0]).toMatchObject({ energyWh: session.energyWh, endTime: session.endTime });
  });
});
