/**
 * Calls the platform makes to an eMSP's OCPI endpoints (docs/decisions/426): `Authorization: Token {base64}`, a new
 * `X-Request-ID` and `X-Correlation-ID` each, the routing headers of both parties, a time limit, and the
 * answer's envelope checked: anything but an OCPI success (1xxx) is an error saying what came back. Every URL
 * called is a partner's, so every call goes through the outbound-URL guard (functions/lib/outbound-url.ts,
 * decision 433): https to public addresses only (unless the local allowance), no redirects, 5 MB at most.
 */
import { randomUUID } from 'node:crypto';
import { OutboundRefused, outboundFetch, type OutboundResponse } from '@functions/lib/outbound-url.ts';
import {
  OCPI_VERSION,
  ocpiEnvelopeSchema,
  ocpiVersionDetailsSchema,
  ocpiVersionsSchema,
  type OcpiEndpoint,
} from '@shared/schemas/ocpi.ts';
import { hubStatusOf } from './hub-status.ts';
import { ownParty } from './party.ts';

/** How long the platform waits for an eMSP's answer. */
const TIMEOUT_MS = 10_000;

/**
 * A call to a partner that did not succeed: the call (`call`: method and URL) and what came back (`answer`),
 * for the partner's failed exchanges (docs/decisions/437); the message is both, for its last error.
 */
export class OcpiCallError extends Error {
  readonly call: string;
  readonly answer: string;
  constructor(call: string, answer: string) {
    super(call ? `${call}: ${answer}` : answer);
    this.call = call;
    this.answer = answer;
  }
}

/** A call the outbound-URL guard refused (the URL, its address, a redirect, the answer's size): decision 433. */
export class OcpiUrlRefused extends OcpiCallError {}

/**
 * The partner could not be reached: no answer at all (a network error, the time limit), or its server said it
 * is not available now (HTTP 502, 503, 504). Only this, never an answer that cannot be read, lets a token's
 * whitelist decide a real-time authorisation (docs/decisions/437).
 */
export class OcpiUnreachable extends OcpiCallError {}

/**
 * Not attempted: the partner is a hub that reports the party the exchange is addressed to OFFLINE, so it could
 * not be reached through it (docs/decisions/438). Unreachable as far as the callers go.
 */
export class OcpiPartyOffline extends OcpiUnreachable {}

/** HTTP statuses by which a server says it is not there for now (a gateway or the service itself). */
const UNAVAILABLE = new Set([502, 503, 504]);

/** At most this much of an answer that is not OCPI is kept to show what came back. */
const SHOWN_ANSWER_CHARS = 200;

/** What an answer that is not OCPI said, shortened for the partner's failed exchanges. */
const shown = (text: string) =>
  text.length > SHOWN_ANSWER_CHARS ? `${text.slice(0, SHOWN_ANSWER_CHARS)}…` : text;

/**
 * A partner's URL with path segments added: one slash between each whatever the URL ends with (OCPI's own
 * examples end endpoint URLs in `/`), each segment encoded, the URL's query kept. Every URL the platform
 * builds from a partner's endpoint is joined here (docs/decisions/437).
 */
export function joinUrl(base: string, ...segments: string[]): string {
  const url = new URL(base);
  url.pathname = [url.pathname.replace(/\/+$/, ''), ...segments.map((s) => encodeURIComponent(s))].join('/');
  return url.toString();
}

