/**
 * Every Lambda entry of the topology is observed the same way
 * (docs/decisions/458-metrics-tracing-correlation.md): Powertools Tracer opens a subsegment for the handler
 * (`## <handler>`) under Lambda's X-Ray segment, with the cold start and the service as annotations and an
 * error as metadata (never the answer: it may hold personal data), and the business metrics held by
 * functions/lib/metrics.ts are published when the invocation ends, however it ends. The AWS SDK clients of
 * functions/lib/aws.ts are captured, so each AWS call is a subsegment.
 *
 * Where there is no Lambda (no `AWS_EXECUTION_ENV`: the local runtime, tests) or with
 * `POWERTOOLS_TRACE_ENABLED=false`, the tracer is not even loaded: the X-Ray SDK it brings enables a
 * process-wide async hook as it loads (cls-hooked), which nothing there uses. Nothing is then traced, no
 * client is changed, and nothing throws for a missing segment.
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { flushMetrics } from './metrics.ts';

/** Whether this process traces: in Lambda, unless switched off (the Tracer's own rules then apply too). */
export const tracingWanted = (env: NodeJS.ProcessEnv = process.env): boolean =>
  Boolean(env.AWS_EXECUTION_ENV) && env.POWERTOOLS_TRACE_ENABLED?.trim().toLowerCase() !== 'false';

async function loadTracing() {
  const [{ Tracer: PowertoolsTracer }, { captureLambdaHandler }] = await Promise.all([
    import('@aws-lambda-powertools/tracer'),
    import('@aws-lambda-powertools/tracer/middleware'),
  ]);
  const tracer = new PowertoolsTracer({ serviceName: 'ev-console' });
  return { tracer, captureLambdaHandler };
}

const tracing = tracingWanted() ? await loadTracing() : undefined;

/** The Powertools tracer of this process; undefined where nothing is traced. */
export const tracer: Tracer | undefined = tracing?.tracer;

/** An AWS SDK v3 client whose calls are subsegments where tracing is on; the client itself otherwise. */
export const traceClient = <T>(client: T): T =>
  tracing ? tracing.tracer.captureAWSv3Client(client) : client;

/** Marks a handler as observed (test/functions/observability.test.ts holds every topology entry to it). */
export const OBSERVED = Symbol.for('ev-console.observed');

/** The middlewares every entry runs: the handler's subsegment, and the metrics published at its end. */
export function observability(): middy.MiddlewareObj[] {
  const publish = () => void flushMetrics();
  const flush: middy.MiddlewareObj = { after: publish, onError: publish };
  if (!tracing) return [flush];
  const traced = tracing.captureLambdaHandler(tracing.tracer, { captureResponse: false });
  return [traced as middy.MiddlewareObj, flush];
}

/** Marks `fn` as an observed entry and returns it. */
export function markObserved<T extends object>(fn: T): T {
  return Object.assign(fn, { [OBSERVED]: true as const });
}

/**
 * A Lambda entry (queue consumer, schedule, WebSocket route, authorizer, state machine task, IoT rule) with
 * the observability above, its type unchanged: the context may still be left out where the handler allows it
 * (tests), and Lambda's own time limit is left to Lambda (no early time-out of middy's).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any handler's own parameters are kept
export function lambdaEntry<F extends (event: any, context?: any) => Promise<unknown>>(fn: F): F {
  // middy types the context as Lambda's; the entry's own type is kept outside.
  const observed = middy(fn as unknown as (event: unknown, context: Context) => Promise<unknown>, {
    timeoutEarlyInMillis: 0,
  }).use(observability());
  return markObserved(((event: unknown, context?: Context) =>
    observed(event, context ?? ({} as Context))) as F);
}
