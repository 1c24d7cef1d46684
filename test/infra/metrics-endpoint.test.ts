/**
 * The local runtime shows the business figures the functions publish (docs/decisions/458-metrics-tracing-correlation.md):
 * a simulated charger's session is counted in `GET /metrics` (chargers online, OCPP messages, sessions started
 * and ended, the order), in the Prometheus text format, to this machine only; and one correlation id follows
 * each flow: an HTTP call's to the queue consumer that sends its command, a charger's stop through the
 * sessions queue to the settlement and the order it writes.
 */
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getOrder } from '@functions/data/orders.ts';
import { logger } from '@functions/lib/logger.ts';
import { getSession } from '@functions/sessions/transactions.ts';
import { orderNoOf } from '@functions/sessions/session-order.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

const CHARGER = 'DEMO-CP-001';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let charger: SimulatedCharger;
/** The ids of the CALLs the charger sent, by action. */
const sent = new Map<string, string[]>();
/** Every line the functions' shared logger wrote during the test, at DEBUG and above. */
const lines: Record<string, unknown>[] = [];
let levelBefore: string;
/** The session the first test ran, and its order. */
let flowSession: { transactionId: string; orderNo: string } | undefined;

async function scrape(): Promise<{ status: number; type: string | null; body: string }> {
  const res = await fetch(`${rt.url}/metrics`);
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

/** A sample's value in an exposition (`name{stage="local"} 3`), undefined when it is not there. */
const sample = (body: string, name: string, labels = '{stage="local"}'): number | undefined => {
  const line = body.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  levelBefore = logger.getLevelName();
  logger.setLogLevel('DEBUG');
  vi.spyOn(logger as never as { printLog: (l: number, log: unknown) => void }, 'printLog').mockImplementation(
    (_l, log) => void lines.push((log as { getAttributes(): Record<string, unknown> }).getAttributes()),
  );
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  charger = new SimulatedCharger({
    url: rt.url.replace(/^http/, 'ws'),
    id: CHARGER,
    password: DEMO_CHARGER_PASSWORD,
    ocpp: '1.6',
    connectors: 2,
    timeScale: 200,
    idTags: ['SIM-TAG-001'],
  });
  charger.on('frame', ({ direction, text }: { direction: string; text: string }) => {
    if (direction !== 'out') return;
    const frame = JSON.parse(text) as unknown[];
    if (frame[0] !== 2) return;
    const ids = sent.get(String(frame[2])) ?? [];
    ids.push(String(frame[1]));
    sent.set(String(frame[2]), ids);
  });
  await charger.start();
  await charger.whenBooted();
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  logger.setLogLevel(levelBefore as 'ERROR');
  await charger?.stop();
  await rt?.cleanup();
});

describe('GET /metrics on the local runtime', () => {
  it('counts a simulated charger session: chargers online, OCPP messages, sessions started and ended, its order', async () => {
    const before = await scrape();
    expect(before.status).toBe(200);
    expect(before.type).toMatch(/^text\/plain; version=0\.0\.4/);
    // Every stage-only figure is listed from the start, at zero for what has not happened yet.
    expect(sample(before.body, 'evcharging_sessions_started_total')).toBe(0);
    expect(sample(before.body, 'evcharging_orders_settled_total')).toBe(0);
    expect(before.body).toContain('# HELP evcharging_chargers_online ');
    expect(before.body).toContain('process_resident_memory_bytes');

    await charger.startSession(1, 'SIM-TAG-001');
    const started = await waitFor(
      () => (sent.get('StartTransaction')?.length ? true : undefined),
      60_000,
      'the StartTransaction',
    );
    expect(started).toBe(true);
    await waitFor(
      async () => {
        const d = (await api(rt.url, operator, `/biz/chargePoint/detail?id=${CHARGER}`)).data;
        return d?.connectorStates?.[0]?.state === 'charging' || undefined;
      },
      60_000,
      'the connector charging',
    );
    const stopped = await charger.stopSession(1, 'EVDisconnected');
    await charger.drain();
    expect(stopped?.transactionId).toBeDefined();
    const session = await waitFor(
      async () => {
        const s = await getSession(CHARGER, String(stopped!.transactionId));
        return s?.status === 'completed' ? s : undefined;
      },
      60_000,
      'the session completed',
    );
    const orderNo = orderNoOf(session);
    await waitFor(() => getOrder<Record<string, unknown>>(orderNo), 60_000, `order ${orderNo}`);
    flowSession = { transactionId: String(stopped!.transactionId), orderNo };

    // The level is the offline sweep's (each minute): run it now rather than wait for it.
    const figures = await waitFor(
      async () => {
        await rt.schedules.fire('offlineSweep');
        const { body } = await scrape();
        const f = {
          online: sample(body, 'evcharging_chargers_online'),
          started: sample(body, 'evcharging_sessions_started_total'),
          ended: sample(body, 'evcharging_sessions_ended_total'),
          orders:
            (sample(body, 'evcharging_orders_settled_total') ?? 0) +
            (sample(body, 'evcharging_orders_unpaid_total') ?? 0),
          messages: sample(body, 'evcharging_ocpp_messages_total') ?? 0,
        };
        return f.online === 1 && f.started === 1 && f.ended === 1 && f.orders === 1 ? f : undefined;
      },
      120_000,
      'the session in /metrics',
    );
    // Boot, statuses, the start, samples, the stop at least: every message a charger sent is counted.
    const callsSent = [...sent.values()].reduce((n, ids) => n + ids.length, 0);
    expect(figures.messages).toBeGreaterThanOrEqual(Math.min(callsSent, 5));
  }, 300_000);

  it('answers a caller on another machine 403, in the envelope', async () => {
    const address = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (!address) return; // a machine with loopback only: nobody else can call
    const res = await fetch(`http://${address}:${rt.port}/metrics`);
    expect(res.status).toBe(403);
    expect((await res.json()).msg).toBe('This address answers requests from this machine only');
  });
});

