/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * A charger's first connection after a console change that touches it is accepted and stays open: after a
 * password reset (the new password at once, the charger connected before or not) and after a power balance
 * plan is saved while it is connected and when it connects again
 * (docs/decisions/471-first-connect-after-a-reset-or-a-plan.md). A command posted while the charger's $connect
 * still runs (API Gateway answers Gone) neither drops the new connection nor is lost. DynamoDB Local answers
 * every read consistently; DynamoDB's eventually consistent reads may not yet see a write made a moment ago, so
 * some tests play such a replica: the charge point as it was before the reset, and no item yet for a
 * connection just put, to every read that does not ask for a consistent one.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chargePointRecords } from '@functions/data/charge-points.ts';
import { getCommand } from '@functions/data/commands.ts';
import { getConnection, putConnection } from '@functions/data/connections.ts';
import { send } from '@functions/data/table.ts';
import { forgetInstanceCaches } from '@functions/lib/memo.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
const open: OcppClient[] = [];

const ok = async (path: string, body?: unknown) => {
  const answer = await api(rt.url, operator, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
};

/**
 * While it is on, eventually consistent reads answer as a table replica that has not caught up: the charge
 * points named in `frozen` as they were when first read after the start, and no connection item at all.
 */
function laggingReplica(frozen: string[]) {
  const original = send.get;
  const snapshots = new Map<string, Promise<unknown>>();
  const spy = vi.spyOn(send, 'get').mockImplementation(async (request: any) => {
    if (request.ConsistentRead) return original(request);
    if (request.TableName === 'connections') return { Item: undefined } as any;
    const pk = String(request.Key?.pk ?? '');
    if (request.Key?.sk === 'CHARGEPOINT' && frozen.some((id) => pk === `CHARGEPOINT#${id}`)) {
      if (!snapshots.has(pk)) snapshots.set(pk, original(request));
      return snapshots.get(pk) as any;
    }
    return original(request);
  });
  return {
    /** The replica's copy of each frozen charge point, taken now. */
    freeze: () => Promise.all(frozen.map((id) => chargePointRecords.getAny(id))),
    stop: () => spy.mockRestore(),
  };
}

/** How each client's socket closed (code and reason), for a failing step to say. */
const closes = new WeakMap<OcppClient, string>();

/** A step of a client: when it fails, the error says which, whether the socket closed, and what came. */
async function step<T>(what: string, client: OcppClient, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const state = closes.get(client) ?? `socket state ${client.socket.readyState}`;
    const frames = JSON.stringify(client.received).slice(0, 2000);
    throw new Error(`${what}: ${(error as Error).message} (${state}; received ${frames})`);
  }
}

/** Connects (the first attempt must be accepted) and boots; the client is closed after the file. */
async function connectAndBoot(id: string, password: string) {
  const client = await connectCharger(rt.url, id, password);
  open.push(client);
  client.socket.on('close', (code, reason) => closes.set(client, `closed ${code} ${reason.toString()}`));
  const boot = await step(
    'boot',
    client,
    client.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'T1' }),
  );
  expect(boot[0]).toBe(3);
  expect((boot[2] as any).status).toBe('Accepted');
  return client;
}

/** The connection is open and the platform still knows it: a heartbeat is answered. */
async function stillServed(client: OcppClient) {
  expect(closes.get(client)).toBeUndefined();
  const beat = await step('heartbeat', client, client.call('Heartbeat', {}));
  expect(beat[0]).toBe(3);
  expect(closes.get(client)).toBeUndefined();
}

const closed = (client: OcppClient) =>
  new Promise<void>((resolve) => {
    if (client.socket.readyState === client.socket.CLOSED) return resolve();
    client.socket.once('close', () => resolve());
  });

