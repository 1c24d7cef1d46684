/**
 * The HTTP fuzz pass (docs/decisions/355-fuzz-pass.md, "nothing an outsider sends breaks the service"): bad
 * input of every class sent to every route of the topology, against a running local runtime, through each
 * door as the callers it has: the console's routes as an anonymous caller, a signed-in platform administrator
 * and a company operator; the driver-app routes also as a signed-in app user; OCPI's also as a registered
 * partner (`Authorization: Token {base64}`); Stripe's webhook also with correctly signed events whose content
 * is bad (test/fuzz/http-doors.ts). Some requests go several at once on one request id (top-ups, commands,
 * replayed events). Each answer must be a 4xx or a refusal, never a 5xx nor a stack trace, with a message
 * that is text (not a catalogue key); the runtime must be healthy afterwards.
 *
 * Inputs come from a seeded PRNG, one stream per request index, so a finding names the seed and index that
 * reproduce it whatever order the parallel requests ran in.
 */
import http from 'node:http';
import { topology } from '@shared/topology/index.ts';
import type { HttpRouteDecl } from '@shared/topology/types.ts';
import { repoRoot } from '@infra/local/paths.ts';
import { api, login } from '../helpers/identity.ts';
import {
  authorizationOf,
  doorOf,
  DOORS,
  jsonText,
  OCPI_COMMANDS,
  ocpiParams,
  openDoors,
  RawJson,
  stripeEvent,
  stripeSignature,
  wellFormed,
  type CallerKind,
  type Door,
  type DoorFacts,
  type DoorSessions,
  type SessionKind,
} from './http-doors.ts';

export type { CallerKind, Door } from './http-doors.ts';

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
 * The driver-app's sign-out and OCPI's DELETE /credentials (the partner unregistering itself) are fuzzed: the
 * pass signs the app user in again, or registers the partner again, when a 401 shows its session is gone
 * (DoorSessions.renew in test/fuzz/http-doors.ts). The app sign-in requests use a decoy e-mail, so their
 * wrong passwords never lock the fuzz user.
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

/** Numbers and money amounts as clients get them wrong: text, hex, padded, out of range, finer than cents. */
const MONEY_BAD: unknown[] = [
  true,
  false,
  '0x10',
  ' 5 ',
  '5',
  '5.00',
  '5,00',
  '$5',
  '\uff15',
  '1e3',
  'Infinity',
  'NaN',
  '',
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('-0'),
  new RawJson('0.1e1'),
  new RawJson('9007199254740993'),
  new RawJson('99999999999999999999999'),
  -5,
  0,
  0.001,
  1.005,
  10_000.01,
  1e21,
  2 ** 31,
  [5],
  { value: 5 },
];

/** Dates and times that are not what they look like, or out of range. */
const DATE_BAD: unknown[] = [
  '2024-02-30T00:00:00Z',
  '2023-02-29T12:00:00Z',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00Z',
  '9999-12-31T23:59:59.999+14:00',
  '9999-12-31T23:59:59-23:59',
  '2024-01-01T24:00:00Z',
  '2024-06-30T23:59:60Z',
  '2024-01-01T00:00:00+99:99',
  '2024-01-01T00:00:00.123456789012Z',
  '2024-01-01',
  '1970-01-01T00:00:00Z',
  'yesterday',
  0,
  -1,
  8.64e15 + 1,
  true,
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
  'current=0x10&size=%205%20',
  'current=true&size=false',
  'current=1e309&size=1e309',
  'startTime=2030-01-01T00:00:00Z&endTime=2020-01-01T00:00:00Z',
  'startTime=2024-02-30T00:00:00Z&endTime=%2B275760-09-13T00:00:00.000Z',
];

