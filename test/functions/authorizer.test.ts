import type { APIGatewayProxyEventV2, APIGatewayRequestAuthorizerEventV2, Context } from 'aws-lambda';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as authorize } from '@functions/authorizer/http.ts';
import { signAccessToken } from '@functions/auth/tokens.ts';
import { parseBasic } from '@functions/authorizer/ocpp.ts';
import { httpHandler, ok } from '@functions/api/http.ts';
import { badRequest } from '@functions/lib/errors.ts';
import { hashSecret, verifySecret } from '@functions/lib/password.ts';

beforeAll(() => {
  process.env.AUTH_JWT_SECRET = 'test-secret-of-enough-length-0123456789';
});

const authEvent = (authorization?: string) =>
  ({ headers: authorization ? { authorization } : {} }) as unknown as APIGatewayRequestAuthorizerEventV2;

describe('HTTP authorizer', () => {
  // A valid token is vouched for only while its session lives: test/identity/auth.test.ts covers that
  // against DynamoDB (sign in, call, log out, call again).
  it('marks expired, tampered and foreign tokens unauthenticated, each with its reason', async () => {
    const expired = await signAccessToken({ sub: 'u1', username: 'x', kind: 'user', sid: 's1' }, -10);
    expect((await authorize(authEvent(`Bearer ${expired}`))).context).toEqual({
      authenticated: false,
      reason: 'expired',
    });
    const valid = await signAccessToken({ sub: 'u1', username: 'x', kind: 'user', sid: 's1' }, 60);
    const tampered = valid.slice(0, -3) + (valid.endsWith('aaa') ? 'bbb' : 'aaa');
    expect((await authorize(authEvent(`Bearer ${tampered}`))).context).toEqual({
      authenticated: false,
      reason: 'invalid',
    });
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('ev-console')
      .sign(new TextEncoder().encode('other-key'));
    expect((await authorize(authEvent(`Bearer ${foreign}`))).context).toEqual({
      authenticated: false,
      reason: 'invalid',
    });
    expect((await authorize(authEvent())).context).toEqual({ authenticated: false, reason: 'missing' });
  });
});

describe('domain handler envelope', () => {
  const domain = httpHandler(
    {
      'GET /open': async () => ok('hello'),
      'POST /closed': async (req) => ok(req.caller.username),
      'POST /bad': async () => {
        throw badRequest('server.validation', { name: 'validation.required' });
      },
      'POST /crash': async () => {
        throw new Error('secret internals');
      },
    },
    ['GET /open', 'POST /bad', 'POST /crash'],
  );
  const call = (routeKey: string, lambda?: Record<string, unknown>) =>
    domain(
      {
        routeKey,
        headers: {},
        requestContext: { authorizer: lambda ? { lambda } : undefined },
      } as unknown as APIGatewayProxyEventV2,
      { awsRequestId: 'r' } as Context,
    ) as Promise<{ statusCode: number; body: string }>;

  it('answers public routes and wraps data in the envelope', async () => {
    const res = await call('GET /open');
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ code: 0, msg: 'success', data: 'hello' });
  });

  it('answers 401 on a protected route unless the authorizer vouched for the caller', async () => {
    expect((await call('POST /closed')).statusCode).toBe(401);
    const expired = await call('POST /closed', { authenticated: false, reason: 'expired' });
    expect(expired.statusCode).toBe(401);
    expect(JSON.parse(expired.body).msg).toBe('Login failed, please login again');
  });

  it('maps validation errors to 400 with fields, and crashes to 500 without internals', async () => {
    const bad = await call('POST /bad');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({
      code: 1,
      msg: 'Please check the highlighted fields: This field is required',
      data: { name: 'This field is required' },
    });
    const crash = await call('POST /crash');
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toContain('secret internals');
    expect((await call('GET /nowhere')).statusCode).toBe(404);
  });
});

describe('secrets at rest', () => {
  it('hashes with scrypt and verifies only the right secret', async () => {
    const stored = await hashSecret('demo-cp-secret');
    expect(stored.startsWith('scrypt$')).toBe(true);
    expect(await verifySecret('demo-cp-secret', stored)).toBe(true);
    expect(await verifySecret('demo-cp-secreT', stored)).toBe(false);
    expect(await verifySecret('x', 'garbage')).toBe(false);
  });

  it('reads HTTP Basic credentials', () => {
    expect(parseBasic(`Basic ${Buffer.from('CP-1:pa:ss').toString('base64')}`)).toEqual({
      user: 'CP-1',
      password: 'pa:ss',
    });
    expect(parseBasic('Bearer x')).toBeUndefined();
    expect(parseBasic(`Basic ${Buffer.from('nocolon').toString('base64')}`)).toBeUndefined();
  });
});
