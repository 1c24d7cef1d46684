/**
 * cdk-nag's AwsSolutions and Serverless rule packs on the synthesised stacks (decision 442): the dev and prod
 * stages as `npx cdk synth` builds them offline, and prod as deployed outside us-east-1 (its CloudFront web ACL
 * in a us-east-1 stack of its own). No finding may be left: each is fixed in infra/cdk, or acknowledged beside
 * the construct it is about, with its reason, and no acknowledgement may outlive its finding.
 *
 * The apps come from test/infra/synth.ts (bundling skipped: the rules read the templates, not the code), made
 * once per worker and shared with the other infra files (docs/decisions/448-tests-in-minutes.md).
 */
import { Stack, Validations, type App, type PolicyViolation } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks, ServerlessChecks, type NagPack } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';

import { sharedConsole, testApp, type SharedLayout } from './synth.ts';

type Layout = { name: string; layout: SharedLayout };
const layouts: Layout[] = [
  { name: 'dev', layout: 'dev' },
  { name: 'prod', layout: 'prod' },
  { name: 'prod in eu-central-1 with its us-east-1 web ACL stack', layout: 'prod-edge' },
];

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

describe.each(layouts)('cdk-nag on $name', ({ layout }) => {
  // Synthesised once per worker, shared with the other infra files (test/infra/synth.ts).
  const synthesised = () => sharedConsole(layout).app;

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
    const app = testApp();
    const stack = new Stack(app, 'Probe');
    new s3.Bucket(stack, 'Open', { enforceSSL: false });
    app.synth();
    const lines = findings(app);
    expect(lines.some((l) => l.includes('AwsSolutions-S10') && l.includes('Probe/Open'))).toBe(true);
  });
});
