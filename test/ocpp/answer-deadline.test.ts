/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Every CALL gets exactly one answer, in time, on both hosts (docs/decisions/439-one-answer-per-ocpp-call.md):
 * an action still running at the answer deadline is answered with a CALLERROR InternalError (its CALLRESULT,
 * when it comes, never leaves), the message log holds the frame that was sent, a charger's retry after that
 * CALLERROR makes no second session or order, a handler with little time left answers before its function's
 * time-out, and the local stand-in answers a CALL whose invocation failed.
 *
 * An action is made slow by holding one storage call it makes (a spy on the data layer's `send`, decision 360),
 * released by the test: nothing in the product waits for the test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { companySessions, sessionKey } from '@functions/data/sessions.ts';
import { send } from '@functions/data/table.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import {
  ANSWER_DEADLINE_MS,
  ANSWER_MARGIN_MS,
  AnswerOnce,
  answerTimes,
  LOG_WRITE_MS,
} from '@functions/ocpp/answer-deadline.ts';
import { connectionsOf } from '@functions/chargepoints/connections.ts';
import { logger as ocppLogger } from '@functions/ocpp/handler.ts';
import { recentMessages } from '@functions/ocpp-messages/message-log.ts';
import { getSession } from '@functions/sessions/transactions.ts';
import { invoke } from '@infra/local/invoke.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { createWebSocketFront } from '@infra/local/websocket.ts';
import { topology } from '@shared/topology/index.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, energyRegister, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

const CARD = 'DEADLINE-CARD';
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
const open: OcppClient[] = [];
/** What the OCPP handler reported while this file ran (its expected errors kept out of the test output). */
let warned: MockInstance<typeof ocppLogger.warn>;
const EXPECTED_ERRORS = ['did not finish before its answer deadline'];

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  // The card the sessions start with (the company's own, with a balance to pay).
  const operator = await login(rt.url, 'operator', 'Operator12345');
  const card = await api(rt.url, operator, '/biz/card/add', {
    cardSn: CARD,
    receiveStatus: 2,
    status: 0,
    blackFlag: 0,
    type: 1,
    balance: 50,
  });
  expect(card.code).toBe(0);
  warned = vi.spyOn(ocppLogger, 'warn');
  const error = ocppLogger.error.bind(ocppLogger) as (...args: unknown[]) => void;
  vi.spyOn(ocppLogger, 'error').mockImplementation(((...args: unknown[]) => {
    if (!EXPECTED_ERRORS.some((e) => String(args[0]).includes(e))) error(...args);
  }) as typeof ocppLogger.error);
}, 120_000);
afterEach(() => {
  held.splice(0).forEach((h) => h.restore());
});
afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all(open.map((c) => c.close()));
  await rt?.cleanup();
});

const connect = async (id: string, protocol: 'ocpp1.6' | 'ocpp2.0.1') => {
  const client = await connectCharger(rt.url, id, DEMO_CHARGER_PASSWORD, [protocol]);
  open.push(client);
  return client;
};

/** The OCPP function's time-out: an answer after it would be lost in AWS. */
const FUNCTION_TIMEOUT_MS = (topology.websocket.routes.$default.timeoutSeconds ?? 10) * 1000;

interface Held {
  /** Settles once the held call was made. */
  reached: Promise<void>;
  /** Lets the held call go on to the database. */
  release(): void;
  /** Settles once the held call has its database answer (or error). */
  settled: Promise<void>;
  restore(): void;
}
const held: Held[] = [];

/** Holds the first call of `send[method]` whose request matches until released; every other call goes on. */
function holdFirst(method: 'put' | 'transact', matches: (request: any) => boolean): Held {
  const original = send[method] as (request: unknown) => Promise<unknown>;
  let release!: () => void;
  let reached!: () => void;
  let settled!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const h: Held = {
    reached: new Promise<void>((r) => (reached = r)),
    settled: new Promise<void>((r) => (settled = r)),
    release: () => release(),
    restore: () => {
      release();
      spy.mockRestore();
    },
  };
  let taken = false;
  const spy = vi.spyOn(send, method).mockImplementation((async (request: unknown) => {
    if (taken || !matches(request)) return original(request);
    taken = true;
    reached();
    await gate;
    try {
      return await original(request);
    } finally {
      settled();
    }
  }) as never);
  held.push(h);
  return h;
}

