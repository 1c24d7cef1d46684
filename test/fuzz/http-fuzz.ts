/**
 * The HTTP fuzz pass (issue 15, "nothing an outsider sends breaks the service"): bad input of every class sent
 * to every route of the topology, as an anonymous caller, a signed-in platform administrator and a company
 * operator, against a running local runtime. Each answer must be a 4xx or a refusal, never a 5xx nor a stack
 * trace, with a message that is text (not a catalogue key); the runtime must be healthy afterwards.
 *
 * Inputs come from a seeded PRNG, one stream per request index, so a finding names the seed and index that
 * reproduce it whatever order the parallel requests ran in.
 */
import http from 'node:http';
import { topology } from '@infra/topology/index.ts';
import type { HttpRouteDecl } from '@infra/topology/types.ts';
import { repoRoot } from '@infra/local/paths.ts';
import { api, login } from '../helpers/identity.ts';

/** mulberry32: small, fast and good enough to pick inputs. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

/**
 * Routes whose success would break the pass itself, so they are not fuzzed:
 * - logout revokes the fuzzing session's token (every later call of that caller would be a 401);
 * - changing one's own password with a wrong old password counts as a failed sign-in and may lock the
 *   fuzzing account.
 */
export const SKIPPED_ROUTES = new Set(['GET /auth/token/logout', 'POST /admin/user/updatePwd']);

// ---- Bad values ------------------------------------------------------------------------------------------

/** Raw path or query text: sent as is (percent-escapes included), never re-encoded. */
const RAW_BAD = [
  '%E0%A4%A',
  '%',
  '%%',
  '%zz',
  '%C0%AF',
  '%FF%FE',
  '%00',
  '%2e%2e%2f%2e%2e%2fetc',
  '..%2F..%2F',
  '%u0041',
];

/** Text values (percent-encoded when they go into a URL). */
const TEXT_BAD = [
  'x'.repeat(3000),
  'é'.repeat(1100),
  '\u{1F600}'.repeat(600),
  'ü漢字ไทย\u202e',
  '../../../../etc/passwd',
  '..',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  '\u0000',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'undefined',
  '[]',
  '{}',
  'true',
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
];

const NUMBER_BAD = [
  -1,
  0,
  1.5,
  2 ** 31,
  2 ** 53,
  1e308,
  -1e308,
  4_294_968,
  99_999_999_999,
  Number.MAX_SAFE_INTEGER,
];

const PAGE_QUERIES = [
  'current=99999999999&size=500',
  'current=4294968&size=500',
  'current=2147483648&size=1',
  'current=1&size=99999999',
  'current=-5&size=-5',
  'current=0&size=0',
  'current=1.5&size=2.5',
  'current=abc&size=def',
  'current=1e400&size=1e400',
  'current=&size=',
  'current=1&current=2&size=10&size=20',
];

/** Field names the routes use, given values of the wrong type. */
const FIELDS = [
  'id',
  'ids',
  'current',
  'size',
  'version',
  'name',
  'status',
  'username',
  'password',
  'roleIds',
  'menuIds',
  'stationId',
  'chargePointId',
  'operatorId',
  'parentId',
  'idTag',
  'startTime',
  'endTime',
  'orderBy',
  'order',
  'connectorId',
  'type',
  'params',
  'balance',
  'amount',
  'email',
  'phone',
  'quoteId',
  'planId',
];

function wrongValue(rnd: Random, depth = 0): unknown {
  switch (Math.floor(rnd() * (depth > 1 ? 6 : 9))) {
    case 0:
      return pick(rnd, TEXT_BAD);
    case 1:
      return pick(rnd, NUMBER_BAD);
    case 2:
      return rnd() < 0.5;
    case 3:
      return null;
    case 4:
      return 'y'.repeat(1 + Math.floor(rnd() * 70_000));
    case 5:
      return pick(rnd, RAW_BAD);
    case 6:
      return [wrongValue(rnd, depth + 1), wrongValue(rnd, depth + 1)];
    case 7:
      return { [pick(rnd, FIELDS)]: wrongValue(rnd, depth + 1) };
    default:
      return { __proto__: null, constructor: { prototype: { polluted: true } } };
  }
}

function wrongObject(rnd: Random): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = 1 + Math.floor(rnd() * 5);
  for (let i = 0; i < n; i++) out[pick(rnd, FIELDS)] = wrongValue(rnd);
  return out;
}

