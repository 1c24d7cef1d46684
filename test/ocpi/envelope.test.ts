/* eslint-disable @typescript-eslint/no-explicit-any -- OCPI answers are loose JSON; the assertions check them */
/**
 * OCPI's envelope under bad input (decision 433): a registered eMSP (the tests' own, test/helpers/emsp.ts)
 * sends what an outside probe sends — path parameters naming an object's inherited properties, JSON bodies
 * with `__proto__` and `constructor`, pulls with `date_from` after `date_to`, limits and offsets that are not
 * whole numbers in range, broken or huge bodies, odd content types. Every answer is OCPI's envelope with a
 * client status code (2xxx) and an HTTP status below 500; none is a 500 or carries a stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations } from '@functions/chargepoints/sites.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { api, login } from '../helpers/identity.ts';
import { ocpiRequest, startTestEmsp, type OcpiAnswer, type TestEmsp } from '../helpers/emsp.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let emsp: TestEmsp;
let berlin: any;
const GIVEN = 'envelope-given-token-a-1';
const V = () => `${rt.url}/ocpi/2.2.1`;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  const admin = await login(rt.url, 'admin', 'Admin12345');
  emsp = await startTestEmsp({ countryCode: 'NL', partyId: 'ENV', name: 'Envelope eMSP' });
  const partner = (
    await api(rt.url, admin, '/admin/emsp/add', {
      name: 'Envelope eMSP',
      countryCode: 'NL',
      partyId: 'ENV',
      requestUrl: 'https://placeholder.example.com/ocpi/versions',
      cpoUrl: `${rt.url}/ocpi/versions`,
      cpoToken: GIVEN,
    })
  ).data;
  berlin = (await stations.repo.list(PLATFORM_TENANT)).find((s) => s.name === 'Demo Berlin Central');
  const bound = await api(rt.url, admin, '/admin/emsp/bind', {
    id: partner.id,
    stationIds: [berlin.id],
    version: partner.version,
  });
  expect(bound.code, bound.msg).toBe(0);
  const registered = await emsp.register(`${rt.url}/ocpi/versions`, GIVEN);
  expect(registered.body.status_code).toBe(1000);
}, 120_000);

afterAll(async () => {
  await emsp?.close();
  await rt?.cleanup();
});

/** A raw OCPI call with the registered eMSP's token: the body as given, the content type as given. */
async function raw(
  path: string,
  init: { method?: string; body?: string | Uint8Array; type?: string } = {},
): Promise<OcpiAnswer & { text: string }> {
  const res = await fetch(`${V()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Token ${Buffer.from(emsp.ownToken()!, 'utf8').toString('base64')}`,
      ...(init.type ? { 'content-type': init.type } : {}),
    },
    body: typeof init.body === 'string' ? init.body : init.body && new Blob([new Uint8Array(init.body)]),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
}

/** An OCPI client error: HTTP 4xx, the envelope, the status code given, no stack trace. */
function refused(answer: OcpiAnswer & { text?: string }, code = 2001, what = '') {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
  expect(answer.body, what).toMatchObject({
    status_code: code,
    status_message: expect.any(String),
    timestamp: expect.any(String),
  });
  expect(answer.text ?? '', what).not.toMatch(/\bat .*\.ts:\d+/);
}

const stop = { response_url: 'http://127.0.0.1:9/result', session_id: 'no-such-session' };

describe('OCPI envelope: names of inherited properties', () => {
  it('answers a command named after an inherited property with 2001, never a 500', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']) {
      const answer = await raw(`/commands/${name}`, {
        method: 'POST',
        body: JSON.stringify(stop),
        type: 'application/json',
      });
      refused(answer, 2001, name);
      expect(answer.body.status_message).toMatch(/command/i);
    }
    // A real command still goes through the same door (its session is unknown to the platform).
    const known = await raw('/commands/STOP_SESSION', {
      method: 'POST',
      body: JSON.stringify(stop),
      type: 'application/json',
    });
    expect(known.status).toBe(200);
    expect(known.body.data).toMatchObject({ result: 'UNKNOWN_SESSION' });
  });

  it('refuses path parameters naming a prototype, and overlong or unprintable ones, before the module runs', async () => {
    for (const path of [
      '/locations/__proto__',
      '/locations/constructor/1/1',
      `/locations/${berlin.id}/prototype`,
      '/tokens/NL/ENV/__proto__',
      `/tokens/NL/ENV/${'x'.repeat(300)}`,
      '/tokens/NL/ENV/%E2%98%83',
      `/locations/${'L'.repeat(2000)}`,
    ])
      refused(await raw(path), 2001, path);
  });

  it('refuses JSON bodies holding __proto__ or constructor at any depth, and pollutes nothing', async () => {
    for (const body of [
      '{"__proto__":{"polluted":true},"response_url":"http://127.0.0.1:9/r","session_id":"x"}',
      '{"response_url":"http://127.0.0.1:9/r","session_id":"x","constructor":{"prototype":{"polluted":true}}}',
      '{"response_url":"http://127.0.0.1:9/r","session_id":"x","a":[{"__proto__":{"polluted":true}}]}',
    ]) {
      const answer = await raw('/commands/STOP_SESSION', {
        method: 'POST',
        body,
        type: 'application/json',
      });
      refused(answer, 2001, body);
    }
    const credentials = await raw('/credentials', {
      method: 'PUT',
      body: '{"__proto__":{"polluted":true},"token":"t","url":"https://x.example.com","roles":[]}',
      type: 'application/json',
    });
    refused(credentials, 2001, 'credentials');
    expect(({} as any).polluted).toBeUndefined();
  });
});