/** Saves a power balance plan on the demo Berlin station over `piles`; its station id. */
async function savePlan(piles: string[], offlineMaxPower = 11): Promise<string> {
  const list = (await ok('/biz/station/list', { current: 1, size: 50 })).records;
  const station = list.find((s: any) => s.name === 'Demo Berlin Central');
  const fresh = await ok(`/biz/station/info?id=${station.id}`);
  await ok('/biz/station/powerBalance', {
    id: fresh.id,
    version: fresh.version,
    powerMode: 1,
    normalCycle: 60,
    alarmCycle: 30,
    samplingCycle: 10,
    stopElectricity: false,
    offlineMaxPower,
    groups: [{ name: 'T1', ratedPower: 30, alarmPower: 29, chargePointIds: piles }],
  });
  return String(fresh.id);
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await rt?.cleanup();
});

describe('the first connection after a password reset', () => {
  it('is accepted with the new password at once when the charger was not connected', async () => {
    const reset = await ok('/biz/chargePoint/resetPassword?id=DEMO-CP-003');
    const client = await connectAndBoot('DEMO-CP-003', reset.ocppPassword);
    await stillServed(client);
    await client.close();
  });

  it('is accepted with the new password at once while the old connection is still open', async () => {
    const before = await ok('/biz/chargePoint/resetPassword?id=DEMO-CP-003');
    const old = await connectAndBoot('DEMO-CP-003', before.ocppPassword);
    const reset = await ok('/biz/chargePoint/resetPassword?id=DEMO-CP-003');
    // The old password no longer opens a connection; the new one does, the first time.
    await expect(connectCharger(rt.url, 'DEMO-CP-003', before.ocppPassword)).rejects.toThrow(/HTTP 40/);
    const client = await connectAndBoot('DEMO-CP-003', reset.ocppPassword);
    // The new connection supersedes the old one, never the other way round.
    await closed(old);
    await stillServed(client);
    await client.close();
  });

  it('is accepted again and again right after each reset', async () => {
    for (let i = 0; i < 3; i++) {
      const reset = await ok('/biz/chargePoint/resetPassword?id=DEMO-CP-003');
      const client = await connectAndBoot('DEMO-CP-003', reset.ocppPassword);
      await stillServed(client);
      await client.close();
    }
  });
});

describe('the first connection after a power balance plan is saved', () => {
  it('keeps the connected charger connected, and a reconnect is accepted the first time', async () => {
    const client = await connectAndBoot('DEMO-CP-001', DEMO_CHARGER_PASSWORD);
    expect(await savePlan(['DEMO-CP-001', 'DEMO-CP-002'])).not.toBe('');
    // Load management sends the charger its base profile; the charger accepts it.
    const profile = await step(
      'base profile',
      client,
      client.next((f) => f[0] === 2 && f[2] === 'SetChargingProfile'),
    );
    client.send([3, profile[1], { status: 'Accepted' }]);
    await stillServed(client);

    // It connects again (a new socket, the old one still open): accepted at once, and the old one goes.
    const again = await connectAndBoot('DEMO-CP-001', DEMO_CHARGER_PASSWORD);
    await closed(client);
    await stillServed(again);
    await again.close();

    // And after the close, a connect right away is accepted too.
    const third = await connectAndBoot('DEMO-CP-001', DEMO_CHARGER_PASSWORD);
    await stillServed(third);
  });

  it('accepts a charger of the plan that was not connected when it was saved', async () => {
    await savePlan(['DEMO-CP-001', 'DEMO-CP-002']);
    const client = await connectAndBoot('DEMO-CP-002', DEMO_CHARGER_PASSWORD);
    await waitFor(
      () => client.received.some((f) => f[0] === 2 && f[2] === 'SetChargingProfile') || undefined,
    );
    await stillServed(client);
  });
});

