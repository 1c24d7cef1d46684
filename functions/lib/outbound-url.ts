/**
 * The one door for calls to URLs a partner gave (decision 433): an OCPI party's versions URL and endpoints,
 * the `Link` of its pages, a command's `response_url`. Such a URL must not reach the platform's own network
 * (the cloud's metadata service at 169.254.169.254, a database on 10.x, the runtime's `/__aws/*` on loopback):
 *
 * - only `https`, and only to public addresses: the host is resolved once, every address it resolves to must
 *   be public (not private, loopback, link-local, unique-local, CGNAT, multicast, reserved or documentation,
 *   nor IPv4-mapped, NAT64 or 6to4 IPv6 of those), and the connection goes to the checked address (the
 *   socket's own look-up is pinned to it), so a second DNS answer cannot switch it;
 * - `http` and non-public addresses only where `OUTBOUND_ALLOW_PRIVATE` allows them: `1` allows, `0` refuses,
 *   unset allows on the local stage only (the local runtime's and the tests' eMSPs listen on 127.0.0.1);
 * - redirects are refused, never followed; an answer is read up to 5 MB and within a time limit (10 s unless
 *   the caller says), connecting and resolving included.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIPv4, isIPv6, type LookupFunction } from 'node:net';
import { config } from './config.ts';

/** The setting that allows `http` and non-public addresses (README "Settings"). */
export const OUTBOUND_ALLOW_PRIVATE = 'OUTBOUND_ALLOW_PRIVATE';

/** What the guard allows: `http` and non-public addresses, or only `https` to public ones. */
export interface OutboundPolicy {
  allowPrivate: boolean;
}

/** The policy of this process: the setting, else allowed on the local stage only. */
export function outboundPolicy(): OutboundPolicy {
  const set = process.env[OUTBOUND_ALLOW_PRIVATE]?.trim().toLowerCase();
  if (set === '1' || set === 'true') return { allowPrivate: true };
  if (set === '0' || set === 'false') return { allowPrivate: false };
  return { allowPrivate: config.stage() === 'local' };
}

/** A URL, address, redirect or answer the guard refused: the message says which and why. */
export class OutboundRefused extends Error {}

/** A resolved address of a host. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** How a host name is resolved (the system's resolver unless a test gives another). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export interface GuardOptions {
  policy?: OutboundPolicy;
  resolve?: Resolver;
}

// ---- addresses ---------------------------------------------------------------------------------------------

type Range = [bytes: number[], prefix: number, name: string];

const v4 = (text: string, prefix: number, name: string): Range => [ipv4Bytes(text)!, prefix, name];
const v6 = (text: string, prefix: number, name: string): Range => [ipv6Bytes(text)!, prefix, name];

/** IPv4 ranges that are not the public internet (IANA's special-purpose registry, RFC 6890 and after). */
const IPV4_RANGES: Range[] = [
  v4('0.0.0.0', 8, 'this network'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'shared (CGNAT)'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link-local'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'IETF protocol assignments'),
  v4('192.0.2.0', 24, 'documentation'),
  v4('192.88.99.0', 24, '6to4 relay'),
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'benchmarking'),
  v4('198.51.100.0', 24, 'documentation'),
  v4('203.0.113.0', 24, 'documentation'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'),
];

/** IPv6 ranges that are not the public internet; those embedding an IPv4 address are judged by it. */
const IPV6_RANGES: Range[] = [
  v6('::', 128, 'unspecified'),
  v6('::1', 128, 'loopback'),
  v6('64:ff9b:1::', 48, 'local NAT64'),
  v6('100::', 64, 'discard'),
  v6('2001::', 23, 'IETF protocol assignments'),
  v6('2001:db8::', 32, 'documentation'),
  v6('3fff::', 20, 'documentation'),
  v6('fc00::', 7, 'unique-local'),
  v6('fe80::', 10, 'link-local'),
  v6('fec0::', 10, 'site-local'),
  v6('ff00::', 8, 'multicast'),
];

function ipv4Bytes(text: string): number[] | undefined {
  if (!isIPv4(text)) return undefined;
  return text.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (a trailing dotted IPv4 part and `::` included; a zone id dropped). */
function ipv6Bytes(input: string): number[] | undefined {
  const text = input.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(text)) return undefined;
  let tail: number[] = [];
  let body = text;
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    // The IPv4 part is the last two groups: `::ffff:1.2.3.4` is `::ffff` and four bytes.
    tail = ipv4Bytes(dotted[2]!)!;
    body = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const groups = 8 - tail.length / 2;
  const [head = '', rest] = body.split('::') as [string, string | undefined];
  const split = (s: string) => (s ? s.split(':') : []);
  const left = split(head);
  const right = rest === undefined ? [] : split(rest);
  const fill = rest === undefined ? 0 : groups - left.length - right.length;
  const all = [...left, ...Array<string>(fill).fill('0'), ...right];
  if (all.length !== groups) return undefined;
  const bytes = all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  return [...bytes, ...tail];
}

const inRange = (bytes: number[], [base, prefix]: Range) => {
  for (let bit = 0; bit < prefix; bit += 8) {
    const take = Math.min(8, prefix - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (base[bit / 8]! & mask)) return false;
  }
  return true;
};

const dottedOf = (bytes: number[]) => bytes.join('.');

/**
 * Why an address is not a public one (`loopback`, `private`...), or undefined when it is public. IPv6 forms
 * that carry an IPv4 address (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4
 * `2002::/16`) are judged by that address; anything that is not an IP address at all is `not an IP address`.
 */
export function nonPublicReason(address: string): string | undefined {
  const four = ipv4Bytes(address);
  if (four) return IPV4_RANGES.find((r) => inRange(four, r))?.[2];
  const six = ipv6Bytes(address);
  if (!six) return 'not an IP address';
  const zeros = (from: number, to: number) => six.slice(from, to).every((b) => b === 0);
  const special = IPV6_RANGES.find((r) => inRange(six, r));
  if (special) return special[2];
  // IPv4-mapped (::ffff:0:0/96) and IPv4-compatible (::/96): the IPv4 address in the last four bytes.
  if (zeros(0, 10) && ((six[10] === 0xff && six[11] === 0xff) || (six[10] === 0 && six[11] === 0)))
    return nonPublicReason(dottedOf(six.slice(12)));
  // NAT64 (64:ff9b::/96): the IPv4 address in the last four bytes.
  if (six[0] === 0 && six[1] === 0x64 && six[2] === 0xff && six[3] === 0x9b && zeros(4, 12))
    return nonPublicReason(dottedOf(six.slice(12)));
  // 6to4 (2002::/16): the IPv4 address in bytes 2 to 5.
  if (six[0] === 0x20 && six[1] === 0x02) return nonPublicReason(dottedOf(six.slice(2, 6)));
  return undefined;
}

// ---- URLs --------------------------------------------------------------------------------------------------

/** A URL the guard let through, with the address the connection must go to. */
export interface CheckedUrl {
  url: URL;
  /** The host name as it goes in `Host` and TLS's server name (an IPv6 literal without its brackets). */
  hostname: string;
  address: string;
  family: 4 | 6;
}

/**
 * The URL parsed, its scheme allowed and its host resolved, each address checked; the address to connect to.
 * A host written as a number (`http://2130706433/`, `http://0x7f.1/`) is already an IPv4 address once parsed
 * (WHATWG URL), so it is judged as one.
 */
export async function checkOutboundUrl(text: string, options: GuardOptions = {}): Promise<CheckedUrl> {
  const policy = options.policy ?? outboundPolicy();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundRefused('refused: not a URL');
  }
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:'];
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!schemes.includes(url.protocol)) {
    // A literal address is judged too, so the partner's last error says all that is wrong at once.
    const literal = url.protocol === 'http:' && (isIPv4(hostname) || isIPv6(hostname));
    const reason = literal ? nonPublicReason(hostname) : undefined;
    throw new OutboundRefused(
      `refused: only ${policy.allowPrivate ? 'http and https' : 'https'} URLs are called` +
        (reason ? `, and ${hostname} is ${reason}, not a public address` : ''),
    );
  }
  let addresses: ResolvedAddress[];
  if (isIPv4(hostname)) addresses = [{ address: hostname, family: 4 }];
  else if (isIPv6(hostname)) addresses = [{ address: hostname, family: 6 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname);
    } catch (error) {
      throw new OutboundRefused(`refused: ${hostname} does not resolve (${(error as Error).message})`);
    }
    if (!addresses.length) throw new OutboundRefused(`refused: ${hostname} does not resolve`);
  }
  if (!policy.allowPrivate)
    for (const { address } of addresses) {
      const reason = nonPublicReason(address);
      if (reason) throw new OutboundRefused(`refused: ${address} is ${reason}, not a public address`);
    }
  const [first] = addresses;
  return { url, hostname, address: first!.address, family: first!.family };
}