/** Waits until the handler dropped the late answer to the CALL `id` (its action has finished). */
const dropped = (id: string) =>
  waitFor(
    () =>
      warned.mock.calls.some(
        ([message, extra]) =>
          String(message).startsWith('OCPP answer dropped') &&
          String((extra as { dropped?: string } | undefined)?.dropped).includes(`"${id}"`),
      ),
    60_000,
    `the late answer to ${id} dropped`,
  );

/** The frames the charger received for the message id. */
const answersTo = (charger: OcppClient, id: string) =>
  charger.received.filter((f) => (f[0] === 3 || f[0] === 4) && f[1] === id);

/** The logged messages of a charger with the message id, oldest first. */
async function loggedFor(chargePointId: string, id: string, since: number) {
  const { items } = await recentMessages(chargePointId, { from: since, limit: 500 });
  return items.filter((m) => m.messageId === id).reverse();
}

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

const sessionsOf = async (chargePointId: string) =>
  ((await companySessions('/demo-operator/')) as any[]).filter((s) => s.chargePointId === chargePointId);

/** Sends a CALL and waits for its first answer; the time it took. */
async function callTimed(charger: OcppClient, id: string, action: string, payload: object) {
  const sentAt = Date.now();
  charger.send([2, id, action, payload]);
  const frame = await charger.next((f) => (f[0] === 3 || f[0] === 4) && f[1] === id, 60_000);
  return { frame, ms: Date.now() - sentAt };
}

/** The CALLERROR the deadline answers with (not the stand-in's, not an action's failure). */
const deadlineError = (id: string) => [4, id, 'InternalError', expect.stringMatching(/in time$/), {}];

describe('the answer deadline', () => {
  const left = (ms: number) => ({ getRemainingTimeInMillis: () => ms });
  it("is ANSWER_DEADLINE_MS, or the function's time left less the margin when that is shorter", () => {
    expect(answerTimes(undefined, 0)).toEqual({
      chooseBy: ANSWER_DEADLINE_MS - LOG_WRITE_MS,
      sendBy: ANSWER_DEADLINE_MS,
    });
    expect(answerTimes(left(29_000), 0).sendBy).toBe(ANSWER_DEADLINE_MS);
    expect(answerTimes(left(4000), 0)).toEqual({
      chooseBy: 3000 - LOG_WRITE_MS,
      sendBy: 4000 - ANSWER_MARGIN_MS,
    });
    // A short budget still leaves the action half of it; none at all answers at once.
    expect(answerTimes(left(ANSWER_MARGIN_MS + 600), 0)).toEqual({ chooseBy: 300, sendBy: 600 });
    expect(answerTimes(left(10), 0)).toEqual({ chooseBy: 0, sendBy: 0 });
  });

  it('is claimed once: a later claim is refused and changes nothing', async () => {
    const once = new AnswerOnce<string>();
    expect(once.claim('first')).toBe(true);
    expect(once.claim('second')).toBe(false);
    expect(await once.answer).toBe('first');
  });
});

