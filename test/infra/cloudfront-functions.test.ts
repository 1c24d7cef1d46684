/**
 * The CloudFront Functions of the distribution (infra/cdk/functions), executed in a bare node:vm context the way the
 * CloudFront JavaScript runtime runs them: a script defining `handler(event)`, no modules, no Node globals.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';

import { describe, expect, it } from 'vitest';

import { repoRoot } from '@infra/cdk/stack.ts';

type Value = { value: string; multiValue?: { value: string }[] };
interface CfRequest {
  method: string;
  uri: string;
  querystring: Record<string, Value>;
  headers: Record<string, Value>;
  cookies: Record<string, Value>;
}
interface CfResponse {
  statusCode: number;
  statusDescription?: string;
  headers?: Record<string, Value>;
  body?: unknown;
}
type Handler = (event: unknown) => CfRequest | CfResponse;

const source = (name: string) => readFileSync(join(repoRoot, 'infra/cdk/functions', name), 'utf8');

function load(name: string): Handler {
  const context = vm.createContext({});
  vm.runInContext(source(name), context, { filename: name });
  const handler = (context as { handler?: Handler }).handler;
  if (typeof handler !== 'function') throw new Error(`${name} defines no handler`);
  return handler;
}

function viewerRequest(uri: string, querystring: Record<string, Value> = {}) {
  return {
    version: '1.0',
    context: { eventType: 'viewer-request', distributionDomainName: 'd111111abcdef8.cloudfront.net' },
    viewer: { ip: '198.51.100.11' },
    request: {
      method: 'GET',
      uri,
      querystring,
      headers: { host: { value: 'd111111abcdef8.cloudfront.net' } },
      cookies: {},
    },
  };
}

const isResponse = (r: CfRequest | CfResponse): r is CfResponse => 'statusCode' in r;

describe.each(['ocpp-rewrite.js', 'spa-fallback.js'])('%s', (name) => {
  it('is a plain script the CloudFront runtime accepts (no modules, under 10 KB)', () => {
    const code = source(name);
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    expect(code).not.toMatch(/\brequire\s*\(/);
    expect(Buffer.byteLength(code)).toBeLessThan(10 * 1024);
    expect(typeof load(name)).toBe('function');
  });
});

describe('ocpp-rewrite (viewer request of /ocpp/*)', () => {
  const handler = load('ocpp-rewrite.js');
  const rewrite = (uri: string, qs: Record<string, Value> = {}) => handler(viewerRequest(uri, qs));

  it('moves the charge point id from the path to the query string and targets /', () => {
    const out = rewrite('/ocpp/CP-1');
    expect(isResponse(out)).toBe(false);
    const req = out as CfRequest;
    expect(req.uri).toBe('/');
    expect(req.querystring.chargePointId).toEqual({ value: 'CP-1' });
  });

  it('keeps an id with URL-encoded characters (encoded, as query string values are)', () => {
    const req = rewrite('/ocpp/CP%20A%2F01') as CfRequest;
    expect(req.uri).toBe('/');
    expect(req.querystring.chargePointId?.value).toBe('CP%20A%2F01');
    expect(decodeURIComponent(req.querystring.chargePointId!.value)).toBe('CP A/01');
  });

  it('encodes characters that would otherwise inject query parameters', () => {
    const req = rewrite('/ocpp/CP&admin=1') as CfRequest;
    expect(req.querystring.chargePointId?.value).toBe('CP%26admin%3D1');
    expect(req.querystring.admin).toBeUndefined();
  });

  it('keeps the existing query parameters', () => {
    const req = rewrite('/ocpp/CP-1', { foo: { value: 'bar' }, v: { value: '1.6' } }) as CfRequest;
    expect(req.querystring).toEqual({
      foo: { value: 'bar' },
      v: { value: '1.6' },
      chargePointId: { value: 'CP-1' },
    });
  });

  it('lets the id in the path win over a chargePointId the client sent', () => {
    const req = rewrite('/ocpp/CP-1', {
      chargePointId: { value: 'OTHER', multiValue: [{ value: 'OTHER' }, { value: 'CP-9' }] },
    }) as CfRequest;
    expect(req.querystring.chargePointId).toEqual({ value: 'CP-1' });
  });

  it('tolerates one trailing slash', () => {
    expect((rewrite('/ocpp/CP-1/') as CfRequest).querystring.chargePointId?.value).toBe('CP-1');
  });

  it.each(['/ocpp/', '/ocpp', '/ocpp//', '/ocpp/a/b', '/ocpp/%20', '/ocpp/%E0%A4%A', '/other/CP-1'])(
    'refuses %s with a 400',
    (uri) => {
      const out = rewrite(uri);
      expect(isResponse(out)).toBe(true);
      expect((out as CfResponse).statusCode).toBe(400);
      expect((out as CfResponse).statusDescription).toBe('Bad Request');
    },
  );
});

describe('spa-fallback (viewer request of /charge/*)', () => {
  const handler = load('spa-fallback.js');
  const uriAfter = (uri: string) => (handler(viewerRequest(uri)) as CfRequest).uri;

  it.each(['/charge/home', '/charge/', '/charge/device/pile', '/charge/order/detail/42'])(
    'serves index.html for the client route %s',
    (uri) => {
      expect(uriAfter(uri)).toBe('/charge/index.html');
    },
  );

  it.each([
    '/charge/assets/app.js',
    '/charge/assets/index-4f2a.css',
    '/charge/favicon.svg',
    '/charge/index.html',
  ])('leaves the file %s alone', (uri) => {
    expect(uriAfter(uri)).toBe(uri);
  });

  it('keeps the query string', () => {
    const out = handler(viewerRequest('/charge/home', { lang: { value: 'de' } })) as CfRequest;
    expect(out.querystring).toEqual({ lang: { value: 'de' } });
  });
});
