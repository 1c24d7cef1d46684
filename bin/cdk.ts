/**
 * The CDK app: `npx cdk synth -c stage=dev|prod` (cdk.json runs this file with tsx).
 *
 * Synthesis is offline: no lookups, Lambda bundles built by the local esbuild. The console is deployed from
 * web/dist; when it has not been built yet, it is built here first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

import { App } from 'aws-cdk-lib';

import { EdgeWafStack } from '../infra/cdk/protection.ts';
import { ConsoleStack, repoRoot, type Stage } from '../infra/cdk/stack.ts';
import { topology } from '@shared/topology/index.ts';

const app = new App();

const stageContext = app.node.tryGetContext('stage') ?? 'dev';
if (stageContext !== 'dev' && stageContext !== 'prod') {
  throw new Error(`Unknown stage "${String(stageContext)}": use -c stage=dev or -c stage=prod.`);
}
const stage: Stage = stageContext;

// Alarm mail: -c smtpHost=email-smtp.<region>.amazonaws.com [-c smtpPort=465] [-c mailFrom=...] [-c smtpSecret=name]
const smtpHost = app.node.tryGetContext('smtpHost') as string | undefined;
const mail = smtpHost
  ? {
      host: smtpHost,
      port: app.node.tryGetContext('smtpPort') ? Number(app.node.tryGetContext('smtpPort')) : undefined,
      from: app.node.tryGetContext('mailFrom') as string | undefined,
      secretName: app.node.tryGetContext('smtpSecret') as string | undefined,
    }
  : undefined;

// Subscription card payments: -c stripeSecret=name (Secrets Manager: {"secretKey", "publishableKey", "webhookSecret"})
const stripeSecret = app.node.tryGetContext('stripeSecret') as string | undefined;
const stripe = stripeSecret ? { secretName: stripeSecret } : undefined;

const consoleAssetPath = resolve(repoRoot, 'web/dist');
if (!existsSync(resolve(consoleAssetPath, 'index.html'))) {
  process.stderr.write('web/dist/index.html is missing: building the console (vite build) first...\n');
  // The CLI reads the app's stdout for nothing, but keep vite's chatter on stderr all the same.
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
    shell: process.platform === 'win32',
  });
  if (build.error || build.status !== 0 || !existsSync(resolve(consoleAssetPath, 'index.html'))) {
    const why = build.error ? build.error.message : `exit code ${String(build.status)}`;
    throw new Error(
      `Could not build the console for deployment (npx vite build --config web/vite.config.ts: ${why}). ` +
        'Fix the web build, or run it by hand, then synthesize again.',
    );
  }
}

// Alarms: -c alarmEmail=ops@example.com subscribes an address to the stage's alarm topic (decision 442).
const alarmEmail = (app.node.tryGetContext('alarmEmail') as string | undefined) || undefined;
// AWS WAF in front of CloudFront: always in prod, in dev with -c waf=true (it is billed per web ACL).
const waf = stage === 'prod' || String(app.node.tryGetContext('waf')) === 'true';

// Environment-agnostic unless the CLI knows the account and region; nothing in the stack needs a lookup.
const env =
  process.env.CDK_DEFAULT_ACCOUNT && process.env.CDK_DEFAULT_REGION
    ? { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION }
    : undefined;

// A CloudFront web ACL must be made in us-east-1: outside it, a stack of its own there holds it and the console
// stack reads its ARN through CDK's cross-region references (decision 442).
const edge =
  waf && env && env.region !== 'us-east-1'
    ? new EdgeWafStack(app, `EvConsole-${stage}-edge`, {
        env: { account: env.account, region: 'us-east-1' },
        crossRegionReferences: true,
        topology,
        webAclName: `EvConsole-${stage}-edge`,
        description: `EV charging network console (${stage}): CloudFront web ACL`,
      })
    : undefined;

new ConsoleStack(app, `EvConsole-${stage}`, {
  stage,
  consoleAssetPath,
  mail,
  stripe,
  alarmEmail,
  waf,
  // After a secret's value changed: -c secretsRefresh=<new label> hands the functions the current values.
  secretsRefresh: (app.node.tryGetContext('secretsRefresh') as string | undefined) || undefined,
  cloudFrontWebAclArn: edge?.webAcl.attrArn,
  crossRegionReferences: edge !== undefined,
  description: `EV charging network console (${stage})`,
  env,
});

app.synth();
