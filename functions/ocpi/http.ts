/**
 * The OCPI side of HTTP (docs/decisions/426): OCPI calls are not console calls. They carry `Authorization: Token
 * {base64 token}` (the API Gateway authorizer is for staff tokens, so the routes are public there and the
 * token is checked here), answer OCPI's envelope `{ data, status_code, status_message, timestamp }` with OCPI
 * status codes, echo `X-Request-ID` and `X-Correlation-ID`, and page with `X-Total-Count`, `X-Limit` and
 * `Link`. Bad input is an OCPI client error (2001), never a 500 or a stack trace (decision 433): the route is
 * found in a Map, path parameters naming an object's prototype (`__proto__`, `constructor`, `prototype`) or
 * not printable ASCII of at most 255 characters are refused before any module runs, a body over 1 MB is
 * refused unread, and JSON bodies holding a prototype name at any depth are refused.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { OCPI_STATUS } from '@shared/schemas/ocpi.ts';
import { publicBaseUrl } from '@functions/commands/files.ts';
import { AppError } from '@functions/lib/errors.ts';
import { isSizeRefusal, PROTOTYPE_KEYS } from '@functions/api/http.ts';
import { logger } from '@functions/lib/logger.ts';
import { withCorrelation } from '@functions/lib/correlation.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';
import { translate } from '@functions/lib/i18n.ts';
import { invalidParameters, OcpiError } from './errors.ts';
import { partnerByToken, type Partner } from './partners.ts';

/** A page of a pull: the items, how many there are in all, and the query it answered. */
export class OcpiPage {
  constructor(
    readonly items: unknown[],
    readonly total: number,
    readonly offset: number,
    readonly limit: number,
  ) {}
}

export interface OcpiRequest {
  event: APIGatewayProxyEventV2;
  /** The path parameters, checked (printable ASCII, no prototype name); an object without a prototype. */
  params: Record<string, string | undefined>;
  /** The query's own parameters; an object without a prototype. */
  query: Record<string, string | undefined>;
  body: unknown;
  /** The partner whose token the call carries (undefined on a call that may come without a known one). */
  partner?: Partner;
  /** The token the call carried, as sent (decoded). */
  token: string;
  /** This platform's OCPI base (`https://host/ocpi`), for the URLs it gives out. */
  base: string;
}

export interface OcpiRoute {
  run: (req: OcpiRequest) => Promise<unknown>;
  /**
   * Who may call: `registered` only a registered partner by its current token; `any` also a token the
   * platform gave a partner to register with (versions and credentials).
   */
  auth: 'registered' | 'any';
}

/** The token of `Authorization: Token {token}`: base64 in OCPI 2.2.1; a plain one is taken as sent. */
export function tokenOf(header: string | undefined): string | undefined {
  const match = /^Token\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const sent = match[1]!;
  const decoded = Buffer.from(sent, 'base64').toString('utf8');
  // Only a clean round trip is base64: a plain token that happens to decode is taken as sent.
  return Buffer.from(decoded, 'utf8').toString('base64').replace(/=+$/, '') === sent.replace(/=+$/, '') &&
    /^[\x20-\x7e]+$/.test(decoded)
    ? decoded
    : sent;
}

/** The platform's OCPI base URL (`{PUBLIC_BASE_URL or the request's origin}/ocpi`). */
export const ocpiBase = (event: APIGatewayProxyEventV2) => `${publicBaseUrl(event)}/ocpi`;

const envelope = (statusCode: number, message: string, data?: unknown) => ({
  ...(data === undefined ? {} : { data }),
  status_code: statusCode,
  status_message: message,
  timestamp: new Date().toISOString(),
});

/** The largest body an OCPI call may carry: its objects are a few kilobytes (decision 433). */
export const OCPI_MAX_BODY_BYTES = 1024 * 1024;

/** A path parameter as the modules may take it: printable ASCII, 1 to 255 characters (decision 433). */
const PARAM_TEXT = /^[\x20-\x7e]{1,255}$/;

/** A request or correlation id worth echoing: printable ASCII without spaces, at most 255 characters. */
const ECHOED_ID = /^[\x21-\x7e]{1,255}$/;

/**
 * The own entries of an object API Gateway built from what the caller sent, copied into an object without a
 * prototype: `params.constructor` is then undefined, not Object's constructor.
 */
function ownEntries(
  values: Record<string, string | undefined> | undefined,
): Record<string, string | undefined> {
  const own = Object.create(null) as Record<string, string | undefined>;
  for (const [name, value] of Object.entries(values ?? {})) own[name] = value;
  return own;
}

