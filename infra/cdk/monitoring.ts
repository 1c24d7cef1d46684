/**
 * Alarms and the dashboard of a stage (decision 442), built by iterating the topology: a queue, function, table,
 * state machine or schedule added to shared/topology gets its alarms on the next deploy without a line here.
 * Every alarm notifies one SNS topic per stage (and says when it is OK again); `alarmEmail` subscribes an
 * address. docs/operations.md explains each alarm kind (ALARM_KINDS) and what to check first.
 *
 * Everything lives in the nested stack `Monitoring`, so the main stack stays well under CloudFormation's 500
 * resources (decision 362): the alarms grow with every function.
 */
import { Duration, NestedStack, Validations } from 'aws-cdk-lib';
import type { HttpApi, WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';

import { distinctFunctionRefs, functionKey } from '@shared/topology/index.ts';
import {
  BusinessMetric,
  FINANCE_EXPORT_KIND,
  METRICS_NAMESPACE,
  metricDimensions,
  type BusinessMetricDecl,
} from '@shared/topology/metrics.ts';
import type { Topology } from '@shared/topology/types.ts';

/** Each kind of alarm: its title, and the heading of its section in docs/operations.md. */
export const ALARM_KINDS = {
  dlqNotEmpty: 'Dead-letter queue not empty',
  queueBacklog: 'Queue backlog',
  functionErrors: 'Function errors',
  functionThrottles: 'Function throttles',
  functionDuration: 'Function duration near its timeout',
  httpServerErrors: 'HTTP API 5xx rate',
  httpLatency: 'HTTP API p99 latency',
  wsConnectErrors: 'WebSocket connect errors',
  wsIntegrationErrors: 'WebSocket integration errors',
  tableThrottles: 'DynamoDB throttles',
  tableSystemErrors: 'DynamoDB system errors',
  stateMachineFailed: 'Step Functions executions failed',
  stateMachineTimedOut: 'Step Functions executions timed out',
  scheduleMissed: 'Schedule did not run',
  financeExportFailed: 'Nightly finance export failed',
} as const;
export type AlarmKind = keyof typeof ALARM_KINDS;

/** GitHub-style anchor of a heading (`Queue backlog` -> `queue-backlog`). */
export const anchorOf = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/ /g, '-');

/** Thresholds, in one place (docs/operations.md quotes them). */
export const THRESHOLDS = {
  /** Duration p99 above this share of the function's timeout. */
  durationShareOfTimeout: 0.8,
  /** 5xx share of the HTTP API's requests, in percent, once a period has at least `httpMinRequests`. */
  http5xxPercent: 2,
  httpMinRequests: 20,
  /** p99 of the HTTP API's latency, in milliseconds. */
  httpP99Ms: 3000,
  /** Failed connects ($connect integration or execution errors) in five minutes. */
  wsConnectErrors: 5,
  /** Integration errors of the WebSocket API (all routes) in five minutes. */
  wsIntegrationErrors: 5,
  /** DynamoDB read and write throttle events of a table in five minutes. */
  tableThrottleEvents: 10,
  /** Lower bound of a queue's backlog alarm, in seconds. */
  minBacklogSeconds: 300,
} as const;

/**
 * Age (seconds) past which a queue's oldest message means its consumer is not keeping up: twice the time its
 * tries may take (visibility timeout x receives), at least five minutes. ocpiPush: 2 x 60 s x 5 = 10 minutes.
 */
export const backlogSeconds = (q: { visibilityTimeoutSeconds: number; maxReceiveCount: number }): number =>
  Math.max(THRESHOLDS.minBacklogSeconds, 2 * q.visibilityTimeoutSeconds * q.maxReceiveCount);

const UNIT_SECONDS: Record<string, number> = { minute: 60, hour: 3600, day: 86400 };

/** The cyclic largest gap between the values of a cron field (`0,15,45` in 60 -> 30), or undefined if `*`. */
function fieldGap(field: string, range: number, min = 0): number | undefined {
  if (field === '*' || field === '?') return 1;
  const step = /^(\*|\d+)\/(\d+)$/.exec(field);
  if (step) return Number(step[2]);
  if (!/^\d+(,\d+)*$/.test(field)) return undefined;
  const values = [...new Set(field.split(',').map(Number))].sort((a, b) => a - b);
  if (values.some((v) => v < min || v >= min + range)) return undefined;
  if (values.length === 1) return range;
  let gap = values[0]! + range - values[values.length - 1]!;
  for (let i = 1; i < values.length; i++) gap = Math.max(gap, values[i]! - values[i - 1]!);
  return gap;
}

