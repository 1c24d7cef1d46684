/**
 * The business metrics of the contract shared/topology/metrics.ts, published where each happens through one
 * call, `publishMetric` (docs/decisions/458-metrics-tracing-correlation.md). Where the figure goes is the
 * sink's business, never the domain's:
 * - in Lambda, Powertools Metrics in the embedded metric format: namespace `EvCharging`, exactly the
 *   contract's dimensions (Powertools' own `service` dimension removed: it would make another metric than the
 *   dashboard's), held until the invocation ends (functions/lib/tracing.ts flushes them);
 * - on the local runtime, the Prometheus counters and gauges of `GET /metrics` (infra/local/metrics.ts sets
 *   that sink, as it sets the payment provider);
 * - anywhere else (a test calling a handler), nowhere.
 * A sink never fails its caller: a figure lost is logged, the work it counts goes on.
 */
import { Metrics } from '@aws-lambda-powertools/metrics';
import {
  BusinessMetric,
  METRICS_NAMESPACE,
  MetricDimension,
  metricDimensions,
  type BusinessMetricDecl,
  type BusinessMetricKey,
  type MetricDimensionName,
} from '@shared/topology/metrics.ts';
import { config } from './config.ts';
import { logger } from './logger.ts';

export interface MetricSink {
  /** One data point of `metric`, with exactly its dimensions (in the contract's order). */
  record(metric: BusinessMetricDecl, value: number, dimensions: Readonly<Record<string, string>>): void;
  /** The invocation ends: whatever the sink holds is published. */
  flush(): void;
}

/**
 * Powertools Metrics, one EMF document per dimension set and invocation. The instance is made on first use,
 * so it reads the stage the host set; its default dimensions are the stage alone.
 */
export function emfSink(): MetricSink {
  let metrics: Metrics | undefined;
  let stage = '';
  const instance = (wanted: string) => {
    if (!metrics || stage !== wanted) {
      if (metrics?.hasStoredMetrics()) metrics.publishStoredMetrics();
      metrics = new Metrics({ namespace: METRICS_NAMESPACE });
      // The constructor adds `service`; the contract's metrics have no such dimension.
      metrics.clearDefaultDimensions();
      metrics.setDefaultDimensions({ [MetricDimension.stage]: wanted });
      stage = wanted;
    }
    return metrics;
  };
  return {
    record(metric, value, dimensions) {
      const m = instance(dimensions[MetricDimension.stage] ?? config.stage());
      const extra = Object.entries(dimensions).filter(([name]) => name !== MetricDimension.stage);
      if (!extra.length) {
        m.addMetric(metric.name, metric.unit, value);
        return;
      }
      // Another dimension set is another EMF document: published at once, with the stage and its own. A
      // single metric is a new instance, whose constructor adds `service` again.
      const single = m.singleMetric();
      single.clearDefaultDimensions();
      single.setDefaultDimensions({ [MetricDimension.stage]: stage });
      for (const [name, v] of extra) single.addDimension(name, v);
      single.addMetric(metric.name, metric.unit, value);
    },
    flush() {
      if (metrics?.hasStoredMetrics()) metrics.publishStoredMetrics();
    },
  };
}

const nowhere: MetricSink = { record: () => undefined, flush: () => undefined };

let sink: MetricSink | undefined;

/** The sink in use: the one set by the host, else Powertools in Lambda, else none. */
function currentSink(): MetricSink {
  sink ??= process.env.AWS_LAMBDA_FUNCTION_NAME ? emfSink() : nowhere;
  return sink;
}

/**
 * Sets where figures go (the local runtime, tests); `undefined` goes back to the default. Answers the sink it
 * replaces, for the caller to put back.
 */
export function setMetricSink(next: MetricSink | undefined): MetricSink | undefined {
  const previous = sink;
  previous?.flush();
  sink = next;
  return previous;
}

/**
 * Publishes one data point of a business metric: an event (`value` 1 by default) or a level. `dimensions`
 * names those the metric has besides the stage (an export's `kind`); a missing or an extra one throws, as the
 * contract says, since that is a bug of the caller.
 */
export function publishMetric(
  key: BusinessMetricKey,
  value = 1,
  dimensions: Partial<Record<Exclude<MetricDimensionName, 'stage'>, string>> = {},
): void {
  const metric = BusinessMetric[key];
  const values = metricDimensions(metric, { [MetricDimension.stage]: config.stage(), ...dimensions });
  try {
    currentSink().record(metric, value, values);
  } catch (error) {
    logger.warn('Business metric not published', { metric: metric.name, error: String(error) });
  }
}

/** Publishes what the sink holds (the end of an invocation); never throws. */
export function flushMetrics(): void {
  try {
    currentSink().flush();
  } catch (error) {
    logger.warn('Business metrics not flushed', { error: String(error) });
  }
}
