import { describeError, getJson, RequestError } from '@web/lib/http.ts';
import { describe, expect, it } from 'vitest';

const fakeFetch = (impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) =>
  impl as typeof fetch;

describe('getJson', () => {
  it('parses JSON for any status and sends the given headers', async () => {
    let seen: Headers | undefined;
    const response = await getJson('/x', {
      headers: { 'accept-language': 'de-de' },
      fetch: fakeFetch(async (_url, init) => {
        seen = new Headers(init?.headers);
        return new Response('{"a":1}', { status: 500 });
      }),
    });
    expect(response).toEqual({ status: 500, ok: false, body: { a: 1 } });
    expect(seen?.get('accept-language')).toBe('de-de');
    expect(seen?.get('accept')).toBe('application/json');
  });

  it('gives an undefined body for an empty answer', async () => {
    const response = await getJson('/x', {
      fetch: fakeFetch(async () => new Response(null, { status: 204 })),
    });
    expect(response.body).toBeUndefined();
  });

  it('sorts failures into network, timeout, parse and http', async () => {
    const network = getJson('/x', {
      fetch: fakeFetch(async () => Promise.reject(new TypeError('fetch failed'))),
    });
    await expect(network).rejects.toMatchObject({ kind: 'network' });

    const timeout = getJson('/x', {
      timeoutMs: 10,
      fetch: fakeFetch(
        (_url, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
          ),
      ),
    });
    await expect(timeout).rejects.toMatchObject({ kind: 'timeout' });

    await expect(
      getJson('/x', { fetch: fakeFetch(async () => new Response('<html>')) }),
    ).rejects.toMatchObject({
      kind: 'parse',
      status: 200,
    });
    await expect(
      getJson('/x', { fetch: fakeFetch(async () => new Response('<html>', { status: 502 })) }),
    ).rejects.toMatchObject({ kind: 'http', status: 502 });
  });
});

describe('describeError', () => {
  it('names the catalog message for each failure', () => {
    expect(describeError(new RequestError('network'))).toEqual({ key: 'errors.network' });
    expect(describeError(new RequestError('timeout'))).toEqual({ key: 'errors.timeout' });
    expect(describeError(new RequestError('parse', 200))).toEqual({ key: 'errors.badResponse' });
    expect(describeError(new RequestError('http', 404))).toEqual({ key: 'errors.notFound' });
    expect(describeError(new RequestError('http', 503))).toEqual({
      key: 'errors.server',
      values: { status: 503 },
    });
    expect(describeError(new Error('boom'))).toEqual({ key: 'errors.network' });
  });
});