/** OCPI pulls' queries (offset, limit, date_from, date_to) wrong in every way, ranges backwards. */
const OCPI_QUERIES = [
  'date_from=2030-01-01T00:00:00Z&date_to=2020-01-01T00:00:00Z',
  'date_from=2024-02-30T00:00:00Z',
  'date_to=2023-02-29T00:00:00Z',
  'date_from=0000-01-01T00:00:00Z&date_to=9999-12-31T23:59:59.999%2B14:00',
  'date_from=9999-12-31T23:59:59-23:59',
  'date_from=%2B275760-09-13T00:00:00.000Z',
  'date_from=-271821-04-20T00:00:00Z',
  'date_to=2024-01-01',
  'date_from=2024-01-01T00:00:00%2B99:99',
  'date_from=2024-06-30T23:59:60Z',
  'date_from=2024-01-01T00:00:00Z&date_from=2025-01-01T00:00:00Z',
  'offset=0x10&limit=%205%20',
  'offset=1e309&limit=1e309',
  'offset=true&limit=false',
  'offset=-1&limit=-1',
  'offset=0&limit=0',
  'offset=1.5&limit=2.5',
  'offset=1000001',
  'offset=999999&limit=1000',
  'limit=9007199254740993',
  'offset=-0&limit=Infinity',
  'offset=NaN&limit=NaN',
  'offset=&limit=',
  'offset=1&offset=2&limit=1&limit=2',
  '__proto__=1&constructor=2&toString=3',
  'offset=__proto__&limit=constructor',
  'date_from=__proto__&date_to=toString',
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
  'requestId',
  'paymentId',
  'paymentMethodId',
  'chargeType',
  'chargeValue',
  'connectorNo',
  'date_from',
  'date_to',
];

function wrongValue(rnd: Random, depth = 0): unknown {
  switch (Math.floor(rnd() * (depth > 1 ? 6 : 11))) {
    case 0:
      return pick(rnd, TEXT_BAD);
    case 9:
      return pick(rnd, MONEY_BAD);
    case 10:
      return pick(rnd, DATE_BAD);
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
    case 8:
      return { __proto__: null, constructor: { prototype: { polluted: true } } };
    default:
      return pick(rnd, MONEY_BAD);
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

export interface FuzzRequest {
  index: number;
  /** Within a burst (several requests sent at once): which one; 0 otherwise. */
  part: number;
  route: string;
  door: Door;
  caller: CallerKind;
  kind: string;
  method: string;
  /** Raw request target, sent byte for byte. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The session whose token the request carries (renewed when a 401 shows it is gone). */
  session?: { kind: SessionKind; token: string };
}

/** Several requests sent at once on one request id, and what their answers must show together. */
export interface FuzzBatch {
  requests: FuzzRequest[];
  /** At most one of them may succeed (one request id, different contents). */
  atMostOneSuccess?: boolean;
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

/** Fills the path with the ids of a well-formed request, one of them (sometimes) bad. */
function fillGoodPath(
  rnd: Random,
  path: string,
  good: Record<string, string>,
): { path: string; bad?: string } {
  const names = [...path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]!);
  const spoilt = names.length && rnd() < 0.5 ? pick(rnd, names) : undefined;
  const filled = path.replace(/\{(\w+)\+?\}/g, (_, name: string) =>
    name === spoilt
      ? rnd() < 0.5
        ? encodeURIComponent(pick(rnd, TEXT_BAD)) || 'x'
        : pick(rnd, RAW_BAD)
      : encodeURIComponent(good[name] ?? 'x'),
  );
  return { path: filled, bad: spoilt };
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
  body: Buffer.from(jsonText(value)),
  type: 'application/json',
});

function badBody(rnd: Random): Body {
  switch (Math.floor(rnd() * 15)) {
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
          pick(rnd, [
            '{',
            '{"a":}',
            '{"a":1,}',
            "{'a':1}",
            'NaN',
            '\u0000',
            '{"a":"\\u12"}',
            '{"amount":0x10}',
          ]),
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
            '{"amount":{"toString":"5"},"requestId":{"valueOf":1}}',
            '{"data":{"object":{"__proto__":{"object":"payment_intent"}}}}',
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
          { current: new RawJson('1e309'), size: '0x10' },
          { current: true, size: ' 5 ' },
        ]),
        'absurd page',
      );
    case 10:
      return { kind: 'deep nesting', body: Buffer.from(deepNesting(5000)), type: 'application/json' };
    case 11:
      return json(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])), 'many fields');
    case 12:
      return { kind: 'empty body', body: undefined, type: pick(rnd, ['application/json', 'text/plain']) };
    case 13: {
      const later = pick(rnd, ['2030-01-01T00:00:00Z', '9999-12-31T23:59:59Z', new Date().toISOString()]);
      const earlier = pick(rnd, ['2020-01-01T00:00:00Z', '1970-01-01T00:00:00Z', '0000-01-01T00:00:00Z']);
      return json(
        pick(rnd, [
          { current: 1, size: 10, startTime: later, endTime: earlier },
          { date_from: later, date_to: earlier },
          {
            startDate: later.slice(0, 10),
            endDate: earlier.slice(0, 10),
            beginTime: later,
            endTime: earlier,
          },
          { startTime: pick(rnd, DATE_BAD), endTime: pick(rnd, DATE_BAD) },
        ]),
        'range backwards',
      );
    }
    default:
      return json(
        { id: pick(rnd, TEXT_BAD), version: pick(rnd, NUMBER_BAD), ids: [pick(rnd, TEXT_BAD)] },
        'bad ids',
      );
  }
}

