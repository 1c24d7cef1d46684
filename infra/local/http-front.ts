/**
 * The HTTP API as API Gateway runs it: requests matched against the topology's routes become payload-2.0
 * events for the same domain handlers (authorizer first for `user` routes). The same server serves the built
 * console under /charge/ (SPA fallback, security headers) and the local AWS endpoints under /__aws/.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewaySimpleAuthorizerWithContextResult,
} from 'aws-lambda';
import type { FunctionRef, HttpRouteDecl, Topology } from '@shared/topology/types.ts';
import { mapsSources } from '@shared/web/maps-csp.ts';
import { translate } from '@functions/lib/i18n.ts';
import { decodeComponent } from '@functions/lib/uri.ts';
import { invoke } from './invoke.ts';

/** API Gateway's payload limit. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  decl: HttpRouteDecl;
  pattern: RegExp;
  names: string[];
}

export function compileRoutes(routes: HttpRouteDecl[]): CompiledRoute[] {
  return routes.map((decl) => {
    const names: string[] = [];
    const source = decl.path
      .split('/')
      .map((seg) => {
        const greedy = /^\{(\w+)\+\}$/.exec(seg);
        if (greedy) return (names.push(greedy[1]!), '(.+)');
        const param = /^\{(\w+)\}$/.exec(seg);
        if (param) return (names.push(param[1]!), '([^/]+)');
        return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    return { decl, pattern: new RegExp(`^${source}$`), names };
  });
}

/** The route a request matches; `malformed` when a path parameter holds a broken percent-escape. */
export function matchRoute(routes: CompiledRoute[], method: string, pathname: string) {
  for (const r of routes) {
    if (r.decl.method !== method) continue;
    const m = r.pattern.exec(pathname);
    if (!m) continue;
    const values = r.names.map((_, i) => decodeComponent(m[i + 1]!));
    if (values.some((v) => v === undefined)) return { route: r.decl, params: {}, malformed: true };
    return { route: r.decl, params: Object.fromEntries(r.names.map((n, i) => [n, values[i]!])) };
  }
  return undefined;
}

/**
 * The URL of a request, or undefined when its target cannot be one (`http://[::1`). A target that starts
 * with a slash is a path of `base`: `//` and `//host/x` stay paths instead of naming a host.
 */
export function requestUrl(target: string | undefined, base: string): URL | undefined {
  try {
    return target?.startsWith('/') ? new URL(`${base}${target}`) : new URL(target ?? '/', base);
  } catch {
    return undefined;
  }
}

/** A refusal from the front itself, in the handlers' envelope and the caller's language. */
export function sendRefusal(req: IncomingMessage, res: ServerResponse, status: number, key: string) {
  const language = req.headers['content-language'] ?? req.headers['accept-language'];
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ code: 1, msg: translate(language, key), data: null }));
}

const TEXT_TYPES = /json|text|xml|x-www-form-urlencoded|javascript/;

export function toApiEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  route: HttpRouteDecl,
  params: Record<string, string>,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined && k !== 'cookie') headers[k] = Array.isArray(v) ? v.join(',') : v;
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = query[k] === undefined ? v : `${query[k]},${v}`;
  const text = TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  const routeKey = `${route.method} ${route.path}`;
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies: req.headers.cookie ? req.headers.cookie.split(/;\s*/) : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: body.length ? (text ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !text,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
}

export function sendResult(res: ServerResponse, result: APIGatewayProxyResultV2 | undefined) {
  // Payload 2.0: a result without statusCode is a JSON body with status 200.
  if (result === undefined || typeof result !== 'object' || !('statusCode' in result)) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(result === undefined ? '' : JSON.stringify(result));
  }
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
}