describe('one correlation id per flow', () => {
  it('follows a charger’s stop through the sessions queue to the settlement, and stays on the order', async () => {
    expect(flowSession, 'the session of the first test').toBeDefined();
    const session = (await getSession(CHARGER, flowSession!.transactionId))!;
    const order = (await getOrder<Record<string, unknown>>(flowSession!.orderNo))!;
    // The session keeps its start's id, the order the id of the message that ended it.
    const starts = (sent.get('StartTransaction') ?? []).map((id) => `${CHARGER}:${id}`);
    const stops = (sent.get('StopTransaction') ?? []).map((id) => `${CHARGER}:${id}`);
    expect(starts).toContain(session.correlationId);
    expect(stops).toContain(order.correlationId);
    const flow = String(order.correlationId);
    const ofFlow = lines.filter((l) => l.correlation_id === flow).map((l) => l.message);
    expect(ofFlow).toEqual(expect.arrayContaining(['Order settled', 'Session handed over']));
    // The consumer's lines name its queue message, a step the OCPP message itself never saw.
    const settled = lines.find((l) => l.correlation_id === flow && l.message === 'Order settled')!;
    expect(settled.messageId).toEqual(expect.any(String));
    expect(settled.orderNo).toBe(order.orderNo);
  });

  it('follows an HTTP call’s x-correlation-id through the commands queue to the consumer that sends it', async () => {
    const flow = `metrics-test-${Date.now()}`;
    const res = await fetch(`${rt.url}/biz/command/send`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${operator}`,
        'x-correlation-id': flow,
      },
      body: JSON.stringify({ chargePointId: CHARGER, command: 'clearCache', params: {} }),
    });
    const answer = (await res.json()) as { code: number; data: { commandId: string } };
    expect(answer.code).toBe(0);
    const consumerLine = await waitFor(
      () => lines.find((l) => l.correlation_id === flow && l.message === 'Command sent'),
      60_000,
      'the consumer sending the command',
    );
    expect(consumerLine.commandId).toBe(answer.data.commandId);
    expect(consumerLine.messageId).toEqual(expect.any(String));
    const httpLine = lines.find((l) => l.correlation_id === flow && l.message === 'Request handled');
    expect(httpLine?.route).toBe('POST /biz/command/send');
    // A header we cannot carry is replaced by the request id: the flow still has one.
    const bad = await fetch(`${rt.url}/biz/command/list`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${operator}`,
        'x-correlation-id': 'not one we carry',
      },
      body: JSON.stringify({ chargePointId: CHARGER }),
    });
    expect(bad.status).toBe(200);
    const listLine = lines.findLast(
      (l) => l.route === 'POST /biz/command/list' && l.message === 'Request handled',
    );
    expect(listLine?.correlation_id).toEqual(expect.any(String));
    expect(listLine?.correlation_id).not.toBe('not one we carry');
  });
});
