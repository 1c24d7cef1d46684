/**
 * Calls the platform makes to an eMSP's OCPI endpoints (issue 20): `Authorization: Token {base64}`, a new
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
import { ownParty } from './party.ts';

/** How long the platform waits for an eMSP's answer. */
const TIMEOUT_MS = 10_000;

/** A call to a partner that did not succeed: what came back, for the partner's last error. */
export class OcpiCallError extends Error {}

/** A call the outbound-URL guard refused (the URL, its address, a redirect, the answer's size): decision 433. */
export class OcpiUrlRefused extends OcpiCallError {}

/** The partner a call goes to: its OCPI party, for the routing headers. */
export interface Peer {
  countryCode: string;
  partyId: string;
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
    const message = `${method} ${url}: ${(error as Error).message}`;
    throw error instanceof OutboundRefused ? new OcpiUrlRefused(message) : new OcpiCallError(message);
  }
  const { text } = res;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new OcpiCallError(`${method} ${url}: HTTP ${res.status}, not an OCPI answer`);
  }
  const envelope = ocpiEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw new OcpiCallError(`${method} ${url}: HTTP ${res.status}, not an OCPI answer`);
  const { status_code, status_message } = envelope.data;
  if (!res.ok || status_code < 1000 || status_code >= 2000)
    throw new OcpiCallError(
      `${method} ${url}: HTTP ${res.status}, OCPI ${status_code}${status_message ? ` ${status_message}` : ''}`,
    );
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
  if (!versions.success) throw new OcpiCallError(`${versionsUrl}: not a versions list`);
  const mine = versions.data.find((v) => v.version === OCPI_VERSION);
  if (!mine) throw new UnsupportedVersion(`${versionsUrl}: no OCPI ${OCPI_VERSION}`);
  const details = ocpiVersionDetailsSchema.safeParse(await ocpiCall(peer, token, 'GET', mine.url));
  if (!details.success) throw new OcpiCallError(`${mine.url}: not version details`);
  return { version: OCPI_VERSION, endpoints: details.data.endpoints };
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
