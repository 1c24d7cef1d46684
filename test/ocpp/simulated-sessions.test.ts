/**
 * The project's simulator against the real runtime, both OCPP versions: a session run by a simulated charger
 * is recorded with realistic energy and becomes one order; a session that ends while the charger is offline
 * is completed when it reconnects (its buffered messages arrive in order); a fault raises an alarm that
 * recovers.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { getSession } from '@functions/sessions/transactions.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
const chargers = new Map<string, SimulatedCharger>();

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

function simulate(id: string, ocpp: '1.6' | '2.0.1') {
  const charger = new SimulatedCharger({
    url: rt.url.replace(/^http/, 'ws'),
    id,
    password: DEMO_CHARGER_PASSWORD,
    ocpp,
    connectors: 2,
    // Simulated seconds run 200 times faster: a meter sample every few real milliseconds.
    timeScale: 200,
    reconnect: { minMs: 50, maxMs: 200 },
    idTags: ['SIM-TAG-001'],
    validate: true,
  });
  chargers.set(id, charger);
  return charger;
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
}, 120_000);

afterAll(async () => {
  await Promise.all([...chargers.values()].map((c) => c.stop()));
  await rt?.cleanup();
});

describe.each([
  ['1.6', 'DEMO-CP-001'],
  ['2.0.1', 'DEMO-CP-004'],
] as const)('a simulated OCPP %s charger', (ocpp, id) => {
  it('runs a session with its demo card that becomes one order with the energy it delivered', async () => {
    const charger = simulate(id, ocpp);
    await charger.start();
    await charger.whenBooted();
    const detail = await waitFor(async () => {
      const d = (await api(rt.url, operator, `/biz/chargePoint/detail?id=${id}`)).data;
      return d?.online && d.connectorStates.every((c: { state: string }) => c.state === 'available')
        ? d
        : undefined;
    });
    expect(detail.boot.vendor).toBeTruthy();

    await charger.startSession(1, 'SIM-TAG-001');
    await waitFor(async () => {
      const d = (await api(rt.url, operator, `/biz/chargePoint/detail?id=${id}`)).data;
      return d.connectorStates[0].state === 'charging' || undefined;
    });
    await new Promise((r) => setTimeout(r, 600));
    const stopped = await charger.stopSession(1, 'EVDisconnected');
    expect(stopped?.transactionId).toBeDefined();
    await charger.drain();

    const orders = await waitFor(async () => {
      const list = await ordersOf(id);
      return list.length ? list : undefined;
    });
    expect(orders).toHaveLength(1);
    const session = await getSession(id, String(stopped!.transactionId));
    expect(session?.status).toBe('completed');
    expect(session?.energyWh).toBe(Math.round((stopped!.meterStopWh ?? 0) - stopped!.meterStartWh));
    expect(session!.energyWh!).toBeGreaterThan(0);
    expect(orders[0]!.energyWh).toBe(session!.energyWh);
  });

  it('completes a session that ended while it was offline once it reconnects', async () => {
    const charger = chargers.get(id)!;
    await charger.startSession(2, 'SIM-TAG-001');
    await new Promise((r) => setTimeout(r, 300));
    await charger.goOffline();
    const stopped = await charger.stopSession(2, 'Local');
    expect(stopped?.transactionId).toBeDefined();
    const before = (await ordersOf(id)).length;
    charger.goOnline();
    await charger.drain();
    const session = await waitFor(async () => {
      const s = await getSession(id, String(stopped!.transactionId));
      return s?.status === 'completed' ? s : undefined;
    });
    expect(session.energyWh).toBe(Math.round((stopped!.meterStopWh ?? 0) - stopped!.meterStartWh));
    await waitFor(async () => ((await ordersOf(id)).length === before + 1 ? true : undefined));
  });

  it('raises an alarm for a fault and recovers it', async () => {
    const charger = chargers.get(id)!;
    await charger.fault(1, ocpp === '1.6' ? 'HighTemperature' : 'OverTemperature');
    const alarm = await waitFor(async () => {
      const list = await api(rt.url, operator, '/biz/alarm/list', {
        current: 1,
        size: 10,
        chargePointId: id,
      });
      // The fault's alarm, whatever else the charger has (an offline alarm on a busy machine).
      return list.data?.records?.find(
        (r: { alarmType?: unknown; connectorId?: unknown }) => r.connectorId !== 0,
      );
    });
    expect(alarm.connectorId).toBe(1);
    charger.recover(1);
    await waitFor(async () => {
      const list = await api(rt.url, operator, '/biz/alarm/list', {
        current: 1,
        size: 10,
        chargePointId: id,
      });
      return list.data.records[0]?.endTime ? true : undefined;
    });
  });
});
