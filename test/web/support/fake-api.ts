/**
 * A stand-in for the API at the fetch boundary, for DOM tests of the console: handlers by "METHOD path",
 * every call recorded (url, query, headers, body), unknown calls answered 404.
 */
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export type Answer = { status?: number; body: unknown };
export type Handler = (call: RecordedCall) => Answer | Promise<Answer>;

export function fakeApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchDouble = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    const answer = handler ? await handler(call) : { status: 404, body: { code: 404, msg: 'no route' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchDouble);
  return {
    calls,
    /** Calls to one path, in order. */
    to: (path: string) => calls.filter((call) => call.path === path),
  };
}

/** An RSA-OAEP key pair like the server's: the SPKI PEM it publishes and a decrypt for assertions. */
export async function serverKeyPair() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const base64 = Buffer.from(spki).toString('base64');
  const pem = `-----BEGIN PUBLIC KEY-----\n${base64.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`;
  return {
    pem,
    decrypt: async (encrypted: string) =>
      new TextDecoder().decode(
        await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, Buffer.from(encrypted, 'base64')),
      ),
  };
}
