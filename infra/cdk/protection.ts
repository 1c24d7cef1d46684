/**
 * What keeps abusive traffic off the product (decision 442): the CloudFront web ACL (AWS WAF, scope CLOUDFRONT)
 * and API Gateway's throttling per route class. The classes come from the topology, so a sign-in or OCPI route
 * added to shared/topology is limited without a line here.
 *
 * API Gateway HTTP APIs (v2) and WebSocket APIs cannot be associated with a WAF web ACL (only REST APIs can), so
 * the console API and the OCPP endpoint are protected where they are reached: the CloudFront distribution in
 * front of both.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL, type CfnWebACLProps } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

import type { HttpRouteDecl, Topology } from '@shared/topology/types.ts';

/** A route class: routes limited more strictly than the rest, by WAF (per IP) and API Gateway (in total). */
export interface RouteClass {
  id: string;
  description: string;
  routes: (t: Topology) => HttpRouteDecl[];
  /** Requests per client IP in five minutes before WAF answers 429. */
  wafLimitPer5Minutes: number;
  /** API Gateway throttling of each route of the class (all callers together). */
  throttle: { rateLimit: number; burstLimit: number };
}

/** Domains whose public routes are sign-in steps: the image code, the login calls, the app's sign-up/in. */
const SIGN_IN_DOMAINS = new Set(['auth', 'driverapp']);

export const ROUTE_CLASSES: RouteClass[] = [
  {
    id: 'signIn',
    description:
      'Sign-in steps that take no token: the image code, the console and fleet logins, the public key, the ' +
      "login page's password change, the driver app's sign-up and sign-in",
    routes: (t) =>
      t.routes.filter(
        (r) =>
          r.auth === 'public' && (SIGN_IN_DOMAINS.has(r.domain) || r.audit === 'server.audit.passwordChange'),
      ),
    // Drivers behind a mobile carrier's NAT share an address: one request a second per address on average.
    wafLimitPer5Minutes: 300,
    throttle: { rateLimit: 20, burstLimit: 40 },
  },
  {
    id: 'ocpi',
    description: "Roaming partners' OCPI calls (token-authenticated by the handler)",
    routes: (t) => t.routes.filter((r) => r.domain === 'ocpi'),
    // A partner is a server at a few addresses that pulls locations page by page: ten requests a second.
    wafLimitPer5Minutes: 3000,
    throttle: { rateLimit: 100, burstLimit: 200 },
  },
];

/** API Gateway throttling of every other HTTP route (all callers together). */
export const HTTP_DEFAULT_THROTTLE = { rateLimit: 500, burstLimit: 1000 };
/** The OCPP WebSocket API: messages of every charger together; connects limited apart (reconnect storms). */
export const WS_DEFAULT_THROTTLE = { rateLimit: 1000, burstLimit: 2000 };
export const WS_CONNECT_THROTTLE = { rateLimit: 100, burstLimit: 500 };

/** A stage's RouteSettings entry as CloudFormation takes it (the L1 property is untyped JSON, passed as is). */
export interface CfnRouteSettings {
  ThrottlingRateLimit: number;
  ThrottlingBurstLimit: number;
  DetailedMetricsEnabled?: boolean;
}

/** `POST /app/auth/signIn` -> its stricter throttle, for the HTTP stage's RouteSettings. */
export function httpRouteSettings(t: Topology): Record<string, CfnRouteSettings> {
  const out: Record<string, CfnRouteSettings> = {};
  for (const cls of ROUTE_CLASSES)
    for (const r of cls.routes(t))
      out[`${r.method} ${r.path}`] = {
        ThrottlingRateLimit: cls.throttle.rateLimit,
        ThrottlingBurstLimit: cls.throttle.burstLimit,
      };
  return out;
}

/**
 * The paths WAF matches for a class: the class's common folder (`/ocpi/`) when it has one, otherwise each path,
 * exactly, or up to its first path parameter. API Gateway matches paths case-sensitively, so a path in other
 * letters reaches no route and needs no match.
 */
export function wafPathMatches(routes: HttpRouteDecl[]): { path: string; exact: boolean }[] {
  const paths = [...new Set(routes.map((r) => r.path))].sort();
  if (paths.length === 0) return [];
  let common = paths[0]!;
  for (const p of paths) while (!p.startsWith(common)) common = common.slice(0, -1);
  common = common.slice(0, common.lastIndexOf('/') + 1);
  if (common.length > 1 && paths.length > 1) return [{ path: common, exact: false }];
  const out = new Map<string, boolean>();
  for (const p of paths) {
    const brace = p.indexOf('{');
    if (brace < 0) out.set(p, true);
    else out.set(p.slice(0, brace), false);
  }
  return [...out].map(([path, exact]) => ({ path, exact }));
}