describe('the answer deadline over a real WebSocket', () => {
  it('1.6: a StartTransaction still running is answered once with InternalError; its retry makes one session and one order', async () => {
    const chargePointId = 'DEMO-CP-003';
    const since = Date.now() - 1000;
    const cp = await connect(chargePointId, 'ocpp1.6');
    const start = {
      connectorId: 1,
      idTag: CARD,
      meterStart: 1000,
      timestamp: '2026-11-22T08:00:00.000Z',
    };
    // The session's guarded create (functions/data/transaction-guards.ts) waits until released.
    const hold = holdFirst('transact', (items) =>
      JSON.stringify(items).includes(`"TXSTART#${chargePointId}#1#${start.timestamp}"`),
    );

    const slow = await callTimed(cp, 'slow-start', 'StartTransaction', start);
    await hold.reached;
    expect(slow.frame).toEqual(deadlineError('slow-start'));
    expect(slow.ms).toBeGreaterThanOrEqual(ANSWER_DEADLINE_MS - LOG_WRITE_MS - 50);
    expect(slow.ms).toBeLessThan(FUNCTION_TIMEOUT_MS);

    // The charger retries the start (a new message id, as after any CALLERROR) while the first still runs.
    const retry = await cp.call('StartTransaction', start);
    expect(retry[0]).toBe(3);
    const tx = (retry[2] as any).transactionId as number;
    expect((retry[2] as any).idTagInfo.status).toBe('Accepted');

    // The first attempt goes on, finds the start recorded, and its late CALLRESULT never leaves.
    hold.release();
    await hold.settled;
    await dropped('slow-start');
    await cp.call('Heartbeat', {}); // frames of a connection are answered in order: all before it are in
    expect(answersTo(cp, 'slow-start')).toEqual([slow.frame]);

    // The log says what was sent: the CALL in, the CALLERROR out, no CALLRESULT.
    const log = await waitFor(async () => {
      const found = await loggedFor(chargePointId, 'slow-start', since);
      return found.length >= 2 ? found : undefined;
    });
    expect(log.map((m) => [m.direction, m.messageType])).toEqual([
      ['in', 2],
      ['out', 4],
    ]);
    expect(JSON.parse(log[1]!.frame)).toEqual(slow.frame);

    expect(
      (
        await cp.call('StopTransaction', {
          transactionId: tx,
          meterStop: 9000,
          timestamp: '2026-11-22T09:00:00.000Z',
        })
      )[0],
    ).toBe(3);
    const sessions = await sessionsOf(chargePointId);
    expect(sessions.map((s) => s.transactionId)).toEqual([String(tx)]);
    await waitFor(async () => ((await getSession(chargePointId, String(tx))) as any)?.handedOffAt, 60_000);
    const orders = await ordersOf(chargePointId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ energyWh: 8000 });
  });

  it('2.0.1: a TransactionEvent Started still running is answered once with InternalError; its retry makes one session and one order', async () => {
    const chargePointId = 'DEMO-CP-005';
    const since = Date.now() - 1000;
    const cs = await connect(chargePointId, 'ocpp2.0.1');
    const transactionId = 'tx-deadline-201';
    const t0 = Date.now();
    const event = (eventType: string, seqNo: number, wh: number) => ({
      eventType,
      timestamp: new Date(t0 + seqNo * 60_000).toISOString(),
      triggerReason: eventType === 'Started' ? 'Authorized' : 'EVDeparted',
      seqNo,
      transactionInfo: { transactionId },
      evse: { id: 1, connectorId: 1 },
      meterValue: energyRegister(t0 + seqNo * 60_000, wh),
      ...(eventType === 'Started' ? { idToken: { idToken: CARD, type: 'ISO14443' } } : {}),
    });
    const key = sessionKey(chargePointId, transactionId);
    // The session's conditional create (functions/data/sessions.ts) waits until released.
    const hold = holdFirst('put', (request) => request?.Item?.pk === key.pk && request?.Item?.sk === key.sk);

    const slow = await callTimed(cs, 'slow-started', 'TransactionEvent', event('Started', 0, 1000));
    await hold.reached;
    expect(slow.frame).toEqual(deadlineError('slow-started'));
    expect(slow.ms).toBeLessThan(FUNCTION_TIMEOUT_MS);

    const retry = await cs.call('TransactionEvent', event('Started', 0, 1000));
    expect(retry[0]).toBe(3);
    expect((retry[2] as any).idTokenInfo.status).toBe('Accepted');

    hold.release();
    await hold.settled;
    await dropped('slow-started');
    await cs.call('Heartbeat', {});
    expect(answersTo(cs, 'slow-started')).toEqual([slow.frame]);
    const log = await waitFor(async () => {
      const found = await loggedFor(chargePointId, 'slow-started', since);
      return found.length >= 2 ? found : undefined;
    });
    expect(log.map((m) => [m.direction, m.messageType])).toEqual([
      ['in', 2],
      ['out', 4],
    ]);

    expect((await cs.call('TransactionEvent', event('Ended', 1, 6000)))[0]).toBe(3);
    expect((await sessionsOf(chargePointId)).map((s) => s.transactionId)).toEqual([transactionId]);
    await waitFor(async () => ((await getSession(chargePointId, transactionId)) as any)?.handedOffAt, 60_000);
    const orders = await ordersOf(chargePointId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ energyWh: 5000 });
  });
});

