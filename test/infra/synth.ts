/**
 * The CDK app as the infra tests synthesise it (docs/decisions/448-tests-in-minutes.md).
 *
 * - Lambda bundling is skipped (context `aws:cdk:bundling-stacks: []`) unless a test asks for it: the assertions
 *   read the templates, not the code.
 * - aws-cdk-lib's built-in CloudFormation validation is off: its WebAssembly engine costs about 12 s of CPU
 *   the first time a process synthesises, and a few more each synth, and it only warns (nothing here reads
 *   its report). `npx cdk synth` in CI runs it on the real app.
 * - The whole-stack layouts the files check (dev, prod, prod outside us-east-1 with its edge stack) are made
 *   once per worker: test files share their worker's modules (decision 360), so a second file in the same
 *   worker reads the same synthesised app. Nothing reads a construct tree in a way that changes it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { App, type AppProps } from 'aws-cdk-lib';

import { EdgeWafStack } from '@infra/cdk/protection.ts';
import { ConsoleStack, type ConsoleStackProps, type Stage } from '@infra/cdk/stack.ts';
import { topology } from '@shared/topology/index.ts';

/** An app for a test: bundling skipped unless `bundling`, no built-in CloudFormation validation. */
export function testApp(options: { bundling?: boolean; outdir?: string } = {}): App {
  const props: AppProps = {
    outdir: options.outdir,
    context: options.bundling ? {} : { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  };
  return new App(props);
}

let fixture: string | undefined;

/** A built console of one page, for the stack's console asset (one folder per worker, removed at its exit). */
export function consoleFixture(): string {
  if (fixture) return fixture;
  const dir = mkdtempSync(join(tmpdir(), 'cdk-console-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return (fixture = dir);
}

export interface ConsoleApp {
  app: App;
  stack: ConsoleStack;
  /** The us-east-1 stack of the CloudFront web ACL, when the console stack is in another region. */
  edge?: EdgeWafStack;
}

export const ACCOUNT = '111111111111';
export const ALARM_EMAIL = 'ops@example.com';

/**
 * The layouts the files share: `dev` as `npx cdk synth` builds it (no alarm mail), `prod` with an alarm mail,
 * and `prod-edge`, prod in eu-central-1 with its web ACL in a us-east-1 stack of its own.
 */
export type SharedLayout = 'dev' | 'prod' | 'prod-edge';

const shared = new Map<SharedLayout, ConsoleApp>();

/** A shared layout, synthesised (nested stacks' parameters and cross-region readers exist only then). */
export function sharedConsole(layout: SharedLayout): ConsoleApp {
  let made = shared.get(layout);
  if (!made) {
    made =
      layout === 'dev'
        ? synthConsole('dev')
        : layout === 'prod'
          ? synthConsole('prod', { alarmEmail: ALARM_EMAIL })
          : synthEdgeLayout();
    shared.set(layout, made);
  }
  return made;
}

/** A console stack of its own (a test that changes the topology or a setting), synthesised. */
export function synthConsole(
  stage: Stage,
  props: Partial<Omit<ConsoleStackProps, 'stage'>> = {},
  options: { bundling?: boolean; outdir?: string } = {},
): ConsoleApp {
  const app = testApp(options);
  const stack = new ConsoleStack(app, `EvConsole-${stage}`, {
    stage,
    consoleAssetPath: consoleFixture(),
    ...props,
  });
  app.synth();
  return { app, stack };
}

function synthEdgeLayout(): ConsoleApp {
  const app = testApp();
  const edge = new EdgeWafStack(app, 'EvConsole-prod-edge', {
    env: { account: ACCOUNT, region: 'us-east-1' },
    crossRegionReferences: true,
    topology,
    webAclName: 'EvConsole-prod-edge',
  });
  const stack = new ConsoleStack(app, 'EvConsole-prod', {
    stage: 'prod',
    consoleAssetPath: consoleFixture(),
    alarmEmail: ALARM_EMAIL,
    env: { account: ACCOUNT, region: 'eu-central-1' },
    crossRegionReferences: true,
    cloudFrontWebAclArn: edge.webAcl.attrArn,
  });
  app.synth();
  return { app, stack, edge };
}
