/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * A charging order's event timeline (POST /biz/chargeOrder/timeline?id=,
 * docs/decisions/464-a-sessions-event-timeline.md): simulated sessions over a real WebSocket, in each OCPP
 * version, with a second session on the same charger's other connector at the same time. The timeline holds
 * the order's authorize, start, status changes, its meter values summarised (count, first and last) and
 * stop, in time order, and nothing of the other session; another company gets nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSamples } from '@functions/sessions/transactions.ts';
import type { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { api, companyWithAdmin, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';
import { startChargers } from '../commands/harness.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let chargers = new Map<string, SimulatedCharger>();
const V16 = 'DEMO-CP-001';
const V201 = 'DEMO-CP-004';

const timeline = (token: string, orderNo: string) =>
  api(rt.url, token, `/biz/chargeOrder/timeline?id=${encodeURIComponent(orderNo)}`, {});

/** The ended order of a transaction, from the console's list. */
const orderOf = (chargePointId: string, transactionId: string) =>
  waitFor(async () => {
    const list = await api(rt.url, operator, '/biz/chargeOrder/list', {
      current: 1,
      size: 50,
      chargePointId,
    });
    const order = list.data?.records?.find(
      (r: any) => r.transactionId === transactionId && r.endTime !== undefined,
    );
    return order;
  });

/** Two sessions at once on one charger; the first stops after a few samples, the second after it. */
async function twoSessions(chargePointId: string) {
  const sim = chargers.get(chargePointId)!;
  const mine = await sim.startSession(1, 'SIM-TAG-001');
  const other = await sim.startSession(2, 'SIM-TAG-002');
  const tx = String(mine.transactionId);
  await waitFor(async () => ((await sessionSamples(chargePointId, tx)).length >= 3 ? true : undefined));
  await sim.stopSession(1);
  await sim.stopSession(2);
  await sim.drain();
  return { tx, otherTx: String(other.transactionId), meterStartWh: mine.meterStartWh };
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  chargers = await startChargers(rt.url, [
    [V16, '1.6'],
    [V201, '2.0.1'],
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([...chargers.values()].map((c) => c.stop()));
  await rt?.cleanup();
});

describe('an order’s event timeline', () => {
  for (const id of [V16, V201])
    it(`holds the session's events in time order, and only its own (${id})`, async () => {
      const { tx, otherTx, meterStartWh } = await twoSessions(id);
      const order = await orderOf(id, tx);
      const answer = await timeline(operator, order.orderNo);
      expect(answer.code, answer.msg).toBe(0);
      const { events } = answer.data;
      expect(answer.data).toMatchObject({ chargePointId: id, transactionId: tx });
      const types = events.map((e: any) => e.type);
      // Time order.
      const times = events.map((e: any) => Date.parse(e.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      // One authorize (this session's token, not the other's), one start and one stop, from the log.
      expect(events.filter((e: any) => e.type === 'authorize')).toEqual([
        expect.objectContaining({ idTag: 'SIM-TAG-001', result: 'Accepted', source: 'log' }),
      ]);
      const start = events.filter((e: any) => e.type === 'start');
      const stop = events.filter((e: any) => e.type === 'stop');
      expect(start).toEqual([expect.objectContaining({ source: 'log', meterWh: meterStartWh })]);
      expect(stop).toEqual([expect.objectContaining({ source: 'log' })]);
      expect(types.indexOf('authorize')).toBeLessThan(types.indexOf('start'));
      expect(types.indexOf('start')).toBeLessThan(types.indexOf('meterValues'));
      expect(types.indexOf('meterValues')).toBeLessThan(types.indexOf('stop'));
      // Status changes of its connector (2.0.1: Occupied, and charging in its transaction), then its end.
      const states = events.filter((e: any) => e.type === 'status').map((e: any) => e.status);
      expect(states).toContain('Charging');
      if (id === V201) expect(states).toContain('Occupied');
      expect(states.indexOf('Charging')).toBeLessThan(
        states.lastIndexOf(id === V16 ? 'Finishing' : 'Available'),
      );
      // Meter values summarised: one event, the count and the first and last register of this session.
      const meter = events.filter((e: any) => e.type === 'meterValues');
      expect(meter).toHaveLength(1);
      expect(meter[0].count).toBeGreaterThanOrEqual(3);
      expect(meter[0].firstWh).toBeGreaterThanOrEqual(meterStartWh);
      expect(meter[0].lastWh).toBeGreaterThanOrEqual(meter[0].firstWh);
      expect(meter[0].lastWh).toBeLessThanOrEqual(order.meterEnd ?? Infinity);
      expect(Date.parse(meter[0].until)).toBeGreaterThanOrEqual(Date.parse(meter[0].at));
      // Nothing of the other session on the same charger.
      expect(JSON.stringify(events)).not.toContain('SIM-TAG-002');
      expect(answer.data.transactionId).not.toBe(otherTx);
    }, 180_000);

  it('gives another company nothing', async () => {
    const admin = await login(rt.url, 'admin', 'Admin12345');
    const rival = await companyWithAdmin(rt.url, admin, 'Timeline', { subStatus: 1 });
    const list = await api(rt.url, operator, '/biz/chargeOrder/list', {
      current: 1,
      size: 5,
      chargePointId: V16,
    });
    const orderNo = list.data.records[0].orderNo;
    expect((await timeline(operator, orderNo)).code).toBe(0);
    const refused = await timeline(rival.token, orderNo);
    expect(refused.code).not.toBe(0);
    expect(refused.data?.events).toBeUndefined();
    expect((await timeline(operator, 'NO-SUCH-ORDER')).code).not.toBe(0);
  });
});
