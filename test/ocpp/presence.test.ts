/**
 * Presence follows the chargers' connections where they end without a close:
 * - a charger that stops talking shows offline after two heartbeat intervals of silence (not API Gateway's
 *   10-minute idle time-out): the sweep closes its socket and drops its connection record; its offline alarm
 *   follows (docs/decisions/030-offline-after-two-heartbeats.md, 460). Messages write nothing to the
 *   connection record: the sweep asks API Gateway (here the stand-in's `@connections`) when a connection
 *   recorded as silent was last active (decision 430). The heartbeat interval is 60 s here
 *   (OCPP_HEARTBEAT_SECONDS), so silence counts after 120 s; the test shortens it to 2 s;
 * - a charger that gives up while its connection is being accepted (a handshake time-out in a reconnect
 *   storm) leaves no connection behind and is not shown online.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getLive } from '@functions/chargepoints/live.ts';
import { connectionsOf } from '@functions/chargepoints/connections.ts';
import { handler as sweep, silenceSeconds } from '@functions/ocpp/offline-sweep.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

vi.hoisted(() => {
  process.env.OCPP_HEARTBEAT_SECONDS = '60';
});

let runtime: Awaited<ReturnType<typeof startTestRuntime>>;
const open: OcppClient[] = [];

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  runtime = await startTestRuntime();
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await runtime?.cleanup();
});

/** Connects and boots a charger. */
async function bootedCharger(id: string) {
  const cp = await connectCharger(runtime.url, id, DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
  open.push(cp);
  const boot = await cp.call('BootNotification', { chargePointVendor: 'Acme', chargePointModel: 'AC' });
  expect((boot[2] as { interval: number }).interval).toBe(60);
  return cp;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a charger that stops talking', () => {
  it('shows offline after two heartbeat intervals of silence, with its offline alarm', async () => {
    expect(silenceSeconds()).toBe(120);
    process.env.OFFLINE_SILENCE_SECONDS = '2';
    try {
      const silent = await bootedCharger('DEMO-CP-001');
      const talking = await bootedCharger('DEMO-CP-002');
      const bootedAt = Date.now();
      // Both connection records are older than the silence; only DEMO-CP-002 keeps talking (heartbeats, which
      // write nothing).
      for (let i = 0; i < 6; i++) {
        await sleep(500);
        expect((await talking.call('Heartbeat', {}))[0]).toBe(3);
      }
      const [before] = await connectionsOf('DEMO-CP-002');

      const { removed } = await sweep();
      expect(removed).toEqual(['DEMO-CP-001']);
      const live = await getLive('DEMO-CP-001');
      expect(live.online).toBe(false);
      // Offline since its last message, not since the sweep noticed.
      expect(Date.parse(live.disconnectedAt!)).toBeLessThanOrEqual(bootedAt);
      expect(await connectionsOf('DEMO-CP-001')).toHaveLength(0);
      // Its socket is closed by the platform.
      await waitFor(() => silent.socket.readyState === silent.socket.CLOSED || undefined, 10_000, 'closed');
      // The talking one is online, its record brought up to date from API Gateway's last activity.
      expect((await getLive('DEMO-CP-002')).online).toBe(true);
      const [after] = await connectionsOf('DEMO-CP-002');
      expect(after!.lastSeenAt).toBeGreaterThan(before!.lastSeenAt);
      expect((await sweep()).removed).toEqual([]);
    } finally {
      delete process.env.OFFLINE_SILENCE_SECONDS;
    }

    // Its outage's offline alarm, from its last message on, raised by the follow-up of its going
    // (docs/decisions/460-offline-alarm-and-charger-health.md): no grace period by default.
    const operator = await login(runtime.url, 'operator', 'Operator12345');
    const offline = await waitFor(
      async () =>
        (
          await api(runtime.url, operator, '/biz/alarm/offlineList', {
            current: 1,
            size: 10,
            chargePointId: 'DEMO-CP-001',
          })
        ).data.records[0],
      45_000,
      'the offline alarm',
    );
    expect(offline).toMatchObject({ code: 'Offline', status: 'open' });
    expect(offline.startTime).toBe((await getLive('DEMO-CP-001')).disconnectedAt);
  });
});

describe('a charger that gives up while connecting', () => {
  it('leaves no connection record and is not shown online', async () => {
    const id = 'DEMO-CP-003';
    const before = await getLive(id);
    // The upgrade request, then the socket closed before the platform has accepted it.
    const socket = net.connect(runtime.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const auth = Buffer.from(`${id}:${DEMO_CHARGER_PASSWORD}`).toString('base64');
    socket.write(
      [
        `GET /ocpp/${id} HTTP/1.1`,
        `Host: 127.0.0.1:${runtime.port}`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        `Sec-WebSocket-Key: ${Buffer.from('0123456789abcdef').toString('base64')}`,
        'Sec-WebSocket-Protocol: ocpp1.6',
        `Authorization: Basic ${auth}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.destroy();
    await new Promise((r) => setTimeout(r, 1500)); // the password check and $connect have run meanwhile
    expect(await connectionsOf(id)).toHaveLength(0);
    expect((await getLive(id)).online).toBe(before.online);
    expect(before.online).toBe(false);
  });
});
