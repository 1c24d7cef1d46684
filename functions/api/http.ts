/**
 * The HTTP side of a domain handler: a router keyed by API Gateway route key, written once and used by every
 * domain. It parses the body, reads the authorizer context, loads the caller's identity, checks the
 * permission codes the route declares in the topology (403 otherwise; a Pro-only code says so), writes the audit entry of mutating
 * calls, maps errors to the `{ code, msg, data }` envelope in the caller's language (never a stack trace),
 * and logs each request with its request id.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { topology } from '@shared/topology/index.ts';
import type { HttpRouteDecl } from '@shared/topology/types.ts';
import { loadIdentity, requireCode, type Identity } from '@functions/identity/access.ts';
import { writeAudit } from './audit.ts';
import { AppError, badRequest, forbidden, unauthorized } from '@functions/lib/errors.ts';
import { translate } from '@functions/lib/i18n.ts';
import { httpCorrelationId, withCorrelation } from '@functions/lib/correlation.ts';
import { logger } from '@functions/lib/logger.ts';
import { markObserved, observability } from '@functions/lib/tracing.ts';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** What the HTTP authorizer passes on (functions/authorizer/http.ts). */
export interface Caller {
  authenticated: boolean;
  reason?: string;
  userId?: string;
  username?: string;
  agentId?: string;
  kind?: 'user' | 'fleet' | 'app';
  sessionId?: string;
}

export interface Request {
  event: APIGatewayProxyEventV2;
  body: unknown;
  query: Record<string, string | undefined>;
  params: Record<string, string | undefined>;
  caller: Caller;
  /** The signed-in user's identity (undefined on public and driver-app routes). */
  identity?: Identity;
  /** On driver-app routes: the signed-in app user's id (the route loads the user). */
  appUserId?: string;
  language: string;
  /** Sets who the audit entry names when the route is public (a login names the username tried). */
  auditAs?: string;
  /** The tenant of that entry, once known (a login's user), so the user's company sees it. */
  auditTenant?: string;
}

/** A route's identity, for routes that require a login. */
export function who(req: Request): Identity {
  if (!req.identity) throw unauthorized();
  return req.identity;
}

export type Route = (req: Request) => Promise<unknown>;

/** A handler result that is sent as is instead of as JSON (an image, a redirect). */
export class RawResponse {
  constructor(readonly result: APIGatewayProxyResultV2) {}
}

export const json = (status: number, body: unknown): APIGatewayProxyResultV2 => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});

export const ok = <T>(data: T): Envelope<T> => ({ code: 0, msg: 'success', data });

/**
 * Field names that reach for an object's prototype. No request has a use for them and, merged into an object
 * or stored, they change what the code or the database client sees: refused anywhere in a body.
 */
export const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function readBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const type = event.headers['content-type'] ?? '';
  if (!type.includes('json')) return text;
  let reserved: string | undefined;
  try {
    return JSON.parse(text, (key, value: unknown) => {
      if (!PROTOTYPE_KEYS.has(key)) return value;
      reserved = key;
      throw new Error(`reserved field ${key}`);
    });
  } catch {
    if (reserved) throw badRequest('server.reservedField', undefined, { name: reserved });
    throw new AppError(400, 'server.badJson');
  }
}

/**
 * DynamoDB refusing a key or an item for its size (an id of 3,000 bytes, a partition key over 2,048 bytes, a
 * sort key over 1,024, an item over 400 KB): the caller's input is too long, not a failure of the service.
 * Matches DynamoDB's messages and DynamoDB Local's.
 */
export function isSizeRefusal(error: unknown): boolean {
  const e = error as { name?: string; message?: string } | undefined;
  return (
    e?.name === 'ValidationException' &&
    /key.*(size|bytes)|size.*key|item size/i.test(String(e.message ?? ''))
  );
}

function readCaller(event: APIGatewayProxyEventV2): Caller {
  const ctx = (event.requestContext as { authorizer?: { lambda?: Record<string, unknown> } }).authorizer
    ?.lambda;
  if (!ctx) return { authenticated: false };
  return {
    ...(ctx as unknown as Caller),
    authenticated: ctx.authenticated === true || ctx.authenticated === 'true',
  };
}

const declByKey = new Map<string, HttpRouteDecl>(topology.routes.map((r) => [`${r.method} ${r.path}`, r]));

const languageOf = (event: APIGatewayProxyEventV2) =>
  event.headers['content-language'] ?? event.headers['accept-language'] ?? 'en-us';

