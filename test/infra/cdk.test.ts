/**
 * CDK assertion tests: the stack synthesised from the topology, checked by iterating the same topology, so a new
 * topology entry is checked without touching this file.
 *
 * The assertion tests skip Lambda bundling (context `aws:cdk:bundling-stacks: []`) to stay fast; one separate test
 * synthesises the dev stage of a few functions with bundling on and checks their bundles, another that every
 * declared export exists (CI's `cdk synth` bundles every function). The apps come from test/infra/synth.ts
 * (docs/decisions/448-tests-in-minutes.md).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ConsoleStack, repoRoot, type ConsoleStackProps, type Stage } from '@infra/cdk/stack.ts';
import { envNames } from '@shared/topology/env.ts';
import { distinctFunctionRefs, functionKey, topology } from '@shared/topology/index.ts';
import type { FunctionRef, Topology } from '@shared/topology/types.ts';

import { sharedConsole, synthConsole } from './synth.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation JSON is untyped
type Json = any;

type Resource = {
  Type: string;
  Properties?: Record<string, Json>;
  DeletionPolicy?: string;
  DependsOn?: unknown;
};

interface Synth {
  stack: ConsoleStack;
  template: Template;
  resources: Record<string, Resource>;
}

const tempDirs: string[] = [];

/** The template of a synthesised console stack. */
function read(stack: ConsoleStack): Synth {
  const template = Template.fromStack(stack);
  return { stack, template, resources: template.toJSON().Resources as Record<string, Resource> };
}

function synth(
  stage: Stage,
  opts: {
    topology?: Topology;
    bundling?: boolean;
    outdir?: string;
    mail?: ConsoleStackProps['mail'];
    secretsRefresh?: string;
  } = {},
): Synth {
  const { stack } = synthConsole(
    stage,
    { topology: opts.topology, mail: opts.mail, secretsRefresh: opts.secretsRefresh },
    { bundling: opts.bundling, outdir: opts.outdir },
  );
  return read(stack);
}

const logicalId = (s: Synth, construct: { node: { defaultChild?: unknown } }): string =>
  s.stack.getLogicalId(construct.node.defaultChild as CfnElement);

const ofType = (s: Synth, type: string): [string, Resource][] =>
  Object.entries(s.resources).filter(([, r]) => r.Type === type);

const fnLogicalId = (s: Synth, ref: FunctionRef): string => {
  const fn = s.stack.functions.get(functionKey(ref));
  if (!fn) throw new Error(`no function for ${functionKey(ref)}`);
  return logicalId(s, fn);
};

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

/** The HTTP routes of every domain's nested stack (decision 362), in the parent's terms. */
function httpRoutes(s: Synth): { domain: string; props: Record<string, Json> }[] {
  return [...s.stack.routeStacks].flatMap(([domain, nested]) => {
    const stackId = s.stack.getLogicalId(nested.nestedStackResource as CfnElement);
    const params = (s.resources[stackId]!.Properties!.Parameters ?? {}) as Record<string, unknown>;
    return Object.values(Template.fromStack(nested).toJSON().Resources as Record<string, Resource>)
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
      .map((r) => ({ domain, props: resolveParameters(r.Properties, params) as Record<string, Json> }));
  });
}

/** Every logical id a CloudFormation value refers to (Ref, Fn::GetAtt, ${X} in Fn::Sub). */
function referencesIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) referencesIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'Ref' && typeof v === 'string') out.add(v);
      else if (k === 'Fn::GetAtt' && Array.isArray(v)) out.add(String(v[0]));
      else if (k === 'Fn::GetAtt' && typeof v === 'string') out.add(v.split('.')[0] as string);
      else if (k === 'Fn::Sub') {
        const text = Array.isArray(v) ? v[0] : v;
        if (typeof text === 'string')
          for (const m of text.matchAll(/\$\{([^}.!]+)/g)) out.add(m[1] as string);
        referencesIn(v, out);
      } else referencesIn(v, out);
    }
  }
  return out;
}

/** Names exported by an esbuild ESM bundle (`export{a as handler,b}`). */
const exportedNames = (code: string): string[] =>
  [...code.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
    (m[1] as string)
      .split(',')
      .map((entry) =>
        entry
          .trim()
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      )
      .filter(Boolean),
  );

const stages: Stage[] = ['dev', 'prod'];
const synths = {} as Record<Stage, Synth>;

