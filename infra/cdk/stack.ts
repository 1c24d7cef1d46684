/**
 * The AWS stack of the console, built by iterating the topology (shared/topology). Nothing here lists a table,
 * route, queue, schedule, state machine, bucket or IoT rule by hand: a new entry in the topology becomes a new AWS
 * resource on the next deploy, and the local runtime (infra/local) picks up the same entry.
 *
 * `npx cdk synth` works offline: no context lookups, and the Lambda bundles are built by the local esbuild
 * (devDependency), never in Docker.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  ArnFormat,
  Aws,
  CfnOutput,
  Duration,
  NestedStack,
  RemovalPolicy,
  Stack,
  Tags,
  Token,
  Validations,
  type CfnElement,
  type StackProps,
} from 'aws-cdk-lib';
import {
  AuthorizerPayloadVersion,
  CfnRoute,
  CfnStage,
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpIntegration,
  HttpIntegrationType,
  LogGroupLogDestination,
  PayloadFormatVersion,
  WebSocketApi,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as iot from 'aws-cdk-lib/aws-iot';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';

import { envNames } from '@shared/topology/env.ts';
import { mapsSources } from '@shared/web/maps-csp.ts';
import {
  allFunctionRefs,
  distinctFunctionRefs,
  functionKey,
  topology as defaultTopology,
} from '@shared/topology/index.ts';
import type { FunctionRef, HttpRouteDecl, Topology } from '@shared/topology/types.ts';
import { Monitoring } from './monitoring.ts';
import {
  type CfnRouteSettings,
  cloudFrontWebAclProps,
  HTTP_DEFAULT_THROTTLE,
  httpRouteSettings,
  publicRouteReason,
  ROUTE_CLASSES,
  WS_CONNECT_THROTTLE,
  WS_DEFAULT_THROTTLE,
} from './protection.ts';

export type Stage = 'dev' | 'prod';

export interface ConsoleStackProps extends StackProps {
  stage: Stage;
  /** Defaults to THE topology; tests may pass another one. */
  topology?: Topology;
  /** Folder holding the built console (web/dist): deployed to the console bucket under `charge/`. */
  consoleAssetPath: string;
  /**
   * The SMTP server alarm mail goes through (Amazon SES's SMTP interface, for instance). `secretName` names a
   * Secrets Manager secret holding `{"user": ..., "pass": ...}`. Without it no mail is sent (and logged so).
   */
  mail?: { host: string; port?: number; from?: string; secretName?: string };
  /**
   * Stripe for subscription card payments: `secretName` names a Secrets Manager secret holding
   * `{"secretKey": "sk_...", "publishableKey": "pk_...", "webhookSecret": "whsec_..."}`. Without it a card
   * payment fails cleanly ("No payment provider is configured") and nothing is activated.
   */
  stripe?: { secretName: string };
  /** Subscribed to the stage's alarm topic (`-c alarmEmail=`); the address confirms by mail. */
  alarmEmail?: string;
  /**
   * The AWS WAF web ACL in front of CloudFront (decision 442): on in prod, `-c waf=true` in dev. Without
   * `cloudFrontWebAclArn` the web ACL is created in this stack, which must then be in us-east-1 (or
   * environment-agnostic); bin/cdk.ts puts it in a us-east-1 stack of its own otherwise.
   */
  waf?: boolean;
  /** The ARN of a CLOUDFRONT web ACL made elsewhere (EdgeWafStack in us-east-1). */
  cloudFrontWebAclArn?: string;
  /**
   * Any new value (`-c secretsRefresh=2026-06-01`) makes every function's configuration change, so CloudFormation
   * resolves the secrets' dynamic references again and the functions get the secrets' current values: the step
   * after a secret was rotated (docs/operations.md). CloudFormation does not notice a new secret value by itself.
   */
  secretsRefresh?: string;
}

/** Repository root (this file is infra/cdk/stack.ts). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const cloudFrontFunctionsDir = fileURLToPath(new URL('./functions/', import.meta.url));

export const DEFAULT_TIMEOUT_SECONDS = 10;
export const DEFAULT_MEMORY_MB = 512;

/** `functions/plans/payment-steps.ts` + `createPayment` -> `SubscriptionPaymentStepsCreatePayment`. */
const pascal = (s: string): string =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** `POST /biz/firmware/file/{token}` -> `RoutePostBizFirmwareFileByToken` (a path parameter reads "by"). */
const routeId = (key: string): string =>
  `Route${pascal(key.toLowerCase().replace(/\{(\w+)\+?\}/g, ' by $1 '))}`;

const functionConstructId = (ref: FunctionRef): string => {
  const mod = ref.module.replace(/^functions\//, '').replace(/\.[cm]?[jt]sx?$/, '');
  const exp = ref.export && ref.export !== 'handler' ? `-${ref.export}` : '';
  return `Fn${pascal(mod + exp)}`;
};

/** `${Name}` placeholders of an ASL definition (task resources). */
const placeholdersOf = (definition: unknown): Set<string> => {
  const found = new Set<string>();
  for (const m of JSON.stringify(definition).matchAll(/\$\{([^}]+)\}/g)) found.add(m[1] as string);
  return found;
};

/** IoT topic template (`ebox/{code}/telemetry`) with the thing-name placeholder replaced. */
const topicFor = (template: string, thing: string): string => template.replace(/\{code\}/g, thing);

export class ConsoleStack extends Stack {
  readonly stage: Stage;
  readonly topology: Topology;
  /** Lambda functions by `functionKey(ref)`. */
  readonly functions = new Map<string, NodejsFunction>();
  readonly tables = new Map<string, dynamodb.Table>();
  readonly queues = new Map<string, sqs.Queue>();
  readonly deadLetterQueues = new Map<string, sqs.Queue>();
  readonly buckets = new Map<string, s3.Bucket>();
  readonly stateMachines = new Map<string, sfn.StateMachine>();
  readonly httpApi: HttpApi;
  /** The nested stack of each domain's HTTP routes (decision 362). */
  readonly routeStacks = new Map<string, NestedStack>();
  readonly webSocketApi: WebSocketApi;
  readonly webSocketStage: WebSocketStage;
  readonly distribution: cloudfront.Distribution;
  /** Server access logs of the buckets and CloudFront's access logs. */
  readonly accessLogBucket: s3.Bucket;
  /** The CloudFront web ACL when this stack holds it (decision 442). */
  readonly cloudFrontWebAcl?: CfnWebACL;
  /** Alarms, their topic and the dashboard (decision 442). */
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: ConsoleStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const t = props.topology ?? defaultTopology;
    this.stage = stage;
    this.topology = t;
    const prod = stage === 'prod';
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    Tags.of(this).add('project', 'ev-charge-console');
    Tags.of(this).add('stage', stage);