/**
 * The longest time, in seconds, between two runs of an EventBridge schedule expression: rates of minutes, hours
 * or days, and crons that run every day (every few minutes, hours, or once); other crons (a day of the week or
 * of the month) throw, since no CloudWatch alarm looks back further than seven days and a weekly run plus its
 * margin would be longer.
 */
export function scheduleIntervalSeconds(expression: string): number {
  const rate = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (rate) return Number(rate[1]) * UNIT_SECONDS[rate[2]!.replace(/s$/, '')]!;
  const cron = /^cron\((\S+) (\S+) (\S+) (\S+) (\S+) (\S+)\)$/.exec(expression);
  const unsupported = new Error(
    `Schedule "${expression}": a "did not run" alarm needs a rate or a cron that runs every day ` +
      '(infra/cdk/monitoring.ts scheduleIntervalSeconds).',
  );
  if (!cron) throw unsupported;
  const [, minute, hour, dom, month, dow] = cron as unknown as string[];
  const anyDay = (dom === '*' || dom === '?') && (dow === '*' || dow === '?') && month === '*';
  if (!anyDay) throw unsupported;
  const minuteGap = fieldGap(minute!, 60);
  const hourGap = fieldGap(hour!, 24);
  if (minuteGap === undefined || hourGap === undefined) throw unsupported;
  if (hour === '*') return minuteGap * 60; // every hour: the minute field sets the pace
  if (/^\d+$/.test(minute!)) return hourGap * 3600; // fixed minute: the hour field sets the pace
  // Several minutes within some hours: the longest wait is from the last run of an hour to the next hour's.
  return Math.max(minuteGap * 60, hourGap * 3600);
}

/**
 * The window of a schedule's "did not run" alarm: its interval plus a margin (a quarter of it, between four
 * minutes and an hour), in whole minutes. rate(1 minute) -> 5 minutes, rate(1 hour) -> 75 minutes, daily -> 25 h.
 */
export function scheduleWindowSeconds(expression: string): number {
  const interval = scheduleIntervalSeconds(expression);
  const margin = Math.min(Math.max(240, interval / 4), 3600);
  const window = Math.ceil((interval + margin) / 60) * 60;
  if (window > 7 * 86400)
    throw new Error(`Schedule "${expression}" runs too seldom for an alarm to watch it.`);
  return window;
}

export interface MonitoringProps {
  stage: string;
  topology: Topology;
  /** Prefix of alarm names and the dashboard name (the stack name). */
  namePrefix: string;
  functions: ReadonlyMap<string, lambda.Function>;
  /** Memory of a function whose reference names none (the stack's default). */
  defaultMemoryMb: number;
  queues: ReadonlyMap<string, sqs.IQueue>;
  deadLetterQueues: ReadonlyMap<string, sqs.IQueue>;
  tables: ReadonlyMap<string, dynamodb.ITable>;
  stateMachines: ReadonlyMap<string, sfn.IStateMachine>;
  httpApi: HttpApi;
  webSocketApi: WebSocketApi;
  webSocketStageName: string;
  /** An address subscribed to the alarm topic (it confirms by mail); none when absent. */
  alarmEmail?: string;
}

export interface MonitoredAlarm {
  kind: AlarmKind;
  /** What it watches: `queue:<id>`, `function:<functionKey>`, `table:<id>`, `stateMachine:<id>`, ... */
  subject: string;
  alarm: cw.Alarm;
}

const FIVE_MINUTES = Duration.minutes(5);

