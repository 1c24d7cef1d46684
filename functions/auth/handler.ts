/**
 * Auth domain (docs/product.md section 7): image code, the password key, the OAuth-style token endpoint
 * (password and refresh grants, client Basic auth), logout, and the fleet login.
 */
import { z } from 'zod';
import { LIMITS } from '@shared/schemas/identity.ts';
import { AppError, badRequest, unauthorized } from '@functions/lib/errors.ts';
import { httpHandler, ok, RawResponse, who, type Request } from '@functions/api/http.ts';
import { parse } from '@functions/lib/validate.ts';
import { forgetIdentities, signInRefusal } from '@functions/identity/access.ts';
import { users } from '@functions/data/users.ts';
import { checkRandomStr, issueImageCode, renderImageCode, verifyImageCode } from './captcha.ts';
import { decryptPassword, passwordKeyPair } from './keys.ts';
import { passwordLogin } from './login.ts';
import { checkRefreshToken, closeSession } from './sessions.ts';

/**
 * The OAuth client the console authenticates as (docs/architecture.md section 8); AUTH_CLIENT=id:secret
 * overrides.
 */
function checkClient(req: Request): void {
  const expected = process.env.AUTH_CLIENT ?? 'console:console';
  const header = req.event.headers.authorization ?? '';
  const given = header.toLowerCase().startsWith('basic ')
    ? Buffer.from(header.slice(6).trim(), 'base64').toString('utf8')
    : '';
  if (given !== expected) throw new AppError(401, 'server.badClient');
}

/**
 * docs/product.md section 5: username max 32; a fleet administrator signs in with an e-mail address (max 60).
 */
const credentials = (maxName: number) =>
  z.object({
    username: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(maxName, { error: 'validation.tooLong' }),
    password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
    code: z.string().max(4, { error: 'validation.tooLong' }).optional(),
    randomStr: z.string().optional(),
  });

async function login(req: Request, input: z.infer<ReturnType<typeof credentials>>, kind: 'user' | 'fleet') {
  req.auditAs = input.username;
  await verifyImageCode(input.randomStr, input.code);
  const password = await decryptPassword(input.password);
  if (password.length > LIMITS.passwordMax)
    throw badRequest('server.validation', { password: 'validation.tooLong' });
  const result = await passwordLogin({
    username: input.username,
    password,
    kind,
    ip: req.event.requestContext.http.sourceIp,
  });
  req.auditTenant = result.tenant;
  return result;
}

async function refresh(req: Request) {
  const outcome = await checkRefreshToken(req.query.refresh_token);
  if (!outcome.ok) throw badRequest(outcome.reason);
  const user = await users.getAny(outcome.userId);
  const refusal = user ? signInRefusal(user) : 'server.accountDeleted';
  if (!user || refusal) {
    await closeSession(outcome.sid);
    throw badRequest(refusal ?? 'server.accountDeleted');
  }
  req.auditAs = user.username;
  req.auditTenant = user.tenant;
  try {
    return await outcome.rotate({
      sub: user.userId,
      username: user.username,
      agentId: user.agentId,
      kind: user.kind,
    });
  } catch {
    throw badRequest('server.refreshRevoked');
  }
}

export const handler = httpHandler({
  'GET /code': async (req) => {
    const code = await issueImageCode(checkRandomStr(req.query.randomStr));
    return new RawResponse({
      statusCode: 200,
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' },
      body: renderImageCode(code),
    });
  },

  'GET /auth/publicKey': async () => ok({ publicKey: (await passwordKeyPair()).publicKey }),

  'GET /auth/oauth/token': async (req) => {
    checkClient(req);
    const grant = req.query.grant_type;
    let tokens;
    if (grant === 'password') {
      const input = parse(credentials(LIMITS.usernameMax), req.query);
      ({ tokens } = await login(req, input, 'user'));
    } else if (grant === 'refresh_token') {
      tokens = await refresh(req);
    } else throw badRequest('server.grantType');
    return { code: 0, msg: 'success', ...tokens, data: tokens };
  },

  'GET /auth/token/logout': async (req) => {
    const sid = req.caller.sessionId;
    if (!sid) throw unauthorized();
    who(req);
    await closeSession(sid);
    forgetIdentities();
    return ok(true);
  },

  'POST /fleets/fleetsAdmin/pwdLogin': async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const input = parse(credentials(LIMITS.emailMax), {
      username: body.name,
      password: body.password,
      code: body.code ?? req.query.code,
      randomStr: body.randomStr ?? req.query.randomStr,
    });
    const { tokens } = await login(req, input, 'fleet');
    return ok({
      token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      expires_in: tokens.expires_in,
    });
  },
});
