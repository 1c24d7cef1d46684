/**
 * Presence follows the chargers' connections where they end without a close:
 * - a charger that stops talking shows offline after two heartbeat intervals of silence (not API Gateway's
 *   10-minute idle time-out): the sweep closes its socket and drops its connection record; its offline alarm
 *   still waits for the grace period (docs/decisions/030-offline-after-two-heartbeats.md). The heartbeat
 *   interval is 60 s here (OCPP_HEARTBEAT_SECONDS), so silence counts after 150 s;
 * - a charger that gives up while its connection is being accepted (a handshake time-out in a reconnect
 *   storm) leaves no connection behind and is not shown online.
 */
import net from 'node:net';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { getLive } from '@functions/devices/live.ts';
import { connectionsOf } from '@functions/ocpp/connections.ts';
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

/** Connects and boots a charger; its connection then looks silent for `seconds`. */
async function chargerSilentFor(id: string, seconds: number) {
  const cp = await connectCharger(runtime.url, id, DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
  open.push(cp);
  const boot = await cp.call('BootNotification', { chargePointVendor: 'Acme', chargePointModel: 'AC' });
  expect((boot[2] as { interval: number }).interval).toBe(60);
  const [connection] = await connectionsOf(id);
  await dynamoDocument().send(
    new UpdateCommand({
      TableName: config.tableName('connections'),
      Key: { connectionId: connection!.connectionId },
      UpdateExpression: 'SET lastSeenAt = :at',
      ExpressionAttributeValues: { ':at': Math.floor(Date.now() / 1000) - seconds },
    }),
  );
  return cp;
}

describe('a charger that stops talking', () => {
  it('shows offline after two heartbeat intervals of silence; its alarm waits for the grace period', async () => {
    expect(silenceSeconds()).toBe(150);
    const silent = await chargerSilentFor('DEMO-CP-001', 200);
    await chargerSilentFor('DEMO-CP-002', 100); // one heartbeat missed: still there

    const { removed } = await sweep();
    expect(removed).toEqual(['DEMO-CP-001']);
    const live = await getLive('DEMO-CP-001');
    expect(live.online).toBe(false);
    // Offline since its last message, not since the sweep noticed.
    expect(Date.now() - Date.parse(live.disconnectedAt!)).toBeGreaterThan(190_000);
    expect(await connectionsOf('DEMO-CP-001')).toHaveLength(0);
    // Its socket is closed by the platform.
    await waitFor(() => silent.socket.readyState === silent.socket.CLOSED || undefined, 10_000, 'closed');
    expect((await getLive('DEMO-CP-002')).online).toBe(true);

    // No offline alarm yet: 200 s is within the 11-minute grace.
    const operator = await login(runtime.url, 'operator', 'Operator12345');
    const offline = await api(runtime.url, operator, '/biz/alarm/offlineList', {
      current: 1,
      size: 10,
      chargePointId: 'DEMO-CP-001',
    });
    expect(offline.data.records).toHaveLength(0);
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