/** The path parameters, or 2001 naming the first that a module must not see. */
function readParams(event: APIGatewayProxyEventV2): Record<string, string | undefined> {
  const params = ownEntries(event.pathParameters);
  for (const [name, value] of Object.entries(params))
    if (value === undefined || !PARAM_TEXT.test(value) || PROTOTYPE_KEYS.has(value))
      throw invalidParameters(`Invalid ${name} parameter`);
  return params;
}

function readBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return undefined;
  const size = Buffer.byteLength(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (size > OCPI_MAX_BODY_BYTES)
    throw new OcpiError(413, OCPI_STATUS.invalidParameters, 'The body is larger than 1 MB');
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text, (key, value: unknown) => {
      if (PROTOTYPE_KEYS.has(key)) throw invalidParameters(`Field ${key} is not allowed`);
      return value;
    });
  } catch (error) {
    if (error instanceof OcpiError) throw error;
    throw invalidParameters('The body is not JSON');
  }
}

/** The `Link` of the next page, when there is one: the same URL with the next offset. */
function nextLink(event: APIGatewayProxyEventV2, base: string, page: OcpiPage): string | undefined {
  if (page.offset + page.items.length >= page.total) return undefined;
  const url = new URL(`${base.replace(/\/ocpi$/, '')}${event.rawPath}`);
  for (const [k, v] of Object.entries(event.queryStringParameters ?? {})) if (v) url.searchParams.set(k, v);
  url.searchParams.set('offset', String(page.offset + page.items.length));
  url.searchParams.set('limit', String(page.limit));
  return `<${url.toString()}>; rel="next"`;
}

/** Builds the OCPI handler from its routes (keyed by API Gateway route key, as every domain's). */
export function ocpiHandler(routes: Record<string, OcpiRoute>) {
  // A Map: a route key is never looked up among an object's inherited properties (decision 433).
  const byKey = new Map(Object.entries(routes));
  const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyResultV2> => {
    const sent = (name: string) => {
      const value = event.headers?.[name];
      return typeof value === 'string' && ECHOED_ID.test(value) ? value : undefined;
    };
    const requestId = sent('x-request-id') ?? randomUUID();
    const correlationId = sent('x-correlation-id') ?? requestId;
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': requestId,
      'x-correlation-id': correlationId,
    };
    const answer = (status: number, body: unknown, extra: Record<string, string> = {}) => ({
      statusCode: status,
      headers: { ...headers, ...extra },
      body: JSON.stringify(body),
    });
    const route = byKey.get(event.routeKey);
    if (!route) return answer(404, envelope(OCPI_STATUS.clientError, 'Unknown endpoint'));
    // This request's own log context (decision 435): never keys on the logger that other requests share. The
    // partner's correlation id is the flow's (functions/lib/correlation.ts), when it is one we can carry.
    return withCorrelation(correlationId, { requestId, route: event.routeKey }, async () => {
      try {
        const token = tokenOf(event.headers?.authorization);
        if (!token) throw new OcpiError(401, OCPI_STATUS.clientError, 'Authorization: Token is missing');
        const partner = await partnerByToken(token);
        const allowed = partner && (route.auth === 'any' || partner.registered);
        if (!allowed) throw new OcpiError(401, OCPI_STATUS.clientError, 'Unknown or expired token');
        const base = ocpiBase(event);
        const req: OcpiRequest = {
          event,
          params: readParams(event),
          query: ownEntries(event.queryStringParameters),
          body: readBody(event),
          partner,
          token,
          base,
        };
        const data = await route.run(req);
        if (data instanceof OcpiPage) {
          const link = nextLink(event, base, data);
          return answer(200, envelope(OCPI_STATUS.success, 'Success', data.items), {
            'x-total-count': String(data.total),
            'x-limit': String(data.limit),
            ...(link ? { link } : {}),
          });
        }
        return answer(200, envelope(OCPI_STATUS.success, 'Success', data ?? undefined));
      } catch (error) {
        if (error instanceof OcpiError)
          return answer(error.httpStatus, envelope(error.statusCode, error.message));
        if (isSizeRefusal(error))
          return answer(400, envelope(OCPI_STATUS.invalidParameters, 'A value is too long'));
        // A refusal of the services below (the partner changed meanwhile: a concurrent handshake).
        if (error instanceof AppError && error.status < 500)
          return answer(409, envelope(OCPI_STATUS.clientError, translate('en', error.message, error.values)));
        logger.error('OCPI call failed', error as Error);
        return answer(500, envelope(OCPI_STATUS.serverError, 'Internal error'));
      }
    });
  };
  // The route keys travel with the handler so a test can hold them against the topology (test/infra/routes).
  // Traced, its metrics published at its end (functions/lib/tracing.ts).
  return Object.assign(lambdaEntry(handler), {
    routes: Object.freeze(Object.keys(routes)) as readonly string[],
  });
}