// ---- Well-formed requests made bad (the app, OCPI and webhook doors) ----------------------------------------

type Json = Record<string, unknown>;
const PROTO_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype'];
const MONEY_FIELD =
  /amount|balance|fee|value|price|connector|size|current|source|type$|created|limit|offset/i;
const isDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v);

/** An own property, `__proto__` included (an assignment would set the prototype instead). */
const setOwn = (target: Json, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

function wrongFieldValue(rnd: Random, key: string, current: unknown): unknown {
  const r = rnd();
  if (isDate(current) && r < 0.7) return pick(rnd, DATE_BAD);
  if ((typeof current === 'number' || MONEY_FIELD.test(key)) && r < 0.7) return pick(rnd, MONEY_BAD);
  if (r < 0.8) return pick(rnd, [...TEXT_BAD, ...PROTO_KEYS]);
  return wrongValue(rnd);
}

/** A well-formed body with one thing wrong: a field's value, a field missing, a prototype key, a range. */
function spoil(rnd: Random, template: Json): { kind: string; value: Json } {
  const value = structuredClone(template);
  let target: Json = value;
  let at = '';
  for (let depth = 0; depth < 3 && rnd() < 0.5; depth++) {
    const inner = Object.entries(target).flatMap(([k, v]): [string, Json][] =>
      Array.isArray(v)
        ? v.filter((x) => x && typeof x === 'object').map((x, i) => [`${k}.${i}`, x as Json])
        : v && typeof v === 'object'
          ? [[k, v as Json]]
          : [],
    );
    if (!inner.length) break;
    const [k, v] = pick(rnd, inner);
    target = v;
    at += `${k}.`;
  }
  const keys = Object.keys(target);
  const r = rnd();
  if (keys.length && r < 0.6) {
    const key = pick(rnd, keys);
    target[key] = wrongFieldValue(rnd, key, target[key]);
    return { kind: `well-formed but ${at}${key} wrong`, value };
  }
  if (keys.length && r < 0.68) {
    delete target[pick(rnd, keys)];
    return { kind: `well-formed but a field of ${at || 'the body'} missing`, value };
  }
  if (r < 0.85) {
    const key = pick(rnd, PROTO_KEYS);
    setOwn(target, key, pick(rnd, [{ polluted: true }, { object: 'payment_intent' }, 1, 'x', null, []]));
    return { kind: `well-formed with ${at}${key}`, value };
  }
  const dates = keys.filter((k) => isDate(target[k]));
  if (dates.length >= 2) {
    const [a, b] = [dates[0]!, dates[1]!];
    [target[a], target[b]] = ['2030-01-01T00:00:00Z', '2020-01-01T00:00:00Z'];
    return { kind: `well-formed but ${at}${a} after ${b}`, value };
  }
  if (dates.length) {
    target[dates[0]!] = pick(rnd, ['1970-01-01T00:00:00Z', '9999-12-31T23:59:59Z', new Date().toISOString()]);
    return { kind: `well-formed but ${at}${dates[0]} out of range`, value };
  }
  target[`zz${Math.floor(rnd() * 1000)}`] = wrongValue(rnd);
  return { kind: `well-formed with an unknown field in ${at || 'the body'}`, value };
}

// ---- Which route, as whom --------------------------------------------------------------------------------

/**
 * Of every 50 requests, how many go through each door: the app and OCPI doors have few routes, each gets
 * many more requests than a console route does (their callers and bodies vary more), while the console's
 * routes are all still visited in turn.
 */
export const DOOR_SHARE: Record<Door, number> = { console: 35, app: 6, ocpi: 7, webhook: 2 };
const CYCLE = DOORS.reduce((n, d) => n + DOOR_SHARE[d], 0);

/** The route of request `index`: each door's routes in turn, in the door's share of the requests. */
export function routeAt(index: number, routes: Record<Door, HttpRouteDecl[]>): HttpRouteDecl {
  const round = Math.floor(index / CYCLE);
  let slot = index % CYCLE;
  for (const door of DOORS) {
    if (slot < DOOR_SHARE[door]) {
      const own = routes[door];
      const list = own.length ? own : routes.console;
      return list[(round * DOOR_SHARE[door] + slot) % list.length]!;
    }
    slot -= DOOR_SHARE[door];
  }
  throw new Error('unreachable');
}

function callerFor(rnd: Random, door: Door, route: HttpRouteDecl): CallerKind {
  const r = rnd();
  switch (door) {
    case 'app':
      if (route.auth === 'public') return r < 0.85 ? 'anonymous' : 'app';
      return r < 0.1 ? 'anonymous' : r < 0.15 ? 'admin' : r < 0.2 ? 'operator' : 'app';
    case 'ocpi':
      return r < 0.12 ? 'anonymous' : r < 0.17 ? 'admin' : 'partner';
    case 'webhook':
      return r < 0.3 ? 'anonymous' : 'stripe';
    default:
      return route.auth === 'public' || r < 0.15 ? 'anonymous' : r < 0.6 ? 'admin' : 'operator';
  }
}

const BAD_BEARERS = [
  'Bearer garbage',
  `Bearer ${'a'.repeat(9000)}`,
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.',
  'Basic %%%',
  'Basic ' + Buffer.from('console:wrong').toString('base64'),
  'Bearer',
];
const BAD_OCPI_TOKENS = [
  'Token',
  'Token ',
  'Token %%%',
  `Token ${Buffer.from('x'.repeat(6000)).toString('base64')}`,
  `Token ${Buffer.from('\u0000\u0001').toString('base64')}`,
  `Token ${Buffer.from('__proto__').toString('base64')}`,
  'Token __proto__',
  'Token constructor',
  'token  c29tZXRoaW5n  ',
  'Token a b c',
  'Bearer c29tZXRoaW5n',
];
const BAD_SIGNATURES = [
  't=1,v1=bad',
  't=,v1=',
  'v1=' + '0'.repeat(64),
  `t=${'9'.repeat(40)},v1=${'a'.repeat(64)}`,
  't=-1,v1=00,v0=00',
  '__proto__',
  'x'.repeat(8000),
];

export interface FuzzPlan {
  routes: Record<Door, HttpRouteDecl[]>;
  tokens: Partial<Record<SessionKind, string>>;
  facts?: DoorFacts;
}

/** The bad request number `index` of a pass (deterministic for a seed and index but for tokens and times). */
export function fuzzRequest(seed: number, index: number, plan: FuzzPlan): FuzzRequest {
  return fuzzBatch(seed, index, plan).requests[0]!;
}

/**
 * The request (or burst of requests sent at once) number `index` of a pass over `plan`: deterministic for a
 * seed and index, but for the sessions' tokens and the webhook signatures' times.
 */
export function fuzzBatch(seed: number, index: number, plan: FuzzPlan): FuzzBatch {
  const rnd = prng((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const route = routeAt(index, plan.routes);
  const door = doorOf(route);
  const routeKey = `${route.method} ${route.path}`;
  let caller = callerFor(rnd, door, route);
  const facts = plan.facts;
  if ((caller === 'app' || caller === 'partner') && (!plan.tokens[caller] || !facts)) caller = 'anonymous';
  if (caller === 'stripe' && !facts?.webhookSecret) caller = 'anonymous';

  const headers: Record<string, string> = {};
  const language = pick(rnd, LANGUAGES);
  if (language) headers['accept-language'] = headers['content-language'] = language;
  let session: FuzzRequest['session'];
  if (caller !== 'anonymous' && caller !== 'stripe') {
    const token = plan.tokens[caller];
    if (token) {
      session = { kind: caller, token };
      headers.authorization = authorizationOf(caller, token, rnd() < 0.1);
    }
  } else if (rnd() < 0.5)
    headers.authorization = pick(rnd, door === 'ocpi' ? [...BAD_OCPI_TOKENS, ...BAD_BEARERS] : BAD_BEARERS);
  if (door === 'ocpi' && rnd() < 0.3)
    headers['x-request-id'] = pick(rnd, ['x'.repeat(9000), '__proto__', '%00', '', ' ', '{}']);

  // Well-formed requests made bad reach the code behind the checks; only through a door the caller may pass.
  const unique = `${seed}-${index}`;
  const structured = !!facts && door !== 'console' && rnd() < (door === 'webhook' ? 0.65 : 0.55);
  const command = rnd() < 0.85 ? pick(rnd, OCPI_COMMANDS) : pick(rnd, ['start_session', 'FOO', '__proto__']);

  let path = route.path;
  let kindPrefix = '';
  if (path.includes('{')) {
    if (structured && door === 'ocpi') {
      const filled = fillGoodPath(rnd, path, ocpiParams(facts, `FZ${unique}`, command));
      path = filled.path;
      if (filled.bad) kindPrefix = `bad {${filled.bad}}; `;
    } else path = fillPath(rnd, path);
  }
  const query =
    door === 'ocpi' && route.method === 'GET' && rnd() < 0.7
      ? pick(rnd, OCPI_QUERIES)
      : rnd() < (door === 'console' ? 0.6 : 0.3)
        ? badQuery(rnd)
        : '';
  if (query) path += `?${query}`;

  let body: Body;
  let template: Json | undefined;
  if (structured) {
    template =
      door === 'webhook'
        ? stripeEvent(unique, pickEventType(rnd))
        : wellFormed(routeKey, facts, unique, command);
    const bodiless = route.method === 'GET' || route.method === 'DELETE';
    const spoilt = Object.keys(template).length && !bodiless ? spoil(rnd, template) : undefined;
    body = spoilt
      ? json(spoilt.value, spoilt.kind)
      : bodiless
        ? { kind: 'no body' }
        : json(template, 'well-formed');
  } else body = route.method === 'GET' && rnd() < 0.7 ? { kind: 'no body' } : badBody(rnd);
  if (body.type) headers['content-type'] = body.type;
  if (door === 'webhook') {
    if (caller === 'stripe') {
      // Signed over the exact bytes sent; now and then too old (Stripe's tolerance is five minutes).
      const at = Math.floor(Date.now() / 1000) - (rnd() < 0.1 ? 3600 : 0);
      headers['stripe-signature'] = stripeSignature(body.body, facts!.webhookSecret!, at);
    } else if (rnd() < 0.7) headers['stripe-signature'] = pick(rnd, BAD_SIGNATURES);
  }
  const request: FuzzRequest = {
    index,
    part: 0,
    route: routeKey,
    door,
    caller,
    kind: `${kindPrefix}${body.kind}${query ? '; query' : ''}`,
    method: route.method,
    path,
    headers,
    body: body.body,
    session,
  };
  return burst(rnd, request, facts, unique) ?? { requests: [request] };
}

function pickEventType(rnd: Random): string {
  return pick(rnd, [
    'payment_intent.succeeded',
    'payment_intent.payment_failed',
    'charge.refunded',
    'charge.succeeded',
    'payment_intent.processing',
    'customer.created',
    '',
    '__proto__',
  ]);
}

/**
 * The concurrency class: some requests go several at once on one request id. Top-ups with one `requestId`
 * and different amounts (one may succeed), sign-ups of one e-mail (one may succeed), the same OCPI command
 * or token twice or more, the same signed webhook event replayed.
 */
function burst(
  rnd: Random,
  first: FuzzRequest,
  facts: DoorFacts | undefined,
  unique: string,
): FuzzBatch | undefined {
  if (!facts || rnd() >= 0.15) return undefined;
  const n = 2 + Math.floor(rnd() * 3);
  const copy = (part: number, body: unknown, kind: string): FuzzRequest => {
    const bytes = Buffer.from(jsonText(body));
    const headers: Record<string, string> = { ...first.headers, 'content-type': 'application/json' };
    if (first.door === 'webhook' && first.caller === 'stripe')
      headers['stripe-signature'] = stripeSignature(bytes, facts.webhookSecret!);
    return { ...first, part, kind: `concurrent: ${kind}`, headers, body: bytes };
  };
  const many = (make: (part: number) => FuzzRequest, atMostOneSuccess = false): FuzzBatch => ({
    requests: Array.from({ length: n }, (_, i) => make(i)),
    atMostOneSuccess,
  });
  switch (first.route) {
    case 'POST /app/wallet/topUp': {
      if (first.caller !== 'app') return undefined;
      const amounts = [5, 7.5, 10, 12.34];
      return many(
        (i) =>
          copy(
            i,
            { amount: amounts[i], paymentMethodId: facts.paymentMethodId, requestId: `fuzz-burst-${unique}` },
            'top-ups on one requestId, different amounts',
          ),
        true,
      );
    }
    case 'POST /app/auth/signUp': {
      const body = wellFormed(first.route, facts, `burst-${unique}`);
      return many((i) => copy(i, { ...body, userName: `Twin ${i}` }, 'sign-ups of one e-mail'), true);
    }
    case 'POST /app/charge/start':
    case 'POST /app/wallet/confirm':
    case 'POST /app/charge/stop': {
      if (first.caller !== 'app') return undefined;
      const body = wellFormed(first.route, facts, unique);
      return many((i) => copy(i, body, `the same ${first.route.split('/').pop()} at once`));
    }
    case 'PUT /ocpi/2.2.1/tokens/{countryCode}/{partyId}/{tokenUid}': {
      if (first.caller !== 'partner') return undefined;
      const body = wellFormed(first.route, facts, unique);
      const whitelist = ['ALWAYS', 'ALLOWED', 'ALLOWED_OFFLINE', 'NEVER'];
      const path = `/ocpi/2.2.1/tokens/${facts.countryCode}/${facts.partyId}/FZ${unique}`;
      return many((i) => ({
        ...copy(i, { ...body, whitelist: whitelist[i] }, 'one token put at once'),
        path,
      }));
    }
    case 'POST /ocpi/2.2.1/commands/{command}': {
      if (first.caller !== 'partner') return undefined;
      const command = pick(rnd, OCPI_COMMANDS);
      const body = wellFormed(first.route, facts, unique, command);
      return many((i) => ({
        ...copy(i, body, `the same ${command} at once`),
        path: `/ocpi/2.2.1/commands/${command}`,
      }));
    }
    case 'POST /admin/subscribe/webhook': {
      if (first.caller !== 'stripe') return undefined;
      const event = stripeEvent(unique, pickEventType(rnd));
      return many((i) => copy(i, event, 'one event replayed'));
    }
    default:
      return undefined;
  }
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
  // OCPI's envelope (the /ocpi/ endpoints, docs/decisions/355-fuzz-pass.md) says it in `status_message`.
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

export function send(
  base: string,
  req: Pick<FuzzRequest, 'method' | 'path' | 'headers' | 'body'>,
  retried = false,
): Promise<Answer> {
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
    out.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed as it idled, just as this request went out on it: the request
      // never reached the server, so it is sent again once (Node's documented race of keep-alive agents).
      if (
        out.reusedSocket &&
        !retried &&
        (error.code === 'ECONNRESET' || /socket hang up/.test(error.message))
      )
        send(base, req, true).then(resolve, reject);
      else reject(error);
    });
    out.end(req.body);
  });
}

