/**
 * The HTTP side of a domain handler: a router keyed by API Gateway route key, written once and used by every
 * domain. It parses the body, reads the authorizer context, maps errors to the `{ code, msg, data }` envelope
 * (never a stack trace), and logs each request with its request id.
 */
import middy from '@middy/core';
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { AppError, unauthorized } from './errors.ts';

export const logger = new Logger({
  serviceName: 'ev-console',
  logLevel: (process.env.LOG_LEVEL ?? 'WARN') as 'WARN',
});

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
  kind?: 'user' | 'fleet';
}

export interface Request {
  event: APIGatewayProxyEventV2;
  body: unknown;
  query: Record<string, string | undefined>;
  params: Record<string, string | undefined>;
  caller: Caller;
  language: string;
}

export type Route = (req: Request) => Promise<unknown>;

export const json = (status: number, body: unknown): APIGatewayProxyResultV2 => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});

export const ok = <T>(data: T): Envelope<T> => ({ code: 0, msg: 'success', data });

function readBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const type = event.headers['content-type'] ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, 'The request body is not valid JSON');
  }
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

/**
 * Builds a domain's Lambda handler from its routes. `publicRoutes` lists route keys callable without a
 * login; every other route answers 401 unless the authorizer vouched for the caller. (An HTTP API Lambda
 * authorizer can only deny with 403, and the console's login flow needs 401, so the authorizer passes the
 * verdict on and this answers it.)
 */
export function httpHandler(routes: Record<string, Route>, publicRoutes: string[] = []) {
  const base = async (event: APIGatewayProxyEventV2, _context: Context): Promise<APIGatewayProxyResultV2> => {
    const route = routes[event.routeKey];
    if (!route) return json(404, { code: 404, msg: 'Request url not found', data: null });
    const caller = readCaller(event);
    if (!publicRoutes.includes(event.routeKey) && !caller.authenticated) throw unauthorized();
    const result = await route({
      event,
      body: readBody(event),
      query: event.queryStringParameters ?? {},
      params: event.pathParameters ?? {},
      caller,
      language: event.headers['content-language'] ?? event.headers['accept-language'] ?? 'en-us',
    });
    return json(200, result);
  };

  return middy(base).use({
    before: (request) => {
      logger.appendKeys({ requestId: request.context.awsRequestId, route: request.event.routeKey });
    },
    onError: (request) => {
      const error = request.error;
      if (error instanceof AppError) {
        request.response = json(error.status, {
          code: error.code,
          msg: error.message,
          data: error.fields ?? null,
        });
      } else {
        logger.error('Unhandled error', error as Error);
        request.response = json(500, {
          code: 500,
          msg: 'Internal error, please try again later',
          data: null,
        });
      }
    },
  });
}