function deepNesting(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

// ---- Requests --------------------------------------------------------------------------------------------

type CallerKind = 'anonymous' | 'admin' | 'operator';

export interface FuzzRequest {
  index: number;
  route: string;
  caller: CallerKind;
  kind: string;
  method: string;
  /** Raw request target, sent byte for byte. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const LANGUAGES = ['en-us', 'zh-cn', 'zh-tw', 'de-de', 'th-th', 'xx-yy', '*', '', 'de;q=abc,,,'];

/** Fills a route's path parameters with a bad value (raw, or encoded text). */
function fillPath(rnd: Random, path: string): string {
  return path.replace(/\{(\w+)\+?\}/g, () => {
    const r = rnd();
    if (r < 0.35) return pick(rnd, RAW_BAD);
    if (r < 0.5) return `${pick(rnd, RAW_BAD)}/${pick(rnd, RAW_BAD)}`;
    if (r < 0.6) return '../../../../etc/passwd';
    if (r < 0.7) return 'token/%E0%A4%A';
    if (r < 0.75) return 'a.b.c/%2525E0%2525A4';
    return encodeURIComponent(pick(rnd, TEXT_BAD)) || 'x';
  });
}

function badQuery(rnd: Random): string {
  const r = rnd();
  if (r < 0.3) return `id=${pick(rnd, RAW_BAD)}`;
  if (r < 0.55) return `id=${encodeURIComponent(pick(rnd, TEXT_BAD))}`;
  if (r < 0.8) return pick(rnd, PAGE_QUERIES);
  if (r < 0.9) return `__proto__=x&constructor=y&id=a&id=b`;
  return `${pick(rnd, RAW_BAD)}=${pick(rnd, RAW_BAD)}&=&&`;
}

interface Body {
  kind: string;
  body?: Buffer;
  type?: string;
}

const json = (value: unknown, kind: string): Body => ({
  kind,
  body: Buffer.from(JSON.stringify(value)),
  type: 'application/json',
});

function badBody(rnd: Random): Body {
  switch (Math.floor(rnd() * 14)) {
    case 0:
      return json(wrongObject(rnd), 'wrong types');
    case 1:
      return json(pick(rnd, [[], [{}], [1, 2, 3], [wrongObject(rnd)]]), 'array for object');
    case 2:
      return json(pick(rnd, ['text', 123, null, true, -0.5]), 'primitive for object');
    case 3:
      return {
        kind: 'invalid JSON',
        body: Buffer.from(
          pick(rnd, ['{', '{"a":}', '{"a":1,}', "{'a':1}", 'NaN', '\u0000', '{"a":"\\u12"}']),
        ),
        type: 'application/json',
      };
    case 4: {
      const text = JSON.stringify(wrongObject(rnd));
      return {
        kind: 'wrong content type',
        body: Buffer.from(text),
        type: pick(rnd, [
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/form-data; boundary=zz',
          'application/octet-stream',
          'application/json; charset=utf-16',
          'image/png',
          'application/xml',
        ]),
      };
    }
    case 5:
      return {
        kind: 'binary body',
        body: Buffer.from(
          Array.from({ length: 64 + Math.floor(rnd() * 512) }, () => Math.floor(rnd() * 256)),
        ),
        type: pick(rnd, ['application/json', 'application/octet-stream', 'multipart/form-data; boundary=x']),
      };
    case 6:
      return {
        kind: 'prototype keys',
        body: Buffer.from(
          pick(rnd, [
            '{"__proto__":{"platform":true,"authenticated":true,"isAdmin":true}}',
            '{"constructor":{"prototype":{"polluted":true}}}',
            '{"id":"x","__proto__":{"version":1},"current":{"__proto__":{"valueOf":1}}}',
            '{"toString":1,"valueOf":"x","hasOwnProperty":null}',
            '{"params":{"__proto__":{"a":1}},"filters":{"constructor":1}}',
          ]),
        ),
        type: 'application/json',
      };
    case 7:
      return json(
        { current: 1, size: 10, zzUnknownField: wrongValue(rnd), ['x'.repeat(300)]: 1 },
        'unknown fields',
      );
    case 8:
      return json(
        Object.fromEntries(FIELDS.map((f) => [f, 'z'.repeat(rnd() < 0.9 ? 5000 : 400_000)])),
        'very long strings',
      );
    case 9:
      return json(
        pick(rnd, [
          { current: 99_999_999_999, size: 500 },
          { current: 4_294_968, size: 500 },
          { current: 2 ** 31, size: 1 },
          { current: 1, size: 1e9 },
          { current: -1, size: -1 },
          { current: '1e400', size: 'x' },
          { current: [1], size: { n: 1 } },
        ]),
        'absurd page',
      );
    case 10:
      return { kind: 'deep nesting', body: Buffer.from(deepNesting(5000)), type: 'application/json' };
    case 11:
      return json(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])), 'many fields');
    case 12:
      return { kind: 'empty body', body: undefined, type: pick(rnd, ['application/json', 'text/plain']) };
    default:
      return json(
        { id: pick(rnd, TEXT_BAD), version: pick(rnd, NUMBER_BAD), ids: [pick(rnd, TEXT_BAD)] },
        'bad ids',
      );
  }
}

