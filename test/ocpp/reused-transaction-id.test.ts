/* eslint-disable @typescript-eslint/no-explicit-any -- OCPP and console answers are loose JSON */
/**
 * A 2.0.1 station that reuses a transaction id after a reset
 * (docs/decisions/441-remote-start-token-and-reused-transaction-ids.md), against the real runtime with OCPP
 * test chargers over a WebSocket:
 * - a second Started event for a transaction id whose session completed starts a new session with an id of
 *   its own: a second order billed with its energy, the first order unchanged; commands to it name the
 *   station's id; an exact retry of either Started records nothing new;
 * - a second Started for a transaction id whose session a reboot ended (the station never sent its Ended)
 *   closes the old session on what it measured and bills the new one.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { getSession, reusedSessionId } from '@functions/sessions/transactions.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, energyRegister, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
const open: OcppClient[] = [];

const iso = (ms: number) => new Date(ms).toISOString();

async function station(id: string) {
  const client = await connectCharger(rt.url, id, DEMO_CHARGER_PASSWORD, ['ocpp2.0.1']);
  open.push(client);
  return client;
}

/** A CALL answered with a CALLRESULT: its payload. */
async function result(client: OcppClient, action: string, payload: object) {
  const frame = await client.call(action, payload);
  expect(frame[0], `${action} answered ${JSON.stringify(frame)}`).toBe(3);
  return frame[2] as Record<string, any>;
}

/** The orders of a station's transaction id (its first session's and those of its reuses). */
async function ordersOf(chargePointId: string, transactionId: string) {
  const { Items = [] } = await dynamoDocument().send(
    new QueryCommand({
      TableName: config.tableName('main'),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :o AND begins_with(gsi1sk, :t)',
      ExpressionAttributeValues: { ':o': 'ORDER', ':t': '/demo-operator/' },
    }),
  );
  return Items.filter(
    (o) =>
      o.chargePointId === chargePointId &&
      (o.transactionId === transactionId || String(o.transactionId).startsWith(`${transactionId}~`)),
  ).sort((a, b) => String(a.startTime).localeCompare(String(b.startTime)));
}
const ordersCount = (chargePointId: string, transactionId: string, count: number) =>
  waitFor(
    async () => {
      const orders = await ordersOf(chargePointId, transactionId);
      return orders.length === count ? orders : undefined;
    },
    60_000,
    `${count} orders of ${transactionId}`,
  );
async function rawOrder(orderNo: string) {
  const { Item } = await dynamoDocument().send(
    new GetCommand({ TableName: config.tableName('main'), Key: { pk: `ORDER#${orderNo}`, sk: 'ORDER' } }),
  );
  return Item;
}
const inProgress = async (chargePointId: string) =>
  (await api(rt.url, operator, '/biz/chargeOrder/realtime', { chargePointId })).data.records as any[];

/** A TransactionEvent of transaction `transactionId` on EVSE 1 at `ms`, with the energy register at `wh`. */
const event = (
  transactionId: string,
  eventType: 'Started' | 'Updated' | 'Ended',
  seqNo: number,
  ms: number,
  wh: number,
  extra: object = {},
) => ({
  eventType,
  timestamp: iso(ms),
  triggerReason:
    eventType === 'Started' ? 'Authorized' : eventType === 'Ended' ? 'StopAuthorized' : 'MeterValuePeriodic',
  seqNo,
  transactionInfo: {
    transactionId,
    ...(eventType === 'Ended' ? { stoppedReason: 'Local' } : { chargingState: 'Charging' }),
  },
  evse: { id: 1, connectorId: 1 },
  ...(eventType === 'Started' ? { idToken: { idToken: 'SIM-TAG-001', type: 'ISO14443' } } : {}),
  meterValue: energyRegister(ms, wh),
  ...extra,
});

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await rt?.cleanup();
});