describe('the answer deadline in AWS (a Lambda-like context)', () => {
  it('a handler with little time left answers InternalError before its function times out, and logs it', async () => {
    // A charging station on no energy box: its session start waits on nothing but storage.
    const chargePointId = 'DEMO-CP-004';
    const since = Date.now() - 1000;
    await connect(chargePointId, 'ocpp2.0.1');
    const [connection] = await connectionsOf(chargePointId);
    const transactionId = 'tx-short-lambda';
    const started = {
      eventType: 'Started',
      timestamp: new Date().toISOString(),
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId },
      evse: { id: 1, connectorId: 1 },
      idToken: { idToken: CARD, type: 'ISO14443' },
    };
    const key = sessionKey(chargePointId, transactionId);
    const hold = holdFirst('put', (request) => request?.Item?.pk === key.pk && request?.Item?.sk === key.sk);
    const frame = JSON.stringify([2, 'short-lambda', 'TransactionEvent', started]);
    // A function of 4 s (the product's has 10): the context's remaining time is what the deadline reads. An
    // answer later than the time-out would fail the invocation (InvocationTimeout), as Lambda would.
    const result = await invoke<{ statusCode: number; body?: string }>(
      { module: 'functions/ocpp/handler.ts', timeoutSeconds: 4 },
      {
        requestContext: {
          routeKey: '$default',
          eventType: 'MESSAGE',
          connectionId: connection!.connectionId,
          requestId: 'short-lambda',
          authorizer: { chargePointId },
        },
        body: frame,
        isBase64Encoded: false,
      },
    );
    await hold.reached;
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body!)).toEqual(deadlineError('short-lambda'));
    const log = await waitFor(async () => {
      const found = await loggedFor(chargePointId, 'short-lambda', since);
      return found.length >= 2 ? found : undefined;
    });
    expect(log.map((m) => [m.direction, m.frame])).toEqual([
      ['in', frame],
      ['out', result.body],
    ]);
    // The action finishes once storage answers; its CALLRESULT is dropped, and the session exists once.
    hold.release();
    await dropped('short-lambda');
    expect((await sessionsOf(chargePointId)).map((s) => s.transactionId)).toEqual([transactionId]);
  });
});

describe('the local WebSocket stand-in when the invocation fails', () => {
  let server: Server;
  let url: string;
  let front: ReturnType<typeof createWebSocketFront>;
  const fixture = (name: string) => ({ module: 'test/fixtures/failing-ws-routes.ts', export: name });

  /** A stand-in whose `$default` is `route` (the fixture's, or a module that does not exist). */
  async function standIn(route: { module: string; export?: string; timeoutSeconds?: number }) {
    front = createWebSocketFront({
      decl: {
        ...topology.websocket,
        authorizer: fixture('authorizer'),
        routes: { $connect: fixture('connect'), $default: route, $disconnect: fixture('disconnect') },
      },
      domainName: () => 'local',
      onError: () => undefined,
    });
    server = createServer((_req, res) => res.end());
    server.on('upgrade', (req, socket, head) => void front.upgrade(req, socket, head));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  afterEach(async () => {
    await front?.close();
    await new Promise((r) => server?.close(r));
  });

  it('answers a CALL InternalError when the handler throws or times out, and a CALLRESULT / CALLERROR nothing', async () => {
    await standIn({ ...fixture('message'), timeoutSeconds: 1 });
    const charger = await connectCharger(url, 'FIXTURE-1', undefined);
    const internal = (id: string) => [4, id, 'InternalError', expect.any(String), {}];
    expect(await charger.call('Throw', {})).toEqual(internal(expect.any(String)));
    // The fixture never answers Hang: its invocation outlives the function's time-out of 1 s.
    expect(await charger.call('Hang', {})).toEqual(internal(expect.any(String)));
    charger.send('not json');
    charger.send([3, 'answer-to-a-command', {}]);
    charger.send([4, 'error-to-a-command', 'InternalError', 'x', {}]);
    // Frames of a connection are handled in order: once this one is answered, the three before it are done.
    const marker = await charger.call('Throw', {});
    expect(charger.received.filter((f) => f !== marker).slice(-1)).toEqual([internal('-1')]);
    expect(
      charger.received.filter((f) => f[1] === 'answer-to-a-command' || f[1] === 'error-to-a-command'),
    ).toEqual([]);
    await charger.close();
  });

  it('answers a CALL InternalError when the handler module does not load', async () => {
    await standIn({ module: 'test/fixtures/no-such-module.ts' });
    const charger = await connectCharger(url, 'FIXTURE-2', undefined);
    expect(await charger.call('Heartbeat', {})).toEqual([
      4,
      expect.any(String),
      'InternalError',
      expect.any(String),
      {},
    ]);
    expect(charger.received).toHaveLength(1);
    await charger.close();
  });
});
