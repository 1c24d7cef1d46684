/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Sessions priced and settled into orders against the real runtime: a 1.6 session across a
 * time-of-use boundary with occupancy after the grace time, a discount and the platform's revenue tariff,
 * paid from the card's balance with its ledger entry and counted once in the revenue rollups, whatever is
 * replayed; a card that cannot pay leaves the order unpaid until a recharge and a reset settle it, once; a
 * 2.0.1 session priced by its connector's rule; the tariff a session started under is the one it pays.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { resettleOrder } from '@functions/orders/settlement.ts';
import { DEMO_AGENT_ID, DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let admin: string;
const open: OcppClient[] = [];
const ids = {} as { occupancy: string; tou: string; flat: string };

const db = () => dynamoDocument();
const payloadOf = (frame: unknown[]) => frame[2] as Record<string, any>;

async function ok(token: string, path: string, body?: unknown) {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

/** Changes a station through the console's update call. */
async function updateStation(stationId: string, patch: Record<string, unknown>) {
  const current = await ok(operator, `/biz/station/info?id=${stationId}`);
  const { createTime: _c, updateTime: _u, id: _i, agentId: _a, ...fields } = current;
  await ok(operator, '/biz/station/update', { ...fields, ...patch, id: stationId, version: current.version });
}

/** Binds a charging fee to a charge point (or one of its connectors) through the console's update call. */
async function bind(chargePointId: string, feeRuleId: string, connectorNo?: number) {
  const current = await ok(operator, `/biz/chargePoint/info?id=${chargePointId}`);
  const {
    passwordHashSet: _p,
    createTime: _c,
    updateTime: _u,
    id: _i,
    stationName: _s,
    agentId: _a,
    ...fields
  } = current;
  await ok(operator, '/biz/chargePoint/update', {
    ...fields,
    id: chargePointId,
    version: current.version,
    ...(connectorNo === undefined
      ? { feeRuleId }
      : {
          connectors: current.connectors.map((c: any) =>
            c.connectorNo === connectorNo ? { ...c, feeRuleId } : c,
          ),
        }),
  });
}

async function orderOf(chargePointId: string, transactionId: string | number) {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: config.tableName('main'),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :o AND begins_with(gsi1sk, :t)',
      ExpressionAttributeValues: { ':o': 'ORDER', ':t': `/${DEMO_AGENT_ID}/` },
    }),
  );
  const found = Items.filter(
    (o) => o.chargePointId === chargePointId && String(o.transactionId) === String(transactionId),
  );
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0];
}

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

const rollup = async (sk: string) =>
  (
    await db().send(
      new GetCommand({ TableName: config.tableName('main'), Key: { pk: `REVENUE#${DEMO_AGENT_ID}`, sk } }),
    )
  ).Item;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  admin = await login(rt.url, 'admin', 'Admin12345');
  ids.occupancy = (
    await ok(operator, '/biz/occupancyFee/add', { name: 'Parking', price: '0.10', afterTime: 30 })
  ).id;
  ids.tou = (
    await ok(operator, '/biz/chargingFee/add', {
      name: 'Night and day',
      feeType: 1,
      unitPrice: '0.40',
      timeSharing: 1,
      periods: [
        { startTime: '00:00', endTime: '08:00', price: '0.20' },
        { startTime: '08:00', endTime: '24:00', price: '0.40' },
      ],
      occupancyFeeId: ids.occupancy,
      occupancyInterval: 15,
    })
  ).id;
  ids.flat = (
    await ok(operator, '/biz/chargingFee/add', {
      name: 'Flat',
      feeType: 1,
      unitPrice: '0.5',
      timeSharing: 0,
      periods: [],
    })
  ).id;
  await ok(operator, '/biz/discount/add', {
    name: 'Autumn',
    discountElec: '10',
    type: 1,
    stationIds: [],
    userIds: [],
  });
  await ok(admin, '/admin/operatorLimit/add', {
    name: 'Demo limit',
    gunNum: 100,
    revenueTariff: '5',
    agentId: DEMO_AGENT_ID,
  });
  for (const [cardSn, balance] of [
    ['PAY-CARD-1', 10],
    ['POOR-CARD-1', 1],
  ] as const)
    await ok(operator, '/biz/card/add', {
      cardSn,
      receiveStatus: 2,
      status: 0,
      blackFlag: 0,
      type: 1,
      balance,
    });
  await bind('DEMO-CP-002', ids.tou);
  await bind('DEMO-CP-004', ids.flat);
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await rt?.cleanup();
});