// The dev stack and the prod one (with an alarm mail, which nothing here looks at): made once per worker and
// shared with the other infra files (test/infra/synth.ts).
beforeAll(() => {
  for (const stage of stages) synths[stage] = read(sharedConsole(stage).stack);
}, 600_000);

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(stages)('ConsoleStack (%s)', (stage) => {
  const s = () => synths[stage];

  it('has no circular dependency between resources', () => {
    const { resources } = s();
    const edges = new Map<string, string[]>();
    for (const [id, r] of Object.entries(resources)) {
      const deps = [...referencesIn(r.Properties)].filter((d) => d in resources);
      const dependsOn = r.DependsOn ? ([] as string[]).concat(r.DependsOn as string[]) : [];
      edges.set(id, [...deps, ...dependsOn]);
    }
    const state = new Map<string, 'visiting' | 'done'>();
    const path: string[] = [];
    const visit = (id: string) => {
      if (state.get(id) === 'done') return;
      if (state.get(id) === 'visiting') throw new Error(`cycle: ${[...path, id].join(' -> ')}`);
      state.set(id, 'visiting');
      path.push(id);
      for (const d of edges.get(id) ?? []) visit(d);
      path.pop();
      state.set(id, 'done');
    };
    for (const id of edges.keys()) visit(id);
  });

  it('creates one Lambda function per distinct (module, export), with runtime, handler, sizes and environment', () => {
    const refs = distinctFunctionRefs(topology);
    expect(s().stack.functions.size).toBe(refs.length);
    const variableNames = [
      ...topology.tables.map((t) => envNames.table(t.id)),
      ...topology.queues.map((q) => envNames.queueUrl(q.id)),
      ...topology.buckets.map((b) => envNames.bucket(b.id)),
      ...topology.stateMachines.map((m) => envNames.stateMachineArn(m.id)),
      envNames.wsManagementEndpoint,
      envNames.stage,
      envNames.jwtSecret,
      'NODE_OPTIONS',
    ];
    for (const ref of refs) {
      const r = s().resources[fnLogicalId(s(), ref)];
      expect(r?.Type).toBe('AWS::Lambda::Function');
      const p = r?.Properties ?? {};
      expect(p.Runtime).toBe('nodejs24.x');
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.Handler).toBe(`index.${ref.export ?? 'handler'}`);
      expect(p.Timeout).toBe(ref.timeoutSeconds ?? 10);
      expect(p.MemorySize).toBe(ref.memoryMb ?? 512);
      const vars = p.Environment?.Variables ?? {};
      for (const name of variableNames) expect(vars, `${ref.module}: ${name}`).toHaveProperty(name);
      expect(vars[envNames.stage]).toBe(stage);
      expect(vars.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(JSON.stringify(vars[envNames.jwtSecret])).toContain('{{resolve:secretsmanager:');
    }
    // The three WebSocket routes share one module and so one function.
    const wsKeys = new Set(Object.values(topology.websocket.routes).map(functionKey));
    expect(wsKeys.size).toBe(1);
  });

  it('points each state machine ARN variable at the state machine it names', () => {
    for (const m of topology.stateMachines) {
      const machine = s().resources[logicalId(s(), s().stack.stateMachines.get(m.id)!)];
      const name = machine?.Properties?.StateMachineName as string;
      expect(name).toBeTruthy();
      const anyFn = s().resources[fnLogicalId(s(), distinctFunctionRefs(topology)[0]!)];
      const arn = JSON.stringify(anyFn?.Properties?.Environment.Variables[envNames.stateMachineArn(m.id)]);
      expect(arn).toContain(`:stateMachine:${name}`);
    }
  });

  it('creates every table with its keys, indexes, TTL, stream, on-demand billing and PITR', () => {
    expect(ofType(s(), 'AWS::DynamoDB::Table')).toHaveLength(topology.tables.length);
    for (const decl of topology.tables) {
      const r = s().resources[logicalId(s(), s().stack.tables.get(decl.id)!)];
      const p = r?.Properties ?? {};
      const keySchema = [{ AttributeName: decl.partitionKey.name, KeyType: 'HASH' }];
      if (decl.sortKey) keySchema.push({ AttributeName: decl.sortKey.name, KeyType: 'RANGE' });
      expect(p.KeySchema, decl.id).toEqual(keySchema);
      const attrs = Object.fromEntries(
        (p.AttributeDefinitions as { AttributeName: string; AttributeType: string }[]).map((a) => [
          a.AttributeName,
          a.AttributeType,
        ]),
      );
      expect(attrs[decl.partitionKey.name]).toBe(decl.partitionKey.type);
      if (decl.sortKey) expect(attrs[decl.sortKey.name]).toBe(decl.sortKey.type);
      const gsis = (p.GlobalSecondaryIndexes ?? []) as Record<string, Json>[];
      expect(gsis.map((g) => g.IndexName).sort(), decl.id).toEqual(decl.indexes.map((i) => i.name).sort());
      for (const index of decl.indexes) {
        const gsi = gsis.find((g) => g.IndexName === index.name)!;
        const ks = [{ AttributeName: index.partitionKey.name, KeyType: 'HASH' }];
        if (index.sortKey) ks.push({ AttributeName: index.sortKey.name, KeyType: 'RANGE' });
        expect(gsi.KeySchema).toEqual(ks);
        expect(gsi.Projection).toEqual({ ProjectionType: 'ALL' });
        expect(attrs[index.partitionKey.name]).toBe(index.partitionKey.type);
        if (index.sortKey) expect(attrs[index.sortKey.name]).toBe(index.sortKey.type);
      }
      if (decl.ttlAttribute) {
        expect(p.TimeToLiveSpecification).toEqual({ AttributeName: decl.ttlAttribute, Enabled: true });
      } else expect(p.TimeToLiveSpecification).toBeUndefined();
      if (decl.stream) expect(p.StreamSpecification).toEqual({ StreamViewType: decl.stream });
      else expect(p.StreamSpecification).toBeUndefined();
      expect(p.BillingMode).toBe('PAY_PER_REQUEST');
      expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      if (stage === 'prod') {
        expect(p.DeletionProtectionEnabled).toBe(true);
        expect(r?.DeletionPolicy).toBe('Retain');
      } else {
        expect(p.DeletionProtectionEnabled).not.toBe(true);
        expect(r?.DeletionPolicy).toBe('Delete');
      }
    }
  });

  it("creates every HTTP route in its domain's nested stack, with the authorizer on all but public routes", () => {
    const httpApiId = logicalId(s(), s().stack.httpApi);
    const routes = httpRoutes(s());
    expect(routes).toHaveLength(topology.routes.length);
    for (const decl of topology.routes) {
      const key = `${decl.method} ${decl.path}`;
      const found = routes.find((r) => r.props.RouteKey === key);
      expect(found, key).toBeDefined();
      expect(found!.domain, key).toBe(decl.domain);
      const p = found!.props;
      expect(p.ApiId, key).toEqual({ Ref: httpApiId });
      if (decl.auth !== 'public') {
        expect(p.AuthorizationType, key).toBe('CUSTOM');
        expect(s().resources[p.AuthorizerId.Ref]?.Type, key).toBe('AWS::ApiGatewayV2::Authorizer');
      } else {
        expect(p.AuthorizationType, key).toBe('NONE');
        expect(p.AuthorizerId, key).toBeUndefined();
      }
      // Integrated with its domain's function.
      const integrationId = String(p.Target['Fn::Join'][1][1].Ref);
      const integration = s().resources[integrationId]!.Properties!;
      expect(integration.IntegrationUri).toEqual({
        'Fn::GetAtt': [fnLogicalId(s(), topology.domains[decl.domain]!), 'Arn'],
      });
    }
  });

  it('keeps every stack well under the 500 resources CloudFormation allows', () => {
    const counts = [
      ['main', Object.keys(s().resources).length] as const,
      ...[...s().stack.routeStacks].map(
        ([domain, nested]) =>
          [domain, Object.keys(Template.fromStack(nested).toJSON().Resources).length] as const,
      ),
    ];
    for (const [stack, count] of counts) expect(count, stack).toBeLessThan(400);
  });

  it('creates the three WebSocket routes: $connect with the authorizer, $default with a route response', () => {
    const wsApiId = logicalId(s(), s().stack.webSocketApi);
    const routes = ofType(s(), 'AWS::ApiGatewayV2::Route').filter(
      ([, r]) => r.Properties?.ApiId?.Ref === wsApiId,
    );
    expect(routes.map(([, r]) => r.Properties?.RouteKey).sort()).toEqual([
      '$connect',
      '$default',
      '$disconnect',
    ]);
    const connect = routes.find(([, r]) => r.Properties?.RouteKey === '$connect')![1].Properties!;
    expect(connect.AuthorizationType).toBe('CUSTOM');
    const authorizer = s().resources[connect.AuthorizerId.Ref]!.Properties!;
    expect(authorizer.AuthorizerType).toBe('REQUEST');
    expect(authorizer.IdentitySource).toEqual(['route.request.querystring.chargePointId']);
    expect(JSON.stringify(authorizer.AuthorizerUri)).toContain(
      fnLogicalId(s(), topology.websocket.authorizer),
    );
    const [defaultId, defaultRoute] = routes.find(([, r]) => r.Properties?.RouteKey === '$default')!;
    expect(defaultRoute.Properties?.RouteResponseSelectionExpression).toBe('$default');
    s().template.hasResourceProperties('AWS::ApiGatewayV2::RouteResponse', {
      RouteId: { Ref: defaultId },
      RouteResponseKey: '$default',
    });
    s().template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: wsApiId },
      StageName: stage,
      AutoDeploy: true,
    });
  });

  it('gives every queue an encrypted, TLS-only DLQ redrive with the declared maxReceiveCount', () => {
    expect(ofType(s(), 'AWS::SQS::Queue')).toHaveLength(topology.queues.length * 2);
    for (const decl of topology.queues) {
      const p = s().resources[logicalId(s(), s().stack.queues.get(decl.id)!)]!.Properties!;
      expect(p.VisibilityTimeout).toBe(decl.visibilityTimeoutSeconds);
      expect(p.MessageRetentionPeriod).toBe(decl.retentionSeconds);
      expect(p.SqsManagedSseEnabled).toBe(true);
      expect(p.RedrivePolicy.maxReceiveCount).toBe(decl.maxReceiveCount);
      const dlqId = p.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0] as string;
      const dlq = s().resources[dlqId]!;
      expect(dlq.Type).toBe('AWS::SQS::Queue');
      expect(dlq.Properties?.MessageRetentionPeriod).toBe(14 * 24 * 3600);
      expect(dlq.Properties?.SqsManagedSseEnabled).toBe(true);
    }
    for (const [id] of ofType(s(), 'AWS::SQS::Queue')) {
      const policy = ofType(s(), 'AWS::SQS::QueuePolicy').find(([, r]) =>
        (r.Properties?.Queues as unknown[]).some((q) => JSON.stringify(q) === JSON.stringify({ Ref: id })),
      );
      expect(policy, `TLS-only policy on ${id}`).toBeDefined();
      expect(JSON.stringify(policy![1].Properties?.PolicyDocument)).toContain(
        '"aws:SecureTransport":"false"',
      );
    }
  });

  it('feeds every queue to its consumer with the batch size and partial batch failures', () => {
    const mappings = ofType(s(), 'AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(topology.queues.length);
    for (const [, m] of mappings)
      expect(m.Properties?.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    for (const decl of topology.queues) {
      const queueId = logicalId(s(), s().stack.queues.get(decl.id)!);
      const mapping = mappings.find(([, m]) => m.Properties?.EventSourceArn['Fn::GetAtt'][0] === queueId);
      expect(mapping, decl.id).toBeDefined();
      expect(mapping![1].Properties?.BatchSize).toBe(decl.batchSize);
      expect(mapping![1].Properties?.FunctionName).toEqual({ Ref: fnLogicalId(s(), decl.consumer) });
    }
  });

  it('creates an EventBridge rule per schedule, targeting its handler', () => {
    const rules = ofType(s(), 'AWS::Events::Rule');
    expect(rules).toHaveLength(topology.schedules.length);
    for (const decl of topology.schedules) {
      const fnId = fnLogicalId(s(), decl.handler);
      const rule = rules.find(
        ([, r]) =>
          r.Properties?.ScheduleExpression === decl.expression &&
          (r.Properties?.Targets as { Arn: unknown }[]).some(
            (tg) => JSON.stringify(tg.Arn) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }),
          ),
      );
      expect(rule, decl.id).toBeDefined();
    }
  });

  it('creates every state machine with its type, logging and fully substituted definition', () => {
    expect(ofType(s(), 'AWS::StepFunctions::StateMachine')).toHaveLength(topology.stateMachines.length);
    for (const decl of topology.stateMachines) {
      const p = s().resources[logicalId(s(), s().stack.stateMachines.get(decl.id)!)]!.Properties!;
      expect(p.StateMachineType).toBe(decl.type);
      const subs = p.DefinitionSubstitutions as Record<string, unknown>;
      expect(Object.keys(subs).sort()).toEqual(Object.keys(decl.tasks).sort());
      for (const [task, ref] of Object.entries(decl.tasks)) {
        expect(subs[task]).toEqual({ 'Fn::GetAtt': [fnLogicalId(s(), ref), 'Arn'] });
      }
      let definition = p.DefinitionString as string;
      expect(typeof definition).toBe('string');
      for (const key of Object.keys(subs)) definition = definition.split('${' + key + '}').join('arn:task');
      expect(definition).not.toContain('${');
      expect(JSON.parse(definition)).toMatchObject({ StartAt: decl.definition.StartAt });
      expect(p.LoggingConfiguration.Level).toBe(decl.type === 'EXPRESS' ? 'ALL' : 'ERROR');
      // The state machine's role may invoke every task function.
      const roleId = p.RoleArn['Fn::GetAtt'][0] as string;
      const policy = ofType(s(), 'AWS::IAM::Policy').find(([, r]) =>
        (r.Properties?.Roles as unknown[]).some((x) => JSON.stringify(x) === JSON.stringify({ Ref: roleId })),
      );
      const doc = JSON.stringify(policy?.[1].Properties?.PolicyDocument);
      expect(doc).toContain('lambda:InvokeFunction');
      for (const ref of Object.values(decl.tasks)) expect(doc).toContain(fnLogicalId(s(), ref));
    }
  });

  it('keeps every bucket private, encrypted, owner-enforced and TLS-only, logging to the access-log bucket', () => {
    const logBucketId = logicalId(s(), s().stack.accessLogBucket);
    const buckets = ofType(s(), 'AWS::S3::Bucket').filter(([id]) => id !== logBucketId);
    expect(buckets).toHaveLength(topology.buckets.length);
    const policies = ofType(s(), 'AWS::S3::BucketPolicy');
    // The access-log bucket: private, encrypted, TLS-only, expiring; ACLs on for CloudFront's log delivery.
    const logBucket = s().resources[logBucketId]!;
    expect(logBucket.Properties?.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true });
    expect(logBucket.Properties?.OwnershipControls).toEqual({
      Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }],
    });
    expect(logBucket.Properties?.LifecycleConfiguration.Rules[0].ExpirationInDays).toBe(
      stage === 'prod' ? 90 : 30,
    );
    expect(
      JSON.stringify(policies.find(([, r]) => r.Properties?.Bucket?.Ref === logBucketId)?.[1].Properties),
    ).toContain('"aws:SecureTransport":"false"');
    for (const [id, b] of buckets) {
      expect(b.Properties?.LoggingConfiguration, id).toMatchObject({
        DestinationBucketName: { Ref: logBucketId },
      });
      const p = b.Properties!;
      expect(p.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(p.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault).toEqual({
        SSEAlgorithm: 'AES256',
      });
      expect(p.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] });
      expect(b.DeletionPolicy).toBe(stage === 'prod' ? 'Retain' : 'Delete');
      const policy = policies.find(([, r]) => r.Properties?.Bucket?.Ref === id);
      expect(policy, `policy of ${id}`).toBeDefined();
      const statements = policy![1].Properties?.PolicyDocument.Statement as Record<string, Json>[];
      expect(
        statements.some(
          (st) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false',
        ),
      ).toBe(true);
      // Nothing is granted to everyone.
      for (const st of statements.filter((x) => x.Effect === 'Allow')) {
        expect(st.Principal).not.toEqual('*');
        expect(st.Principal).not.toEqual({ AWS: '*' });
      }
    }
    for (const decl of topology.buckets) {
      const p = s().resources[logicalId(s(), s().stack.buckets.get(decl.id)!)]!.Properties!;
      if (decl.expireAfterDays) {
        expect(p.LifecycleConfiguration.Rules).toEqual([
          expect.objectContaining({ ExpirationInDays: decl.expireAfterDays, Status: 'Enabled' }),
        ]);
      } else expect(p.LifecycleConfiguration).toBeUndefined();
    }
    const autoDelete = ofType(s(), 'Custom::S3AutoDeleteObjects');
    expect(autoDelete).toHaveLength(stage === 'prod' ? 0 : topology.buckets.length + 1);
  });

  it('deploys the console under charge/ of the console bucket: chunks cached for good, pages revalidated', () => {
    const deployments = ofType(s(), 'Custom::CDKBucketDeployment').map(([, r]) => r.Properties!);
    expect(deployments).toHaveLength(2);
    for (const d of deployments) {
      expect(d.DestinationBucketName).toEqual({ Ref: logicalId(s(), s().stack.buckets.get('console')!) });
      expect(d.DestinationBucketKeyPrefix).toBe('charge/');
    }
    const chunks = deployments.find((d) => JSON.stringify(d.Include) === JSON.stringify(['assets/*']))!;
    expect(chunks.SystemMetadata['cache-control']).toContain('immutable');
    const pages = deployments.find((d) => JSON.stringify(d.Exclude) === JSON.stringify(['assets/*']))!;
    expect(pages.Include).toBeUndefined(); // index.html and the other top-level files
    expect(pages.SystemMetadata['cache-control']).toBe('no-cache');
    expect(pages.DistributionPaths).toEqual(['/charge/*']);
  });

  it('serves /charge/* from the bucket and /ocpp/* from the WebSocket API, each with its CloudFront function', () => {
    const [, dist] = ofType(s(), 'AWS::CloudFront::Distribution')[0]!;
    const config = dist.Properties!.DistributionConfig;
    const behaviours = config.CacheBehaviors as Record<string, Json>[];
    const byPath = (p: string) => behaviours.find((b) => b.PathPattern === p)!;
    const functionCode = (assoc: { FunctionARN: { 'Fn::GetAtt': [string, string] } }) =>
      s().resources[assoc.FunctionARN['Fn::GetAtt'][0]]!.Properties!;
    const readFn = (name: string) => readFileSync(join(repoRoot, 'infra/cdk/functions', name), 'utf8');

    const charge = byPath('/charge/*');
    expect(charge).toBeDefined();
    expect(charge.FunctionAssociations).toHaveLength(1);
    expect(charge.FunctionAssociations[0].EventType).toBe('viewer-request');
    const spa = functionCode(charge.FunctionAssociations[0]);
    expect(spa.FunctionCode).toBe(readFn('spa-fallback.js'));
    expect(spa.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(charge.ResponseHeadersPolicyId).toBeDefined();
    const chargeOrigin = (config.Origins as Record<string, Json>[]).find(
      (o) => o.Id === charge.TargetOriginId,
    )!;
    expect(chargeOrigin.DomainName).toEqual({
      'Fn::GetAtt': [logicalId(s(), s().stack.buckets.get('console')!), 'RegionalDomainName'],
    });
    expect(chargeOrigin.OriginAccessControlId).toBeDefined();

    const ocpp = byPath('/ocpp/*');
    expect(ocpp).toBeDefined();
    expect(ocpp.FunctionAssociations[0].EventType).toBe('viewer-request');
    const rewrite = functionCode(ocpp.FunctionAssociations[0]);
    expect(rewrite.FunctionCode).toBe(readFn('ocpp-rewrite.js'));
    expect(rewrite.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    const ocppOrigin = (config.Origins as Record<string, Json>[]).find((o) => o.Id === ocpp.TargetOriginId)!;
    expect(ocppOrigin.OriginPath).toBe(`/${stage}`);
    expect(JSON.stringify(ocppOrigin.DomainName)).toContain(logicalId(s(), s().stack.webSocketApi));
    // Authorization (HTTP Basic of the chargers) reaches the origin only through the cache key.
    const cachePolicy = s().resources[ocpp.CachePolicyId.Ref]!.Properties!.CachePolicyConfig;
    expect(cachePolicy.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig).toEqual({
      HeaderBehavior: 'whitelist',
      Headers: ['Authorization'],
    });
    expect(cachePolicy.DefaultTTL).toBe(0);
    const orp = s().resources[ocpp.OriginRequestPolicyId.Ref]!.Properties!.OriginRequestPolicyConfig;
    expect(orp.HeadersConfig.Headers).toEqual(
      expect.arrayContaining([
        'Sec-WebSocket-Key',
        'Sec-WebSocket-Version',
        'Sec-WebSocket-Protocol',
        'Sec-WebSocket-Extensions',
      ]),
    );
    expect(orp.QueryStringsConfig.QueryStringBehavior).toBe('all');

    // Default: the HTTP API, every method, no caching.
    const def = config.DefaultCacheBehavior;
    expect(def.AllowedMethods).toHaveLength(7);
    expect(def.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(def.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // AllViewerExceptHostHeader
    const defOrigin = (config.Origins as Record<string, Json>[]).find((o) => o.Id === def.TargetOriginId)!;
    expect(JSON.stringify(defOrigin.DomainName)).toContain(logicalId(s(), s().stack.httpApi));

    s().template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ Override: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'SAMEORIGIN', Override: true },
          ReferrerPolicy: Match.objectLike({ Override: true }),
          ContentSecurityPolicy: Match.objectLike({ Override: true }),
        }),
      },
    });
  });

  it('creates the IoT thing type, a device policy scoped to the thing, and one topic rule per IoT rule', () => {
    s().template.hasResourceProperties('AWS::IoT::ThingType', {
      ThingTypeName: `${topology.iot.thingTypeName}-${stage}`,
    });
    const [, policy] = ofType(s(), 'AWS::IoT::Policy')[0]!;
    const doc = JSON.stringify(policy.Properties?.PolicyDocument);
    expect(doc).toContain('client/${iot:Connection.Thing.ThingName}');
    for (const tpl of Object.values(topology.iot.topics)) {
      expect(doc).toContain(`topic/${tpl.replace('{code}', '${iot:Connection.Thing.ThingName}')}`);
    }
    expect(doc).not.toMatch(/topic\/\*|topicfilter\/\*/);
    const rules = ofType(s(), 'AWS::IoT::TopicRule');
    expect(rules).toHaveLength(topology.iot.rules.length);
    for (const decl of topology.iot.rules) {
      const fnId = fnLogicalId(s(), decl.handler);
      const found = rules.find(([, r]) => r.Properties?.TopicRulePayload.Sql === decl.sql);
      expect(found, decl.id).toBeDefined();
      const payload = found![1].Properties!.TopicRulePayload;
      expect(payload.AwsIotSqlVersion).toBe('2016-03-23');
      expect(payload.Actions).toEqual([{ Lambda: { FunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] } } }]);
      s().template.hasResourceProperties('AWS::Lambda::Permission', {
        Principal: 'iot.amazonaws.com',
        FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
        SourceArn: { 'Fn::GetAtt': [found![0], 'Arn'] },
      });
    }
  });

  it('grants the functions the resources, the workflows, the WebSocket connections and IoT', () => {
    const roleIds = new Set(
      [...s().stack.functions.values()].map((fn) =>
        JSON.stringify(s().resources[logicalId(s(), fn)]!.Properties!.Role),
      ),
    );
    expect(roleIds.size).toBe(1);
    const roleRef = JSON.parse([...roleIds][0]!)['Fn::GetAtt'][0] as string;
    // A role's statements past the inline policy's size limit go to overflow managed policies (CDK).
    const doc = [...ofType(s(), 'AWS::IAM::Policy'), ...ofType(s(), 'AWS::IAM::ManagedPolicy')]
      .filter(([, r]) =>
        ((r.Properties?.Roles as unknown[] | undefined) ?? []).some(
          (x) => JSON.stringify(x) === JSON.stringify({ Ref: roleRef }),
        ),
      )
      .map(([, r]) => JSON.stringify(r.Properties?.PolicyDocument))
      .join('\n');
    for (const table of s().stack.tables.values()) expect(doc).toContain(logicalId(s(), table));
    expect(doc).toContain('/index/*');
    for (const queue of s().stack.queues.values()) expect(doc).toContain(logicalId(s(), queue));
    for (const bucket of s().stack.buckets.values()) expect(doc).toContain(logicalId(s(), bucket));
    expect(doc).toContain('sqs:SendMessage');
    expect(doc).toContain('sqs:DeleteMessage');
    expect(doc).toContain('states:StartSyncExecution');
    expect(doc).toContain('execute-api:ManageConnections');
    expect(doc).toContain('iot:Publish');
    expect(doc).toContain('iot:UpdateThingShadow');
  });

  it('outputs the console, OCPP and API URLs', () => {
    const outputs = s().template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(JSON.stringify(outputs.ConsoleUrl?.Value)).toContain('/charge/');
    expect(JSON.stringify(outputs.OcppUrl?.Value)).toContain('wss://');
    expect(JSON.stringify(outputs.OcppUrl?.Value)).toContain('/ocpp/');
    expect(outputs.ApiUrl).toBeDefined();
  });
});