/**
 * The request's body. Over `limit` it is refused with status 413; the rest is read and dropped so the client,
 * still sending, gets that answer rather than a reset (up to 4 × `limit`: then the connection is cut).
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= limit) return void chunks.push(c);
      chunks = [];
      reject(Object.assign(new Error('Request body too large'), { status: 413 }));
      if (size > 4 * limit) req.destroy();
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Calls a route's handler as API Gateway would, the authorizer first for `user` routes. */
export async function handleApi(
  topology: Topology,
  routes: CompiledRoute[],
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: Buffer,
): Promise<boolean> {
  const match = matchRoute(routes, req.method ?? 'GET', url.pathname);
  if (!match) return false;
  if (match.malformed) return (sendRefusal(req, res, 400, 'server.badUrl'), true);
  const event = toApiEvent(req, url, body, match.route, match.params);
  if (match.route.auth !== 'public') {
    // Identity source $request.header.Authorization: without it API Gateway answers 401 itself.
    if (!event.headers.authorization) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Unauthorized' }));
      return true;
    }
    const verdict = await invoke<APIGatewaySimpleAuthorizerWithContextResult<Record<string, unknown>>>(
      topology.httpAuthorizer,
      {
        version: '2.0',
        type: 'REQUEST',
        routeArn: `arn:aws:execute-api:local:000000000000:local/$default/${match.route.method}${match.route.path}`,
        identitySource: [event.headers.authorization],
        routeKey: event.routeKey,
        rawPath: event.rawPath,
        rawQueryString: event.rawQueryString,
        headers: event.headers,
        queryStringParameters: event.queryStringParameters,
        pathParameters: event.pathParameters,
        requestContext: event.requestContext,
      },
    );
    if (!verdict.isAuthorized) {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Forbidden' }));
      return true;
    }
    (event.requestContext as unknown as { authorizer: unknown }).authorizer = {
      lambda: verdict.context ?? {},
    };
  }
  const ref: FunctionRef | undefined = topology.domains[match.route.domain];
  if (!ref) throw new Error(`Route ${event.routeKey} names unknown domain ${match.route.domain}`);
  sendResult(res, await invoke<APIGatewayProxyResultV2>(ref, event));
  return true;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

/**
 * The same security headers the CloudFront response policy sets. `paymentOrigin` is the local Stripe stand-in:
 * the card module calls it and frames its 3-D Secure page (hosted, Stripe.js's origins are allowed instead).
 */
export function securityHeaders(paymentOrigin?: string) {
  const payment = paymentOrigin ? ` ${paymentOrigin}` : '';
  return {
    'x-content-type-options': 'nosniff',
    // The privacy page frames its notice from the same origin (docs/product.md section 2); nobody else may
    // frame us.
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // The sites map's Google Maps JavaScript API (shared/web/maps-csp.ts) beside our own origin.
    'content-security-policy': [
      `default-src 'self'`,
      `script-src 'self'${mapsSources('script-src')}`,
      `img-src 'self' data: blob:${mapsSources('img-src')}`,
      `style-src 'self' 'unsafe-inline'${mapsSources('style-src')}`,
      `font-src 'self' data:${mapsSources('font-src')}`,
      `connect-src 'self' ws: wss:${payment}${mapsSources('connect-src')}`,
      `frame-src 'self'${payment}${mapsSources('frame-src')}`,
      `worker-src 'self'${mapsSources('worker-src')}`,
      `frame-ancestors 'self'`,
    ].join('; '),
  };
}
export const SECURITY_HEADERS = securityHeaders();

/** Serves web/dist under /charge/: files as they are, any other path the SPA's index.html. */
export function serveConsole(
  distDir: string,
  url: URL,
  res: ServerResponse,
  headers: Record<string, string> = SECURITY_HEADERS,
) {
  // A path that does not decode names no file: the SPA answers it (its own "page not found").
  const rel = decodeComponent(url.pathname.replace(/^\/charge\/?/, '')) ?? '';
  let file = path.resolve(distDir, rel);
  if (!file.startsWith(path.resolve(distDir)) || !existsSync(file) || statSync(file).isDirectory()) {
    file = path.join(distDir, 'index.html');
  }
  if (!existsSync(file)) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    return res.end('The console is not built yet: run npm start (it builds it) or npm run build:web.');
  }
  const immutable = rel.startsWith('assets/');
  res.writeHead(200, {
    'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...headers,
  });
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
