/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * A charger's boot, connect and status are answered first; what they leave to do follows through the
 * `ocppFollowUps` queue (docs/decisions/440-ocpp-answers-before-bookkeeping.md), with real OCPP frames against
 * the local runtime:
 * - a boot is answered while the end of its sessions is held; they end once it goes on; a session started
 *   right after the boot is not one of them;
 * - a connect is answered while its station's recount is held; the figures follow;
 * - a charger's connector states from before its reboot give way to its first report after the boot, whatever
 *   its time, and one it does not report is not left charging;
 * - the consumer drops what is not its own, reports a failed step and does it when the message comes again;
 * - the local WebSocket front handles MAX_CONNECTS_IN_FLIGHT connects at once and refuses one more with 429 at
 *   once (the charger tries again on its back-off), so a reconnect storm on a busy machine is not answered late
 *   for everyone.
 *
 * Work is held by holding the storage calls it makes (a spy on the data layer's `send`, decision 360), released
 * by the test: nothing in the product waits for the test.
 */
import type { SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '@functions/data/sessions.ts';
import { stationLivesIn } from '@functions/data/station-live.ts';
import { send } from '@functions/data/table.ts';
import { getLive } from '@functions/chargepoints/live.ts';
import { logger } from '@functions/lib/logger.ts';
import { chargerContext } from '@functions/chargepoints/charger.ts';
import { handler as followUpConsumer } from '@functions/ocpp/follow-up-consumer.ts';
import { getSession } from '@functions/sessions/transactions.ts';
import { handler as orderSweep } from '@functions/schedules/sweep.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { MAX_CONNECTS_IN_FLIGHT } from '@infra/local/websocket.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
const open: OcppClient[] = [];

beforeAll(async () => {
  rt = await startTestRuntime();
}, 120_000);
afterEach(() => {
  holds.splice(0).forEach((h) => h.restore());
  delete process.env.SESSION_BOOT_GRACE_SECONDS;
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await rt?.cleanup();
});

const connect = async (id: string, protocol: 'ocpp1.6' | 'ocpp2.0.1') => {
  const client = await connectCharger(rt.url, id, DEMO_CHARGER_PASSWORD, [protocol]);
  open.push(client);
  return client;
};
/** A CALL answered with a CALLRESULT: its payload. */
async function result(client: OcppClient, action: string, payload: object) {
  const frame = await client.call(action, payload);
  expect(frame[0], `${action} answered ${JSON.stringify(frame)}`).toBe(3);
  return frame[2] as Record<string, any>;
}
const iso = (ms: number) => new Date(ms).toISOString();
const boot16 = { chargePointVendor: 'Acme', chargePointModel: 'AC22' };

interface Hold {
  /** Settles once a held call was made. */
  reached: Promise<void>;
  /** Lets the held calls (and every later one) go on to the database. */
  release(): void;
  restore(): void;
}
const holds: Hold[] = [];

/** Holds every `send.update` whose request matches until released; every other call goes on. */
function holdUpdates(matches: (request: any) => boolean): Hold {
  const original = send.update;
  let release!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const spy = vi.spyOn(send, 'update').mockImplementation(async (request: any) => {
    if (matches(request)) {
      reached();
      await gate;
    }
    return original(request);
  });
  const hold: Hold = {
    reached: new Promise<void>((r) => (reached = r)),
    release: () => release(),
    restore: () => {
      release();
      spy.mockRestore();
    },
  };
  holds.push(hold);
  return hold;
}

describe('a boot is answered before its bookkeeping', () => {
  it('1.6: answered while its sessions are still open; they end after; a session started right after goes on', async () => {
    const cp = await connect('DEMO-CP-003', 'ocpp1.6');
    expect((await result(cp, 'BootNotification', boot16)).status).toBe('Accepted');
    const t0 = Date.now() - 30 * 60_000;
    const before = await result(cp, 'StartTransaction', {
      connectorId: 1,
      idTag: 'SIM-TAG-003',
      meterStart: 0,
      timestamp: iso(t0),
    });
    const txOld = String(before.transactionId);
    const oldKey = sessionKey('DEMO-CP-003', txOld);
    // The end of the old session is held: any write to its item.
    const hold = holdUpdates((r) => r.Key?.pk === oldKey.pk && r.Key?.sk === oldKey.sk);

    expect((await result(cp, 'BootNotification', boot16)).status).toBe('Accepted');
    // Answered; the follow-up has reached the old session and waits.
    await hold.reached;
    expect(await getSession('DEMO-CP-003', txOld)).toMatchObject({ status: 'active' });
    expect((await getSession('DEMO-CP-003', txOld))?.bootAt).toBeUndefined();

    // Right after the boot, a new session on the other connector.
    const after = await result(cp, 'StartTransaction', {
      connectorId: 2,
      idTag: 'SIM-TAG-003',
      meterStart: 100,
      timestamp: iso(Date.now()),
    });
    const txNew = String(after.transactionId);
    hold.release();

    // The old session is ended by the boot (after its grace); the new one goes on.
    const ended = await waitFor(
      async () => (await getSession('DEMO-CP-003', txOld))?.bootAt,
      60_000,
      'the old session marked by the boot',
    );
    expect(ended).toBeTruthy();
    process.env.SESSION_BOOT_GRACE_SECONDS = '0';
    await orderSweep();
    expect(await getSession('DEMO-CP-003', txOld)).toMatchObject({ status: 'completed', closedBy: 'boot' });
    const fresh = await getSession('DEMO-CP-003', txNew);
    expect(fresh).toMatchObject({ status: 'active' });
    expect(fresh?.bootAt).toBeUndefined();
    await result(cp, 'StopTransaction', {
      transactionId: Number(txNew),
      meterStop: 200,
      timestamp: iso(Date.now()),
    });
  });
});

describe('a connect is answered before its station is counted', () => {
  it('connects while the recount is held; the station shows it online once it goes on', async () => {
    const charger = (await chargerContext('DEMO-CP-005'))!;
    const onlineNow = async () =>
      (await stationLivesIn(charger.tenant)).find((s) => s.stationId === charger.stationId)?.online ?? 0;
    const before = await onlineNow();
    // Every recount of every station is held (its turn is the first write it makes).
    const hold = holdUpdates((r) => r.Key?.pk === 'STATIONLIVE');

    await connect('DEMO-CP-005', 'ocpp2.0.1');
    expect((await getLive('DEMO-CP-005')).online).toBe(true);
    await hold.reached;
    expect(await onlineNow()).toBe(before);
    hold.release();
    await waitFor(async () => (await onlineNow()) > before || undefined, 60_000, 'the station counted');
  });
});

describe('connector states across a reboot', () => {
  it('1.6: the first report after the boot applies whatever its time; one not reported is not left charging', async () => {
    const cp = await connect('DEMO-CP-001', 'ocpp1.6');
    expect((await result(cp, 'BootNotification', boot16)).status).toBe('Accepted');
    // The charger's clock runs an hour ahead: both connectors charging "in the future".
    const ahead = Date.now() + 60 * 60_000;
    for (const connectorId of [1, 2])
      await result(cp, 'StatusNotification', {
        connectorId,
        errorCode: 'NoError',
        status: 'Charging',
        timestamp: iso(ahead),
      });
    const state = async (no: number) => (await getLive('DEMO-CP-001')).connectors[String(no)]?.state;
    expect(await state(1)).toBe('charging');

    // It reboots and takes the platform's time from the boot's answer; it reports connector 1 only.
    expect((await result(cp, 'BootNotification', boot16)).status).toBe('Accepted');
    await result(cp, 'StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Available',
      timestamp: iso(Date.now()),
    });
    expect(await state(1)).toBe('available');
    // Connector 2, not reported since the boot, no longer shows the session the boot ended.
    await waitFor(
      async () => ((await state(2)) === 'charging' ? undefined : true),
      60_000,
      'connector 2 reset',
    );
    expect(await state(2)).toBe('unknown');

    // After the boot, reports are ordered by time again: an older one changes nothing.
    await result(cp, 'StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Charging',
      timestamp: iso(Date.now() - 60_000),
    });
    expect(await state(1)).toBe('available');
    await result(cp, 'StatusNotification', {
      connectorId: 2,
      errorCode: 'NoError',
      status: 'Available',
      timestamp: iso(Date.now() - 60 * 60_000),
    });
    expect(await state(2)).toBe('available');
  });
});

