/**
 * The local runtime's `GET /metrics` (docs/decisions/458-metrics-tracing-correlation.md): the business
 * metrics of shared/topology/metrics.ts in the Prometheus text format (prom-client), counted by the same
 * `publishMetric` calls that publish them to CloudWatch in Lambda (this is their sink here), plus the
 * process's own figures (CPU, memory, event loop, garbage collection).
 *
 * Names: `evcharging_` and the metric's name in snake case; an event (statistic `Sum`) is a counter with
 * `_total` (`SessionsStarted` -> `evcharging_sessions_started_total`), a level (`Maximum`) a gauge
 * (`ChargersOnline` -> `evcharging_chargers_online`); seconds get `_seconds` (milliseconds are turned into
 * seconds). The contract's dimensions are the labels (`stage`, and `kind` for exports). Each runtime counts
 * from zero, as a restarted process does; the process figures belong to the process.
 */
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { MetricSink } from '@functions/lib/metrics.ts';
import {
  BusinessMetric,
  METRICS_NAMESPACE,
  MetricDimension,
  type BusinessMetricDecl,
} from '@shared/topology/metrics.ts';

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** The Prometheus name of a contract metric. */
export function prometheusName(metric: BusinessMetricDecl): string {
  const base = `${METRICS_NAMESPACE.toLowerCase()}_${snake(metric.name)}`;
  const unit = metric.unit === 'Count' ? '' : '_seconds';
  return `${base}${unit}${metric.statistic === 'Sum' ? '_total' : ''}`;
}

/** A value in the Prometheus metric's unit (seconds for a time). */
const inUnit = (metric: BusinessMetricDecl, value: number) =>
  metric.unit === 'Milliseconds' ? value / 1000 : value;

/** The process's own figures: one registry per process, however many runtimes it starts (tests). */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface LocalMetrics {
  /** The sink `publishMetric` counts into (functions/lib/metrics.ts `setMetricSink`). */
  sink: MetricSink;
  /** The exposition: the business figures, then the process's. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** A fresh set of the contract's metrics for one runtime of stage `stage`. */
export function createLocalMetrics(stage: string): LocalMetrics {
  const registry = new Registry();
  const byName = new Map<string, Counter | Gauge>();
  for (const metric of Object.values(BusinessMetric) as BusinessMetricDecl[]) {
    const config = {
      name: prometheusName(metric),
      help: metric.description,
      labelNames: [...metric.dimensions],
      registers: [registry],
    };
    const made = metric.statistic === 'Sum' ? new Counter(config) : new Gauge(config);
    // A metric with the stage alone is shown from the start, at zero: a scrape lists every figure there is.
    if (metric.dimensions.length === 1 && metric.dimensions[0] === MetricDimension.stage) {
      if (made instanceof Counter) made.inc({ stage }, 0);
      else made.set({ stage }, 0);
    }
    byName.set(metric.name, made);
  }
  const sink: MetricSink = {
    record(metric, value, dimensions) {
      const made = byName.get(metric.name);
      if (made instanceof Counter) made.inc(dimensions, inUnit(metric, value));
      else made?.set(dimensions, inUnit(metric, value));
    },
    flush: () => undefined,
  };
  return {
    sink,
    async scrape() {
      const merged = Registry.merge([registry, processMetrics()]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}
