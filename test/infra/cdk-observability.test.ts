/**
 * The stack can be watched and trusted (decision 442): every queue, function, table, state machine and schedule
 * of the topology has its alarms on the stage's topic, every function and state machine is traced, the API
 * stages log, measure and throttle, the dashboard draws the business metrics of shared/topology/metrics.ts, and
 * the prod stack puts AWS WAF in front of CloudFront. Checked by iterating the topology against the synthesised
 * templates, so a new topology entry is checked without touching this file; docs/operations.md must explain
 * every alarm kind.
 *
 * The apps come from test/infra/synth.ts (bundling skipped), the dev and prod stacks made once per worker and
 * shared with the other infra files (docs/decisions/448-tests-in-minutes.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  ALARM_KINDS,
  anchorOf,
  backlogSeconds,
  scheduleIntervalSeconds,
  scheduleWindowSeconds,
  THRESHOLDS,
  type AlarmKind,
} from '@infra/cdk/monitoring.ts';
import {
  COMMON_RULES_COUNTED,
  EdgeWafStack,
  HTTP_DEFAULT_THROTTLE,
  ROUTE_CLASSES,
  wafPathMatches,
  WS_CONNECT_THROTTLE,
  WS_DEFAULT_THROTTLE,
} from '@infra/cdk/protection.ts';
import {
  ConsoleStack,
  DEFAULT_TIMEOUT_SECONDS,
  repoRoot,
  type ConsoleStackProps,
  type Stage,
} from '@infra/cdk/stack.ts';
import { distinctFunctionRefs, functionKey, topology } from '@shared/topology/index.ts';
import {
  BusinessMetric,
  FINANCE_EXPORT_KIND,
  METRICS_NAMESPACE,
  metricDimensions,
} from '@shared/topology/metrics.ts';
import type { FunctionRef, Topology } from '@shared/topology/types.ts';

import { ACCOUNT, consoleFixture, sharedConsole, synthConsole, testApp } from './synth.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation JSON is untyped
type Json = any;
type Resource = { Type: string; Properties?: Record<string, Json>; DependsOn?: string | string[] };

interface Synth {
  stack: ConsoleStack;
  resources: Record<string, Resource>;
  /** The Monitoring nested stack's resources, its parameters replaced by what the parent passes. */
  monitoring: Record<string, Resource>;
}

/** A value of a nested stack with its parameters replaced by what the parent passes them. */
function resolveParameters(value: unknown, params: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveParameters(v, params));
  if (value && typeof value === 'object') {
    const ref = (value as { Ref?: string }).Ref;
    if (ref !== undefined && Object.keys(value).length === 1 && ref in params) return params[ref];
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveParameters(v, params)]));
  }
  return value;
}

/** The resources of a synthesised console stack and of its Monitoring nested stack. */
function read(stack: ConsoleStack): Synth {
  const resources = Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
  const nestedId = stack.getLogicalId(stack.monitoring.nestedStackResource as CfnElement);
  const params = (resources[nestedId]!.Properties!.Parameters ?? {}) as Record<string, unknown>;
  const monitoring = resolveParameters(
    Template.fromStack(stack.monitoring).toJSON().Resources,
    params,
  ) as Record<string, Resource>;
  return { stack, resources, monitoring };
}

function synth(
  stage: Stage,
  opts: Partial<Pick<ConsoleStackProps, 'topology' | 'alarmEmail' | 'waf'>> = {},
): Synth {
  return read(synthConsole(stage, opts).stack);
}

const logicalId = (s: Synth, construct: { node: { defaultChild?: unknown } }): string =>
  s.stack.getLogicalId(construct.node.defaultChild as CfnElement);

const fnId = (s: Synth, ref: FunctionRef): string => logicalId(s, s.stack.functions.get(functionKey(ref))!);

const ofType = (resources: Record<string, Resource>, type: string): [string, Resource][] =>
  Object.entries(resources).filter(([, r]) => r.Type === type);

interface AlarmMetric {
  namespace: string;
  metricName: string;
  dimensions: Record<string, Json>;
  stat?: string;
  period?: number;
}