const energy = (t: string, wh: number) => ({
  timestamp: t,
  sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
});

describe('a 1.6 session', () => {
  it('is priced per period with occupancy, discount and tariff, paid from the card once', async () => {
    const cp = await connectCharger(rt.url, 'DEMO-CP-002', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
    open.push(cp);
    // Berlin is UTC+1 in November: 06:30Z-08:30Z is 07:30-09:30 local, the day price from 08:00 local.
    const start = {
      connectorId: 1,
      idTag: 'PAY-CARD-1',
      meterStart: 1000,
      timestamp: '2026-11-18T06:30:00.000Z',
    };
    const tx = payloadOf(await cp.call('StartTransaction', start)).transactionId;
    // The rule changes after the start: the session keeps the one it started under.
    await bind('DEMO-CP-002', ids.flat);
    await cp.call('MeterValues', {
      connectorId: 1,
      transactionId: tx,
      meterValue: [
        energy('2026-11-18T07:00:00.000Z', 6000), // 5 kWh at night
        energy('2026-11-18T07:45:00.000Z', 12_000), // 6 kWh by day; charging ends here
        energy('2026-11-18T08:10:00.000Z', 12_000),
      ],
    });
    const stop = {
      transactionId: tx,
      meterStop: 12_000,
      timestamp: '2026-11-18T08:30:00.000Z',
      reason: 'EVDisconnected',
    };
    await cp.call('StopTransaction', stop);
    await cp.call('StopTransaction', stop); // replayed: billed once

    const order = await waitFor(() => orderOf('DEMO-CP-002', tx));
    expect(order).toMatchObject({
      currency: 'USD', // the demo company's
      feeRuleId: ids.tou,
      feeType: 1,
      elecFee: '3.40', // 5 × 0.20 + 6 × 0.40
      occupancyFee: '1.50', // 07:45 + 30 min grace = 08:15, 15 min over: one step of 15 at 0.10
      discountFee: '0.34',
      actualFee: '4.56',
      tariffFee: '0.23', // 5 % of 4.56 = 0.228
      agentFee: '4.33',
      payType: 4,
      payFlag: 1,
      endFlag: 1,
      cardBalanceBefore: 10,
      cardBalanceAfter: 5.44,
    });
    expect(order!.priceDetail.lines.map((l: any) => [l.kind, l.quantity, l.price, l.amount])).toEqual([
      ['energy', '5.000', '0.2000', '1.00'],
      ['energy', '6.000', '0.4000', '2.40'],
      ['occupancy', '15.00', '0.10', '1.50'],
    ]);

    const card = await cardOf('PAY-CARD-1');
    expect(card.balance).toBe(5.44);
    const ledger = await ledgerOf(card.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      type: 'consume',
      amount: -4.56,
      beforeBalance: 10,
      afterBalance: 5.44,
    });

    // Counted once in the company's day and the station's day.
    const day = await rollup('DAY#2026-11-18');
    expect(day).toMatchObject({
      orders: 1,
      energyWh: 11_000,
      payMinor: 456,
      tariffMinor: 23,
      revenueMinor: 433,
    });
    const station = await rollup(`STDAY#2026-11-18#${order!.stationId}`);
    expect(station).toMatchObject({ orders: 1, payMinor: 456 });
    // A reset of a paid order changes nothing.
    expect(await resettleOrder(order!.orderNo)).toBe('already');
    expect((await cardOf('PAY-CARD-1')).balance).toBe(5.44);
  });

  it('leaves an order unpaid when the card cannot pay, until a recharge and a reset settle it once', async () => {
    const cp = await connectCharger(rt.url, 'DEMO-CP-002', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
    open.push(cp);
    const tx = payloadOf(
      await cp.call('StartTransaction', {
        connectorId: 2,
        idTag: 'POOR-CARD-1',
        meterStart: 0,
        timestamp: '2026-11-19T12:00:00.000Z',
      }),
    ).transactionId;
    await cp.call('StopTransaction', {
      transactionId: tx,
      meterStop: 10_000,
      timestamp: '2026-11-19T13:00:00.000Z',
    });
    const order = await waitFor(() => orderOf('DEMO-CP-002', tx));
    // The flat rule (bound now): 10 kWh × 0.50 = 5.00, less 10 % = 4.50.
    expect(order).toMatchObject({
      feeRuleId: ids.flat,
      actualFee: '4.50',
      payFlag: 0,
      payType: 4,
      unpaidReason: 'balance',
    });
    const poor = await cardOf('POOR-CARD-1');
    expect(poor.balance).toBe(1);
    expect(await resettleOrder(order!.orderNo)).toBe('unpaid');

    await ok(operator, '/biz/card/recharge', { id: poor.id, amount: 9.5 });
    const results = await Promise.all([resettleOrder(order!.orderNo), resettleOrder(order!.orderNo)]);
    expect(results.sort()).toEqual(['already', 'settled']);
    const paid = await orderOf('DEMO-CP-002', tx);
    expect(paid).toMatchObject({ payFlag: 1, payType: 4, cardBalanceBefore: 10.5, cardBalanceAfter: 6 });
    expect(paid!.unpaidReason).toBeUndefined();
    expect((await cardOf('POOR-CARD-1')).balance).toBe(6);
    expect((await ledgerOf(poor.id)).filter((e) => e.type === 'consume')).toHaveLength(1);
  });
});

describe('a 2.0.1 session', () => {
  it('is priced by its charge point rule and paid, with the station profit shares', async () => {
    const pile = await ok(operator, '/biz/chargePoint/info?id=DEMO-CP-004');
    await updateStation(pile.stationId, { profitShares: [{ party: 'Landlord', percent: '20' }] });
    const cs = await connectCharger(rt.url, 'DEMO-CP-004', DEMO_CHARGER_PASSWORD, ['ocpp2.0.1']);
    open.push(cs);
    const event = (eventType: string, seqNo: number, timestamp: string, wh: number) => ({
      eventType,
      timestamp,
      triggerReason:
        eventType === 'Started' ? 'Authorized' : eventType === 'Ended' ? 'EVDeparted' : 'MeterValuePeriodic',
      seqNo,
      transactionInfo: {
        transactionId: 'settle-201',
        ...(eventType === 'Ended' ? { stoppedReason: 'Local' } : {}),
      },
      evse: { id: 1, connectorId: 1 },
      ...(eventType === 'Started' ? { idToken: { idToken: 'PAY-CARD-1', type: 'ISO14443' } } : {}),
      meterValue: [
        {
          timestamp,
          sampledValue: [
            { value: wh, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
          ],
        },
      ],
    });
    await cs.call('TransactionEvent', event('Started', 0, '2026-11-20T10:00:00.000Z', 2000));
    await cs.call('TransactionEvent', event('Ended', 1, '2026-11-20T10:30:00.000Z', 4000));
    const order = await waitFor(() => orderOf('DEMO-CP-004', 'settle-201'));
    // 2 kWh × 0.50 = 1.00, less 10 % = 0.90, from the 5.44 left on the card.
    expect(order).toMatchObject({
      feeRuleId: ids.flat,
      actualFee: '0.90',
      tariffFee: '0.05', // 5 % of 0.90 = 0.045
      profitFee: '0.17', // 20 % of the 0.85 left
      agentFee: '0.68',
      profits: [{ party: 'Landlord', percent: '20.00', amount: '0.17' }],
      payFlag: 1,
      cardBalanceAfter: 4.54,
    });
    // The order page's call carries who paid (the card and its balances) and the profit shares.
    expect(await ok(operator, `/biz/chargeOrder/detail?id=${order!.orderNo}`)).toMatchObject({
      payType: 4,
      cardId: order!.cardId,
      cardBalanceBefore: 5.44,
      cardBalanceAfter: 4.54,
      profits: [{ party: 'Landlord', percent: '20.00', amount: '0.17' }],
    });
    // The profit orders list holds this order and none of the unshared ones.
    const profit = await ok(operator, '/biz/profitOrder/list', {
      current: 1,
      size: 50,
      startTimeFrom: '2026-11-01T00:00:00.000Z',
      startTimeTo: '2026-11-30T00:00:00.000Z',
    });
    expect(profit.records.map((r: any) => r.orderNo)).toEqual([order!.orderNo]);
  });
});