describe('the follow-up consumer', () => {
  const event = (bodies: { id: string; body: string; receives?: number }[]): SQSEvent => ({
    Records: bodies.map(({ id, body, receives = 1 }) => ({
      messageId: id,
      receiptHandle: id,
      body,
      attributes: { ApproximateReceiveCount: String(receives) } as never,
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:000000000000:ocppFollowUps',
      awsRegion: 'us-east-1',
    })),
  });

  it('drops what is not its own, reports a failed step, and does it when the message comes again', async () => {
    const cp = await connect('DEMO-CP-002', 'ocpp1.6');
    expect((await result(cp, 'BootNotification', boot16)).status).toBe('Accepted');
    const start = await result(cp, 'StartTransaction', {
      connectorId: 1,
      idTag: 'SIM-TAG-002',
      meterStart: 0,
      timestamp: iso(Date.now() - 60_000),
    });
    const tx = String(start.transactionId);
    const key = sessionKey('DEMO-CP-002', tx);
    const bootAt = new Date().toISOString();
    const boot = JSON.stringify({
      kind: 'boot',
      chargePointId: 'DEMO-CP-002',
      at: bootAt,
      transactionIds: [tx],
    });

    // The session's write fails once (a crash, a throttled table): the message is reported failed.
    const quiet = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const original = send.update;
    let failures = 0;
    const spy = vi.spyOn(send, 'update').mockImplementation(async (request: any) => {
      if (request.Key?.pk === key.pk && request.Key?.sk === key.sk && failures++ === 0)
        throw new Error('the table is away');
      return original(request);
    });
    try {
      const first = await followUpConsumer(
        event([
          { id: 'junk', body: 'not json' },
          { id: 'stranger', body: JSON.stringify({ kind: 'boot', chargePointId: 'X' }) },
          { id: 'boot', body: boot },
        ]),
      );
      expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'boot' }]);
      expect((await getSession('DEMO-CP-002', tx))?.bootAt).toBeUndefined();
    } finally {
      spy.mockRestore();
      quiet.mockRestore();
    }
    // Delivered again: done; and again: nothing more changes.
    expect(
      (await followUpConsumer(event([{ id: 'boot', body: boot, receives: 2 }]))).batchItemFailures,
    ).toEqual([]);
    expect(await getSession('DEMO-CP-002', tx)).toMatchObject({ status: 'active', bootAt });
    expect(
      (await followUpConsumer(event([{ id: 'boot', body: boot, receives: 3 }]))).batchItemFailures,
    ).toEqual([]);
    expect(await getSession('DEMO-CP-002', tx)).toMatchObject({ status: 'active', bootAt });
  });
});