/** The ten DynamoDB operations the functions use (an alarm's math may hold ten metrics). */
const TABLE_OPERATIONS = [
  dynamodb.Operation.GET_ITEM,
  dynamodb.Operation.BATCH_GET_ITEM,
  dynamodb.Operation.QUERY,
  dynamodb.Operation.SCAN,
  dynamodb.Operation.PUT_ITEM,
  dynamodb.Operation.UPDATE_ITEM,
  dynamodb.Operation.DELETE_ITEM,
  dynamodb.Operation.BATCH_WRITE_ITEM,
  dynamodb.Operation.TRANSACT_WRITE_ITEMS,
  dynamodb.Operation.TRANSACT_GET_ITEMS,
];

export class Monitoring extends NestedStack {
  readonly topic: sns.Topic;
  readonly dashboard: cw.Dashboard;
  readonly alarms: MonitoredAlarm[] = [];

  constructor(
    scope: Construct,
    id: string,
    private readonly props: MonitoringProps,
  ) {
    super(scope, id, { description: `${props.namePrefix}: alarms and dashboard (decision 442)` });
    const t = props.topology;

    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: `${props.namePrefix} alarms`,
      enforceSSL: true,
    });
    if (props.alarmEmail) {
      const mail = this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
      Validations.of(mail).acknowledge({
        id: 'Serverless-SNSRedrivePolicy',
        reason:
          'A notification mail SNS cannot deliver loses nothing: the alarm and its history stay in CloudWatch and ' +
          "on the dashboard's alarm widget.",
      });
    }

    // ------------------------------------------------------------ queues: dead letters and backlog
    for (const q of t.queues) {
      const dlq = props.deadLetterQueues.get(q.id);
      const queue = props.queues.get(q.id);
      if (!dlq || !queue) throw new Error(`Queue ${q.id} has no queue or dead-letter queue in the stack.`);
      this.add('dlqNotEmpty', `queue:${q.id}`, q.id, {
        metric: dlq.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE_MINUTES }),
        threshold: 1,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        what: `messages of queue ${q.id} (${q.description}) failed ${q.maxReceiveCount} times and wait in its dead-letter queue`,
      });
      const age = backlogSeconds(q);
      this.add('queueBacklog', `queue:${q.id}`, q.id, {
        metric: queue.metricApproximateAgeOfOldestMessage({ statistic: 'Maximum', period: FIVE_MINUTES }),
        threshold: age,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        what: `the oldest message of queue ${q.id} waits ${age} s or more (its consumer is not keeping up)`,
      });
    }

    // ------------------------------------------------------------ functions
    for (const ref of distinctFunctionRefs(t)) {
      const key = functionKey(ref);
      const fn = this.fn(key);
      const name = fn.node.id;
      const timeout = fn.timeout?.toSeconds() ?? 3;
      this.add('functionErrors', `function:${key}`, name, {
        metric: fn.metricErrors({ statistic: 'Sum', period: FIVE_MINUTES }),
        threshold: 1,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        what: `${key} threw or timed out`,
      });
      this.add('functionThrottles', `function:${key}`, name, {
        metric: fn.metricThrottles({ statistic: 'Sum', period: FIVE_MINUTES }),
        threshold: 1,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        what: `invocations of ${key} were throttled (concurrency limit)`,
      });
      const limitMs = Math.round(timeout * 1000 * THRESHOLDS.durationShareOfTimeout);
      this.add('functionDuration', `function:${key}`, name, {
        metric: fn.metricDuration({ statistic: 'p99', period: FIVE_MINUTES }),
        threshold: limitMs,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        what: `p99 duration of ${key} above ${limitMs} ms, 80 % of its ${timeout} s timeout`,
      });
    }

    // ------------------------------------------------------------ HTTP API
    const api = props.httpApi;
    const requests = api.metricCount({ statistic: 'Sum', period: FIVE_MINUTES });
    const serverErrors = api.metricServerError({ statistic: 'Sum', period: FIVE_MINUTES });
    this.add('httpServerErrors', 'httpApi', 'http', {
      metric: new cw.MathExpression({
        expression: `IF(requests >= ${THRESHOLDS.httpMinRequests}, 100 * errors / requests, 0)`,
        usingMetrics: { requests, errors: serverErrors },
        label: '5xx %',
        period: FIVE_MINUTES,
      }),
      threshold: THRESHOLDS.http5xxPercent,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      what: `more than ${THRESHOLDS.http5xxPercent} % of the console API's requests answered 5xx`,
    });
    this.add('httpLatency', 'httpApi', 'http', {
      metric: api.metricLatency({ statistic: 'p99', period: FIVE_MINUTES }),
      threshold: THRESHOLDS.httpP99Ms,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      what: `p99 latency of the console API above ${THRESHOLDS.httpP99Ms} ms for 15 minutes`,
    });

    // ------------------------------------------------------------ WebSocket API (OCPP)
    const wsMetric = (metricName: string, route?: string) =>
      new cw.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: {
          ApiId: props.webSocketApi.apiId,
          Stage: props.webSocketStageName,
          ...(route ? { Route: route } : {}),
        },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    this.add('wsConnectErrors', 'webSocketApi', 'ocpp', {
      metric: new cw.MathExpression({
        expression: 'integration + execution',
        usingMetrics: {
          integration: wsMetric('IntegrationError', '$connect'),
          execution: wsMetric('ExecutionError', '$connect'),
        },
        label: '$connect errors',
        period: FIVE_MINUTES,
      }),
      threshold: THRESHOLDS.wsConnectErrors,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      what: `${THRESHOLDS.wsConnectErrors} or more charger connects failed in API Gateway or the $connect function`,
    });
    this.add('wsIntegrationErrors', 'webSocketApi', 'ocpp', {
      metric: wsMetric('IntegrationError'),
      threshold: THRESHOLDS.wsIntegrationErrors,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      what: `${THRESHOLDS.wsIntegrationErrors} or more OCPP messages got no answer from the functions`,
    });

    // ------------------------------------------------------------ DynamoDB
    for (const decl of t.tables) {
      const table = props.tables.get(decl.id);
      if (!table) throw new Error(`Table ${decl.id} is not in the stack.`);
      this.add('tableThrottles', `table:${decl.id}`, decl.id, {
        metric: new cw.MathExpression({
          expression: 'reads + writes',
          usingMetrics: {
            reads: table.metric('ReadThrottleEvents', { statistic: 'Sum', period: FIVE_MINUTES }),
            writes: table.metric('WriteThrottleEvents', { statistic: 'Sum', period: FIVE_MINUTES }),
          },
          label: 'throttle events',
          period: FIVE_MINUTES,
        }),
        threshold: THRESHOLDS.tableThrottleEvents,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        what: `table ${decl.id} throttled ${THRESHOLDS.tableThrottleEvents} or more requests`,
      });
      this.add('tableSystemErrors', `table:${decl.id}`, decl.id, {
        metric: table.metricSystemErrorsForOperations({
          operations: TABLE_OPERATIONS,
          statistic: 'Sum',
          period: FIVE_MINUTES,
        }),
        threshold: 1,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        what: `DynamoDB answered requests on table ${decl.id} with a 500 (system error)`,
      });
    }

    // ------------------------------------------------------------ Step Functions
    for (const decl of t.stateMachines) {
      const machine = props.stateMachines.get(decl.id);
      if (!machine) throw new Error(`State machine ${decl.id} is not in the stack.`);
      this.add('stateMachineFailed', `stateMachine:${decl.id}`, decl.id, {
        metric: machine.metricFailed({ statistic: 'Sum', period: FIVE_MINUTES }),
        threshold: 1,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        what: `an execution of ${decl.id} (${decl.description}) failed`,
      });
      this.add('stateMachineTimedOut', `stateMachine:${decl.id}`, decl.id, {
        metric: machine.metricTimedOut({ statistic: 'Sum', period: FIVE_MINUTES }),
        threshold: 1,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        what: `an execution of ${decl.id} timed out`,
      });
    }

    // ------------------------------------------------------------ schedules: did each one run?
    for (const decl of t.schedules) {
      const fn = this.fn(functionKey(decl.handler));
      const window = scheduleWindowSeconds(decl.expression);
      this.add('scheduleMissed', `schedule:${decl.id}`, decl.id, {
        metric: fn.metricInvocations({ statistic: 'Sum', period: Duration.seconds(window) }),
        threshold: 1,
        comparisonOperator: cw.ComparisonOperator.LESS_THAN_THRESHOLD,
        evaluationPeriods: 1,
        // No data point means no invocation at all: exactly what this alarm is for.
        treatMissingData: cw.TreatMissingData.BREACHING,
        what: `schedule ${decl.id} (${decl.expression}) did not invoke ${functionKey(decl.handler)} within ${window / 60} minutes`,
      });
    }

    // ------------------------------------------------------------ the nightly finance export
    if (t.schedules.some((s) => s.handler.module === 'functions/export/finance-schedule.ts')) {
      this.add('financeExportFailed', 'export:financeDaily', 'finance', {
        metric: this.businessMetric(
          BusinessMetric.exportsFailed,
          { kind: FINANCE_EXPORT_KIND },
          Duration.hours(1),
        ),
        threshold: 1,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        what: 'the nightly finance export task was given up (its last try failed)',
      });
    }

    this.dashboard = this.buildDashboard();
  }

  /** The alarms watching a subject (`queue:commands`, `function:<functionKey>`, ...). */
  alarmsOf(subject: string): MonitoredAlarm[] {
    return this.alarms.filter((a) => a.subject === subject);
  }

  private fn(key: string): lambda.Function {
    const fn = this.props.functions.get(key);
    if (!fn) throw new Error(`No function for ${key}`);
    return fn;
  }

  private businessMetric(
    decl: BusinessMetricDecl,
    extra: { kind?: string } = {},
    period: Duration = FIVE_MINUTES,
  ): cw.Metric {
    return new cw.Metric({
      namespace: METRICS_NAMESPACE,
      metricName: decl.name,
      dimensionsMap: metricDimensions(decl, { stage: this.props.stage, ...extra }),
      statistic: decl.statistic,
      unit: undefined,
      period,
      label: decl.name,
    });
  }

  private add(
    kind: AlarmKind,
    subject: string,
    name: string,
    o: {
      metric: cw.IMetric;
      threshold: number;
      comparisonOperator: cw.ComparisonOperator;
      evaluationPeriods: number;
      datapointsToAlarm?: number;
      treatMissingData?: cw.TreatMissingData;
      what: string;
    },
  ): void {
    const title = ALARM_KINDS[kind];
    const alarm = new cw.Alarm(this, `${kind}-${name}`, {
      alarmName: `${this.props.namePrefix}-${anchorOf(title)}-${name}`,
      alarmDescription: `${title}: ${o.what}. First checks: docs/operations.md#${anchorOf(title)}`,
      metric: o.metric,
      threshold: o.threshold,
      comparisonOperator: o.comparisonOperator,
      evaluationPeriods: o.evaluationPeriods,
      datapointsToAlarm: o.datapointsToAlarm,
      treatMissingData: o.treatMissingData ?? cw.TreatMissingData.NOT_BREACHING,
    });
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push({ kind, subject, alarm });
  }

  private buildDashboard(): cw.Dashboard {
    const { props } = this;
    const stage = props.stage;
    const m = (key: keyof typeof BusinessMetric, period: Duration = FIVE_MINUTES) =>
      this.businessMetric(BusinessMetric[key], {}, period);
    /** Every value of the `kind` dimension of an export metric. */
    const byKind = (decl: BusinessMetricDecl) =>
      new cw.MathExpression({
        expression: `SEARCH('{${METRICS_NAMESPACE},${decl.dimensions.join(',')}} MetricName="${decl.name}" stage="${stage}"', '${decl.statistic}', 300)`,
        label: decl.name,
        period: FIVE_MINUTES,
      });
    const graph = (title: string, left: cw.IMetric[], right: cw.IMetric[] = [], width = 8) =>
      new cw.GraphWidget({ title, left, right, width, height: 6 });

    const dashboard = new cw.Dashboard(this, 'Dashboard', {
      dashboardName: `${props.namePrefix}-operations`,
      defaultInterval: Duration.hours(6),
    });
    dashboard.addWidgets(
      new cw.TextWidget({
        markdown:
          `# ${props.namePrefix}\nBusiness figures are custom metrics in \`${METRICS_NAMESPACE}\` ` +
          '(shared/topology/metrics.ts); every alarm is explained in docs/operations.md.',
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      new cw.SingleValueWidget({
        title: 'Chargers online',
        metrics: [m('chargersOnline', Duration.minutes(1))],
        width: 4,
        height: 6,
      }),
      graph('OCPP messages per minute', [m('ocppMessages', Duration.minutes(1))], [], 10),
      graph('Sessions started and ended', [m('sessionsStarted'), m('sessionsEnded')], [], 10),
    );
    dashboard.addWidgets(
      graph('Orders settled and unpaid', [m('ordersSettled'), m('ordersUnpaid')]),
      graph('Commands sent, failed and timed out', [
        m('commandsSent'),
        m('commandsFailed'),
        m('commandsTimedOut'),
      ]),
      graph('Exports done and failed (by kind)', [
        byKind(BusinessMetric.exportsDone),
        byKind(BusinessMetric.exportsFailed),
      ]),
    );
    const ocpiQueue = props.queues.get('ocpiPush');
    dashboard.addWidgets(
      graph(
        'Roaming (OCPI) pushes',
        [m('ocpiPushes'), m('ocpiPushFailures')],
        ocpiQueue
          ? [
              ocpiQueue.metricApproximateAgeOfOldestMessage({
                statistic: 'Maximum',
                period: FIVE_MINUTES,
                label: 'oldest push (s)',
              }),
            ]
          : [],
      ),
      graph(
        'Console API latency',
        [
          props.httpApi.metricLatency({ statistic: 'p50', period: FIVE_MINUTES, label: 'p50' }),
          props.httpApi.metricLatency({ statistic: 'p99', period: FIVE_MINUTES, label: 'p99' }),
        ],
        [props.httpApi.metricCount({ statistic: 'Sum', period: FIVE_MINUTES, label: 'requests' })],
      ),
      graph('Console API errors', [
        props.httpApi.metricClientError({ statistic: 'Sum', period: FIVE_MINUTES, label: '4xx' }),
        props.httpApi.metricServerError({ statistic: 'Sum', period: FIVE_MINUTES, label: '5xx' }),
      ]),
    );
    dashboard.addWidgets(
      graph(
        'Dead-letter queues',
        [...props.deadLetterQueues].map(([qid, dlq]) =>
          dlq.metricApproximateNumberOfMessagesVisible({
            statistic: 'Maximum',
            period: FIVE_MINUTES,
            label: qid,
          }),
        ),
      ),
      new cw.GraphWidget({
        title: 'Functions that cost most (GB-seconds: duration x invocations x memory, top 10)',
        left: [this.costliestFunctions()],
        view: cw.GraphWidgetView.BAR,
        setPeriodToTimeRange: true,
        width: 16,
        height: 6,
      }),
    );
    // An alarm status widget shows at most 100 alarms.
    for (let i = 0; i < this.alarms.length; i += 100) {
      dashboard.addWidgets(
        new cw.AlarmStatusWidget({
          title: `Alarms${this.alarms.length > 100 ? ` (${i / 100 + 1})` : ''}`,
          alarms: this.alarms.slice(i, i + 100).map((a) => a.alarm),
          sortBy: cw.AlarmStatusWidgetSortBy.STATE_UPDATED_TIMESTAMP,
          width: 24,
          height: 6,
        }),
      );
    }
    return dashboard;
  }

  /** Each function's summed duration times its memory, sorted, the ten largest. */
  private costliestFunctions(): cw.MathExpression {
    const usingMetrics: Record<string, cw.IMetric> = {};
    const ids: string[] = [];
    distinctFunctionRefs(this.props.topology).forEach((ref, i) => {
      const fn = this.fn(functionKey(ref));
      const memoryGb = (ref.memoryMb ?? this.props.defaultMemoryMb) / 1024;
      usingMetrics[`gbs${i}`] = new cw.MathExpression({
        expression: `duration${i} / 1000 * ${memoryGb}`,
        usingMetrics: { [`duration${i}`]: fn.metricDuration({ statistic: 'Sum', period: FIVE_MINUTES }) },
        label: fn.node.id,
        period: FIVE_MINUTES,
      });
      ids.push(`gbs${i}`);
    });
    return new cw.MathExpression({
      expression: `SORT([${ids.join(', ')}], SUM, DESC, 10)`,
      usingMetrics,
      label: 'GB-s',
      period: FIVE_MINUTES,
    });
  }
}
