/**
 * An eMSP of the tests' own (docs/decisions/426-ocpi-cpo.md): a small OCPI 2.2.1 server and client, written here from the OCPI
 * standard, not a mock of the platform. As a server it offers versions, credentials (so the platform can
 * register at it) and the receiver interfaces the CPO pushes to (locations), keeping what it receives; as a
 * client it registers at the platform with the token the operator gave it and pulls modules page by page
 * following `Link`, as a real eMSP does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface OcpiAnswer {
  status: number;
  headers: Headers;
  body: { data?: unknown; status_code: number; status_message?: string; timestamp: string };
}

const encode = (token: string) => Buffer.from(token, 'utf8').toString('base64');

/** One OCPI call as an eMSP makes it (the token base64, as 2.2.1 wants); the raw answer. */
export async function ocpiRequest(
  url: string,
  token: string | undefined,
  method = 'GET',
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<OcpiAnswer> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Token ${encode(token)}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as OcpiAnswer['body'] };
}

const envelope = (data: unknown, code = 1000) => ({
  ...(data === undefined ? {} : { data }),
  status_code: code,
  status_message: code === 1000 ? 'Success' : 'Error',
  timestamp: new Date().toISOString(),
});

export interface TestEmsp {
  /** Its versions URL (what the operator enters as the partner's request URL). */
  versionsUrl: string;
  /** The token it gives the platform to register with (its token A), once the platform may use it. */
  tokenA: string;
  /** The token the platform calls it with now (A before a handshake, then the one it gave). */
  platformToken(): string;
  /** The token it calls the platform with (after a handshake). */
  ownToken(): string | undefined;
  /** The platform's endpoints it learnt (identifier → url). */
  platformEndpoints: Map<string, string>;
  /** What the platform pushed to its receiver interfaces, in order: method, module path, body. */
  received: { method: string; path: string; body: unknown }[];
  /** Its drivers' tokens (OCPI Token objects), offered on its tokens sender interface. */
  tokens: Record<string, unknown>[];
  /** Its real-time answers by token uid (ALLOWED, BLOCKED...); a uid not here is unknown to it (2004). */
  realtime: Map<string, string>;
  /** Receiver modules that answer 503 for now (its server down for them: `cdrs`, `locations`...). */
  failing: Set<string>;
  /** As a hub (`hub` option): the ClientInfo objects its hubclientinfo sender interface offers, two a page. */
  clientInfos: Record<string, unknown>[];
  /** Modules whose calls get no answer at all for now (the connection is cut: the eMSP cannot be reached). */
  cut: Set<string>;
  /** Real-time answers given as they are by token uid (HTTP status and body text), whatever they hold. */
  rawRealtime: Map<string, { status: number; body: string }>;
  /** A token as this eMSP issues it. */
  token(uid: string, whitelist: string, valid?: boolean): Record<string, unknown>;
  /** Registers at the platform with the token the operator gave (the eMSP starting the handshake). */
  register(platformVersionsUrl: string, tokenGiven: string): Promise<OcpiAnswer>;
  /** Every object of a module of the platform, following `Link` from page to page; and the pages' answers. */
  pullAll(module: string, limit?: number): Promise<{ items: unknown[]; pages: OcpiAnswer[] }>;
  close(): Promise<void>;
}