/** The bad request number `index` of a pass over `routes` (deterministic for a seed and index). */
export function fuzzRequest(
  seed: number,
  index: number,
  routes: HttpRouteDecl[],
  tokens: Record<CallerKind, string | undefined>,
): FuzzRequest {
  const rnd = prng((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const route = routes[index % routes.length]!;
  const r = rnd();
  const caller: CallerKind =
    route.auth === 'public' || r < 0.15 ? 'anonymous' : r < 0.6 ? 'admin' : 'operator';
  const headers: Record<string, string> = {};
  const language = pick(rnd, LANGUAGES);
  if (language) headers['accept-language'] = headers['content-language'] = language;
  const token = tokens[caller];
  if (token) headers.authorization = `Bearer ${token}`;
  else if (rnd() < 0.5)
    headers.authorization = pick(rnd, [
      'Bearer garbage',
      `Bearer ${'a'.repeat(9000)}`,
      'Bearer a.b.c',
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.',
      'Basic %%%',
      'Basic ' + Buffer.from('console:wrong').toString('base64'),
      'Bearer',
    ]);

  let path = route.path.includes('{') ? fillPath(rnd, route.path) : route.path;
  const query = rnd() < 0.6 ? badQuery(rnd) : '';
  if (query) path += `?${query}`;
  const { kind, body, type } =
    route.method === 'GET' && rnd() < 0.7 ? ({ kind: 'no body' } as Body) : badBody(rnd);
  if (type) headers['content-type'] = type;
  return {
    index,
    route: `${route.method} ${route.path}`,
    caller,
    kind: query ? `${kind}; query` : kind,
    method: route.method,
    path,
    headers,
    body,
  };
}

// ---- Checks ----------------------------------------------------------------------------------------------

/** A message that is a catalogue key rather than text (`validation.invalid`, `server.notFound`). */
export const looksLikeKey = (text: string) => /^[A-Za-z][\w-]*(\.[\w-]+)+$/.test(text.trim());

/** Signs of an internal error leaking: stack frames, source paths, error class names. */
export const LEAK_PATTERNS: RegExp[] = [
  /\n\s+at\s/,
  /\bat\s+\S+\s+\([^)]*:\d+:\d+\)/,
  /node_modules|file:\/\/|\.m?[jt]sx?:\d+/,
  new RegExp(repoRoot.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  /\b(Type|Range|Reference|Syntax|URI|Eval)Error\b/,
  /\b(ValidationException|ResourceNotFoundException|ConditionalCheckFailedException|SerializationException)\b/,
  /\bError: /,
];

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** What is wrong with an answer to a bad request (empty when nothing is). */
export function problemsOf(req: FuzzRequest, answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}`);
  const textual = /json|text|xml|javascript/.test(answer.contentType) || answer.contentType === '';
  if (textual) {
    const leak = LEAK_PATTERNS.find((p) => p.test(answer.text));
    if (leak) problems.push(`leak ${leak}`);
  }
  let parsed: unknown;
  if (/json/.test(answer.contentType)) {
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      problems.push('JSON answer that does not parse');
    }
  }
  const envelope = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  // OCPI's envelope (the /ocpi/ endpoints, issue 20) says it in `status_message`.
  const msg = envelope ? (envelope.msg ?? envelope.message ?? envelope.status_message) : undefined;
  if (answer.status >= 400 && answer.status < 500) {
    if (envelope) {
      if (typeof msg !== 'string' || !msg.trim()) problems.push('4xx without a message');
    } else if (!req.path.startsWith('/ocpp-files/') || !answer.text.trim()) {
      // Chargers' file transfers answer plain text; everything else answers the envelope.
      problems.push('4xx without the envelope');
    }
  }
  if (typeof msg === 'string' && looksLikeKey(msg)) problems.push(`raw key ${msg}`);
  const data = envelope?.data;
  if (
    envelope &&
    typeof envelope.code === 'number' &&
    envelope.code !== 0 &&
    data &&
    typeof data === 'object'
  )
    for (const [field, text] of Object.entries(data))
      if (typeof text === 'string' && looksLikeKey(text)) problems.push(`raw key ${text} for ${field}`);
  return problems;
}

// ---- Sending ---------------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export function send(base: string, req: Pick<FuzzRequest, 'method' | 'path' | 'headers' | 'body'>) {
  const { hostname, port } = new URL(base);
  return new Promise<Answer>((resolve, reject) => {
    const out = http.request(
      {
        hostname,
        port,
        method: req.method,
        path: req.path,
        agent,
        headers: { ...req.headers, 'content-length': String(req.body?.length ?? 0) },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    out.on('timeout', () => out.destroy(new Error('timed out after 30 s')));
    out.on('error', reject);
    out.end(req.body);
  });
}

// ---- The pass --------------------------------------------------------------------------------------------

export interface Finding {
  seed: number;
  index: number;
  route: string;
  caller: CallerKind;
  kind: string;
  request: string;
  status: number;
  problems: string[];
  answer: string;
}

export interface HttpFuzzFigures {
  seed: number;
  requests: number;
  routes: number;
  byClass: Record<string, number>;
  serverErrors: number;
  stackTraces: number;
  rawKeys: number;
  /** Requests that got no answer (connection reset, time-out). */
  noAnswer: number;
  findings: Finding[];
  /** GET /health ok and a signed-in call still answered after the pass. */
  healthyAfter: boolean;
  durationMs: number;
}

export interface HttpFuzzOptions {
  requests: number;
  seed: number;
  /** Requests in flight at once. */
  concurrency?: number;
  log?: (line: string) => void;
}

const describe = (req: FuzzRequest) => {
  const body = req.body ? req.body.subarray(0, 160).toString('utf8') : '';
  return `${req.method} ${req.path.slice(0, 200)} [${req.caller}; ${req.headers['content-type'] ?? 'no type'}] ${body}${
    (req.body?.length ?? 0) > 160 ? `… (${req.body!.length} bytes)` : ''
  }`;
};

export async function runHttpFuzz(
  runtime: { url: string },
  options: HttpFuzzOptions,
): Promise<HttpFuzzFigures> {
  const base = runtime.url;
  const started = Date.now();
  process.env.AUTH_CAPTCHA = 'off';
  const tokens: Record<CallerKind, string | undefined> = {
    anonymous: undefined,
    admin: await login(base, 'admin', 'Admin12345'),
    operator: await login(base, 'operator', 'Operator12345'),
  };
  const routes = topology.routes.filter((r) => !SKIPPED_ROUTES.has(`${r.method} ${r.path}`));
  const figures: HttpFuzzFigures = {
    seed: options.seed,
    requests: 0,
    routes: routes.length,
    byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
    serverErrors: 0,
    stackTraces: 0,
    rawKeys: 0,
    noAnswer: 0,
    findings: [],
    healthyAfter: false,
    durationMs: 0,
  };
  const record = (req: FuzzRequest, answer: Answer | undefined, problems: string[]) => {
    figures.requests += 1;
    if (answer) {
      const cls = `${Math.floor(answer.status / 100)}xx`;
      figures.byClass[cls] = (figures.byClass[cls] ?? 0) + 1;
    } else figures.noAnswer += 1;
    if (answer && answer.status >= 500) figures.serverErrors += 1;
    if (problems.some((p) => p.startsWith('leak'))) figures.stackTraces += 1;
    if (problems.some((p) => p.startsWith('raw key'))) figures.rawKeys += 1;
    if (problems.length && figures.findings.length < 200) {
      const finding: Finding = {
        seed: options.seed,
        index: req.index,
        route: req.route,
        caller: req.caller,
        kind: req.kind,
        request: describe(req),
        status: answer?.status ?? 0,
        problems,
        answer: answer?.text.slice(0, 400) ?? '',
      };
      figures.findings.push(finding);
      options.log?.(`finding: ${JSON.stringify(finding)}`);
    }
  };

  // One body over API Gateway's 10 MB limit: refused with 413 before any handler runs.
  const huge: FuzzRequest = {
    index: -1,
    route: 'POST /admin/user/list',
    caller: 'admin',
    kind: 'huge body',
    method: 'POST',
    path: '/admin/user/list',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.admin}` },
    body: Buffer.alloc(11 * 1024 * 1024, 0x20),
  };
  await send(base, huge).then(
    (answer) => record(huge, answer, answer.status === 413 ? [] : [`huge body answered ${answer.status}`]),
    (e: Error) => record(huge, undefined, [`huge body: no answer (${e.message})`]),
  );

  let next = 0;
  const worker = async () => {
    while (next < options.requests) {
      const req = fuzzRequest(options.seed, next++, routes, tokens);
      const answer = await send(base, req).catch((e: Error) => e);
      if (answer instanceof Error) record(req, undefined, [`no answer: ${answer.message}`]);
      else record(req, answer, problemsOf(req, answer));
      if (figures.requests % 1000 === 0) options.log?.(`${figures.requests} requests sent`);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 6 }, worker));

  const health = await send(base, { method: 'GET', path: '/health', headers: {} }).catch(() => undefined);
  const me = await api(base, tokens.admin, '/admin/user/info', undefined, { method: 'GET' }).catch(
    () => undefined,
  );
  figures.healthyAfter =
    health?.status === 200 && JSON.parse(health.text).status === 'ok' && me?.status === 200 && me.code === 0;
  figures.durationMs = Date.now() - started;
  return figures;
}