describe('OCPI envelope: pull parameters', () => {
  it('refuses date_from after date_to on every pull with 2001 saying so; an equal pair is an empty page', async () => {
    for (const module of ['sessions', 'cdrs', 'locations', 'tariffs']) {
      const answer = await raw(`/${module}?date_from=2024-06-02T00:00:00Z&date_to=2024-06-01T00:00:00Z`);
      refused(answer, 2001, module);
      expect(answer.body.status_message, module).toMatch(/date_from.*date_to|date_to.*date_from/);
      // The same instant in other offsets is still the same instant: an empty window, not an error.
      const empty = await raw(
        `/${module}?date_from=2024-06-01T02:00:00%2B02:00&date_to=2024-06-01T00:00:00Z`,
      );
      expect(empty.status, `${module}: ${JSON.stringify(empty.body)}`).toBe(200);
      expect(empty.body.data).toEqual([]);
      expect(empty.headers.get('x-total-count')).toBe('0');
    }
  });

  it('refuses limits and offsets that are not whole numbers in range, and dates that are not dates', async () => {
    const bad = [
      'limit=-1',
      'limit=0',
      'limit=abc',
      'limit=1.5',
      'limit=1e2',
      'limit=0x10',
      'limit=',
      'limit=Infinity',
      'offset=-1',
      'offset=x',
      'offset=1e400',
      'offset=99999999999999999999999',
      'offset=1&offset=2',
      'date_from=yesterday',
      'date_to=2024-02-30T00:00:00Z',
      'date_from=9999-12-31T23:59:59-23:59',
      'date_to=0000-01-01T00:00:00%2B23:59',
    ];
    for (const module of ['sessions', 'cdrs', 'locations', 'tariffs'])
      for (const query of bad) refused(await raw(`/${module}?${query}`), 2001, `${module}?${query}`);
  });

  it('serves a limit above the maximum with the maximum, X-Limit saying so (decision 437)', async () => {
    for (const module of ['sessions', 'cdrs', 'locations', 'tariffs'])
      for (const limit of ['101', '2000', '99999999999999999999999']) {
        const answer = await raw(`/${module}?limit=${limit}`);
        expect(answer.status, `${module}?limit=${limit}`).toBe(200);
        expect(answer.headers.get('x-limit'), `${module}?limit=${limit}`).toBe('100');
      }
  });

  it('answers an offset past the end with an empty page', async () => {
    for (const module of ['sessions', 'cdrs', 'locations', 'tariffs']) {
      const answer = await raw(`/${module}?offset=1000000&limit=100`);
      expect(answer.status, module).toBe(200);
      expect(answer.body.data).toEqual([]);
    }
  });
});

describe('OCPI envelope: bodies', () => {
  it('answers malformed, deep, binary and mistyped bodies with 2001', async () => {
    const cases: { body: string | Uint8Array; type?: string }[] = [
      { body: '{"response_url":', type: 'application/json' },
      { body: 'null', type: 'application/json' },
      { body: '[]', type: 'application/json' },
      { body: '"text"', type: 'application/json' },
      { body: `${'['.repeat(200_000)}${']'.repeat(200_000)}`, type: 'application/json' },
      { body: new Uint8Array([0xff, 0xfe, 0x00, 0x01, 0x80]), type: 'application/octet-stream' },
      { body: 'response_url=http://x&session_id=1', type: 'application/x-www-form-urlencoded' },
      { body: '<xml/>', type: 'text/xml' },
    ];
    for (const { body, type } of cases) {
      const answer = await raw('/commands/STOP_SESSION', { method: 'POST', body, type });
      refused(answer, 2001, `${type}: ${String(body).slice(0, 40)}`);
    }
  });

  it('refuses a body far larger than any OCPI object without reading it into a module', async () => {
    const huge = JSON.stringify({ ...stop, session_id: 'x'.repeat(3 * 1024 * 1024) });
    const answer = await raw('/commands/STOP_SESSION', {
      method: 'POST',
      body: huge,
      type: 'application/json',
    });
    refused(answer, 2001, 'huge body');
    expect(answer.status).toBe(413);
  });

  it('answers with the envelope and a request id of its own when the one sent is not usable', async () => {
    const res = await ocpiRequest(`${V()}/locations?limit=1`, emsp.ownToken(), 'GET', undefined, {
      'X-Request-ID': 'x'.repeat(2000),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')!.length).toBeLessThanOrEqual(255);
  });
});