/** Starts the test eMSP on a free port of this machine. */
export async function startTestEmsp(
  party = { countryCode: 'NL', partyId: 'TMS', name: 'Test eMSP' },
  offered = ['2.2.1'],
  /**
   * `nulls`: it writes its unset optional fields as `null` (OCPI allows it); `trailingSlash`: its URLs end in a
   * slash (OCPI's own examples); `hub`: it is a roaming hub offering its parties' ClientInfo (hubclientinfo
   * sender interface); `smartCharging`: it offers the chargingprofiles sender interface (what it receives there
   * is kept in `received`, as `chargingprofiles/{session_id}`).
   */
  options: { nulls?: boolean; trailingSlash?: boolean; hub?: boolean; smartCharging?: boolean } = {},
): Promise<TestEmsp> {
  const tokenA = `emsp-a-${randomBytes(8).toString('hex')}`;
  let acceptedToken = tokenA;
  let ownToken: string | undefined;
  const platformEndpoints = new Map<string, string>();
  const received: TestEmsp['received'] = [];
  const tokens: Record<string, unknown>[] = [];
  const realtime = new Map<string, string>();
  const failing = new Set<string>();
  const clientInfos: Record<string, unknown>[] = [];
  const cut = new Set<string>();
  const rawRealtime = new Map<string, { status: number; body: string }>();
  const slash = options.trailingSlash ? '/' : '';
  const unset = options.nulls ? null : undefined;
  let base = '';
  const issue = (uid: string, whitelist: string, valid = true) => ({
    // Every optional field of a 2.2.1 Token, unset.
    ...(options.nulls
      ? {
          visual_number: null,
          group_id: null,
          language: null,
          default_profile_type: null,
          energy_contract: null,
        }
      : {}),
    country_code: party.countryCode,
    party_id: party.partyId,
    uid,
    type: 'RFID',
    contract_id: `${party.countryCode}-${party.partyId}-C${uid}`,
    issuer: party.name,
    valid,
    whitelist,
    last_updated: new Date().toISOString(),
  });

  const roles = [
    {
      role: 'EMSP',
      country_code: party.countryCode,
      party_id: party.partyId,
      business_details: options.nulls
        ? { name: party.name, website: null, logo: null }
        : { name: party.name },
    },
  ];

  async function learn(versionsUrl: string, token: string) {
    const versions = await ocpiRequest(versionsUrl, token);
    const v221 = (versions.body.data as { version: string; url: string }[]).find(
      (v) => v.version === '2.2.1',
    );
    if (!v221) throw new Error('platform has no 2.2.1');
    const details = await ocpiRequest(v221.url, token);
    platformEndpoints.clear();
    for (const e of (details.body.data as { endpoints: { identifier: string; url: string }[] }).endpoints)
      platformEndpoints.set(e.identifier, e.url);
  }

  const readJson = (req: IncomingMessage) =>
    new Promise<unknown>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve(text ? JSON.parse(text) : undefined);
        } catch {
          resolve(undefined);
        }
      });
    });

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const auth = /^Token (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const token = auth ? Buffer.from(auth, 'base64').toString('utf8') : undefined;
    if (token !== acceptedToken) return send(401, envelope(undefined, 2000));
    const url = new URL(req.url ?? '/', base);
    // An empty path segment names nothing here, as on most servers (a URL joined with two slashes).
    if (url.pathname.includes('//')) return send(404, envelope(undefined, 2000));
    // Its URLs may end in a slash: a path is read without it.
    url.pathname = url.pathname.replace(/(.)\/+$/, '$1');
    const body = await readJson(req);
    if (cut.has(url.pathname.split('/')[3] ?? '')) {
      req.socket.destroy();
      return;
    }
    if (url.pathname === '/ocpi/versions')
      return send(
        200,
        envelope(offered.map((version) => ({ version, url: `${base}/ocpi/${version}${slash}` }))),
      );
    const endpoint = (identifier: string, role: string) => ({
      identifier,
      role,
      url: `${base}/ocpi/2.2.1/${identifier}${slash}`,
    });
    if (url.pathname === '/ocpi/2.2.1')
      return send(
        200,
        envelope({
          version: '2.2.1',
          endpoints: [
            endpoint('credentials', 'SENDER'),
            endpoint('credentials', 'RECEIVER'),
            endpoint('locations', 'RECEIVER'),
            endpoint('sessions', 'RECEIVER'),
            endpoint('cdrs', 'RECEIVER'),
            endpoint('tokens', 'SENDER'),
            ...(options.hub ? [endpoint('hubclientinfo', 'SENDER')] : []),
            ...(options.smartCharging ? [endpoint('chargingprofiles', 'SENDER')] : []),
          ],
        }),
      );
    if (url.pathname === '/ocpi/2.2.1/credentials' && (req.method === 'POST' || req.method === 'PUT')) {
      // The platform registers here: its token and versions URL; it gets a new token of ours.
      const credentials = body as { token: string; url: string };
      ownToken = credentials.token;
      await learn(credentials.url, ownToken);
      acceptedToken = `emsp-c-${randomBytes(8).toString('hex')}`;
      return send(200, envelope({ token: acceptedToken, url: `${base}/ocpi/versions${slash}`, roles }));
    }
    if (failing.has(url.pathname.split('/')[3] ?? '')) return send(503, envelope(undefined, 3000));
    if (url.pathname === '/ocpi/2.2.1/tokens' && req.method === 'GET') {
      // Its tokens page by page, with the next page's Link as OCPI pages.
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 2), 2);
      const page = tokens.slice(offset, offset + limit);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-total-count': String(tokens.length),
        'x-limit': String(limit),
      };
      if (offset + page.length < tokens.length)
        headers.link = `<${base}/ocpi/2.2.1/tokens?offset=${offset + page.length}&limit=${limit}>; rel="next"`;
      res.writeHead(200, headers);
      return res.end(JSON.stringify(envelope(page)));
    }
    if (options.hub && url.pathname === '/ocpi/2.2.1/hubclientinfo' && req.method === 'GET') {
      // Its parties' ClientInfo page by page, as its tokens.
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const page = clientInfos.slice(offset, offset + 2);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-total-count': String(clientInfos.length),
        'x-limit': '2',
      };
      if (offset + page.length < clientInfos.length)
        headers.link = `<${base}/ocpi/2.2.1/hubclientinfo?offset=${offset + page.length}&limit=2>; rel="next"`;
      res.writeHead(200, headers);
      return res.end(JSON.stringify(envelope(page)));
    }
    const authorize = /^\/ocpi\/2\.2\.1\/tokens\/([^/]+)\/authorize$/.exec(url.pathname);
    if (authorize && req.method === 'POST') {
      const uid = decodeURIComponent(authorize[1]!);
      received.push({ method: 'POST', path: `tokens/${uid}/authorize`, body });
      const raw = rawRealtime.get(uid);
      if (raw) {
        res.writeHead(raw.status, { 'content-type': 'application/json' });
        return res.end(raw.body);
      }
      const allowed = realtime.get(uid);
      if (!allowed) return send(404, envelope(undefined, 2004));
      return send(
        200,
        envelope({
          allowed,
          token: issue(uid, 'NEVER'),
          authorization_reference: `REF-${uid}`,
          ...(unset === null ? { location: null, info: null } : {}),
        }),
      );
    }
    if (url.pathname.startsWith('/ocpi/2.2.1/')) {
      received.push({ method: req.method ?? 'GET', path: url.pathname.slice('/ocpi/2.2.1/'.length), body });
      return send(200, envelope(undefined));
    }
    return send(404, envelope(undefined, 2000));
  }

  const server: Server = createServer((req, res) => {
    serve(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    versionsUrl: `${base}/ocpi/versions${slash}`,
    tokenA,
    platformToken: () => acceptedToken,
    ownToken: () => ownToken,
    platformEndpoints,
    received,
    tokens,
    realtime,
    failing,
    clientInfos,
    cut,
    rawRealtime,
    token: issue,
    async register(platformVersionsUrl, tokenGiven) {
      await learn(platformVersionsUrl, tokenGiven);
      const tokenB = `emsp-b-${randomBytes(8).toString('hex')}`;
      acceptedToken = tokenB;
      const answer = await ocpiRequest(platformEndpoints.get('credentials')!, tokenGiven, 'POST', {
        token: tokenB,
        url: `${base}/ocpi/versions${slash}`,
        roles,
      });
      if (answer.body.status_code === 1000) ownToken = (answer.body.data as { token: string }).token;
      return answer;
    },
    async pullAll(module, limit) {
      const items: unknown[] = [];
      const pages: OcpiAnswer[] = [];
      let next: string | undefined = `${platformEndpoints.get(module)!}${limit ? `?limit=${limit}` : ''}`;
      while (next) {
        const page = await ocpiRequest(next, ownToken);
        pages.push(page);
        items.push(...((page.body.data as unknown[]) ?? []));
        next = /<([^>]+)>;\s*rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
        if (pages.length > 100) throw new Error('too many pages');
      }
      return { items, pages };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