// ---- The pass --------------------------------------------------------------------------------------------

export interface Finding {
  seed: number;
  index: number;
  part: number;
  route: string;
  door: Door;
  caller: CallerKind;
  kind: string;
  request: string;
  status: number;
  problems: string[];
  answer: string;
}

export interface DoorFigures {
  requests: number;
  serverErrors: number;
  noAnswer: number;
}

export interface HttpFuzzFigures {
  seed: number;
  requests: number;
  routes: number;
  byClass: Record<string, number>;
  /** Requests, 5xx and unanswered requests through each door (console, app, OCPI, webhook). */
  byDoor: Record<Door, DoorFigures>;
  /** Requests by who sent them. */
  byCaller: Record<string, number>;
  /** Bursts of requests sent at once on one request id, and the requests in them. */
  bursts: { batches: number; requests: number };
  /** App sessions signed in again and partners registered again after the pass ended them. */
  renewed: Record<SessionKind, number>;
  serverErrors: number;
  stackTraces: number;
  rawKeys: number;
  /** Requests that got no answer (connection reset, time-out). */
  noAnswer: number;
  findings: Finding[];
  /** GET /health ok and a signed-in call still answered after the pass (app and partner sessions too). */
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

/** Bodies over API Gateway's 10 MB limit, one through each door: refused with 413 before any handler runs. */
export const HUGE_BODIES = 4;

/** A code-0 answer (the console's and the app's envelope) or OCPI's 1000. */
const succeeded = (answer: Answer) => {
  if (answer.status !== 200) return false;
  try {
    const body = JSON.parse(answer.text) as { code?: unknown; status_code?: unknown };
    return body.code === 0 || body.status_code === 1000;
  } catch {
    return false;
  }
};

export async function runHttpFuzz(
  runtime: { url: string; stripe?: { url: string; publishableKey: string; webhookSecret: string } },
  options: HttpFuzzOptions,
): Promise<HttpFuzzFigures> {
  const base = runtime.url;
  const started = Date.now();
  process.env.AUTH_CAPTCHA = 'off';
  const staff = {
    admin: await login(base, 'admin', 'Admin12345'),
    operator: await login(base, 'operator', 'Operator12345'),
  };
  const sessions: DoorSessions = await openDoors(runtime, options.seed, staff);
  const routes = topology.routes.filter((r) => !SKIPPED_ROUTES.has(`${r.method} ${r.path}`));
  const plan: FuzzPlan = {
    routes: Object.fromEntries(DOORS.map((d) => [d, routes.filter((r) => doorOf(r) === d)])) as Record<
      Door,
      HttpRouteDecl[]
    >,
    tokens: sessions.tokens,
    facts: sessions.facts,
  };
  const figures: HttpFuzzFigures = {
    seed: options.seed,
    requests: 0,
    routes: routes.length,
    byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
    byDoor: Object.fromEntries(
      DOORS.map((d) => [d, { requests: 0, serverErrors: 0, noAnswer: 0 }]),
    ) as Record<Door, DoorFigures>,
    byCaller: {},
    bursts: { batches: 0, requests: 0 },
    renewed: sessions.renewed,
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
    const door = figures.byDoor[req.door];
    door.requests += 1;
    figures.byCaller[req.caller] = (figures.byCaller[req.caller] ?? 0) + 1;
    if (answer) {
      const cls = `${Math.floor(answer.status / 100)}xx`;
      figures.byClass[cls] = (figures.byClass[cls] ?? 0) + 1;
    } else {
      figures.noAnswer += 1;
      door.noAnswer += 1;
    }
    if (answer && answer.status >= 500) {
      figures.serverErrors += 1;
      door.serverErrors += 1;
    }
    if (problems.some((p) => p.startsWith('leak'))) figures.stackTraces += 1;
    if (problems.some((p) => p.startsWith('raw key'))) figures.rawKeys += 1;
    if (problems.length && figures.findings.length < 200) {
      const finding: Finding = {
        seed: options.seed,
        index: req.index,
        part: req.part,
        route: req.route,
        door: req.door,
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

  const hugeBody = (
    door: Door,
    route: string,
    caller: CallerKind,
    headers: Record<string, string>,
  ): FuzzRequest => {
    const [method, path] = route.split(' ') as [string, string];
    return {
      index: -1,
      part: 0,
      route,
      door,
      caller,
      kind: 'huge body',
      method,
      path,
      headers: { 'content-type': 'application/json', ...headers },
      body: Buffer.alloc(11 * 1024 * 1024, 0x20),
    };
  };
  const { tokens, facts } = sessions;
  const huge = [
    hugeBody('console', 'POST /admin/user/list', 'admin', { authorization: `Bearer ${tokens.admin}` }),
    hugeBody('app', 'POST /app/wallet/topUp', 'app', { authorization: `Bearer ${tokens.app}` }),
    hugeBody('ocpi', 'PUT /ocpi/2.2.1/credentials', 'partner', {
      authorization: authorizationOf('partner', tokens.partner!),
    }),
    hugeBody('webhook', 'POST /admin/subscribe/webhook', 'stripe', {}),
  ];
  if (facts.webhookSecret)
    huge[3]!.headers['stripe-signature'] = stripeSignature(huge[3]!.body, facts.webhookSecret);
  for (const req of huge)
    await send(base, req).then(
      (answer) => record(req, answer, answer.status === 413 ? [] : [`huge body answered ${answer.status}`]),
      (e: Error) => record(req, undefined, [`huge body: no answer (${e.message})`]),
    );

  /** Sends one request; a 401 to a request with the app's or the partner's token renews that session if gone. */
  const attempt = async (req: FuzzRequest) => {
    const answer = await send(base, req).catch((e: Error) => e);
    if (!(answer instanceof Error) && answer.status === 401 && req.session)
      await sessions.renew(req.session.kind, req.session.token).catch((e: Error) => {
        options.log?.(`could not renew the ${req.session!.kind} session: ${e.message}`);
      });
    return answer;
  };

  let next = 0;
  let reserved = 0;
  const worker = async () => {
    while (reserved < options.requests) {
      const batch = fuzzBatch(options.seed, next++, plan);
      const requests = batch.requests.slice(0, options.requests - reserved);
      reserved += requests.length;
      if (requests.length > 1) {
        figures.bursts.batches += 1;
        figures.bursts.requests += requests.length;
      }
      const answers = await Promise.all(requests.map(attempt));
      const wins = answers.filter((a) => !(a instanceof Error) && succeeded(a)).length;
      requests.forEach((req, i) => {
        const answer = answers[i]!;
        const problems = answer instanceof Error ? [`no answer: ${answer.message}`] : problemsOf(req, answer);
        if (i === 0 && batch.atMostOneSuccess && wins > 1)
          problems.push(`${wins} of ${requests.length} requests on one request id succeeded`);
        record(req, answer instanceof Error ? undefined : answer, problems);
        if (figures.requests % 1000 === 0) options.log?.(`${figures.requests} requests sent`);
      });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 6 }, worker));

  const health = await send(base, { method: 'GET', path: '/health', headers: {} }).catch(() => undefined);
  const me = await api(base, tokens.admin, '/admin/user/info', undefined, { method: 'GET' }).catch(
    () => undefined,
  );
  const doors = await sessions.stillWorking().catch(() => ({ app: false, partner: false }));
  await sessions.close();
  figures.healthyAfter =
    health?.status === 200 &&
    JSON.parse(health.text).status === 'ok' &&
    me?.status === 200 &&
    me.code === 0 &&
    doors.app &&
    doors.partner;
  figures.durationMs = Date.now() - started;
  return figures;
}
