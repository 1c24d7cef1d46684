/**
 * Metrics, tracing and the correlation id (docs/decisions/458-metrics-tracing-correlation.md): every topology
 * entry is observed; the business metrics leave in the embedded metric format with exactly the contract's
 * dimensions (no Powertools `service`); the tracer stays off and harmless without Lambda; the correlation id
 * is taken from the request or the OCPP frame and read back from a queue message; the local queue stand-in
 * hands the consumers Lambda's shape of a message's attributes; the local sink's Prometheus names.
 */
import type { SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  acceptedCorrelationId,
  correlationId,
  httpCorrelationId,
  ocppCorrelationId,
  withCorrelation,
} from '@functions/lib/correlation.ts';
import { logger } from '@functions/lib/logger.ts';
import {
  emfSink,
  flushMetrics,
  publishMetric,
  setMetricSink,
  type MetricSink,
} from '@functions/lib/metrics.ts';
import { correlationOf, inMessageContext } from '@functions/lib/queue.ts';
import { lambdaEntry, OBSERVED, tracer, tracingWanted } from '@functions/lib/tracing.ts';
import { fromRoot } from '@infra/local/paths.ts';
import { createLocalMetrics, prometheusName } from '@infra/local/metrics.ts';
import { lambdaMessageAttributes } from '@infra/local/queues.ts';
import { distinctFunctionRefs, functionKey, topology } from '@shared/topology/index.ts';
import { BusinessMetric, METRICS_NAMESPACE } from '@shared/topology/metrics.ts';

const restore: (() => void)[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const undo of restore.splice(0).reverse()) undo();
});

/** Figures published from now on, as the sink receives them. */
function captureFigures() {
  const figures: { name: string; value: number; dimensions: Record<string, string> }[] = [];
  let flushes = 0;
  const sink: MetricSink = {
    record: (metric, value, dimensions) => void figures.push({ name: metric.name, value, dimensions }),
    flush: () => void flushes++,
  };
  const previous = setMetricSink(sink);
  restore.push(() => void setMetricSink(previous));
  return { figures, flushes: () => flushes };
}

/** The JSON lines written to stdout from now on (Powertools writes EMF there). */
function captureStdout() {
  const lines: Record<string, unknown>[] = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
    const text = String(chunk);
    if (text.includes('"_aws"')) {
      for (const line of text.split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      return true;
    }
    return write(chunk, ...rest);
  }) as typeof process.stdout.write);
  return lines;
}

/** The attributes of every line the shared logger writes from now on, at `level` and above. */
function captureLog(level: 'DEBUG' | 'WARN') {
  const lines: Record<string, unknown>[] = [];
  const before = logger.getLevelName();
  logger.setLogLevel(level);
  restore.push(() => logger.setLogLevel(before));
  vi.spyOn(logger as never as { printLog: (l: number, log: unknown) => void }, 'printLog').mockImplementation(
    (_l, log) => void lines.push((log as { getAttributes(): Record<string, unknown> }).getAttributes()),
  );
  return lines;
}

