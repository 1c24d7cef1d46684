/**
 * The contract of the product's business metrics: CloudWatch namespace, metric names, units and dimensions,
 * declared once. Functions publish them in the embedded metric format (Powertools Metrics); the CDK stack
 * (infra/cdk/monitoring.ts) builds the dashboard and the finance export alarm from the same declarations, so a
 * name cannot differ between the publisher and the graph (decision 442).
 *
 * A CloudWatch metric is its namespace, name and exact set of dimensions: publish each metric with exactly the
 * dimensions listed here, no more (an extra dimension, such as Powertools' default `service`, makes a different
 * metric that the dashboard does not show).
 */

export const METRICS_NAMESPACE = 'EvCharging';

/** Dimension names. `stage` is the deployment stage (the functions' `STAGE` variable, envNames.stage). */
export const MetricDimension = {
  stage: 'stage',
  /** The export task's kind (functions/export: `financeDaily`, `orders`, ...). */
  kind: 'kind',
} as const;
export type MetricDimensionName = (typeof MetricDimension)[keyof typeof MetricDimension];

/** CloudWatch units the contract uses (the same strings as Powertools' `MetricUnit`). */
export type BusinessMetricUnit = 'Count' | 'Milliseconds' | 'Seconds';

export interface BusinessMetricDecl {
  /** The metric name in CloudWatch. */
  name: string;
  unit: BusinessMetricUnit;
  /** Exactly the dimensions the metric is published with. */
  dimensions: readonly MetricDimensionName[];
  /** How a period's values are read: `Sum` for events, `Maximum` for a level sampled now and then. */
  statistic: 'Sum' | 'Maximum';
  /** What one data point means, and who publishes it. */
  description: string;
}

const event = (name: string, description: string): BusinessMetricDecl => ({
  name,
  unit: 'Count',
  dimensions: [MetricDimension.stage],
  statistic: 'Sum',
  description,
});

export const BusinessMetric = {
  chargersOnline: {
    name: 'ChargersOnline',
    unit: 'Count',
    dimensions: [MetricDimension.stage],
    statistic: 'Maximum',
    description: 'Chargers with a live OCPP connection, counted by the offline sweep on each run (a level).',
  },
  ocppMessages: event(
    'OcppMessages',
    'One per OCPP message received from a charger (CALL, CALLRESULT, CALLERROR).',
  ),
  sessionsStarted: event(
    'SessionsStarted',
    'One per charging session started (StartTransaction / TransactionEvent Started).',
  ),
  sessionsEnded: event('SessionsEnded', 'One per charging session ended, however it ended.'),
  ordersSettled: event('OrdersSettled', 'One per order settled (paid by its payer).'),
  ordersUnpaid: event('OrdersUnpaid', 'One per order closed unpaid (insufficient balance, payer gone).'),
  commandsSent: event('CommandsSent', 'One per remote command sent to a charger.'),
  commandsFailed: event(
    'CommandsFailed',
    'One per remote command the charger rejected or that could not be sent.',
  ),
  commandsTimedOut: event(
    'CommandsTimedOut',
    'One per remote command the timeout sweep marked as unanswered.',
  ),
  exportsDone: {
    ...event('ExportsDone', 'One per export file written to the exports bucket.'),
    dimensions: [MetricDimension.stage, MetricDimension.kind],
  },
  exportsFailed: {
    ...event('ExportsFailed', 'One per export task given up (its last try failed, or no exporter).'),
    dimensions: [MetricDimension.stage, MetricDimension.kind],
  },
  ocpiPushes: event('OcpiPushes', 'One per OCPI push delivered to a roaming partner.'),
  ocpiPushFailures: event(
    'OcpiPushFailures',
    'One per OCPI push a partner refused or that could not be delivered.',
  ),
} as const satisfies Record<string, BusinessMetricDecl>;

export type BusinessMetricKey = keyof typeof BusinessMetric;

/** The export kind of the nightly finance export (functions/export/finance-schedule.ts). */
export const FINANCE_EXPORT_KIND = 'financeDaily';

/** The dimension values of a metric, in the contract's order; throws on a missing or an extra value. */
export function metricDimensions(
  metric: BusinessMetricDecl,
  values: Partial<Record<MetricDimensionName, string>>,
): Record<string, string> {
  const extra = Object.keys(values).filter((k) => !metric.dimensions.includes(k as MetricDimensionName));
  if (extra.length > 0) throw new Error(`${metric.name} has no dimension ${extra.join(', ')}`);
  const out: Record<string, string> = {};
  for (const d of metric.dimensions) {
    const v = values[d];
    if (v === undefined) throw new Error(`${metric.name} needs the dimension ${d}`);
    out[d] = v;
  }
  return out;
}
