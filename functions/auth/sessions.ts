/**
 * Sign-in sessions: each login opens one, holding the hash of its refresh token. Access tokens name their
 * session (`sid`), and the HTTP authorizer refuses a token whose session is gone, so logging out, a password
 * change, a lock or a deletion ends access at once, not when the token expires. Refreshing rotates the
 * refresh token (the old one stops working).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  closeLoginSession,
  getLoginSession,
  openLoginSession,
  rotateLoginRefresh,
  userSessions,
} from '@functions/data/login-sessions.ts';
import { newId } from '@functions/lib/records.ts';
import { signAccessToken, type TokenClaims } from '@functions/auth/tokens.ts';

export const ACCESS_TOKEN_SECONDS = 2 * 3600;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 3600;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'bearer';
  scope: 'server';
}

async function issue(claims: Omit<TokenClaims, 'sid'>, sid: string, refreshToken: string): Promise<Tokens> {
  return {
    access_token: await signAccessToken({ ...claims, sid }, ACCESS_TOKEN_SECONDS),
    refresh_token: `${sid}.${refreshToken}`,
    expires_in: ACCESS_TOKEN_SECONDS,
    token_type: 'bearer',
    scope: 'server',
  };
}

export async function openSession(claims: Omit<TokenClaims, 'sid'>): Promise<Tokens> {
  const sid = newId();
  const refresh = randomBytes(32).toString('base64url');
  await openLoginSession(sid, {
    userId: claims.sub,
    kind: claims.kind,
    refreshHash: hash(refresh),
    expiresAt: Math.floor(Date.now() / 1000) + REFRESH_TOKEN_SECONDS,
  });
  return issue(claims, sid, refresh);
}

export async function sessionActive(sid: string | undefined): Promise<boolean> {
  if (!sid) return false;
  const session = await getLoginSession(sid);
  return !!session && Number(session.expiresAt) * 1000 > Date.now();
}

export type RefreshOutcome =
  | { ok: true; userId: string; sid: string; rotate: (claims: Omit<TokenClaims, 'sid'>) => Promise<Tokens> }
  | { ok: false; reason: 'server.refreshInvalid' | 'server.refreshRevoked' | 'server.refreshExpired' };

/** Checks a refresh token; `rotate` swaps it for a new one (conditionally: a replayed token loses). */
export async function checkRefreshToken(token: string | undefined): Promise<RefreshOutcome> {
  const [sid, secret] = (token ?? '').split('.');
  if (!sid || !secret) return { ok: false, reason: 'server.refreshInvalid' };
  const Item = await getLoginSession(sid, true);
  if (!Item || Item.refreshHash !== hash(secret)) return { ok: false, reason: 'server.refreshRevoked' };
  if (Number(Item.expiresAt) * 1000 < Date.now()) return { ok: false, reason: 'server.refreshExpired' };
  return {
    ok: true,
    userId: String(Item.userId),
    sid,
    rotate: async (claims) => {
      const next = randomBytes(32).toString('base64url');
      const done = await rotateLoginRefresh(
        sid,
        Item.refreshHash,
        hash(next),
        Math.floor(Date.now() / 1000) + REFRESH_TOKEN_SECONDS,
      );
      if (!done) throw Object.assign(new Error('refresh token replayed'), { replayed: true });
      return issue(claims, sid, next);
    },
  };
}

export async function closeSession(sid: string): Promise<void> {
  await closeLoginSession(sid);
}

/** Ends every session of a user (password change, lock, deletion). */
export async function closeUserSessions(userId: string): Promise<void> {
  await Promise.all((await userSessions(userId)).map((session) => closeSession(session.sid)));
}