describe('with a replica that has not caught up yet', () => {
  it('opens a connection with the new password at once after a reset, and not with the old one', async () => {
    const before = await ok('/biz/chargePoint/resetPassword?id=DEMO-CP-003');
    const replica = laggingReplica(['DEMO-CP-003']);
    try {
      const [seen] = await replica.freeze();
      expect(seen?.passwordHash).toEqual(expect.any(String));
      const reset = await ok('/biz/chargePoint/resetPassword?id=DEMO-CP-003');
      const client = await connectAndBoot('DEMO-CP-003', reset.ocppPassword);
      await stillServed(client);
      await client.close();
      await expect(connectCharger(rt.url, 'DEMO-CP-003', before.ocppPassword)).rejects.toThrow(/HTTP 403/);
    } finally {
      replica.stop();
    }
  });

  it("answers a charger's first frames on another instance than its connect (after a plan is saved)", async () => {
    const first = await connectAndBoot('DEMO-CP-001', DEMO_CHARGER_PASSWORD);
    await savePlan(['DEMO-CP-001'], 7);
    const replica = laggingReplica([]);
    try {
      const client = await connectCharger(rt.url, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD);
      open.push(client);
      await closed(first);
      // What this instance remembers of the connect is not where the first frame lands.
      forgetInstanceCaches();
      const boot = await client.call('BootNotification', {
        chargePointVendor: 'Test',
        chargePointModel: 'T1',
      });
      expect((boot[2] as any).status).toBe('Accepted');
      await stillServed(client);
    } finally {
      replica.stop();
    }
  });
});

describe('a command delivered while the connect is still running', () => {
  it('neither drops the new connection nor loses the command', async () => {
    // The connect is held once its connection is saved, before it is shown online (its $connect running).
    const original = send.update;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let held = false;
    const hold = vi.spyOn(send, 'update').mockImplementation(async (request: any) => {
      if (!held && request.Key?.sk === 'LIVE' && request.Key?.pk === 'CHARGEPOINT#DEMO-CP-003') {
        held = true;
        await gate;
      }
      return original(request);
    });
    // Right after a password reset, as the audit saw it.
    const reset = await ok('/biz/chargePoint/resetPassword?id=DEMO-CP-003');
    const posts = vi.spyOn(rt.websocket, 'manage');
    let connecting: Promise<OcppClient> | undefined;
    let commandId = '';
    try {
      connecting = connectCharger(rt.url, 'DEMO-CP-003', reset.ocppPassword);
      await waitFor(() => held || undefined, 60_000, 'the connect held');
      // The console sends a command now: it finds the connection, and API Gateway answers Gone to a post on a
      // connection whose $connect has not returned (as the stand-in does).
      const sent = await ok('/biz/command/send', {
        chargePointId: 'DEMO-CP-003',
        command: 'clearCache',
        params: {},
      });
      commandId = String(sent.commandId);
      await waitFor(
        () => posts.mock.calls.some(([req]) => req.method === 'POST') || undefined,
        60_000,
        'a post',
      );
    } finally {
      release();
      hold.mockRestore();
    }
    const client = await connecting;
    open.push(client);
    client.socket.on('close', (code, reason) => closes.set(client, `closed ${code} ${reason.toString()}`));
    const boot = await step(
      'boot',
      client,
      client.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'T1' }),
    );
    expect((boot[2] as any).status).toBe('Accepted');
    await stillServed(client);
    // The command reaches the charger once its connection is open (the queue delivers it again).
    const call = await step(
      'the command',
      client,
      client.next((f) => f[0] === 2 && f[2] === 'ClearCache', 90_000),
    );
    client.send([3, call[1], { status: 'Accepted' }]);
    await waitFor(async () => (await getCommand<any>(commandId))?.status === 'answered' || undefined);
    posts.mockRestore();
  });
});

describe('a command posted to a connection that is really gone', () => {
  it('is recorded offline and the stale item goes, as before', async () => {
    // A connection the platform still records, long past its connect, that API Gateway no longer has.
    const now = Math.floor(Date.now() / 1000);
    await putConnection({
      connectionId: 'gone-long-ago',
      chargePointId: 'DEMO-CP-005',
      agentId: '',
      protocol: 'ocpp2.0.1',
      connectedAt: now - 120,
      lastSeenAt: now - 120,
      expiresAt: now + 3600,
    });
    const sent = await ok('/biz/command/send', {
      chargePointId: 'DEMO-CP-005',
      command: 'clearCache',
      params: {},
    });
    await waitFor(
      async () => (await getCommand<any>(String(sent.commandId)))?.status === 'offline' || undefined,
    );
    expect(await getConnection('gone-long-ago', true)).toBeUndefined();
  });
});