/** The metrics an alarm reads: its single metric, or each metric of its math. */
function metricsOf(alarm: Resource): AlarmMetric[] {
  const p = alarm.Properties!;
  const dims = (list: { Name: string; Value: Json }[] = []) =>
    Object.fromEntries(list.map((d) => [d.Name, d.Value]));
  if (p.MetricName)
    return [
      {
        namespace: p.Namespace,
        metricName: p.MetricName,
        dimensions: dims(p.Dimensions),
        stat: p.Statistic ?? p.ExtendedStatistic,
        period: p.Period,
      },
    ];
  return (p.Metrics as Json[])
    .filter((m) => m.MetricStat)
    .map((m) => ({
      namespace: m.MetricStat.Metric.Namespace,
      metricName: m.MetricStat.Metric.MetricName,
      dimensions: dims(m.MetricStat.Metric.Dimensions),
      stat: m.MetricStat.Stat,
      period: m.MetricStat.Period,
    }));
}

const alarms = (s: Synth) => ofType(s.monitoring, 'AWS::CloudWatch::Alarm').map(([, r]) => r);

/** The alarms reading a metric that matches. */
const alarmsOn = (s: Synth, match: (m: AlarmMetric) => boolean) =>
  alarms(s).filter((a) => metricsOf(a).some(match));

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const stages: Stage[] = ['dev', 'prod'];
const synths = {} as Record<Stage, Synth>;
// dev without an alarm mail, prod with one (test/infra/synth.ts): made once per worker, shared with the other
// infra files.
beforeAll(() => {
  synths.dev = read(sharedConsole('dev').stack);
  synths.prod = read(sharedConsole('prod').stack);
}, 600_000);