// ---- calls -------------------------------------------------------------------------------------------------

export const OUTBOUND_LIMITS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024 } as const;

export interface OutboundRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole call's limit: resolving, connecting, sending and reading the answer. */
  timeoutMs?: number;
  /** The largest answer read. */
  maxBytes?: number;
}

export interface OutboundResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

/** A socket look-up that answers the checked address whatever it is asked: the connection is pinned to it. */
const pinnedLookup =
  (address: string, family: 4 | 6): LookupFunction =>
  (_hostname, options, callback) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

/**
 * One call to a partner's URL through the guard: refused (OutboundRefused) when the URL, an address it
 * resolves to, a redirect or an answer's size is not allowed; an Error when it fails or takes too long.
 */
export async function outboundFetch(
  text: string,
  request: OutboundRequest,
  options: GuardOptions = {},
): Promise<OutboundResponse> {
  const timeoutMs = request.timeoutMs ?? OUTBOUND_LIMITS.timeoutMs;
  const maxBytes = request.maxBytes ?? OUTBOUND_LIMITS.maxBytes;
  let timer: NodeJS.Timeout | undefined;
  let onTimeout: (() => void) | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const target = await Promise.race([checkOutboundUrl(text, options), timedOut]);
    return await Promise.race([send(target, request, maxBytes, (abort) => (onTimeout = abort)), timedOut]);
  } finally {
    clearTimeout(timer);
    timedOut.catch(() => undefined);
  }
}

function send(
  target: CheckedUrl,
  request: OutboundRequest,
  maxBytes: number,
  onAbort: (abort: () => void) => void,
): Promise<OutboundResponse> {
  const { url } = target;
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    const req = (url.protocol === 'https:' ? https : http).request(
      {
        protocol: url.protocol,
        hostname: target.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: {
          ...request.headers,
          host: url.host,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
        lookup: pinnedLookup(target.address, target.family),
        // A socket of its own: a pooled one may have been opened to another address of the same name.
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.destroy();
          const location = res.headers.location;
          reject(
            new OutboundRefused(
              `refused: HTTP ${status} redirect${location ? ` to ${location}` : ''} not followed`,
            ),
          );
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (declared > maxBytes) {
          res.destroy();
          reject(new OutboundRefused(`refused: the answer is larger than ${maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new OutboundRefused(`refused: the answer is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined) continue;
            for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
          }
          resolve({
            status,
            ok: status >= 200 && status < 300,
            headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    onAbort(() => req.destroy());
    req.on('error', reject);
    req.end(body);
  });
}
