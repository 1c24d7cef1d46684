/**
 * Logging out (docs/product.md section 4): the local session goes first, then the server revokes the token.
 */
import { currentTokens, revokeToken } from '@web/auth/auth-api.ts';
import { endAllSessions } from '@web/auth/session.ts';

export async function logout(): Promise<void> {
  const { access, fleet } = currentTokens();
  endAllSessions();
  await revokeToken(access ?? fleet);
}
