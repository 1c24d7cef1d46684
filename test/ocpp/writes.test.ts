/**
 * What a charger's message writes (decision 430), through the real handler on the local runtime:
 * - a Heartbeat writes nothing (not the log, not the connection) and the charger stays online;
 * - a connector status is written when it changes; the same status again is logged and changes nothing;
 * - meter samples and log entries are durable when the charger gets its answer, and messages of many chargers
 *   at once share BatchWriteItem requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplesOf, samplesKey } from '@functions/data/meter-values.ts';
import { getLive } from '@functions/chargepoints/live.ts';
import { registerChargers } from '@functions/devices/registration.ts';
import { recentMessages } from '@functions/ocpp-messages/message-log.ts';
import { DEMO_AGENT_ID, DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { countDynamo } from '../helpers/dynamo-counter.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
const open: OcppClient[] = [];

beforeAll(async () => {
  rt = await startTestRuntime();
}, 120_000);
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await rt?.cleanup();
});

/**
 * A charger's connect; refused with 429 (more connects at once than the gateway takes, which a busy machine
 * reaches: decision 440) it tries again until a deadline, as a charger does.
 */
const connect = async (id: string, password = DEMO_CHARGER_PASSWORD) => {
  const client = await waitFor(
    () =>
      connectCharger(rt.url, id, password, ['ocpp1.6']).catch((error: Error) => {
        if (error.message === 'HTTP 429') return undefined;
        throw error;
      }),
    undefined,
    `${id} connected`,
  );
  open.push(client);
  return client;
};

describe('what a message writes', () => {
  it('a Heartbeat writes nothing, and the charger stays online', async () => {
    const charger = await connect('DEMO-CP-001');
    await charger.call('BootNotification', { chargePointVendor: 'Acme', chargePointModel: 'AC' });
    const since = Date.now();
    const counter = countDynamo({ keep: true });
    try {
      for (let i = 0; i < 20; i++) expect((await charger.call('Heartbeat', {}))[0]).toBe(3);
      const writes = counter.take().writes;
      // Nothing about this charger or its connection (other parts of the runtime may write meanwhile).
      expect(writes.filter((w) => w.json.includes('DEMO-CP-001'))).toEqual([]);
      expect(writes.filter((w) => /"connections|lastSeenAt/.test(w.json))).toEqual([]);
    } finally {
      counter.stop();
    }
    expect((await getLive('DEMO-CP-001')).online).toBe(true);
    const { items } = await recentMessages('DEMO-CP-001', { from: since });
    expect(items.filter((m) => m.action === 'Heartbeat')).toEqual([]);
  });

  it('writes a connector status when it changes; the same status again is logged and changes nothing', async () => {
    const charger = await connect('DEMO-CP-002');
    const status = (status: string, timestamp: string) =>
      charger.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status, timestamp });
    const since = Date.now();
    const t = (s: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, s)).toISOString();

    await status('Available', t(1));
    expect((await getLive('DEMO-CP-002')).connectors['1']).toMatchObject({ status: 'Available', at: t(1) });
    await status('Available', t(2));
    // The repeat wrote nothing: the stored status is still the first report's.
    expect((await getLive('DEMO-CP-002')).connectors['1']).toEqual({
      state: 'available',
      status: 'Available',
      errorCode: 'NoError',
      at: t(1),
    });
    await status('Preparing', t(3));
    expect((await getLive('DEMO-CP-002')).connectors['1']).toMatchObject({ status: 'Preparing', at: t(3) });
    // Older than the stored one: not applied, as before.
    await status('Faulted', t(2));
    expect((await getLive('DEMO-CP-002')).connectors['1']).toMatchObject({ status: 'Preparing' });
    // Every report is in the log.
    const { items } = await recentMessages('DEMO-CP-002', { from: since });
    expect(items.filter((m) => m.action === 'StatusNotification' && m.direction === 'in')).toHaveLength(4);
  });

  it('has samples and log entries stored when the chargers get their answers, many to a request', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `WRITES-CP-${String(i).padStart(2, '0')}`);
    await registerChargers({
      tenant: `/${DEMO_AGENT_ID}/`,
      station: { name: 'Writes test station' },
      password: 'writes-cp-secret',
      chargePoints: ids.map((chargePointId) => ({ chargePointId, protocol: 'ocpp1.6', connectors: 1 })),
    });
    const chargers = await Promise.all(ids.map((id) => connect(id, 'writes-cp-secret')));
    const timestamp = new Date().toISOString();
    const counter = countDynamo();
    try {
      const stored = await Promise.all(
        chargers.map(async (charger, i) => {
          const answer = await charger.call('MeterValues', {
            connectorId: 1,
            meterValue: [{ timestamp, sampledValue: [{ value: String(1000 + i), unit: 'Wh' }] }],
          });
          expect(answer[0]).toBe(3);
          // Read the moment the answer came: the sample is there.
          return samplesOf(samplesKey(ids[i]!, undefined, 1));
        }),
      );
      expect(stored.map((samples) => samples.map((s) => s.at))).toEqual(ids.map(() => [timestamp]));
      const { requests, itemsWritten } = counter.take();
      // 40 samples and 40 log entries, in fewer requests than items.
      expect(itemsWritten).toBeGreaterThanOrEqual(80);
      expect(requests.BatchWriteItem).toBeLessThan(80);
      expect(requests.PutItem ?? 0).toBeLessThan(40);
    } finally {
      counter.stop();
    }
    const logged = await Promise.all(ids.map((id) => recentMessages(id, { from: Date.now() - 60_000 })));
    expect(logged.map((page) => page.items.map((m) => m.action))).toEqual(
      ids.map(() => ['MeterValues', 'MeterValues']),
    );
  });
});
