/**
 * cdk-nag's AwsSolutions and Serverless rule packs on the synthesised stacks (decision 442): the dev and prod
 * stages as `npx cdk synth` builds them offline, and prod as deployed outside us-east-1 (its CloudFront web ACL
 * in a us-east-1 stack of its own). No finding may be left: each is fixed in infra/cdk, or acknowledged beside
 * the construct it is about, with its reason, and no acknowledgement may outlive its finding.
 *
 * Lambda bundling is skipped (context `aws:cdk:bundling-stacks: []`): the rules read the templates, not the code.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { App, Stack, Validations, type PolicyViolation } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks, ServerlessChecks, type NagPack } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, describe, expect, it } from 'vitest';

import { EdgeWafStack } from '@infra/cdk/protection.ts';
import { ConsoleStack, type Stage } from '@infra/cdk/stack.ts';
import { topology } from '@shared/topology/index.ts';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function consoleFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdk-nag-console-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
  tempDirs.push(dir);
  return dir;
}

type Layout = { name: string; stage: Stage; region?: string };
const layouts: Layout[] = [
  { name: 'dev', stage: 'dev' },
  { name: 'prod', stage: 'prod' },
  { name: 'prod in eu-central-1 with its us-east-1 web ACL stack', stage: 'prod', region: 'eu-central-1' },
];

/** The app of a layout, synthesised (nested stacks' parameters and cross-region readers exist only then). */
function synthApp(layout: Layout): App {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const account = '111111111111';
  const edge = layout.region
    ? new EdgeWafStack(app, `EvConsole-${layout.stage}-edge`, {
        env: { account, region: 'us-east-1' },
        crossRegionReferences: true,
        topology,
        webAclName: `EvConsole-${layout.stage}-edge`,
      })
    : undefined;
  new ConsoleStack(app, `EvConsole-${layout.stage}`, {
    stage: layout.stage,
    consoleAssetPath: consoleFixture(),
    alarmEmail: 'ops@example.com',
    ...(layout.region
      ? {
          env: { account, region: layout.region },
          crossRegionReferences: true,
          cloudFrontWebAclArn: edge!.webAcl.attrArn,
        }
      : {}),
  });
  app.synth();
  return app;
}

const packs = (): NagPack[] => [new AwsSolutionsChecks(), new ServerlessChecks()];

/** Every finding of the packs, one line each, acknowledged ones left out (as `cdk synth` would report them). */
const findings = (app: App): string[] =>
  packs().flatMap((pack) =>
    pack
      .validateScope(app)
      .violations.flatMap((v: PolicyViolation) =>
        v.violatingResources.map(
          (r) => `${v.severity} ${v.ruleName} at ${r.constructPath}: ${v.description}`,
        ),
      ),
  );

/** Every finding with acknowledgements ignored: the rule id and where it is. */
function rawFindings(app: App): { rule: string; path: string }[] {
  return packs().flatMap((pack) => {
    // The pack's own check of acknowledgements, switched off on this instance only.
    Object.defineProperty(pack, 'isAcknowledged', { value: () => false });
    return pack
      .validateScope(app)
      .violations.flatMap((v) =>
        v.violatingResources.map((r) => ({ rule: v.ruleName, path: r.constructPath ?? '' })),
      );
  });
}

/** The rule ids of the packs run here (aws-cdk-lib acknowledges some of its own template checks too). */
const NAG_RULE = /^(AwsSolutions|Serverless)-/;

/** Every cdk-nag acknowledgement recorded in the tree: where, which rule, why. */
function acknowledgements(root: IConstruct): { construct: IConstruct; rule: string; reason: string }[] {
  const out: { construct: IConstruct; rule: string; reason: string }[] = [];
  for (const c of root.node.findAll())
    for (const entry of c.node.metadata)
      if (entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        for (const [id, reason] of Object.entries(entry.data as Record<string, string>))
          out.push({ construct: c, rule: id.replace(/^annotation::/i, ''), reason });
  return out.filter((a) => NAG_RULE.test(a.rule));
}

describe.each(layouts)('cdk-nag on $name', (layout) => {
  let app: App | undefined;
  const synthesised = () => (app ??= synthApp(layout));

  it('leaves no unacknowledged AwsSolutions or Serverless error or warning', () => {
    expect(findings(synthesised())).toEqual([]);
  }, 600_000);

  it('acknowledges beside the construct a finding is about, never a whole stack, each with its reason and finding', () => {
    const root = synthesised();
    const raw = rawFindings(root);
    const acks = acknowledgements(root);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      const where = ack.construct.node.path;
      expect(Stack.isStack(ack.construct), `${ack.rule} acknowledged on the stack ${where}`).toBe(false);
      expect(ack.reason.length, `${ack.rule} at ${where}: a reason`).toBeGreaterThanOrEqual(30);
      const found = raw.some(
        (f) => f.rule === ack.rule && (f.path === where || f.path.startsWith(`${where}/`)),
      );
      expect(found, `${ack.rule} at ${where} acknowledges no finding`).toBe(true);
    }
  }, 600_000);
});

describe('the cdk-nag harness', () => {
  it('reports a finding nothing acknowledges', () => {
    const app = new App();
    const stack = new Stack(app, 'Probe');
    new s3.Bucket(stack, 'Open', { enforceSSL: false });
    app.synth();
    const lines = findings(app);
    expect(lines.some((l) => l.includes('AwsSolutions-S10') && l.includes('Probe/Open'))).toBe(true);
  });
});