describe.each(stages)('alarms of the %s stack', (stage) => {
  const s = () => synths[stage];

  it('watches every queue: its dead-letter queue not empty, and the age of its oldest message', () => {
    expect(topology.queues.length).toBeGreaterThan(0);
    for (const q of topology.queues) {
      const dlq = { 'Fn::GetAtt': [logicalId(s(), s().stack.deadLetterQueues.get(q.id)!), 'QueueName'] };
      const queue = { 'Fn::GetAtt': [logicalId(s(), s().stack.queues.get(q.id)!), 'QueueName'] };
      const dead = alarmsOn(
        s(),
        (m) => m.metricName === 'ApproximateNumberOfMessagesVisible' && same(m.dimensions.QueueName, dlq),
      );
      expect(dead, `dead-letter alarm of ${q.id}`).toHaveLength(1);
      expect(dead[0]!.Properties).toMatchObject({
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
      const backlog = alarmsOn(
        s(),
        (m) => m.metricName === 'ApproximateAgeOfOldestMessage' && same(m.dimensions.QueueName, queue),
      );
      expect(backlog, `backlog alarm of ${q.id}`).toHaveLength(1);
      expect(backlog[0]!.Properties!.Threshold).toBe(backlogSeconds(q));
    }
    // The OCPI push backlog: ten minutes (two rounds of five tries of a minute).
    expect(backlogSeconds(topology.queues.find((q) => q.id === 'ocpiPush')!)).toBe(600);
  });

  it('watches every function: errors, throttles, and p99 duration above 80 % of its timeout', () => {
    for (const ref of distinctFunctionRefs(topology)) {
      const name = { Ref: fnId(s(), ref) };
      const on = (metricName: string) =>
        alarmsOn(
          s(),
          (m) =>
            m.namespace === 'AWS/Lambda' &&
            m.metricName === metricName &&
            same(m.dimensions.FunctionName, name),
        );
      expect(on('Errors'), `${functionKey(ref)} errors`).toHaveLength(1);
      expect(on('Throttles'), `${functionKey(ref)} throttles`).toHaveLength(1);
      const duration = on('Duration');
      expect(duration, `${functionKey(ref)} duration`).toHaveLength(1);
      expect(duration[0]!.Properties).toMatchObject({
        ExtendedStatistic: 'p99',
        Threshold: (ref.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000 * THRESHOLDS.durationShareOfTimeout,
      });
    }
  });

  it('watches every table: throttles and system errors', () => {
    for (const decl of topology.tables) {
      const name = { Ref: logicalId(s(), s().stack.tables.get(decl.id)!) };
      const on = (metricName: string) =>
        alarmsOn(s(), (m) => m.metricName === metricName && same(m.dimensions.TableName, name));
      expect(on('WriteThrottleEvents'), `${decl.id} throttles`).toHaveLength(1);
      expect(on('SystemErrors'), `${decl.id} system errors`).toHaveLength(1);
    }
  });

  it('watches every state machine: executions failed and timed out', () => {
    for (const decl of topology.stateMachines) {
      const arn = { Ref: logicalId(s(), s().stack.stateMachines.get(decl.id)!) };
      for (const metricName of ['ExecutionsFailed', 'ExecutionsTimedOut'])
        expect(
          alarmsOn(s(), (m) => m.metricName === metricName && same(m.dimensions.StateMachineArn, arn)),
          `${decl.id} ${metricName}`,
        ).toHaveLength(1);
    }
  });

  it('raises "did not run" when a schedule leaves its function uninvoked for its period and a margin', () => {
    for (const decl of topology.schedules) {
      const name = { Ref: fnId(s(), decl.handler) };
      const missed = alarmsOn(
        s(),
        (m) => m.metricName === 'Invocations' && same(m.dimensions.FunctionName, name),
      );
      expect(missed, decl.id).toHaveLength(1);
      expect(missed[0]!.Properties).toMatchObject({
        ComparisonOperator: 'LessThanThreshold',
        Threshold: 1,
        TreatMissingData: 'breaching',
        Period: scheduleWindowSeconds(decl.expression),
      });
    }
  });

  it('watches the HTTP API (5xx rate, p99 latency), the WebSocket API (connects, integrations) and the finance export', () => {
    const httpApi = { Ref: logicalId(s(), s().stack.httpApi) };
    const wsApi = { Ref: logicalId(s(), s().stack.webSocketApi) };
    const http = (metricName: string) =>
      alarmsOn(s(), (m) => m.metricName === metricName && same(m.dimensions.ApiId, httpApi));
    expect(http('5xx')).toHaveLength(1);
    expect(http('5xx')[0]!.Properties!.Metrics[0].Expression).toContain('100 * errors / requests');
    expect(http('Latency')[0]!.Properties).toMatchObject({
      ExtendedStatistic: 'p99',
      Threshold: THRESHOLDS.httpP99Ms,
    });
    const connect = alarmsOn(
      s(),
      (m) =>
        m.metricName === 'ExecutionError' &&
        same(m.dimensions.ApiId, wsApi) &&
        m.dimensions.Route === '$connect',
    );
    expect(connect).toHaveLength(1);
    const integration = alarmsOn(
      s(),
      (m) => m.metricName === 'IntegrationError' && same(m.dimensions.ApiId, wsApi) && !m.dimensions.Route,
    );
    expect(integration).toHaveLength(1);
    const finance = alarmsOn(
      s(),
      (m) => m.namespace === METRICS_NAMESPACE && m.metricName === BusinessMetric.exportsFailed.name,
    );
    expect(finance).toHaveLength(1);
    expect(metricsOf(finance[0]!)[0]!.dimensions).toEqual(
      metricDimensions(BusinessMetric.exportsFailed, { stage, kind: FINANCE_EXPORT_KIND }),
    );
  });

  it('sends every alarm and its recovery to the stage topic, and links its section of docs/operations.md', () => {
    const [topicId] = ofType(s().monitoring, 'AWS::SNS::Topic')[0]!;
    const all = alarms(s());
    expect(all.length).toBe(s().stack.monitoring.alarms.length);
    for (const a of all) {
      expect(a.Properties!.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(a.Properties!.OKActions).toEqual([{ Ref: topicId }]);
      expect(a.Properties!.AlarmDescription).toMatch(/docs\/operations\.md#[a-z0-9-]+$/);
      expect(a.Properties!.AlarmName).toMatch(new RegExp(`^EvConsole-${stage}-`));
    }
    const mails = ofType(s().monitoring, 'AWS::SNS::Subscription');
    if (stage === 'prod')
      expect(mails.map(([, r]) => r.Properties)).toEqual([
        expect.objectContaining({
          Protocol: 'email',
          Endpoint: 'ops@example.com',
          TopicArn: { Ref: topicId },
        }),
      ]);
    else expect(mails).toEqual([]);
  });

  it('keeps the Monitoring nested stack under 400 resources and 200 parameters', () => {
    expect(Object.keys(s().monitoring).length).toBeLessThan(400);
    const nested = Template.fromStack(s().stack.monitoring).toJSON();
    expect(Object.keys(nested.Parameters ?? {}).length).toBeLessThan(200);
  });
});

describe('alarms follow the topology', () => {
  it('gives a queue, table, function and schedule added to the topology their alarms', () => {
    const probe: Topology = {
      ...topology,
      tables: [...topology.tables, { ...topology.tables[0]!, id: 'probeTable', indexes: [] }],
      queues: [
        ...topology.queues,
        {
          ...topology.queues[0]!,
          id: 'probeQueue',
          consumer: { module: 'functions/commands/consumer.ts', export: 'probeConsumer' },
        },
      ],
      schedules: [
        ...topology.schedules,
        {
          id: 'probeSchedule',
          description: 'probe',
          expression: 'cron(0/15 * * * ? *)',
          handler: {
            module: 'functions/commands/timeout-sweep.ts',
            export: 'probeSweep',
            timeoutSeconds: 30,
          },
        },
      ],
    };
    const s = synth('dev', { topology: probe });
    const subjects = s.stack.monitoring.alarms.map((a) => `${a.kind} ${a.subject}`);
    for (const expected of [
      'dlqNotEmpty queue:probeQueue',
      'queueBacklog queue:probeQueue',
      'tableThrottles table:probeTable',
      'tableSystemErrors table:probeTable',
      'scheduleMissed schedule:probeSchedule',
    ])
      expect(subjects, expected).toContain(expected);
    // The probe's new functions (a new export is a new function) are watched too.
    for (const key of [
      'functions/commands/consumer.ts#probeConsumer',
      'functions/commands/timeout-sweep.ts#probeSweep',
    ])
      expect(
        s.stack.monitoring
          .alarmsOf(`function:${key}`)
          .map((a) => a.kind)
          .sort(),
        key,
      ).toEqual((['functionDuration', 'functionErrors', 'functionThrottles'] as AlarmKind[]).sort());
    const missed = alarms(s).find((a) => String(a.Properties!.AlarmName).endsWith('-probeSchedule'))!;
    expect(missed.Properties!.Period).toBe(15 * 60 + 240);
    const sweepDuration = alarms(s).find((a) =>
      String(a.Properties!.AlarmName).endsWith(
        'function-duration-near-its-timeout-FnCommandsTimeoutSweepProbeSweep',
      ),
    )!;
    expect(sweepDuration.Properties!.Threshold).toBe(24_000);
  }, 600_000);
});

describe.each(stages)('tracing, logs and throttles of the %s stack', (stage) => {
  const s = () => synths[stage];

  it('traces every function (X-Ray active) and every state machine', () => {
    const fns = distinctFunctionRefs(topology);
    for (const ref of fns)
      expect(s().resources[fnId(s(), ref)]!.Properties!.TracingConfig, functionKey(ref)).toEqual({
        Mode: 'Active',
      });
    for (const decl of topology.stateMachines)
      expect(
        s().resources[logicalId(s(), s().stack.stateMachines.get(decl.id)!)]!.Properties!
          .TracingConfiguration,
      ).toEqual({ Enabled: true });
  });

  it('gives the HTTP stage JSON access logs, a default throttle and stricter ones on sign-in and OCPI routes', () => {
    const httpApiId = logicalId(s(), s().stack.httpApi);
    const [stageId, httpStage] = ofType(s().resources, 'AWS::ApiGatewayV2::Stage').find(
      ([, r]) => r.Properties?.ApiId?.Ref === httpApiId,
    )!;
    const p = httpStage.Properties!;
    expect(p.StageName).toBe('$default');
    expect(p.AccessLogSettings.DestinationArn['Fn::GetAtt'][1]).toBe('Arn');
    expect(JSON.parse(p.AccessLogSettings.Format)).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
    });
    expect(p.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: HTTP_DEFAULT_THROTTLE.rateLimit,
      ThrottlingBurstLimit: HTTP_DEFAULT_THROTTLE.burstLimit,
    });
    for (const cls of ROUTE_CLASSES) {
      const routes = cls.routes(topology);
      expect(routes.length, cls.id).toBeGreaterThan(0);
      for (const r of routes)
        expect(p.RouteSettings[`${r.method} ${r.path}`], `${r.method} ${r.path}`).toEqual({
          ThrottlingRateLimit: cls.throttle.rateLimit,
          ThrottlingBurstLimit: cls.throttle.burstLimit,
        });
      expect(cls.throttle.rateLimit).toBeLessThan(HTTP_DEFAULT_THROTTLE.rateLimit);
    }
    // The stage names routes of nested stacks: it is deployed after them.
    const dependsOn = ([] as string[]).concat(s().resources[stageId]!.DependsOn ?? []);
    for (const domain of ['auth', 'driverapp', 'ocpi'])
      expect(dependsOn).toContain(
        s().stack.getLogicalId(s().stack.routeStacks.get(domain)!.nestedStackResource as CfnElement),
      );
  });

  it('classes the login, image-code, fleet login, app sign-up/sign-in and OCPI routes as limited', () => {
    const signIn = ROUTE_CLASSES.find((c) => c.id === 'signIn')!
      .routes(topology)
      .map((r) => r.path);
    expect(signIn).toEqual(
      expect.arrayContaining([
        '/code',
        '/auth/oauth/token',
        '/fleets/fleetsAdmin/pwdLogin',
        '/admin/user/updatePwd',
        '/app/auth/signUp',
        '/app/auth/signIn',
      ]),
    );
    // Signed-in calls are never in the class.
    expect(
      ROUTE_CLASSES.find((c) => c.id === 'signIn')!
        .routes(topology)
        .every((r) => r.auth === 'public'),
    ).toBe(true);
    const ocpi = ROUTE_CLASSES.find((c) => c.id === 'ocpi')!.routes(topology);
    expect(ocpi.every((r) => r.path.startsWith('/ocpi/'))).toBe(true);
    expect(wafPathMatches(ocpi)).toEqual([{ path: '/ocpi/', exact: false }]);
    expect(wafPathMatches([{ method: 'GET', path: '/a/{id}', domain: 'x', auth: 'public' }])).toEqual([
      { path: '/a/', exact: false },
    ]);
  });

  it('gives the OCPP stage access logs, detailed metrics and throttles, $connect limited apart', () => {
    const p = s().resources[logicalId(s(), s().stack.webSocketStage)]!.Properties!;
    expect(p.StageName).toBe(stage);
    expect(p.AccessLogSettings.Format).toContain('$context.connectionId');
    expect(p.DefaultRouteSettings).toMatchObject({
      DetailedMetricsEnabled: true,
      ThrottlingRateLimit: WS_DEFAULT_THROTTLE.rateLimit,
      ThrottlingBurstLimit: WS_DEFAULT_THROTTLE.burstLimit,
    });
    expect(p.RouteSettings.$connect).toMatchObject({
      ThrottlingRateLimit: WS_CONNECT_THROTTLE.rateLimit,
      ThrottlingBurstLimit: WS_CONNECT_THROTTLE.burstLimit,
    });
    // WebSocket access logs need the account's API Gateway CloudWatch role; its role outlives the stack.
    const [, account] = ofType(s().resources, 'AWS::ApiGateway::Account')[0]!;
    const roleId = account.Properties!.CloudWatchRoleArn['Fn::GetAtt'][0];
    expect((s().resources[roleId] as { DeletionPolicy?: string }).DeletionPolicy).toBe('Retain');
  });

  it('logs the buckets and CloudFront into the access-log bucket', () => {
    const [, dist] = ofType(s().resources, 'AWS::CloudFront::Distribution')[0]!;
    expect(dist.Properties!.DistributionConfig.Logging.Bucket).toEqual({
      'Fn::GetAtt': [logicalId(s(), s().stack.accessLogBucket), 'RegionalDomainName'],
    });
  });
});

describe.each(stages)('the dashboard of the %s stack', (stage) => {
  it('draws every business metric of the contract, for this stage, beside the API and the costliest functions', () => {
    const s = synths[stage];
    const [, dashboard] = ofType(s.monitoring, 'AWS::CloudWatch::Dashboard')[0]!;
    expect(dashboard.Properties!.DashboardName).toBe(`EvConsole-${stage}-operations`);
    const body = JSON.stringify(dashboard.Properties!.DashboardBody).replace(/\\"/g, '"');
    for (const [key, decl] of Object.entries(BusinessMetric)) {
      expect(body, key).toContain(decl.name);
    }
    expect(body).toContain(METRICS_NAMESPACE);
    expect(body).toContain(`"stage","${stage}"`);
    for (const title of [
      'Chargers online',
      'OCPP messages per minute',
      'Sessions started and ended',
      'Orders settled and unpaid',
      'Commands sent, failed and timed out',
      'Exports done and failed',
      'Roaming (OCPI) pushes',
      'Console API latency',
      'Console API errors',
      'Functions that cost most',
    ])
      expect(body, title).toContain(title);
    expect(body).toContain('SORT(');
  });
});

describe('the business metrics contract', () => {
  it('names every metric once, with a unit and the stage dimension', () => {
    const names = Object.values(BusinessMetric).map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const m of Object.values(BusinessMetric)) {
      expect(m.dimensions).toContain('stage');
      expect(['Count', 'Milliseconds', 'Seconds']).toContain(m.unit);
    }
    expect(metricDimensions(BusinessMetric.ocpiPushes, { stage: 'prod' })).toEqual({ stage: 'prod' });
    expect(() => metricDimensions(BusinessMetric.exportsDone, { stage: 'prod' })).toThrow(/kind/);
    expect(() => metricDimensions(BusinessMetric.ocpiPushes, { stage: 'prod', kind: 'x' })).toThrow(
      /no dimension/,
    );
  });
});

describe('WAF', () => {
  const webAcls = (resources: Record<string, Resource>) => ofType(resources, 'AWS::WAFv2::WebACL');

  it('puts the prod distribution (console, API, OCPP) behind a CloudFront web ACL; HTTP and WebSocket APIs cannot hold one', () => {
    const s = synths.prod;
    const acls = webAcls(s.resources);
    expect(acls).toHaveLength(1);
    const [aclId, acl] = acls[0]!;
    expect(acl.Properties!.Scope).toBe('CLOUDFRONT');
    const [, dist] = ofType(s.resources, 'AWS::CloudFront::Distribution')[0]!;
    const config = dist.Properties!.DistributionConfig;
    expect(config.WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    // Every behaviour of the distribution is behind it: the API is the default origin, OCPP /ocpp/*.
    const defOrigin = (config.Origins as Json[]).find(
      (o) => o.Id === config.DefaultCacheBehavior.TargetOriginId,
    );
    expect(JSON.stringify(defOrigin.DomainName)).toContain(logicalId(s, s.stack.httpApi));
    const rules = acl.Properties!.Rules as Json[];
    const managed = rules
      .filter((r) => r.Statement.ManagedRuleGroupStatement)
      .map((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((m) => m.Name).sort()).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    const common = managed.find((m) => m.Name === 'AWSManagedRulesCommonRuleSet');
    expect(common.RuleActionOverrides.map((o: Json) => o.Name).sort()).toEqual(
      [...COMMON_RULES_COUNTED].sort(),
    );
    for (const cls of ROUTE_CLASSES) {
      const rule = rules.find((r) => r.Name === `RateLimit-${cls.id}`);
      expect(rule, cls.id).toBeDefined();
      const rate = rule.Statement.RateBasedStatement;
      expect(rate).toMatchObject({ Limit: cls.wafLimitPer5Minutes, AggregateKeyType: 'IP' });
      expect(rule.Action.Block.CustomResponse.ResponseCode).toBe(429);
      const scoped = JSON.stringify(rate.ScopeDownStatement);
      for (const m of wafPathMatches(cls.routes(topology)))
        expect(scoped).toContain(`"SearchString":"${m.path}"`);
    }
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
    // No regional web ACL: there is nothing API Gateway v2 could associate it with.
    expect(ofType(s.resources, 'AWS::WAFv2::WebACLAssociation')).toEqual([]);
  });

  it('leaves dev without a web ACL unless asked (-c waf=true)', () => {
    expect(webAcls(synths.dev.resources)).toEqual([]);
    const withWaf = synth('dev', { waf: true });
    expect(webAcls(withWaf.resources)).toHaveLength(1);
  }, 600_000);

  it('puts the web ACL in a us-east-1 stack when the console stack is elsewhere, and refuses to make it there', () => {
    // prod in eu-central-1, its web ACL in EvConsole-prod-edge (us-east-1): test/infra/synth.ts.
    const { stack, edge } = sharedConsole('prod-edge');
    const account = ACCOUNT;
    expect(stack.region).toBe('eu-central-1');
    const edgeAcls = webAcls(Template.fromStack(edge!).toJSON().Resources);
    expect(edgeAcls).toHaveLength(1);
    expect(edgeAcls[0]![1].Properties!.Scope).toBe('CLOUDFRONT');
    const main = Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
    expect(webAcls(main)).toEqual([]);
    const [, dist] = ofType(main, 'AWS::CloudFront::Distribution')[0]!;
    expect(JSON.stringify(dist.Properties!.DistributionConfig.WebACLId)).toContain('ExportsReader');

    const lone = testApp();
    expect(
      () =>
        new ConsoleStack(lone, 'EvConsole-prod', {
          stage: 'prod',
          consoleAssetPath: consoleFixture(),
          env: { account, region: 'eu-central-1' },
        }),
    ).toThrow(/us-east-1/);
    expect(
      () =>
        new EdgeWafStack(lone, 'Edge', { env: { account, region: 'eu-west-1' }, topology, webAclName: 'x' }),
    ).toThrow(/us-east-1/);
  }, 600_000);
});

describe('schedule windows', () => {
  it('reads the longest gap between runs of rates and crons', () => {
    expect(scheduleIntervalSeconds('rate(1 minute)')).toBe(60);
    expect(scheduleIntervalSeconds('rate(5 minutes)')).toBe(300);
    expect(scheduleIntervalSeconds('rate(1 hour)')).toBe(3600);
    expect(scheduleIntervalSeconds('rate(2 days)')).toBe(2 * 86400);
    expect(scheduleIntervalSeconds('cron(30 1 * * ? *)')).toBe(86400);
    expect(scheduleIntervalSeconds('cron(0/15 * * * ? *)')).toBe(900);
    expect(scheduleIntervalSeconds('cron(* * * * ? *)')).toBe(60);
    expect(scheduleIntervalSeconds('cron(0 */6 * * ? *)')).toBe(6 * 3600);
    expect(scheduleIntervalSeconds('cron(0 8,20 * * ? *)')).toBe(12 * 3600);
    expect(() => scheduleIntervalSeconds('cron(0 8 ? * MON *)')).toThrow(/did not run/);
    expect(() => scheduleIntervalSeconds('cron(0 8 1 * ? *)')).toThrow(/did not run/);
    expect(() => scheduleIntervalSeconds('every minute')).toThrow();
  });

  it('adds a margin: a quarter of the interval, between four minutes and an hour', () => {
    expect(scheduleWindowSeconds('rate(1 minute)')).toBe(300);
    expect(scheduleWindowSeconds('rate(1 hour)')).toBe(4500);
    expect(scheduleWindowSeconds('cron(30 1 * * ? *)')).toBe(25 * 3600);
    expect(scheduleWindowSeconds('rate(6 days)')).toBe(6 * 86400 + 3600);
    expect(() => scheduleWindowSeconds('rate(7 days)')).toThrow(/too seldom/);
  });
});

describe('docs/operations.md', () => {
  it('has a section for every alarm kind, under the heading the alarm descriptions link', () => {
    const doc = readFileSync(join(repoRoot, 'docs/operations.md'), 'utf8');
    const headings = new Set([...doc.matchAll(/^#{2,4} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
    for (const title of Object.values(ALARM_KINDS)) expect(headings, title).toContain(anchorOf(title));
    expect(readFileSync(join(repoRoot, 'docs/deploy.md'), 'utf8')).toContain('operations.md');
  });
});