describe('ConsoleStack wiring of user routes', () => {
  it('puts the HTTP Lambda authorizer (simple responses, no cache) on a user route', () => {
    const probe: Topology = {
      ...topology,
      routes: [
        ...topology.routes,
        { method: 'POST', path: '/probe/user/page', domain: Object.keys(topology.domains)[0]!, auth: 'user' },
      ],
    };
    const s = synth('dev', { topology: probe });
    const route = httpRoutes(s).find((r) => r.props.RouteKey === 'POST /probe/user/page')!.props;
    expect(route.AuthorizationType).toBe('CUSTOM');
    const authorizer = s.resources[route.AuthorizerId.Ref]!.Properties!;
    expect(authorizer).toMatchObject({
      AuthorizerType: 'REQUEST',
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      IdentitySource: ['$request.header.Authorization'],
      AuthorizerResultTtlInSeconds: 0,
    });
    expect(JSON.stringify(authorizer.AuthorizerUri)).toContain(fnLogicalId(s, topology.httpAuthorizer));
  });
});

describe('ConsoleStack alarm mail', () => {
  it('gives every function the SMTP server and its credentials from Secrets Manager when configured', () => {
    const s = synth('dev', {
      mail: { host: 'email-smtp.eu-west-1.amazonaws.com', from: 'alarms@example.com', secretName: 'smtp' },
    });
    const refs = distinctFunctionRefs(topology);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const env = s.resources[fnLogicalId(s, ref)]!.Properties!.Environment.Variables as Record<
        string,
        unknown
      >;
      expect(env).toMatchObject({
        SMTP_HOST: 'email-smtp.eu-west-1.amazonaws.com',
        SMTP_PORT: '465',
        SMTP_SECURE: 'true',
        MAIL_FROM: 'alarms@example.com',
      });
      expect(JSON.stringify(env.SMTP_PASS)).toContain('secretsmanager');
    }
  });
  it('sends no mail settings when none are configured', () => {
    const s = synths.dev;
    for (const ref of distinctFunctionRefs(topology))
      expect(s.resources[fnLogicalId(s, ref)]!.Properties!.Environment.Variables.SMTP_HOST).toBeUndefined();
  });
});