describe('every Lambda entry of the topology', () => {
  it('is observed: traced, its metrics published at its end', async () => {
    const unobserved: string[] = [];
    for (const ref of distinctFunctionRefs(topology)) {
      const mod = (await import(fromRoot(ref.module))) as Record<string, Record<symbol, unknown>>;
      if (mod[ref.export ?? 'handler']?.[OBSERVED] !== true) unobserved.push(functionKey(ref));
    }
    expect(unobserved).toEqual([]);
  }, 120_000);

  it('runs its handler with tracing off outside Lambda, answers and throws as before, and flushes the figures', async () => {
    // Outside Lambda the tracer is not even loaded: no X-Ray SDK, so no process-wide async hook (its
    // cls-hooked namespace) that nothing there uses.
    expect(tracer).toBeUndefined();
    expect((process as { namespaces?: Record<string, unknown> }).namespaces?.AWSXRay).toBeUndefined();
    expect(tracingWanted({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x' })).toBe(true);
    expect(
      tracingWanted({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', POWERTOOLS_TRACE_ENABLED: 'false' }),
    ).toBe(false);
    expect(tracingWanted({})).toBe(false);
    const { figures, flushes } = captureFigures();
    const ok = lambdaEntry(async (event: { n: number }) => {
      publishMetric('ocppMessages');
      return event.n * 2;
    });
    expect(await ok({ n: 21 })).toBe(42);
    expect(flushes()).toBe(1);
    const failing = lambdaEntry(async () => {
      publishMetric('commandsFailed');
      throw Object.assign(new Error('card declined'), { name: 'RefundFailed' });
    });
    await expect(failing()).rejects.toMatchObject({
      name: 'RefundFailed',
      message: 'card declined',
    });
    expect(flushes()).toBe(2);
    expect(figures.map((f) => f.name)).toEqual(['OcppMessages', 'CommandsFailed']);
  });
});

describe('business metrics', () => {
  it('are published with exactly the contract dimensions: the stage, and the kind of an export', () => {
    const { figures } = captureFigures();
    publishMetric('sessionsStarted');
    publishMetric('chargersOnline', 7);
    publishMetric('exportsDone', 1, { kind: 'orders' });
    expect(figures).toEqual([
      { name: 'SessionsStarted', value: 1, dimensions: { stage: 'local' } },
      { name: 'ChargersOnline', value: 7, dimensions: { stage: 'local' } },
      { name: 'ExportsDone', value: 1, dimensions: { stage: 'local', kind: 'orders' } },
    ]);
    // A caller leaving out a dimension (or adding one) is a bug, refused at once.
    expect(() => publishMetric('exportsFailed')).toThrow(/needs the dimension kind/);
    expect(() => publishMetric('sessionsEnded', 1, { kind: 'x' })).toThrow(/has no dimension kind/);
  });

  it('leave Lambda in the embedded metric format, namespace EvCharging, without a service dimension', () => {
    const lines = captureStdout();
    const sink = emfSink();
    const stage = { stage: 'prod' };
    sink.record(BusinessMetric.sessionsStarted, 1, stage);
    sink.record(BusinessMetric.sessionsStarted, 1, stage);
    sink.record(BusinessMetric.ordersUnpaid, 1, stage);
    // Another dimension set: its own document, at once.
    sink.record(BusinessMetric.exportsFailed, 1, { ...stage, kind: 'financeDaily' });
    expect(lines).toHaveLength(1);
    sink.flush();
    expect(lines).toHaveLength(2);
    const [exportDoc, eventsDoc] = lines as [Record<string, unknown>, Record<string, unknown>];
    const meta = (doc: Record<string, unknown>) =>
      (doc._aws as { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: unknown[] }[] })
        .CloudWatchMetrics[0]!;
    expect(meta(eventsDoc).Namespace).toBe(METRICS_NAMESPACE);
    expect(meta(eventsDoc).Dimensions).toEqual([['stage']]);
    expect(meta(eventsDoc).Metrics).toEqual([
      { Name: 'SessionsStarted', Unit: 'Count' },
      { Name: 'OrdersUnpaid', Unit: 'Count' },
    ]);
    expect(eventsDoc).toMatchObject({ stage: 'prod', SessionsStarted: [1, 1], OrdersUnpaid: 1 });
    expect(eventsDoc).not.toHaveProperty('service');
    expect(meta(exportDoc).Dimensions).toEqual([['stage', 'kind']]);
    expect(exportDoc).toMatchObject({ stage: 'prod', kind: 'financeDaily', ExportsFailed: 1 });
    expect(exportDoc).not.toHaveProperty('service');
    // Nothing held: a flush writes nothing (and warns of nothing).
    sink.flush();
    expect(lines).toHaveLength(2);
  });

  it('go nowhere outside Lambda and the local runtime, and a flush never throws', () => {
    const previous = setMetricSink(undefined);
    restore.push(() => void setMetricSink(previous));
    const lines = captureStdout();
    publishMetric('ocppMessages');
    flushMetrics();
    expect(lines).toEqual([]);
  });

  it('have Prometheus names on the local runtime, counted by the same calls', async () => {
    expect(prometheusName(BusinessMetric.sessionsStarted)).toBe('evcharging_sessions_started_total');
    expect(prometheusName(BusinessMetric.chargersOnline)).toBe('evcharging_chargers_online');
    expect(prometheusName(BusinessMetric.ocpiPushFailures)).toBe('evcharging_ocpi_push_failures_total');
    const local = createLocalMetrics('local');
    const previous = setMetricSink(local.sink);
    restore.push(() => void setMetricSink(previous));
    publishMetric('sessionsStarted');
    publishMetric('sessionsStarted');
    publishMetric('chargersOnline', 3);
    publishMetric('chargersOnline', 2);
    publishMetric('exportsDone', 1, { kind: 'orders' });
    const { contentType, body } = await local.scrape();
    expect(contentType).toMatch(/^text\/plain/);
    expect(body).toContain('evcharging_sessions_started_total{stage="local"} 2');
    expect(body).toContain('evcharging_sessions_ended_total{stage="local"} 0');
    expect(body).toContain('evcharging_chargers_online{stage="local"} 2');
    expect(body).toContain('evcharging_exports_done_total{stage="local",kind="orders"} 1');
    expect(body).toContain('# TYPE evcharging_chargers_online gauge');
    expect(body).toContain('process_cpu_user_seconds_total');
  });
});

describe('the correlation id', () => {
  it('is the HTTP caller’s header when it is one we carry, else the request id', () => {
    expect(httpCorrelationId({ 'x-correlation-id': 'abc-123' }, 'req-1')).toBe('abc-123');
    expect(httpCorrelationId({ 'x-correlation-id': 'has space' }, 'req-1')).toBe('req-1');
    expect(httpCorrelationId({ 'x-correlation-id': 'x'.repeat(129) }, 'req-1')).toBe('req-1');
    expect(httpCorrelationId({ 'x-correlation-id': 'quote"d' }, 'req-1')).toBe('req-1');
    expect(httpCorrelationId({}, 'req-1')).toBe('req-1');
    expect(acceptedCorrelationId(42)).toBeUndefined();
  });

  it('is the charger’s and the frame’s message id for an OCPP message, the connection otherwise', () => {
    expect(ocppCorrelationId('CP-1', 'conn=', '[2,"m-17","Heartbeat",{}]')).toBe('CP-1:m-17');
    expect(ocppCorrelationId('CP-1', 'conn=', ' [ 3 , "m-18" , {}]')).toBe('CP-1:m-18');
    expect(ocppCorrelationId('CP-1', 'conn=', 'not a frame')).toBe('CP-1:conn=');
    expect(ocppCorrelationId('CP-1', 'conn=')).toBe('CP-1:conn=');
    // A charger id we cannot carry: the connection alone.
    expect(ocppCorrelationId('CP 1', 'conn=', '[2,"m","Heartbeat",{}]')).toBe('conn=');
  });

  it('is written in every log line of its flow, and a flow keeps its id when a step offers a bad one', () => {
    const lines = captureLog('WARN');
    withCorrelation('flow-1', { requestId: 'r1' }, () => {
      logger.warn('first');
      withCorrelation('bad id', { step: 2 }, () => logger.warn('second'));
    });
    logger.warn('outside');
    expect(lines.map((l) => [l.message, l.correlation_id, l.requestId])).toEqual([
      ['first', 'flow-1', 'r1'],
      ['second', 'flow-1', 'r1'],
      ['outside', undefined, undefined],
    ]);
    expect(correlationId()).toBeUndefined();
  });

  it('is read back from a queue message (Lambda’s shape), else the message’s own id stands for it', () => {
    const lines = captureLog('WARN');
    const record = {
      messageId: 'msg-1',
      messageAttributes: { correlationId: { stringValue: 'flow-2', dataType: 'String' } },
    } as unknown as SQSRecord;
    expect(correlationOf(record)).toBe('flow-2');
    inMessageContext(record, { push: 'cdr' }, () => logger.warn('consumed'));
    inMessageContext({ messageId: 'msg-2', messageAttributes: {} }, {}, () => logger.warn('by hand'));
    expect(lines.map((l) => [l.correlation_id, l.messageId, l.push])).toEqual([
      ['flow-2', 'msg-1', 'cdr'],
      ['msg-2', 'msg-2', undefined],
    ]);
  });

  it('reaches the consumers on the local runtime: its queue hands them Lambda’s attribute shape', () => {
    const attributes = lambdaMessageAttributes({
      correlationId: { DataType: 'String', StringValue: 'flow-3' },
    });
    expect(attributes).toEqual({
      correlationId: {
        dataType: 'String',
        stringValue: 'flow-3',
        stringListValues: [],
        binaryListValues: [],
      },
    });
    expect(correlationOf({ messageAttributes: attributes })).toBe('flow-3');
    expect(lambdaMessageAttributes(undefined)).toEqual({});
  });
});