describe('connects in a storm', () => {
  it('handles a bounded number at once and refuses one more at once; the charger then connects', async () => {
    // Every authorizer's read of a charge point record is held: the connects stay in flight.
    const original = send.get;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let held = 0;
    const spy = vi.spyOn(send, 'get').mockImplementation(async (request: any) => {
      if (request.Key?.sk === 'CHARGEPOINT') {
        held++;
        await gate;
      }
      return original(request);
    });
    try {
      const waiting = Array.from({ length: MAX_CONNECTS_IN_FLIGHT }, (_, i) =>
        connect(`STORM-NOBODY-${i}`, 'ocpp1.6').then(
          () => 'open',
          (e: Error) => e.message,
        ),
      );
      await waitFor(() => held === MAX_CONNECTS_IN_FLIGHT || undefined, 60_000, 'every connect in flight');
      await expect(connect('DEMO-CP-004', 'ocpp2.0.1')).rejects.toThrow('HTTP 429');
      release();
      // Unknown chargers: refused by the authorizer once it goes on.
      expect(new Set(await Promise.all(waiting))).toEqual(new Set(['HTTP 403']));
    } finally {
      release();
      spy.mockRestore();
    }
    const charger = await connect('DEMO-CP-004', 'ocpp2.0.1');
    expect(charger.protocol).toBe('ocpp2.0.1');
  });
});
