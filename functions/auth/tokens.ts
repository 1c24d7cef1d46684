/** Access tokens: HS256 JWTs signed with the stage's secret (jose). Issued by the auth domain. */
import { SignJWT, jwtVerify, errors } from 'jose';
import { config } from '@functions/lib/config.ts';

export const TOKEN_ISSUER = 'ev-console';

export interface TokenClaims {
  sub: string;
  username: string;
  agentId?: string;
  /** `app`: a driver app user (the subject is the app user's id; agentId their company's). */
  kind: 'user' | 'fleet' | 'app';
  /** The sign-in session (functions/auth/sessions.ts): logging out ends it. */
  sid: string;
}

export async function signAccessToken(claims: TokenClaims, expiresInSeconds: number): Promise<string> {
  return new SignJWT({
    username: claims.username,
    agentId: claims.agentId ?? '',
    kind: claims.kind,
    sid: claims.sid,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(TOKEN_ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${expiresInSeconds}s`)
    .sign(config.jwtSecret());
}

export type Verdict =
  { valid: true; claims: TokenClaims } | { valid: false; reason: 'missing' | 'expired' | 'invalid' };

export async function verifyAccessToken(token: string | undefined): Promise<Verdict> {
  if (!token) return { valid: false, reason: 'missing' };
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret(), {
      issuer: TOKEN_ISSUER,
      algorithms: ['HS256'],
    });
    return {
      valid: true,
      claims: {
        sub: String(payload.sub),
        username: String(payload.username ?? ''),
        agentId: payload.agentId ? String(payload.agentId) : undefined,
        kind: payload.kind === 'fleet' || payload.kind === 'app' ? payload.kind : 'user',
        sid: String(payload.sid ?? ''),
      },
    };
  } catch (error) {
    return { valid: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