describe('ConsoleStack secrets refresh', () => {
  it('changes every function configuration when secretsRefresh changes, and only then', () => {
    const plain = synths.dev;
    const refreshed = synth('dev', { secretsRefresh: '2026-06-01' });
    for (const ref of distinctFunctionRefs(topology)) {
      const vars = (s: Synth) => s.resources[fnLogicalId(s, ref)]!.Properties!.Environment.Variables;
      expect(vars(plain).SECRETS_REFRESH).toBeUndefined();
      expect(vars(refreshed).SECRETS_REFRESH).toBe('2026-06-01');
      // The secret itself is still a dynamic reference, resolved by CloudFormation on that update.
      expect(JSON.stringify(vars(refreshed)[envNames.jwtSecret])).toContain('{{resolve:secretsmanager:');
    }
  }, 600_000);
});

describe('ConsoleStack bundling', () => {
  it('declares only exports its modules have, as functions', async () => {
    for (const ref of distinctFunctionRefs(topology)) {
      const mod = (await import(join(repoRoot, ref.module))) as Record<string, unknown>;
      expect(typeof mod[ref.export ?? 'handler'], `${ref.module} exports ${ref.export ?? 'handler'}`).toBe(
        'function',
      );
    }
  });

  // Bundling every function costs half a minute of esbuild; the settings are the same for each (one loop in the
  // stack), so a few functions bundled for real prove them, and CI's `cdk synth` bundles every one.
  it('bundles functions with the local esbuild (ESM, banner, source map, the declared export)', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'cdk-out-'));
    tempDirs.push(outdir);
    const few: Topology = {
      ...topology,
      domains: { platform: topology.domains.platform! },
      routes: topology.routes.filter((r) => r.domain === 'platform'),
      queues: [],
      schedules: [],
      stateMachines: [],
      iot: { ...topology.iot, rules: [] },
    };
    const s = synth('dev', { bundling: true, outdir, topology: few });
    const refs = distinctFunctionRefs(few);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    for (const ref of refs) {
      const p = s.resources[fnLogicalId(s, ref)]!.Properties!;
      const key = p.Code.S3Key as string;
      const dir = join(outdir, `asset.${key.replace(/\.zip$/, '')}`);
      const bundle = join(dir, 'index.mjs');
      expect(existsSync(bundle), `${ref.module}: ${bundle}`).toBe(true);
      expect(existsSync(join(dir, 'index.mjs.map')), `${ref.module}: source map`).toBe(true);
      const code = readFileSync(bundle, 'utf8');
      expect(
        code.startsWith(
          "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
        ),
      ).toBe(true);
      // The export the topology names is exported by the bundle (esbuild: `export{x as name}` or `export{name}`).
      const name = ref.export ?? 'handler';
      expect(exportedNames(code), `${ref.module} exports ${name}`).toContain(name);
    }
  }, 600_000);
});
