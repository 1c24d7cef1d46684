/* eslint-disable @typescript-eslint/no-explicit-any -- OCPI answers are loose JSON; the assertions check them */
/**
 * The outbound-URL guard (functions/lib/outbound-url.ts, decision 433): partner-given URLs are called only as
 * `https` to public addresses unless `OUTBOUND_ALLOW_PRIVATE` (or the local stage) allows `http` and
 * non-public ones; each address class, the IPv6 forms and the numeric IPv4 forms a URL may take; redirects
 * refused; answers bounded in size and time; the connection pinned to the address checked. Then through the
 * runtime with the allowance off: an eMSP's loopback versions URL, the console's registration at a loopback
 * eMSP and a loopback `response_url` are refused with OCPI status codes, and the partner's last error says why.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  nonPublicReason,
  outboundFetch,
  outboundPolicy,
  OutboundRefused,
  type Resolver,
} from '@functions/lib/outbound-url.ts';
import { ocpiCall, ocpiPage, OcpiCallError } from '@functions/ocpi/client.ts';
import { stations } from '@functions/chargepoints/sites.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { api, login } from '../helpers/identity.ts';
import { ocpiRequest, startTestEmsp, type TestEmsp } from '../helpers/emsp.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';
import { handler as pushConsumer } from '@functions/ocpi/push-consumer.ts';

const CLOSED = { allowPrivate: false };
const OPEN = { allowPrivate: true };

describe('outbound guard: address classes', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:192.168.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a00:1::1', 'private'],
    ['2001:db8::1', 'documentation'],
    ['not-an-address', 'not an IP address'],
  ])('%s is %s', (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '172.15.255.255',
    '100.128.0.1',
    '11.0.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(nonPublicReason(address)).toBeUndefined();
  });
});

describe('outbound guard: URLs', () => {
  const refusedWith = async (url: string, pattern: RegExp, resolve?: Resolver) => {
    const error = await checkOutboundUrl(url, { policy: CLOSED, resolve }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, url).toBeInstanceOf(OutboundRefused);
    expect((error as Error).message, url).toMatch(pattern);
  };
  const neverResolve: Resolver = () => {
    throw new Error('a literal address is not resolved');
  };

  it('refuses every scheme but https, and what is not a URL', async () => {
    for (const url of [
      'http://partner.example.com/ocpi/versions',
      'ftp://partner.example.com/',
      'file:///etc/passwd',
      'gopher://partner.example.com/',
      'javascript:alert(1)',
      'data:text/plain,hi',
    ])
      await refusedWith(url, /only https/, neverResolve);
    await refusedWith('not a url', /not a URL/, neverResolve);
    await refusedWith('', /not a URL/, neverResolve);
  });

  it('judges hosts written as numbers, in any IPv4 or IPv6 form, as the address they are', async () => {
    for (const [url, reason] of [
      ['https://127.0.0.1/', 'loopback'],
      ['https://2130706433/', 'loopback'],
      ['https://0x7f.1/', 'loopback'],
      ['https://0x7f000001/', 'loopback'],
      ['https://0177.0.0.1/', 'loopback'],
      ['https://127.1/', 'loopback'],
      ['https://017700000001/', 'loopback'],
      ['https://0/', 'this network'],
      ['https://169.254.169.254/latest/meta-data/', 'link-local'],
      ['https://2852039166/', 'link-local'],
      ['https://0xa9.0xfe.0xa9.0xfe/', 'link-local'],
      ['https://10.0.0.1:8443/x', 'private'],
      ['https://[::1]/', 'loopback'],
      ['https://[0:0:0:0:0:0:0:1]:443/', 'loopback'],
      ['https://[::ffff:127.0.0.1]/', 'loopback'],
      ['https://[::ffff:7f00:1]/', 'loopback'],
      ['https://[::ffff:169.254.169.254]/', 'link-local'],
      ['https://[fe80::1]/', 'link-local'],
      ['https://[fd00::1]/', 'unique-local'],
      ['https://[ff05::1]/', 'multicast'],
      ['https://100.64.1.1/', 'shared \\(CGNAT\\)'],
      ['https://224.0.0.251/', 'multicast'],
    ] as const)
      await refusedWith(url, new RegExp(`is ${reason}, not a public address`), neverResolve);
  });

  it('resolves a name once and refuses it when any address it resolves to is not public', async () => {
    const answers = (...addresses: string[]): Resolver => {
      return async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    await refusedWith('https://internal.example.com/', /10\.0\.0\.5 is private/, answers('10.0.0.5'));
    await refusedWith(
      'https://mixed.example.com/',
      /127\.0\.0\.1 is loopback/,
      answers('93.184.215.14', '127.0.0.1'),
    );
    await refusedWith('https://six.example.com/', /::1 is loopback/, answers('::1'));
    await refusedWith('https://mapped.example.com/', /is link-local/, answers('::ffff:169.254.169.254'));
    await refusedWith('https://nothing.example.com/', /does not resolve/, answers());
    await refusedWith('https://broken.example.com/', /does not resolve \(ENOTFOUND\)/, async () => {
      throw new Error('ENOTFOUND');
    });
    const checked = await checkOutboundUrl('https://partner.example.com:8443/ocpi/versions', {
      policy: CLOSED,
      resolve: answers('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'),
    });
    expect(checked).toMatchObject({ hostname: 'partner.example.com', address: '93.184.215.14', family: 4 });
  });

  it('lets http and non-public addresses through only where the policy allows them', async () => {
    const local = await checkOutboundUrl('http://127.0.0.1:8080/ocpi/versions', { policy: OPEN });
    expect(local).toMatchObject({ address: '127.0.0.1', family: 4 });
    const six = await checkOutboundUrl('http://[::1]:8080/', { policy: OPEN });
    expect(six).toMatchObject({ hostname: '::1', address: '::1', family: 6 });
    await expect(checkOutboundUrl('ftp://127.0.0.1/', { policy: OPEN })).rejects.toThrow(
      /only http and https/,
    );
  });

  describe('the setting', () => {
    const before = { allow: process.env.OUTBOUND_ALLOW_PRIVATE, stage: process.env.STAGE };
    afterEach(() => {
      for (const [name, value] of [
        ['OUTBOUND_ALLOW_PRIVATE', before.allow],
        ['STAGE', before.stage],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    });

    it('allows on the local stage, refuses on any other, and OUTBOUND_ALLOW_PRIVATE decides over both', () => {
      delete process.env.OUTBOUND_ALLOW_PRIVATE;
      process.env.STAGE = 'local';
      expect(outboundPolicy()).toEqual({ allowPrivate: true });
      process.env.STAGE = 'prod';
      expect(outboundPolicy()).toEqual({ allowPrivate: false });
      process.env.OUTBOUND_ALLOW_PRIVATE = '1';
      expect(outboundPolicy()).toEqual({ allowPrivate: true });
      process.env.STAGE = 'local';
      process.env.OUTBOUND_ALLOW_PRIVATE = '0';
      expect(outboundPolicy()).toEqual({ allowPrivate: false });
    });
  });
});

describe('outbound guard: calls', () => {
  let server: Server;
  let base: string;
  const hits: { path: string; host?: string }[] = [];
  let handle: (req: IncomingMessage, res: ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push({ path: req.url ?? '', host: req.headers.host });
      handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterEach(() => {
    hits.length = 0;
  });

  const answer = (body: string, status = 200, headers: Record<string, string> = {}) => {
    handle = (_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body);
    };
  };

  it('reads an answer, its status and its headers', async () => {
    answer('{"ok":true}', 201, { link: '<https://x.example.com/next>; rel="next"' });
    const res = await outboundFetch(`${base}/a?b=1`, { method: 'POST', body: '{}' }, { policy: OPEN });
    expect(res).toMatchObject({ status: 201, ok: true, text: '{"ok":true}' });
    expect(res.headers.get('link')).toContain('rel="next"');
    expect(hits).toEqual([{ path: '/a?b=1', host: base.slice('http://'.length) }]);
  });

  it('refuses a loopback URL without the allowance, and calls nothing', async () => {
    answer('{}');
    await expect(outboundFetch(`${base}/x`, { method: 'GET' }, { policy: CLOSED })).rejects.toThrow(
      OutboundRefused,
    );
    expect(hits).toEqual([]);
  });

  it('refuses redirects instead of following them', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      hits.length = 0;
      handle = (_req, res) => {
        if (hits.length > 1) return answer('{"followed":true}');
        res.writeHead(status, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
      };
      const error = await outboundFetch(`${base}/r`, { method: 'GET' }, { policy: OPEN }).catch((e) => e);
      expect(error).toBeInstanceOf(OutboundRefused);
      expect(error.message).toMatch(new RegExp(`HTTP ${status} redirect to http://169\\.254\\.169\\.254/`));
      expect(hits).toHaveLength(1);
    }
  });

  it('refuses an answer over the size limit, declared or streamed', async () => {
    const big = 'x'.repeat(6 * 1024 * 1024);
    answer(big);
    await expect(outboundFetch(`${base}/big`, { method: 'GET' }, { policy: OPEN })).rejects.toThrow(
      /larger than 5242880 bytes/,
    );
    handle = (_req, res) => {
      // Chunked, no length said: the limit is counted as it comes.
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'y'.repeat(64 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 100 && res.write(chunk)) sent++;
        if (sent < 100) res.once('drain', more);
        else res.end();
      };
      res.on('error', () => undefined);
      more();
    };
    await expect(outboundFetch(`${base}/stream`, { method: 'GET' }, { policy: OPEN })).rejects.toThrow(
      /larger than 5242880 bytes/,
    );
    answer('{"small":true}');
    await expect(
      outboundFetch(`${base}/limit`, { method: 'GET', maxBytes: 4 }, { policy: OPEN }),
    ).rejects.toThrow(/larger than 4 bytes/);
    const fits = await outboundFetch(`${base}/fits`, { method: 'GET', maxBytes: 14 }, { policy: OPEN });
    expect(fits.text).toBe('{"small":true}');
  });

  it('gives up on a partner that does not answer within the time limit', async () => {
    handle = () => undefined; // never answers
    const started = Date.now();
    await expect(
      outboundFetch(`${base}/slow`, { method: 'GET', timeoutMs: 300 }, { policy: OPEN }),
    ).rejects.toThrow(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
    // A name that never resolves is bounded by the same limit.
    const stuck: Resolver = () => new Promise(() => undefined);
    await expect(
      outboundFetch('https://stuck.example.com/', { method: 'GET', timeoutMs: 300 }, { resolve: stuck }),
    ).rejects.toThrow(/no answer within 300 ms/);
  });

  it('connects to the address it checked: a second DNS answer cannot switch it', async () => {
    answer('{"pinned":true}');
    const port = (server.address() as AddressInfo).port;
    let lookups = 0;
    // The first answer is the one checked; any later one (a rebinding) names somewhere else.
    const rebinding: Resolver = async () => [
      { address: lookups++ === 0 ? '127.0.0.1' : '10.255.255.1', family: 4 },
    ];
    const res = await outboundFetch(
      `http://partner.invalid:${port}/pinned`,
      { method: 'GET', timeoutMs: 5_000 },
      { policy: OPEN, resolve: rebinding },
    );
    expect(res.text).toBe('{"pinned":true}');
    expect(lookups).toBe(1);
    // The partner's name travels as the Host (and, over TLS, as the server name checked by the certificate).
    expect(hits).toEqual([{ path: '/pinned', host: `partner.invalid:${port}` }]);
  });
});

describe('outbound guard: OCPI through the runtime, the allowance off', () => {
  let rt: Awaited<ReturnType<typeof startTestRuntime>>;
  let admin: string;
  let emsp: TestEmsp;
  let hub: TestEmsp;
  let partner: any;
  let hubEntry: any;
  const GIVEN = 'outbound-given-token-a-1';
  const versions = () => `${rt.url}/ocpi/versions`;
  const ok = async (path: string, body?: unknown) => {
    const answer = await api(rt.url, admin, path, body);
    expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
    return answer.data;
  };
  const lastError = async (id: string) => (await ok('/admin/emsp/roaming', { id })).lastError as string;

  beforeAll(async () => {
    process.env.AUTH_CAPTCHA = 'off';
    rt = await startTestRuntime();
    admin = await login(rt.url, 'admin', 'Admin12345');
    emsp = await startTestEmsp({ countryCode: 'NL', partyId: 'OUT', name: 'Outbound eMSP' });
    hub = await startTestEmsp({ countryCode: 'BE', partyId: 'OHB', name: 'Outbound hub' });
    partner = await ok('/admin/emsp/add', {
      name: 'Outbound eMSP',
      countryCode: 'NL',
      partyId: 'OUT',
      requestUrl: 'https://placeholder.example.com/ocpi/versions',
      cpoUrl: versions(),
      cpoToken: GIVEN,
    });
    hubEntry = await ok('/admin/emsp/add', {
      name: 'Outbound hub',
      countryCode: 'BE',
      partyId: 'OHB',
      requestUrl: hub.versionsUrl,
      cpoUrl: versions(),
      emspToken: hub.tokenA,
    });
    const berlin = (await stations.repo.list(PLATFORM_TENANT)).find((s) => s.name === 'Demo Berlin Central');
    await ok('/admin/emsp/bind', { id: partner.id, stationIds: [berlin!.id], version: partner.version });
  }, 120_000);

  afterAll(async () => {
    await emsp?.close();
    await hub?.close();
    await rt?.cleanup();
  });

  afterEach(() => {
    delete process.env.OUTBOUND_ALLOW_PRIVATE;
  });

  it("refuses an eMSP's loopback versions URL at its registration with 2001, and notes why", async () => {
    process.env.OUTBOUND_ALLOW_PRIVATE = '0';
    const answer = await emsp.register(versions(), GIVEN);
    expect(answer.status).toBe(400);
    expect(answer.body.status_code).toBe(2001);
    expect(answer.body.status_message).toMatch(/versions URL.*refused/);
    expect(await lastError(partner.id)).toMatch(/127\.0\.0\.1 is loopback, not a public address/);
    expect((await ok('/admin/emsp/roaming', { id: partner.id })).registerFlag).toBe(0);
  });

  it('refuses to register at a loopback eMSP from the console, and notes why', async () => {
    process.env.OUTBOUND_ALLOW_PRIVATE = '0';
    const result = await ok('/admin/emsp/register', { id: hubEntry.id });
    expect(result.registered).toBe(false);
    expect(result.error).toMatch(/127\.0\.0\.1 is loopback, not a public address/);
    expect(await lastError(hubEntry.id)).toMatch(/127\.0\.0\.1 is loopback/);
    expect(hub.ownToken()).toBeUndefined();
  });

  it("refuses a command's loopback response_url with 2001 and notes why; with the allowance it is taken", async () => {
    process.env.OUTBOUND_ALLOW_PRIVATE = '1';
    emsp.tokens.push(emsp.token('OUT-DRIVER-1', 'ALLOWED'));
    expect((await emsp.register(versions(), GIVEN)).body.status_code).toBe(1000);
    // The tokens pull the handshake queued is done (it would note its own error with the allowance off).
    await waitFor(
      async () =>
        (await ocpiRequest(`${rt.url}/ocpi/2.2.1/tokens/NL/OUT/OUT-DRIVER-1`, emsp.ownToken())).status ===
        200,
      30_000,
      "the eMSP's tokens pulled",
    );
    process.env.OUTBOUND_ALLOW_PRIVATE = '0';
    const url = `${rt.url}/ocpi/2.2.1/commands/STOP_SESSION`;
    const body = { response_url: `${hub.versionsUrl.replace('/versions', '')}/result/1`, session_id: 'nope' };
    const refused = await ocpiRequest(url, emsp.ownToken(), 'POST', body);
    expect(refused.status).toBe(400);
    expect(refused.body.status_code).toBe(2001);
    expect(refused.body.status_message).toMatch(/response_url.*127\.0\.0\.1 is loopback/);
    expect(await lastError(partner.id)).toMatch(/response_url.*127\.0\.0\.1 is loopback/);
    // The metadata service by its number, as an outside probe would write it.
    const metadata = await ocpiRequest(url, emsp.ownToken(), 'POST', {
      ...body,
      response_url: 'http://2852039166/latest/meta-data/',
    });
    expect(metadata.body.status_code).toBe(2001);
    process.env.OUTBOUND_ALLOW_PRIVATE = '1';
    const taken = await ocpiRequest(url, emsp.ownToken(), 'POST', body);
    expect(taken.body.data).toMatchObject({ result: 'UNKNOWN_SESSION' });
  });

  it('drops a queued exchange whose URL is refused instead of trying it again, and notes why', async () => {
    const pull = (messageId: string) =>
      pushConsumer({
        Records: [{ messageId, body: JSON.stringify({ kind: 'tokens', partnerId: partner.id }) }],
      } as any);
    process.env.OUTBOUND_ALLOW_PRIVATE = '0';
    expect(await pull('refused-pull')).toEqual({ batchItemFailures: [] });
    expect(await lastError(partner.id)).toMatch(/127\.0\.0\.1 is loopback/);
    process.env.OUTBOUND_ALLOW_PRIVATE = '1';
    expect(await pull('allowed-pull')).toEqual({ batchItemFailures: [] });
  });

  it("guards every call of the OCPI client: the pushes', the pulls' and their Link pages", async () => {
    process.env.OUTBOUND_ALLOW_PRIVATE = '0';
    const peer = { countryCode: 'NL', partyId: 'OUT' };
    const call: any = await ocpiCall(peer, 't', 'GET', emsp.versionsUrl).catch((e: unknown) => e);
    expect(call).toBeInstanceOf(OcpiCallError);
    expect(call.message).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/ocpi\/versions: refused: only https/);
    const page = await ocpiPage(peer, 't', 'https://[::ffff:7f00:1]/ocpi/2.2.1/tokens').catch((e) => e);
    expect(page).toBeInstanceOf(OcpiCallError);
    expect(page.message).toMatch(/::ffff:7f00:1 is loopback/);
    process.env.OUTBOUND_ALLOW_PRIVATE = '1';
    expect(await ocpiCall(peer, hub.platformToken(), 'GET', hub.versionsUrl)).toEqual([
      expect.objectContaining({ version: '2.2.1' }),
    ]);
  });
});