    // ---------------------------------------------------------------- DynamoDB
    for (const decl of t.tables) {
      const table = new dynamodb.Table(this, `Table-${decl.id}`, {
        partitionKey: { name: decl.partitionKey.name, type: attrType(decl.partitionKey.type) },
        sortKey: decl.sortKey ? { name: decl.sortKey.name, type: attrType(decl.sortKey.type) } : undefined,
        billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        deletionProtection: prod,
        timeToLiveAttribute: decl.ttlAttribute,
        stream: decl.stream ? dynamodb.StreamViewType[decl.stream] : undefined,
        encryption: dynamodb.TableEncryption.AWS_MANAGED,
        removalPolicy,
      });
      for (const index of decl.indexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.name,
          partitionKey: { name: index.partitionKey.name, type: attrType(index.partitionKey.type) },
          sortKey: index.sortKey
            ? { name: index.sortKey.name, type: attrType(index.sortKey.type) }
            : undefined,
          projectionType: dynamodb.ProjectionType.ALL,
        });
      }
      this.tables.set(decl.id, table);
    }

    // ---------------------------------------------------------------- SQS (+ dead-letter queues)
    for (const decl of t.queues) {
      const dlq = new sqs.Queue(this, `Queue-${decl.id}-dlq`, {
        retentionPeriod: Duration.days(14),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        removalPolicy,
      });
      Validations.of(dlq).acknowledge({
        id: 'Serverless-SQSRedrivePolicy',
        reason:
          'This is the dead-letter queue of a topology queue: its messages are kept 14 days for a look and a redrive, ' +
          'and the "dead-letter queue not empty" alarm reports the first one (decision 442).',
      });
      this.deadLetterQueues.set(decl.id, dlq);
      const queue = new sqs.Queue(this, `Queue-${decl.id}`, {
        visibilityTimeout: Duration.seconds(decl.visibilityTimeoutSeconds),
        retentionPeriod: Duration.seconds(decl.retentionSeconds),
        deadLetterQueue: { queue: dlq, maxReceiveCount: decl.maxReceiveCount },
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        removalPolicy,
      });
      this.queues.set(decl.id, queue);
    }

    // ---------------------------------------------------------------- S3
    // The buckets' server access logs and CloudFront's access logs (decision 442).
    this.accessLogBucket = new s3.Bucket(this, 'Bucket-accessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront writes its standard logs with an object ACL, so this bucket keeps ACLs (owner preferred).
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      versioned: false,
      lifecycleRules: [{ id: 'expire', enabled: true, expiration: Duration.days(prod ? 90 : 30) }],
      removalPolicy,
      autoDeleteObjects: !prod,
    });
    for (const decl of t.buckets) {
      const bucket = new s3.Bucket(this, `Bucket-${decl.id}`, {
        blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
        encryption: s3.BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
        versioned: false,
        lifecycleRules: decl.expireAfterDays
          ? [{ id: 'expire', enabled: true, expiration: Duration.days(decl.expireAfterDays) }]
          : undefined,
        serverAccessLogsBucket: this.accessLogBucket,
        serverAccessLogsPrefix: `s3/${decl.id}/`,
        removalPolicy,
        autoDeleteObjects: !prod,
      });
      this.buckets.set(decl.id, bucket);
    }

    // ---------------------------------------------------------------- secrets
    // The JWT signing key of the console's tokens, generated by Secrets Manager on the first deploy.
    const jwtSecret = new secretsmanager.Secret(this, 'JwtSecret', {
      description: `${id}: signing key of the console's access and refresh tokens`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });
    Validations.of(jwtSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A new key signs every console and app user out and voids the charger file-transfer URLs signed with it ' +
        '(functions/commands/files.ts): it is rotated by hand at a chosen time, as docs/operations.md describes.',
    });

    // ---------------------------------------------------------------- WebSocket API (created early: functions
    // need its management endpoint; it depends on nothing but the functions wired to its routes below)
    this.webSocketApi = new WebSocketApi(this, 'OcppApi', {
      apiName: `${id}-ocpp`,
      description: 'OCPP-J 1.6 / 2.0.1 endpoint of the charge points (reached through CloudFront /ocpp/{id})',
    });
    const wsApi = this.webSocketApi;
    const wsManagementEndpoint = `https://${wsApi.apiId}.execute-api.${this.region}.${this.urlSuffix}/${stage}`;

    // State machine ARNs are built from fixed names, not taken from the state machine tokens: the state machine
    // references its task functions (definition substitutions), and every function (tasks included) gets the ARN
    // in its environment and a policy on it, which would otherwise be a dependency cycle.
    const stateMachineName = (smId: string) => `${id}-${smId}`;
    const stateMachineArn = (smId: string) =>
      Stack.of(this).formatArn({
        service: 'states',
        resource: 'stateMachine',
        resourceName: stateMachineName(smId),
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      });

    // The account's IoT data-plane endpoint (`xxxx-ats.iot.<region>.amazonaws.com`): the SDK's default
    // `data-ats.iot...` endpoint refuses Publish, so it is looked up once at deploy time (not at synth time).
    const iotEndpoint = new AwsCustomResource(this, 'IotDataEndpoint', {
      onUpdate: {
        service: 'Iot',
        action: 'describeEndpoint',
        parameters: { endpointType: 'iot:Data-ATS' },
        physicalResourceId: PhysicalResourceId.of('iot-data-ats-endpoint'),
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: AwsCustomResourcePolicy.ANY_RESOURCE }),
      installLatestAwsSdk: false,
      memorySize: 256,
    });
    Validations.of(iotEndpoint).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'iot:DescribeEndpoint has no resource-level permissions: IAM only accepts "*" for it.',
    });
    this.acknowledgeCdkHandler(
      'AWS679f53fac002430cb0da5b7982bd2287',
      'the AwsCustomResource handler, which reads the IoT endpoint once per deploy',
    );

    // ---------------------------------------------------------------- Lambda
    const environment: Record<string, string> = {
      [envNames.stage]: stage,
      [envNames.wsManagementEndpoint]: wsManagementEndpoint,
      [envNames.iotDataEndpoint]: `https://${iotEndpoint.getResponseField('endpointAddress')}`,
      // The secret value is resolved by CloudFormation (a dynamic reference) into the function configuration,
      // so the functions need no Secrets Manager call on cold start. This is a stopgap: the value is visible to
      // anyone who can read the function configuration. Moving to a runtime fetch (Parameters and Secrets Lambda
      // extension, with the secret ARN in the environment) is the planned replacement.
      [envNames.jwtSecret]: jwtSecret.secretValue.unsafeUnwrap(),
      NODE_OPTIONS: '--enable-source-maps',
      ...(props.secretsRefresh ? { SECRETS_REFRESH: props.secretsRefresh } : {}),
    };
    if (props.mail) {
      const port = props.mail.port ?? 465;
      Object.assign(environment, {
        SMTP_HOST: props.mail.host,
        SMTP_PORT: String(port),
        // 465 is implicit TLS; other ports upgrade with STARTTLS when the server offers it.
        SMTP_SECURE: String(port === 465),
        ...(props.mail.from ? { MAIL_FROM: props.mail.from } : {}),
      });
      if (props.mail.secretName) {
        // The same stopgap as the JWT secret: resolved by CloudFormation into the configuration.
        const smtp = secretsmanager.Secret.fromSecretNameV2(this, 'SmtpSecret', props.mail.secretName);
        environment.SMTP_USER = smtp.secretValueFromJson('user').unsafeUnwrap();
        environment.SMTP_PASS = smtp.secretValueFromJson('pass').unsafeUnwrap();
      }
    }
    if (props.stripe) {
      // The same stopgap as the JWT secret: resolved by CloudFormation into the configuration.
      const stripe = secretsmanager.Secret.fromSecretNameV2(this, 'StripeSecret', props.stripe.secretName);
      environment[envNames.stripeSecretKey] = stripe.secretValueFromJson('secretKey').unsafeUnwrap();
      environment[envNames.stripePublishableKey] = stripe
        .secretValueFromJson('publishableKey')
        .unsafeUnwrap();
      environment[envNames.stripeWebhookSecret] = stripe.secretValueFromJson('webhookSecret').unsafeUnwrap();
    }
    for (const [tid, table] of this.tables) environment[envNames.table(tid)] = table.tableName;
    for (const [qid, queue] of this.queues) environment[envNames.queueUrl(qid)] = queue.queueUrl;
    for (const [bid, bucket] of this.buckets) environment[envNames.bucket(bid)] = bucket.bucketName;
    for (const m of t.stateMachines) environment[envNames.stateMachineArn(m.id)] = stateMachineArn(m.id);

    // One role for all functions: they all get the same access (every table, queue, bucket, the workflows, the
    // WebSocket connections and IoT), and one role keeps the template and the IAM footprint small.
    // Its logs permissions name each function's own log group (below), not AWSLambdaBasicExecutionRole's "*".
    const functionRole = new iam.Role(this, 'FunctionRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${id}: execution role of the console's Lambda functions`,
    });
    const roleFindings: { id: string; reason: string }[] = [];
    const tokenOf = (element: { node: { defaultChild?: unknown } }) =>
      this.getLogicalId(element.node.defaultChild as CfnElement);
    for (const [tid, table] of this.tables) {
      table.grantReadWriteData(functionRole);
      if (t.tables.find((d) => d.id === tid)?.indexes.length)
        roleFindings.push({
          id: `AwsSolutions-IAM5[Resource::<${tokenOf(table)}.Arn>/index/*]`,
          reason: `The functions query every index of table ${tid} (the data layer, functions/data).`,
        });
    }
    for (const queue of this.queues.values()) {
      queue.grantSendMessages(functionRole);
      queue.grantConsumeMessages(functionRole);
    }
    // Objects are read, written and deleted by key; ListBucket makes a missing key NoSuchKey, not AccessDenied
    // (functions/commands/files.ts and the export download tell "gone" from "refused" by it).
    for (const [bid, bucket] of this.buckets) {
      functionRole.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
          resources: [bucket.arnForObjects('*')],
        }),
      );
      functionRole.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
      );
      roleFindings.push({
        id: `AwsSolutions-IAM5[Resource::<${tokenOf(bucket)}.Arn>/*]`,
        reason: `Objects of bucket ${bid} are named at run time (uploads, exports, firmware): any key of this bucket only.`,
      });
    }
    if (t.stateMachines.length > 0) {
      functionRole.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['states:StartSyncExecution', 'states:StartExecution'],
          resources: t.stateMachines.map((m) => stateMachineArn(m.id)),
        }),
      );
    }
    wsApi.grantManageConnections(functionRole);
    roleFindings.push({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:${this.nagRegion}:${this.nagAccount}:<${this.getLogicalId(wsApi.node.defaultChild as CfnElement)}>/*/*/@connections/*]`,
      reason: "Answers and remote commands go to any charger's connection of this WebSocket API only.",
    });
    const iotArn = (resource: string) =>
      `arn:${Aws.PARTITION}:iot:${this.region}:${this.account}:${resource}`;
    functionRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['iot:Publish'],
        resources: Object.values(t.iot.topics).map((tpl) => iotArn(`topic/${topicFor(tpl, '*')}`)),
      }),
    );
    functionRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['iot:GetThingShadow', 'iot:UpdateThingShadow', 'iot:DeleteThingShadow'],
        resources: [iotArn('thing/*')],
      }),
    );
    for (const tpl of Object.values(t.iot.topics))
      roleFindings.push({
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:iot:${this.nagRegion}:${this.nagAccount}:topic/${topicFor(tpl, '*')}]`,
        reason: `The platform publishes to the topic ${tpl} of any energy box (one topic per thing).`,
      });
    roleFindings.push(
      {
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:iot:${this.nagRegion}:${this.nagAccount}:thing/*]`,
        reason: 'Energy boxes are things registered at run time: the shadow of any thing of the account.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'X-Ray tracing (Tracing.ACTIVE): xray:PutTraceSegments and PutTelemetryRecords take no resource.',
      },
    );
    Validations.of(functionRole).acknowledge(...roleFindings);

    const tsconfig = resolve(repoRoot, 'tsconfig.json');
    const lockFile = resolve(repoRoot, 'package-lock.json');
    const usedIds = new Set<string>();
    const logGroups: logs.LogGroup[] = [];
    // How each function is invoked (`domain`, `queue`, `schedule`, ...), for its dead-letter acknowledgement.
    const invokedAs = new Map<string, Set<string>>();
    for (const { key, ref } of allFunctionRefs(t)) {
      const kinds = invokedAs.get(functionKey(ref)) ?? new Set<string>();
      kinds.add(key.split(':')[0]!);
      invokedAs.set(functionKey(ref), kinds);
    }
    for (const ref of distinctFunctionRefs(t)) {
      const key = functionKey(ref);
      const entry = isAbsolute(ref.module) ? ref.module : resolve(repoRoot, ref.module);
      if (!existsSync(entry)) {
        throw new Error(`The topology names handler module ${ref.module}, which does not exist (${entry}).`);
      }
      let cid = functionConstructId(ref);
      while (usedIds.has(cid)) cid = `${cid}X`;
      usedIds.add(cid);
      const logGroup = new logs.LogGroup(this, `${cid}Logs`, {
        retention: prod ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      logGroups.push(logGroup);
      const fn = new NodejsFunction(this, cid, {
        entry,
        handler: ref.export ?? 'handler',
        runtime: lambda.Runtime.NODEJS_24_X,
        architecture: lambda.Architecture.ARM_64,
        timeout: Duration.seconds(ref.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
        memorySize: ref.memoryMb ?? DEFAULT_MEMORY_MB,
        role: functionRole,
        logGroup,
        // X-Ray traces of every invocation (decision 442).
        tracing: lambda.Tracing.ACTIVE,
        environment,
        description: `${ref.module} ${ref.export ?? 'handler'}`,
        projectRoot: repoRoot,
        depsLockFilePath: lockFile,
        bundling: {
          format: OutputFormat.ESM,
          target: 'node24',
          minify: true,
          sourceMap: true,
          mainFields: ['module', 'main'],
          // ESM bundles have no `require`; some CommonJS dependencies call it for Node built-ins.
          banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
          // Bundle everything, the AWS SDK included: the project pins its SDK versions, the runtime's copy lags.
          externalModules: [],
          forceDockerBundling: false,
          tsconfig,
        },
      });
      Validations.of(fn).acknowledge({
        id: 'Serverless-LambdaDLQ',
        reason: deadLetterReason(invokedAs.get(key) ?? new Set()),
      });
      this.functions.set(key, fn);
    }
    functionRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: logGroups.map((g) => g.logGroupArn),
      }),
    );
    const fnFor = (ref: FunctionRef): NodejsFunction => {
      const fn = this.functions.get(functionKey(ref));
      if (!fn) throw new Error(`No function for ${functionKey(ref)}`);
      return fn;
    };

    // ---------------------------------------------------------------- HTTP API
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${id}-http`,
      description:
        'The console API (docs/product.md section 7), reached through CloudFront on the console origin',
    });
    const httpApi = this.httpApi;
    // The user authorizer and one integration per domain live here; the routes live in one nested stack per
    // domain (decision 362): a stack holds at most 500 resources, and the API has about 300 routes and grows.
    const apiArn = (resourceName: string) =>
      this.formatArn({ service: 'execute-api', resource: httpApi.apiId, resourceName });
    const apiGateway = new iam.ServicePrincipal('apigateway.amazonaws.com');
    const authorizerFn = fnFor(t.httpAuthorizer);
    const userAuthorizer = new HttpAuthorizer(this, 'UserAuthorizer', {
      httpApi,
      authorizerName: 'UserAuthorizer',
      type: HttpAuthorizerType.LAMBDA,
      identitySource: ['$request.header.Authorization'],
      enableSimpleResponses: true,
      payloadFormatVersion: AuthorizerPayloadVersion.VERSION_2_0,
      authorizerUri: `arn:${this.partition}:apigateway:${this.region}:lambda:path/2015-03-31/functions/${authorizerFn.functionArn}/invocations`,
      // Tokens are revocable (logout, lock): never let API Gateway serve a cached "allow".
      resultsCacheTtl: Duration.seconds(0),
    });
    authorizerFn.addPermission('UserAuthorizerInvoke', {
      principal: apiGateway,
      sourceArn: apiArn(`authorizers/${userAuthorizer.authorizerId}`),
    });
    const routesByDomain = new Map<string, typeof t.routes>();
    for (const route of t.routes) {
      if (!t.domains[route.domain])
        throw new Error(`A route names domain "${route.domain}", which the topology does not declare.`);
      routesByDomain.set(route.domain, [...(routesByDomain.get(route.domain) ?? []), route]);
    }
    for (const [domain, routes] of routesByDomain) {
      const fn = fnFor(t.domains[domain]!);
      const integration = new HttpIntegration(this, `Domain-${domain}`, {
        httpApi,
        integrationType: HttpIntegrationType.AWS_PROXY,
        integrationUri: fn.functionArn,
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      });
      // One permission per function for the whole API instead of one per route: a domain has many routes and
      // a Lambda resource policy is limited to 20 KB.
      fn.addPermission(`Domain-${domain}-Invoke`, { principal: apiGateway, sourceArn: apiArn('*/*') });
      const nested = new NestedStack(this, `HttpRoutes-${domain}`);
      this.routeStacks.set(domain, nested);
      for (const route of routes) {
        const key = `${route.method} ${route.path}`;
        const cfnRoute = new CfnRoute(nested, routeId(key), {
          apiId: httpApi.apiId,
          routeKey: key,
          target: `integrations/${integration.integrationId}`,
          ...(route.auth !== 'public'
            ? { authorizationType: 'CUSTOM', authorizerId: userAuthorizer.authorizerId }
            : { authorizationType: 'NONE' }),
        });
        if (route.auth === 'public')
          Validations.of(cfnRoute).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: publicRouteReason(t, route),
          });
      }
    }

    // The default stage (decision 442): JSON access logs, a throttle for every route and a stricter one per
    // route class (sign-in steps, OCPI). Its settings go on the generated CfnStage so it keeps its logical id.
    const accessLogRetention = prod ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS;
    const httpAccessLogs = new logs.LogGroup(this, 'HttpApiAccessLogs', {
      retention: accessLogRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const httpStage = httpApi.defaultStage?.node.defaultChild as CfnStage;
    httpStage.accessLogSettings = {
      destinationArn: httpAccessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        requestTime: '$context.requestTime',
        routeKey: '$context.routeKey',
        status: '$context.status',
        responseLength: '$context.responseLength',
        latency: '$context.responseLatency',
        integrationLatency: '$context.integrationLatency',
        integrationError: '$context.integrationErrorMessage',
        authorizerError: '$context.authorizer.error',
        error: '$context.error.message',
      }),
    };
    httpStage.defaultRouteSettings = {
      throttlingRateLimit: HTTP_DEFAULT_THROTTLE.rateLimit,
      throttlingBurstLimit: HTTP_DEFAULT_THROTTLE.burstLimit,
    };
    httpStage.routeSettings = httpRouteSettings(t);
    // Route settings name routes, which must exist first: the stage waits for their domains' nested stacks.
    const throttledDomains = new Set(
      ROUTE_CLASSES.flatMap((c) => c.routes(t).map((r: HttpRouteDecl) => r.domain)),
    );
    for (const domain of throttledDomains) {
      const nested = this.routeStacks.get(domain);
      if (nested) httpStage.node.addDependency(nested);
    }

    // ---------------------------------------------------------------- WebSocket API routes
    const ws = t.websocket;
    if (ws.path !== '/ocpp') {
      // The CloudFront function (infra/cdk/functions/ocpp-rewrite.js) is a static file written for /ocpp/{id}.
      throw new Error(`websocket.path is ${ws.path}: update infra/cdk/functions/ocpp-rewrite.js to match.`);
    }
    const wsIntegration = (name: string, ref: FunctionRef) =>
      new WebSocketLambdaIntegration(name, fnFor(ref));
    const connectRoute = wsApi.addRoute('$connect', {
      integration: wsIntegration('OcppConnect', ws.routes.$connect),
      authorizer: new WebSocketLambdaAuthorizer('OcppAuthorizer', fnFor(ws.authorizer), {
        identitySource: ['route.request.querystring.chargePointId'],
      }),
    });
    // Two-way integration: the CALLRESULT / CALLERROR answering a charger's CALL is the route response.
    const defaultRoute = wsApi.addRoute('$default', {
      integration: wsIntegration('OcppDefault', ws.routes.$default),
      returnResponse: true,
    });
    const disconnectRoute = wsApi.addRoute('$disconnect', {
      integration: wsIntegration('OcppDisconnect', ws.routes.$disconnect),
    });
    for (const route of [defaultRoute, disconnectRoute])
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          'A WebSocket API authorizes on $connect only (API Gateway allows no authorizer on other routes): ' +
          'messages and the disconnect come on a connection the $connect authorizer admitted.',
      });

    // WebSocket APIs (like REST APIs) write their logs with the account's API Gateway CloudWatch role, an
    // account-wide setting: each stage's stack sets it to a role of its own, kept when the stack is deleted so
    // the setting never names a deleted role (decision 442).
    const apiGatewayLogsRole = new iam.Role(this, 'ApiGatewayLogsRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [
        iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
      description: `${id}: API Gateway's account-wide CloudWatch Logs role (WebSocket access logs)`,
    });
    apiGatewayLogsRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    Validations.of(apiGatewayLogsRole).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        "AWS's policy made for exactly this role: API Gateway writes the log groups of any API of the account " +
        'through it, so it cannot name ours alone.',
    });
    const apiGatewayAccount = new CfnAccount(this, 'ApiGatewayAccount', {
      cloudWatchRoleArn: apiGatewayLogsRole.roleArn,
    });
    const wsAccessLogs = new logs.LogGroup(this, 'OcppApiAccessLogs', {
      retention: accessLogRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Detailed (per-route) metrics: the "WebSocket connect errors" alarm reads the $connect route's errors.
    this.webSocketStage = new WebSocketStage(this, 'OcppStage', {
      webSocketApi: wsApi,
      stageName: stage,
      autoDeploy: true,
      detailedMetricsEnabled: true,
      throttle: WS_DEFAULT_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(wsAccessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            status: '$context.status',
            connectionId: '$context.connectionId',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            error: '$context.error.message',
          }),
        ),
      },
    });
    const wsStage = this.webSocketStage.node.defaultChild as CfnStage;
    // Connects are limited apart: a reconnect storm after an outage is spread out, messages keep flowing.
    const connectSettings: CfnRouteSettings = {
      ThrottlingRateLimit: WS_CONNECT_THROTTLE.rateLimit,
      ThrottlingBurstLimit: WS_CONNECT_THROTTLE.burstLimit,
      DetailedMetricsEnabled: true,
    };
    // RouteSettings is untyped JSON on the L1: CloudFormation's own (PascalCase) names.
    wsStage.routeSettings = { $connect: connectSettings };
    this.webSocketStage.node.addDependency(apiGatewayAccount, connectRoute);

    // ---------------------------------------------------------------- queue consumers
    for (const decl of t.queues) {
      const fn = fnFor(decl.consumer);
      const timeout = decl.consumer.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
      if (decl.visibilityTimeoutSeconds < timeout) {
        // Lambda refuses an SQS event source whose visibility timeout is shorter than the function timeout.
        throw new Error(
          `Queue ${decl.id}: visibility timeout ${decl.visibilityTimeoutSeconds}s is shorter than its consumer's timeout ${timeout}s.`,
        );
      }
      const source = new SqsEventSource(this.queues.get(decl.id) as sqs.Queue, {
        batchSize: decl.batchSize,
        reportBatchItemFailures: true,
      });
      fn.addEventSource(source);
      const mapping = fn.node.children.find(
        (c) => c.node.id.startsWith('SqsEventSource:') && c.node.id.includes(`Queue${decl.id}`),
      );
      Validations.of(mapping ?? fn).acknowledge({
        id: 'Serverless-LambdaEventSourceMappingDestination',
        reason:
          "Lambda takes on-failure destinations for stream and Kafka sources only; for SQS the queue's redrive " +
          `policy moves a message that failed ${decl.maxReceiveCount} times to its dead-letter queue, which is alarmed.`,
      });
    }

    // ---------------------------------------------------------------- EventBridge schedules
    for (const decl of t.schedules) {
      const rule = new events.Rule(this, `Schedule-${decl.id}`, {
        description: decl.description,
        schedule: events.Schedule.expression(decl.expression),
        targets: [new targets.LambdaFunction(fnFor(decl.handler))],
      });
      Validations.of(rule).acknowledge({
        id: 'Serverless-EventBusDLQ',
        reason:
          'A scheduled event carries no data to replay: the next run does the work of one not delivered, and a run ' +
          'that does not happen raises the "Schedule did not run" alarm (decision 442).',
      });
    }

    // ---------------------------------------------------------------- Step Functions
    for (const decl of t.stateMachines) {
      const missing = [...placeholdersOf(decl.definition)].filter((p) => !(p in decl.tasks));
      if (missing.length > 0) {
        throw new Error(
          `State machine ${decl.id}: no task declared for placeholder(s) ${missing.join(', ')}.`,
        );
      }
      const express = decl.type === 'EXPRESS';
      const logGroup = new logs.LogGroup(this, `StateMachine-${decl.id}-Logs`, {
        // The /aws/vendedlogs/ prefix keeps the CloudWatch Logs resource policy from growing per log group.
        logGroupName: `/aws/vendedlogs/states/${stateMachineName(decl.id)}`,
        retention: prod ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      const substitutions: Record<string, string> = {};
      for (const [task, ref] of Object.entries(decl.tasks)) substitutions[task] = fnFor(ref).functionArn;
      const machine = new sfn.StateMachine(this, `StateMachine-${decl.id}`, {
        stateMachineName: stateMachineName(decl.id),
        stateMachineType: express ? sfn.StateMachineType.EXPRESS : sfn.StateMachineType.STANDARD,
        definitionBody: sfn.DefinitionBody.fromString(JSON.stringify(decl.definition)),
        definitionSubstitutions: substitutions,
        comment: decl.description,
        logs: {
          destination: logGroup,
          // Express executions keep no history of their own: the log is the only record of a run.
          level: express ? sfn.LogLevel.ALL : sfn.LogLevel.ERROR,
          includeExecutionData: true,
        },
        // X-Ray traces of every execution, joined to its task functions' traces (decision 442).
        tracingEnabled: true,
      });
      for (const ref of Object.values(decl.tasks)) fnFor(ref).grantInvoke(machine);
      Validations.of(machine).acknowledge(
        {
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason:
            'Step Functions log delivery (logs:CreateLogDelivery and the like) and X-Ray accept no resource but "*".',
        },
        ...Object.values(decl.tasks).map((ref) => ({
          id: `AwsSolutions-IAM5[Resource::<${this.getLogicalId(fnFor(ref).node.defaultChild as CfnElement)}.Arn>:*]`,
          reason: `Invoking task ${functionKey(ref)} by any of its versions (CDK's grantInvoke): that function only.`,
        })),
      );
      this.stateMachines.set(decl.id, machine);
    }

    // ---------------------------------------------------------------- IoT Core
    const thing = '${iot:Connection.Thing.ThingName}';
    new iot.CfnThingType(this, 'EnergyBoxThingType', {
      // Thing type names are account-wide: one per stage, so dev and prod can share an account.
      thingTypeName: `${t.iot.thingTypeName}-${stage}`,
      thingTypeProperties: { thingTypeDescription: 'Energy box (MQTT) of the charging network' },
    });
    const ownTopics = Object.values(t.iot.topics).map((tpl) => topicFor(tpl, thing));
    new iot.CfnPolicy(this, 'EnergyBoxPolicy', {
      policyDocument: {
        Version: '2012-10-17',
        Statement: [
          {
            // A device connects only as its own thing, with the certificate attached to that thing.
            Effect: 'Allow',
            Action: 'iot:Connect',
            Resource: iotArn(`client/${thing}`),
            Condition: { Bool: { 'iot:Connection.Thing.IsAttached': 'true' } },
          },
          {
            Effect: 'Allow',
            Action: ['iot:Publish', 'iot:Receive'],
            Resource: ownTopics.map((topic) => iotArn(`topic/${topic}`)),
          },
          {
            Effect: 'Allow',
            Action: 'iot:Subscribe',
            Resource: ownTopics.map((topic) => iotArn(`topicfilter/${topic}`)),
          },
        ],
      },
    });
    for (const decl of t.iot.rules) {
      const fn = fnFor(decl.handler);
      const rule = new iot.CfnTopicRule(this, `IotRule-${decl.id}`, {
        topicRulePayload: {
          description: decl.description,
          sql: decl.sql,
          awsIotSqlVersion: '2016-03-23',
          ruleDisabled: false,
          actions: [{ lambda: { functionArn: fn.functionArn } }],
        },
      });
      fn.addPermission(`IotRule-${decl.id}-Invoke`, {
        principal: new iam.ServicePrincipal('iot.amazonaws.com'),
        sourceArn: rule.attrArn,
        sourceAccount: this.account,
      });
    }

    // ---------------------------------------------------------------- CloudFront
    const consoleBucket = this.buckets.get('console');
    if (!consoleBucket) throw new Error('The topology must declare a bucket with id "console".');
    const httpApiDomain = `${httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const wsApiDomain = `${wsApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const imagesBucket = this.buckets.get('images');

    const spaFallback = new cloudfront.Function(this, 'SpaFallbackFunction', {
      comment: 'Console SPA fallback: /charge/<route> -> /charge/index.html',
      code: cloudfront.FunctionCode.fromFile({
        filePath: resolve(cloudFrontFunctionsDir, 'spa-fallback.js'),
      }),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const ocppRewrite = new cloudfront.Function(this, 'OcppRewriteFunction', {
      comment: 'OCPP: /ocpp/{id} -> / ?chargePointId={id} (WebSocket API routes take no path)',
      code: cloudfront.FunctionCode.fromFile({
        filePath: resolve(cloudFrontFunctionsDir, 'ocpp-rewrite.js'),
      }),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    // The sites map's Google Maps JavaScript API is added to the directives it needs (shared/web/maps-csp.ts).
    const csp = [
      "default-src 'self'",
      // Stripe.js (the card element): the card goes from the browser to Stripe, never through our API.
      `script-src 'self' https://js.stripe.com${mapsSources('script-src')}`,
      // Chakra UI (emotion) injects style elements at runtime.
      `style-src 'self' 'unsafe-inline'${mapsSources('style-src')}`,
      `img-src 'self' data: blob:${imagesBucket ? ` https://${imagesBucket.bucketRegionalDomainName}` : ''}${mapsSources('img-src')}`,
      `font-src 'self' data:${mapsSources('font-src')}`,
      `connect-src 'self' https://${httpApiDomain} wss://${wsApiDomain} https://api.stripe.com${mapsSources('connect-src')}`,
      // Stripe.js's frames and its 3-D Secure challenge.
      `frame-src 'self' https://js.stripe.com https://hooks.stripe.com${mapsSources('frame-src')}`,
      `worker-src 'self'${mapsSources('worker-src')}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      // The privacy page frames its notice from the same origin (docs/product.md section 2).
      "frame-ancestors 'self'",
    ].join('; ');
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ConsoleSecurityHeaders', {
      comment: 'Security headers of the console',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.SAMEORIGIN, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      },
    });

    // Chargers authenticate with HTTP Basic (OCPP security profiles 1 and 2) on the WebSocket upgrade, a GET.
    // CloudFront removes the viewer's Authorization header unless it is in the cache key: an origin request policy
    // cannot name it (CloudFront answers 400), and only the all-viewer policies forward it, which this behaviour
    // does not use (it forwards the chosen handshake headers below). See the AWS knowledge-center article
    // "cloudfront-authorization-header". So this cache policy puts Authorization (and every query string) in the
    // cache key, with a default TTL of 0 and a 1 s maximum (a cache key needs a non-zero maximum): nothing is
    // cached in practice (a 101 upgrade never is) but the header reaches the $connect authorizer.
    const ocppCachePolicy = new cloudfront.CachePolicy(this, 'OcppCachePolicy', {
      comment: 'OCPP WebSocket: Authorization in the key so it is forwarded; no caching',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    });
    const ocppOriginRequestPolicy = new cloudfront.OriginRequestPolicy(this, 'OcppOriginRequestPolicy', {
      comment: 'OCPP WebSocket handshake headers and all query strings (chargePointId)',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(
        'Sec-WebSocket-Key',
        'Sec-WebSocket-Version',
        'Sec-WebSocket-Protocol',
        'Sec-WebSocket-Extensions',
      ),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });

    // AWS WAF in front of everything CloudFront serves, the API and OCPP included (decision 442): HTTP and
    // WebSocket APIs cannot hold a web ACL of their own. A CLOUDFRONT web ACL lives in us-east-1.
    const wafOn = props.waf ?? prod;
    let webAclId = props.cloudFrontWebAclArn;
    if (wafOn && !webAclId) {
      if (!Token.isUnresolved(this.region) && this.region !== 'us-east-1') {
        throw new Error(
          `${id} is in ${this.region}: its CloudFront web ACL must be made in us-east-1 (EdgeWafStack, as ` +
            'bin/cdk.ts does) and passed as cloudFrontWebAclArn.',
        );
      }
      const acl = new CfnWebACL(this, 'CloudFrontWebAcl', cloudFrontWebAclProps(`${id}-edge`, t));
      this.cloudFrontWebAcl = acl;
      webAclId = acl.attrArn;
    }

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${id}: console /charge/, API, OCPP /ocpp/`,
      webAclId,
      enableLogging: true,
      logBucket: this.accessLogBucket,
      logFilePrefix: 'cloudfront/',
      // Default: the HTTP API (the console calls it on its own origin). With caching disabled, the all-viewer
      // (except Host) origin request policy also forwards the Authorization header of the console's bearer tokens.
      defaultBehavior: {
        origin: new HttpOrigin(httpApiDomain, { protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY }),
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        compress: true,
      },
      additionalBehaviors: {
        '/charge/*': {
          origin: S3BucketOrigin.withOriginAccessControl(consoleBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
          compress: true,
          functionAssociations: [
            { function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
        [`${ws.path}/*`]: {
          origin: new HttpOrigin(wsApiDomain, {
            originPath: `/${stage}`,
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
          }),
          // Security profile 1 chargers speak plain ws://, profile 2 wss://: accept both at the edge.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.ALLOW_ALL,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: ocppCachePolicy,
          originRequestPolicy: ocppOriginRequestPolicy,
          compress: false,
          functionAssociations: [
            { function: ocppRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
      },
    });
    const dist = this.distribution;
    Validations.of(dist).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'Chargers, drivers, roaming partners and operators are where the network is: no country is refused.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate, with which CloudFront allows no minimum ' +
          'protocol choice; a custom domain and its certificate (TLSv1.2_2021) are not configured by this stack.',
      },
    );
    if (!webAclId)
      Validations.of(dist).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'WAF is billed per web ACL and request: it runs in prod (and in dev with -c waf=true), decision 442.',
      });

    // The built console goes to charge/ of the console bucket, in two passes so browsers cache it well: the
    // content-hashed chunks under assets/ for a year, everything else (index.html, favicon...) revalidated on
    // every load so a deploy shows at once. Neither pass prunes: a tab still running the previous index.html can
    // load its chunks after a deploy.
    const consoleSource = Source.asset(props.consoleAssetPath);
    const consoleAssets = new BucketDeployment(this, 'ConsoleAssetsDeployment', {
      sources: [consoleSource],
      destinationBucket: consoleBucket,
      destinationKeyPrefix: 'charge/',
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    const consolePages = new BucketDeployment(this, 'ConsoleDeployment', {
      sources: [consoleSource],
      destinationBucket: consoleBucket,
      destinationKeyPrefix: 'charge/',
      exclude: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('no-cache')],
      distribution: dist,
      distributionPaths: ['/charge/*'],
      memoryLimit: 512,
    });
    // index.html goes live only once the chunks it names are in the bucket.
    consolePages.node.addDependency(consoleAssets);
    const deployer = "CDK's BucketDeployment handler";
    this.acknowledgeCdkHandler(
      'Custom::CDKBucketDeployment',
      'the BucketDeployment that copies the console',
      [
        {
          id: 'AwsSolutions-L1',
          reason: `${deployer} runs on the runtime aws-cdk-lib pins for it; it moves with CDK upgrades.`,
        },
        {
          id: 'Serverless-LambdaLatestVersion',
          reason: `${deployer} runs on the runtime aws-cdk-lib pins for it; it moves with CDK upgrades.`,
        },
        ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
          id: `AwsSolutions-IAM5[Action::${action}]`,
          reason: `${deployer} reads the CDK asset and writes the console bucket with CDK's grants.`,
        })),
        {
          id: `AwsSolutions-IAM5[Resource::<${this.getLogicalId(consoleBucket.node.defaultChild as CfnElement)}.Arn>/*]`,
          reason: `${deployer} writes the console's files, any key of the console bucket.`,
        },
        {
          id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${this.nagAccount}-${this.nagRegion}/*]`,
          reason: `${deployer} reads the console's zip from the CDK bootstrap asset bucket.`,
        },
        {
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason: `${deployer} invalidates /charge/* of the distribution: cloudfront:CreateInvalidation takes "*".`,
        },
      ],
    );

    // ---------------------------------------------------------------- alarms and dashboard (decision 442)
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage,
      topology: t,
      namePrefix: id,
      functions: this.functions,
      defaultMemoryMb: DEFAULT_MEMORY_MB,
      queues: this.queues,
      deadLetterQueues: this.deadLetterQueues,
      tables: this.tables,
      stateMachines: this.stateMachines,
      httpApi,
      webSocketApi: wsApi,
      webSocketStageName: stage,
      alarmEmail: props.alarmEmail,
    });

    // ---------------------------------------------------------------- outputs
    new CfnOutput(this, 'ConsoleUrl', {
      value: `https://${dist.distributionDomainName}/charge/`,
      description: 'The console',
    });
    new CfnOutput(this, 'OcppUrl', {
      value: `wss://${dist.distributionDomainName}/ocpp/`,
      description: 'OCPP endpoint for chargers (append the charge point id)',
    });
    new CfnOutput(this, 'ApiUrl', {
      value: `https://${dist.distributionDomainName}`,
      description: 'The console API (same origin as the console)',
    });
    new CfnOutput(this, 'HttpApiEndpoint', {
      value: httpApi.apiEndpoint,
      description: 'The HTTP API, direct',
    });
    new CfnOutput(this, 'WsManagementEndpoint', { value: wsManagementEndpoint });
  }

  /** The region and account as cdk-nag writes them in a finding: the pseudo parameter, or the stack's own. */
  private get nagRegion(): string {
    return Token.isUnresolved(this.region) ? '<AWS::Region>' : this.region;
  }
  private get nagAccount(): string {
    return Token.isUnresolved(this.account) ? '<AWS::AccountId>' : this.account;
  }

  /**
   * cdk-nag acknowledgements of a Lambda function CDK makes for itself (a singleton beside the stack's own
   * resources, found by the start of its id): its code, role and runtime are aws-cdk-lib's.
   */
  private acknowledgeCdkHandler(idStart: string, what: string, extra: { id: string; reason: string }[] = []) {
    const handler = this.node.children.find((c) => c.node.id.startsWith(idStart));
    if (!handler)
      throw new Error(`CDK's ${what} (${idStart}...) is not in the stack: update its acknowledgements.`);
    const own = `CDK's own handler (${what})`;
    Validations.of(handler).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: `${own}: aws-cdk-lib gives its role the basic execution policy for its logs.`,
      },
      {
        id: 'Serverless-LambdaDLQ',
        reason: `${own}: CloudFormation invokes it and fails the deploy when it fails.`,
      },
      {
        id: 'Serverless-LambdaTracing',
        reason: `${own}: it runs during deploys only, on no request path worth tracing.`,
      },
      ...extra,
    );
  }
}

/** Why a function needs no dead-letter queue of its own, from how the topology invokes it. */
function deadLetterReason(kinds: Set<string>): string {
  const why: Record<string, string> = {
    domain: 'API Gateway invokes it synchronously and answers the caller with the error',
    authorizer: 'API Gateway invokes it synchronously (an error refuses the call)',
    ws: 'the WebSocket API invokes it synchronously and the charger gets the error',
    sfn: 'Step Functions invokes it synchronously and catches its error (RecordFailure)',
    queue:
      'it consumes an SQS queue: a failing message returns to the queue and then moves to its dead-letter queue',
    schedule:
      'EventBridge runs it on a schedule: the next run does the work of a failed one, and a run that does not ' +
      'happen raises the "Schedule did not run" alarm',
    iot: 'the IoT rule invokes it per telemetry message: a box sends a newer reading every period',
  };
  const parts = [...kinds].map((k) => why[k] ?? `it is invoked as ${k}`);
  return `A Lambda dead-letter queue only keeps failed asynchronous invocations; ${parts.join('; ')} (decision 442).`;
}

function attrType(type: 'S' | 'N'): dynamodb.AttributeType {
  return type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING;
}