function errorResponse(error: unknown, language: string): APIGatewayProxyResultV2 {
  if (error instanceof AppError) {
    const fields = error.fields
      ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translate(language, v)]))
      : null;
    const first = fields ? Object.values(fields)[0] : undefined;
    const msg = translate(language, error.message, error.values);
    return json(error.status, {
      code: error.code,
      msg: first && error.status === 400 ? `${msg}: ${first}` : msg,
      data: fields,
    });
  }
  logger.error('Unhandled error', error as Error);
  return json(500, { code: 500, msg: translate(language, 'server.internal'), data: null });
}

/**
 * Builds a domain's Lambda handler from its routes. Public routes (topology `auth: 'public'`) are callable
 * without a login; every other route answers 401 unless the authorizer vouched for the caller and the account
 * may still sign in, then 403 unless the caller holds the route's permission code. (An HTTP API Lambda
 * authorizer can only deny with 403, and the console's login flow needs 401, so the authorizer passes the
 * verdict on and this answers it.) `extraPublic` is for test fixtures outside the topology.
 */
export function httpHandler(routes: Record<string, Route>, extraPublic: string[] = []) {
  const base = async (event: APIGatewayProxyEventV2, _context: Context): Promise<APIGatewayProxyResultV2> => {
    const language = languageOf(event);
    const route = routes[event.routeKey];
    if (!route) return json(404, { code: 404, msg: translate(language, 'server.urlNotFound'), data: null });
    const decl = declByKey.get(event.routeKey);
    const isPublic = decl?.auth === 'public' || extraPublic.includes(event.routeKey);
    const startedAt = Date.now();
    const req: Request = {
      event,
      body: undefined,
      query: event.queryStringParameters ?? {},
      params: event.pathParameters ?? {},
      caller: readCaller(event),
      language,
    };
    let failure: unknown;
    try {
      if (decl?.auth === 'app') {
        // The driver app's routes take its tokens only; staff tokens are no app user's.
        if (!req.caller.authenticated || !req.caller.userId || req.caller.kind !== 'app')
          throw unauthorized();
        req.appUserId = req.caller.userId;
      } else if (!isPublic) {
        if (!req.caller.authenticated || !req.caller.userId || req.caller.kind === 'app')
          throw unauthorized();
        req.identity = await loadIdentity(req.caller.userId);
        // A fleet account reaches its fleet's calls and the ones every signed-in user makes, whatever its roles.
        if (req.identity.fleetId !== undefined && decl?.permission !== 'login' && !decl?.fleet)
          throw forbidden();
        const needed = [decl?.permission, ...(decl?.alsoNeeds ?? [])];
        for (const code of needed) if (code && code !== 'login') requireCode(req.identity, code);
      }
      req.body = readBody(event);
      const result = await route(req);
      return result instanceof RawResponse ? result.result : json(200, result);
    } catch (error) {
      failure = isSizeRefusal(error) ? badRequest('server.valueTooLong') : error;
      return errorResponse(failure, language);
    } finally {
      logger.debug('Request handled', { ms: Date.now() - startedAt, failed: failure !== undefined });
      if (decl?.audit && (req.identity || req.auditAs)) {
        // An unexpected error is logged above; the audit entry, which users read, only says it happened.
        const exception =
          failure === undefined
            ? undefined
            : translate(
                'en',
                failure instanceof AppError ? failure.message : 'server.internal',
                failure instanceof AppError ? failure.values : undefined,
              );
        await writeAudit({
          event,
          title: decl.audit,
          titleWhat: decl.auditWhat,
          mask: decl.auditMask,
          serviceId: decl.domain,
          createBy: req.identity?.user.username ?? req.auditAs ?? '',
          tenant: req.identity?.scope ?? req.auditTenant,
          body: req.body,
          startedAt,
          exception,
        }).catch((error) => logger.error('Audit write failed', error as Error));
      }
    }
  };

  // Each request logs under its own id, route and correlation id (the caller's `x-correlation-id`, else API
  // Gateway's request id, which its access log shows), also after an await (functions/lib/log-context.ts,
  // functions/lib/correlation.ts); traced, its metrics published at its end (functions/lib/tracing.ts).
  const lambda = middy((event: APIGatewayProxyEventV2, context: Context) =>
    withCorrelation(
      httpCorrelationId(event.headers, event.requestContext?.requestId ?? context.awsRequestId),
      { requestId: context.awsRequestId, route: event.routeKey },
      () => base(event, context),
    ),
  ).use(observability());
  // The route keys travel with the handler so a test can hold them against the topology (test/infra/routes).
  return Object.assign(markObserved(lambda), {
    routes: Object.freeze(Object.keys(routes)) as readonly string[],
  });
}
