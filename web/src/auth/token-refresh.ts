/**
 * Renews the staff access token shortly before it expires (refresh grant), while the console is open.
 * The expiry is read from the token itself (a JWT's `exp`), so nothing beyond docs/product.md's stored keys
 * is kept. A failed refresh changes nothing: the next call answers 401 and the session-expiry flow takes
 * over.
 */
import { requestRefreshedToken } from '@web/auth/auth-api.ts';
import { signIn } from '@web/auth/session.ts';
import { readStored, STORAGE } from '@web/auth/storage.ts';
import { useEffect, useState } from 'react';

/** Refresh this long before expiry. */
export const REFRESH_MARGIN_MS = 60_000;

/** Milliseconds since the epoch at which a JWT expires, or null when it cannot be read. */
export function tokenExpiry(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export async function refreshAccessToken(): Promise<boolean> {
  const refreshToken = readStored(STORAGE.refreshToken);
  if (!refreshToken) return false;
  try {
    const answer = await requestRefreshedToken(refreshToken);
    if (answer.code !== 0 || typeof answer.access_token !== 'string') return false;
    // Only if the session is still there: a logout during the call wins.
    if (readStored(STORAGE.accessToken) === null) return false;
    signIn({ accessToken: answer.access_token, refreshToken: answer.refresh_token ?? refreshToken });
    return true;
  } catch {
    return false;
  }
}

/** Keeps the session's access token fresh while mounted (the main layout). */
export function useTokenRefresh(): void {
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const expiry = tokenExpiry(readStored(STORAGE.accessToken));
    if (expiry === null) return;
    // A little jitter, so two tabs of the same session rarely refresh at the same moment.
    const delay = Math.max(expiry - REFRESH_MARGIN_MS - Date.now() - Math.random() * 10_000, 0);
    // setTimeout holds 32-bit delays only; a longer-lived token is looked at again later.
    const timer = setTimeout(
      () => {
        // Too far ahead for one timer, or another tab already refreshed: look again.
        if (delay > 2 ** 31 - 1 || tokenExpiry(readStored(STORAGE.accessToken)) !== expiry)
          setGeneration((g) => g + 1);
        else
          void refreshAccessToken().then((ok) => {
            // Schedule the next refresh only if the new token really lives longer (no tight loop).
            const next = tokenExpiry(readStored(STORAGE.accessToken));
            if (ok && next !== null && next > expiry) setGeneration((g) => g + 1);
          });
      },
      Math.min(delay, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [generation]);
}