describe('a 2.0.1 station that reuses a transaction id', () => {
  it('a second Started after the session completed is a second order billed with its energy; the first stays', async () => {
    const cs = await station('DEMO-CP-004');
    const tx = `reuse-${Date.now()}`;
    const t0 = Date.now() - 3 * 3_600_000;
    expect(
      (await result(cs, 'TransactionEvent', event(tx, 'Started', 0, t0, 10_000))).idTokenInfo.status,
    ).toBe('Accepted');
    await result(cs, 'TransactionEvent', event(tx, 'Updated', 1, t0 + 10 * 60_000, 12_000));
    await result(cs, 'TransactionEvent', event(tx, 'Ended', 2, t0 + 20 * 60_000, 14_000));
    const [first] = await ordersCount('DEMO-CP-004', tx, 1);
    expect(first).toMatchObject({ transactionId: tx, energyWh: 4000, payFlag: 1 });
    await waitFor(async () => ((await getSession('DEMO-CP-004', tx)) as any)?.handedOffAt);
    const firstBefore = await rawOrder(first!.orderNo);

    // The station resets and starts its numbering again: the same id, a new transaction.
    const t1 = t0 + 60 * 60_000;
    const second = event(tx, 'Started', 0, t1, 20_000);
    expect((await result(cs, 'TransactionEvent', second)).idTokenInfo.status).toBe('Accepted');
    // Its exact retry (same seqNo, same timestamp) records nothing new.
    expect((await result(cs, 'TransactionEvent', second)).idTokenInfo.status).toBe('Accepted');
    const own = reusedSessionId(tx, iso(t1));
    expect(await getSession('DEMO-CP-004', own)).toMatchObject({
      status: 'active',
      stationTransactionId: tx,
      meterStartWh: 20_000,
      startTime: iso(t1),
    });
    expect((await inProgress('DEMO-CP-004')).map((s) => s.transactionId)).toEqual([own]);

    // A remote stop names the station's own id.
    const sent = await api(rt.url, operator, '/biz/command/send', {
      chargePointId: 'DEMO-CP-004',
      command: 'remoteStop',
      connectorNo: 1,
    });
    expect(sent.code, `remote stop: ${sent.msg}`).toBe(0);
    const stop = await cs.next((f) => f[0] === 2 && f[2] === 'RequestStopTransaction', 60_000);
    expect(stop[3]).toEqual({ transactionId: tx });
    cs.send([3, stop[1], { status: 'Accepted' }]);

    await result(cs, 'TransactionEvent', event(tx, 'Updated', 1, t1 + 10 * 60_000, 22_000));
    await result(
      cs,
      'TransactionEvent',
      event(tx, 'Ended', 2, t1 + 20 * 60_000, 23_960, { triggerReason: 'RemoteStop' }),
    );
    const orders = await ordersCount('DEMO-CP-004', tx, 2);
    expect(orders[1]).toMatchObject({ transactionId: own, energyWh: 3960, payFlag: 1, idTag: 'SIM-TAG-001' });
    expect(Number(orders[1]!.actualFee)).toBeGreaterThan(0);
    expect(orders[1]!.orderNo).not.toBe(first!.orderNo);
    await waitFor(async () => ((await getSession('DEMO-CP-004', own)) as any)?.handedOffAt);

    // Retries of either Started, late: nothing reopens, nothing is billed again.
    await result(cs, 'TransactionEvent', second);
    await result(cs, 'TransactionEvent', event(tx, 'Started', 0, t0, 10_000));
    expect(await inProgress('DEMO-CP-004')).toEqual([]);
    expect(await getSession('DEMO-CP-004', tx)).toMatchObject({ status: 'completed', energyWh: 4000 });
    expect(await ordersOf('DEMO-CP-004', tx)).toHaveLength(2);
    expect(await rawOrder(first!.orderNo)).toEqual(firstBefore);
  }, 240_000);

  it('a second Started after a reboot ended the session closes it on what it measured and bills the new one', async () => {
    const cs = await station('DEMO-CP-005');
    const tx = `reboot-${Date.now()}`;
    const t0 = Date.now() - 2 * 3_600_000;
    await result(cs, 'TransactionEvent', event(tx, 'Started', 0, t0, 5_000));
    await result(cs, 'TransactionEvent', event(tx, 'Updated', 1, t0 + 10 * 60_000, 6_000));
    // The station resets without sending its Ended.
    const boot = await result(cs, 'BootNotification', {
      reason: 'PowerUp',
      chargingStation: { model: 'Reuse', vendorName: 'Test' },
    });
    expect(boot.status).toBe('Accepted');
    await waitFor(
      async () => ((await getSession('DEMO-CP-005', tx)) as any)?.bootAt,
      60_000,
      'the boot mark',
    );

    const t1 = Date.now();
    const started = event(tx, 'Started', 0, t1, 6_500);
    await result(cs, 'TransactionEvent', started);
    await result(cs, 'TransactionEvent', started);
    await result(cs, 'TransactionEvent', event(tx, 'Updated', 1, t1 + 10_000, 8_000));
    await result(cs, 'TransactionEvent', event(tx, 'Ended', 2, t1 + 20_000, 10_460));
    const orders = await ordersCount('DEMO-CP-005', tx, 2);
    expect(orders[0]).toMatchObject({ transactionId: tx, energyWh: 1000, closedBy: 'nextSession' });
    expect(orders[1]).toMatchObject({
      transactionId: reusedSessionId(tx, iso(t1)),
      energyWh: 3960,
      payFlag: 1,
    });
    expect(orders[1]!.closedBy).toBeUndefined();
    expect(await inProgress('DEMO-CP-005')).toEqual([]);
  }, 240_000);
});
