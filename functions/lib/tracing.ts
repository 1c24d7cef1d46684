/**
 * Every Lambda entry of the topology is observed the same way
 * (docs/decisions/458-metrics-tracing-correlation.md): Powertools Tracer opens a subsegment for the handler
 * (`## <handler>`) under Lambda's X-Ray segment, with the cold start and the service as annotations and an
 * error as metadata (never the answer: it may hold personal data), and the business metrics held by
 * functions/lib/metrics.ts are published when the invocation ends, however it ends. The AWS SDK clients of
 * functions/lib/aws.ts are captured, so each AWS call is a subsegment.
 *
 * The tracer switches itself off where there is no Lambda (no `AWS_EXECUTION_ENV`: the local runtime, tests)
 * or when `POWERTOOLS_TRACE_ENABLED=false`: it then changes nothing, sends nothing and never throws for a
 * missing segment.
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { flushMetrics } from './metrics.ts';

export const tracer = new Tracer({ serviceName: 'ev-console' });

/** Marks a handler as observed (test/functions/observability.test.ts holds every topology entry to it). */
export const OBSERVED = Symbol.for('ev-console.observed');

/** The middlewares every entry runs: the handler's subsegment, and the metrics published at its end. */
export function observability(): middy.MiddlewareObj[] {
  const publish = () => void flushMetrics();
  return [
    captureLambdaHandler(tracer, { captureResponse: false }) as middy.MiddlewareObj,
    { after: publish, onError: publish },
  ];
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
