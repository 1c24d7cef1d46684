/**
 * Each request's log context is its own (decision 435): two requests, and two OCPP messages, running at the
 * same time in one process and logging after an await each log under their own request id, route and charger.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpHandler, ok } from '@functions/api/http.ts';
import { logger } from '@functions/lib/logger.ts';
import { logContext, withLogContext } from '@functions/lib/log-context.ts';
import { actionsFor, type Action } from '@functions/ocpp/actions.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { connectCharger } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

/** The attributes of every line the logger writes from now on. */
function captureLines() {
  const lines: Record<string, unknown>[] = [];
  // Tests log errors only (test/setup): warnings are written while this captures them.
  const level = logger.getLevelName();
  logger.setLogLevel('WARN');
  restore.push(() => logger.setLogLevel(level));
  const spy = vi.spyOn(logger as never as { printLog: (level: number, log: unknown) => void }, 'printLog');
  spy.mockImplementation((_level, log) => {
    lines.push((log as { getAttributes(): Record<string, unknown> }).getAttributes());
  });
  return lines;
}

/** A gate both calls wait at, so each logs only once the other has started. */
function gate(count: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return async () => {
    arrived += 1;
    if (arrived === count) open();
    await opened;
  };
}

const restore: (() => void)[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const undo of restore.splice(0)) undo();
});

describe('log context', () => {
  it('keeps each concurrent HTTP request its own request id and route', async () => {
    const lines = captureLines();
    const bothStarted = gate(2);
    const route = async () => {
      await bothStarted();
      logger.warn('after an await');
      await new Promise((resolve) => setImmediate(resolve));
      logger.warn('after another', { own: 'key' });
      return ok(null);
    };
    const handler = httpHandler({ 'POST /test/one': route, 'POST /test/two': route }, [
      'POST /test/one',
      'POST /test/two',
    ]);
    const event = (routeKey: string) =>
      ({ routeKey, headers: {}, requestContext: {} }) as unknown as APIGatewayProxyEventV2;
    const context = (awsRequestId: string) => ({ awsRequestId }) as Context;
    await Promise.all([
      handler(event('POST /test/one'), context('request-1')),
      handler(event('POST /test/two'), context('request-2')),
    ]);
    // Only this test's lines: work left running by other files of the worker may log meanwhile.
    const ours = lines.filter((l) => l.message === 'after an await' || l.message === 'after another');
    const seen = ours.map((l) => `${String(l.requestId)} ${String(l.route)}`);
    expect(seen.sort()).toEqual([
      'request-1 POST /test/one',
      'request-1 POST /test/one',
      'request-2 POST /test/two',
      'request-2 POST /test/two',
    ]);
    expect(lines.find((l) => l.message === 'after another')).toMatchObject({ own: 'key' });
    // Nothing is left behind for lines logged outside any request.
    expect(logContext()).toEqual({});
    logger.warn('outside');
    expect(lines.find((l) => l.message === 'outside')).not.toHaveProperty('requestId');
  });

  it("lets a line's own keys win over the context's", () => {
    const lines = captureLines();
    withLogContext({ requestId: 'outer', route: 'r' }, () =>
      withLogContext({ inner: 1 }, () => logger.warn('nested', { route: 'own' })),
    );
    expect(lines.find((l) => l.message === 'nested')).toMatchObject({
      requestId: 'outer',
      inner: 1,
      route: 'own',
    });
  });
});

describe('log context of OCPP messages', () => {
  let rt: Awaited<ReturnType<typeof startTestRuntime>>;
  const actions16 = actionsFor('ocpp1.6');
  beforeAll(async () => {
    rt = await startTestRuntime();
  });
  afterAll(async () => {
    delete actions16.GetConfiguration;
    await rt?.cleanup();
  });

  it('keeps each concurrent message its own charger and connection', async () => {
    const bothStarted = gate(2);
    // A test-only action (a 1.6 action the platform never handles from a charger) that logs after an await.
    const testAction: Action = async ({ chargePointId }) => {
      await bothStarted();
      logger.warn('OCPP action ran', { ran: chargePointId });
      return { configurationKey: [] };
    };
    actions16.GetConfiguration = testAction;
    const lines = captureLines();
    const one = await connectCharger(rt.url, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
    const two = await connectCharger(rt.url, 'DEMO-CP-002', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
    const answers = await Promise.all([one.call('GetConfiguration', {}), two.call('GetConfiguration', {})]);
    expect(answers.map((a) => a[0])).toEqual([3, 3]);
    const ran = await waitFor(() => {
      const found = lines.filter((l) => l.message === 'OCPP action ran');
      return found.length === 2 ? found : undefined;
    });
    for (const line of ran) {
      expect(line.chargePointId).toBe(line.ran);
      expect(line.route).toBe('$default');
      expect(typeof line.requestId).toBe('string');
    }
    expect(new Set(ran.map((l) => l.connectionId)).size).toBe(2);
    expect(new Set(ran.map((l) => l.requestId)).size).toBe(2);
    await Promise.all([one.close(), two.close()]);
  });
});