const pathStatement = (m: { path: string; exact: boolean }): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: m.exact ? 'EXACTLY' : 'STARTS_WITH',
    searchString: m.path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/**
 * Rules of the Core rule set counted, not blocked, because the product's own traffic matches them: chargers
 * upload diagnostics and the console uploads firmware, images and Excel imports (bodies over 8 KB); chargers and
 * partners' HTTP clients send no User-Agent; settings and OCPI credentials carry URLs (remote file inclusion).
 */
export const COMMON_RULES_COUNTED = ['SizeRestrictions_BODY', 'NoUserAgent_HEADER', 'GenericRFI_BODY'];

const managed = (name: string, priority: number, counted: string[] = []): CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ...(counted.length > 0
        ? { ruleActionOverrides: counted.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
        : {}),
    },
  },
  visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true },
});

/** The properties of the CloudFront web ACL: managed rule groups and a rate rule per route class. */
export function cloudFrontWebAclProps(name: string, t: Topology): CfnWebACLProps {
  const rules: CfnWebACL.RuleProperty[] = [managed('AWSManagedRulesAmazonIpReputationList', 0)];
  ROUTE_CLASSES.forEach((cls, i) => {
    const matches = wafPathMatches(cls.routes(t));
    if (matches.length === 0) return;
    const scopeDownStatement =
      matches.length === 1
        ? pathStatement(matches[0]!)
        : { orStatement: { statements: matches.map(pathStatement) } };
    rules.push({
      name: `RateLimit-${cls.id}`,
      priority: 10 + i,
      action: { block: { customResponse: { responseCode: 429 } } },
      statement: {
        rateBasedStatement: {
          limit: cls.wafLimitPer5Minutes,
          evaluationWindowSec: 300,
          aggregateKeyType: 'IP',
          scopeDownStatement,
        },
      },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        metricName: `RateLimit-${cls.id}`,
        sampledRequestsEnabled: true,
      },
    });
  });
  rules.push(managed('AWSManagedRulesCommonRuleSet', 20, COMMON_RULES_COUNTED));
  rules.push(managed('AWSManagedRulesKnownBadInputsRuleSet', 21));
  return {
    name,
    description: 'Console, API and OCPP endpoint behind CloudFront, decision 442',
    scope: 'CLOUDFRONT',
    defaultAction: { allow: {} },
    visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true },
    rules,
  };
}

export interface EdgeWafStackProps extends StackProps {
  topology: Topology;
  /** Name of the web ACL. */
  webAclName: string;
}

/**
 * The CloudFront web ACL in us-east-1, where CLOUDFRONT-scoped web ACLs must live, for a console stack deployed
 * in another region: that stack reads the ARN through CDK's cross-region references (bin/cdk.ts).
 */
export class EdgeWafStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeWafStackProps) {
    if (props.env?.region !== 'us-east-1') throw new Error('EdgeWafStack must be deployed in us-east-1.');
    super(scope, id, props);
    this.webAcl = new CfnWebACL(
      this,
      'CloudFrontWebAcl',
      cloudFrontWebAclProps(props.webAclName, props.topology),
    );
  }
}

/** Why a public route (no authorizer) is public: the cdk-nag acknowledgement beside the route (AwsSolutions-APIG4). */
export function publicRouteReason(t: Topology, route: HttpRouteDecl): string {
  const cls = ROUTE_CLASSES.find((c) => c.routes(t).includes(route));
  if (cls?.id === 'signIn')
    return 'A sign-in step: the caller has no token yet. WAF (per address) and the route throttle limit it (decision 442).';
  if (cls?.id === 'ocpi')
    return 'OCPI wire API: partners send "Authorization: Token", which the handler checks against the partner records (decision 426).';
  if (route.path.startsWith('/ocpp-files/'))
    return 'Charger file transfer: the signed, expiring token in the path is the credential, checked by the handler (functions/commands/files.ts).';
  if (route.path.endsWith('/webhook'))
    return 'Stripe webhook: Stripe signs each event and the handler checks the signature (docs/payments.md).';
  if (route.path === '/health') return 'Health probe: it answers no data.';
  return `Declared public in shared/topology: ${route.method} ${route.path} serves the signed-out login page and checks its input itself.`;
}