/** A partner's URL with query parameters set (the others kept). */
export function withQuery(base: string, query: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** The partner a call goes to: its OCPI party, for the routing headers. */
export interface Peer {
  countryCode: string;
  partyId: string;
  /** The partner's id, when the peer is a partner: its hub's word on the party is heeded (decision 438). */
  id?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One OCPI call; the envelope's `data` when it succeeded. */
export const ocpiCall = async (...call: Parameters<typeof ocpiExchange>): Promise<unknown> =>
  (await ocpiExchange(...call)).data;

/** One page of a paginated pull: its objects and the next page's URL (`Link: <...>; rel="next"`), if any. */
export async function ocpiPage(
  peer: Peer,
  token: string,
  url: string,
): Promise<{ data: unknown; next?: string }> {
  const { data, headers } = await ocpiExchange(peer, token, 'GET', url);
  const next = /<([^>]+)>\s*;\s*rel="?next"?/.exec(headers.get('link') ?? '')?.[1];
  return { data, ...(next ? { next } : {}) };
}

async function ocpiExchange(
  peer: Peer,
  token: string,
  method: Method,
  url: string,
  body?: unknown,
  options: { timeoutMs?: number } = {},
): Promise<{ data: unknown; headers: Headers }> {
  // A party the partner's hub reports OFFLINE: nothing is attempted (docs/decisions/438).
  if (peer.id && (await hubStatusOf(peer.id, peer)) === 'OFFLINE')
    throw new OcpiPartyOffline(
      `${method} ${url}`,
      `not attempted: the hub reports ${peer.countryCode.toUpperCase()}*${peer.partyId.toUpperCase()} OFFLINE`,
    );
  const own = await ownParty();
  let res: OutboundResponse;
  try {
    res = await outboundFetch(url, {
      method,
      headers: {
        authorization: `Token ${Buffer.from(token, 'utf8').toString('base64')}`,
        'x-request-id': randomUUID(),
        'x-correlation-id': randomUUID(),
        'ocpi-from-country-code': own.countryCode,
        'ocpi-from-party-id': own.partyId,
        'ocpi-to-country-code': peer.countryCode,
        'ocpi-to-party-id': peer.partyId,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
    });
  } catch (error) {
    const call = `${method} ${url}`;
    const reason = (error as Error).message;
    throw error instanceof OutboundRefused
      ? new OcpiUrlRefused(call, reason)
      : new OcpiUnreachable(call, reason);
  }
  const call = `${method} ${url}`;
  const { text } = res;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const answer = `HTTP ${res.status}, not an OCPI answer (not JSON): ${shown(text)}`;
    throw UNAVAILABLE.has(res.status) ? new OcpiUnreachable(call, answer) : new OcpiCallError(call, answer);
  }
  const envelope = ocpiEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    const answer = `HTTP ${res.status}, not an OCPI answer (no envelope): ${shown(text)}`;
    throw UNAVAILABLE.has(res.status) ? new OcpiUnreachable(call, answer) : new OcpiCallError(call, answer);
  }
  const { status_code, status_message } = envelope.data;
  if (!res.ok || status_code < 1000 || status_code >= 2000) {
    const answer = `HTTP ${res.status}, OCPI ${status_code}${status_message ? ` ${status_message}` : ''}`;
    throw UNAVAILABLE.has(res.status) ? new OcpiUnreachable(call, answer) : new OcpiCallError(call, answer);
  }
  return { data: envelope.data.data, headers: res.headers };
}

/**
 * The partner's 2.2.1 endpoints from its versions URL: its versions list, then the 2.2.1 details. Refused
 * (as an error naming what is missing) when it offers no 2.2.1.
 */
export async function discoverEndpoints(
  peer: Peer,
  token: string,
  versionsUrl: string,
): Promise<{ version: string; endpoints: OcpiEndpoint[] }> {
  const versions = ocpiVersionsSchema.safeParse(await ocpiCall(peer, token, 'GET', versionsUrl));
  if (!versions.success)
    throw new OcpiCallError(`GET ${versionsUrl}`, `not a versions list: ${issueOf(versions.error)}`);
  const mine = versions.data.find((v) => v.version === OCPI_VERSION);
  if (!mine) throw new UnsupportedVersion(`GET ${versionsUrl}`, `no OCPI ${OCPI_VERSION}`);
  const details = ocpiVersionDetailsSchema.safeParse(await ocpiCall(peer, token, 'GET', mine.url));
  if (!details.success)
    throw new OcpiCallError(`GET ${mine.url}`, `not version details: ${issueOf(details.error)}`);
  return { version: OCPI_VERSION, endpoints: details.data.endpoints };
}

/** The first thing a schema refused in a partner's object, as `path: message` (for its failed exchanges). */
export function issueOf(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** The partner offers no version the platform speaks. */
export class UnsupportedVersion extends OcpiCallError {}

/** A partner's endpoint of a module (its receiver interface where it says, else the only one). */
export function endpointOf(
  endpoints: OcpiEndpoint[] | undefined,
  identifier: string,
  role: 'SENDER' | 'RECEIVER' = 'RECEIVER',
): string | undefined {
  const all = (endpoints ?? []).filter((e) => e.identifier === identifier);
  return (all.find((e) => e.role === role) ?? all.find((e) => !e.role))?.url;
}
