/**
 * The authentication calls of docs/product.md section 7 and docs/api.md: image code, password grant,
 * refresh grant, fleet login, logout. Login calls carry no bearer token and report errors to the caller.
 */
import { API } from '@shared/api/paths.ts';
import { STORAGE, readStored } from '@web/auth/storage.ts';
import { request, withQuery } from '@web/lib/api.ts';

/** docs/architecture.md section 8: the console's OAuth client. */
export const OAUTH_CLIENT_AUTHORIZATION = `Basic ${btoa('console:console')}`;

/** A fresh random string for an image code (one per image; a new one on every refresh). */
export function newRandomStr(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The image-code picture: an SVG the server draws for this random string. */
export function imageCodeUrl(randomStr: string): string {
  return withQuery(API.code, { randomStr });
}

export type LoginResult = { ok: true } | { ok: false; msg: string };

export interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

/** Staff login: GET /auth/oauth/token, grant_type=password. */
export async function requestStaffToken(form: {
  username: string;
  password: string;
  code: string;
  randomStr: string;
}) {
  const envelope = await request<unknown>(API.auth.oauth.token, {
    method: 'GET',
    auth: false,
    silent: true,
    headers: { authorization: OAUTH_CLIENT_AUTHORIZATION },
    query: {
      username: form.username,
      password: form.password,
      grant_type: 'password',
      code: form.code,
      randomStr: form.randomStr,
      scope: 'server',
    },
  });
  return envelope as typeof envelope & TokenAnswer;
}

/** Refresh grant: a new access token before the current one expires. */
export async function requestRefreshedToken(refreshToken: string) {
  const envelope = await request<unknown>(API.auth.oauth.token, {
    method: 'GET',
    auth: false,
    silent: true,
    headers: { authorization: OAUTH_CLIENT_AUTHORIZATION },
    query: { grant_type: 'refresh_token', refresh_token: refreshToken },
  });
  return envelope as typeof envelope & TokenAnswer;
}

/** Fleet login: POST /fleets/fleetsAdmin/pwdLogin. */
export async function requestFleetToken(form: {
  name: string;
  password: string;
  code: string;
  randomStr: string;
}) {
  return request<{ token?: string } | null>(API.fleets.fleetsAdmin.pwdLogin, {
    auth: false,
    silent: true,
    query: { code: form.code, randomStr: form.randomStr },
    body: form,
  });
}

/**
 * Revokes the session on the server. The caller clears the local session first and passes the token
 * here, so a session that already expired does not raise the 401 message on the way out.
 */
export async function revokeToken(token: string | null): Promise<void> {
  if (!token) return;
  try {
    await request(API.auth.token.logout, {
      method: 'GET',
      auth: false,
      silent: true,
      headers: { authorization: `Bearer ${token}` },
    });
  } catch {
    // offline: the token still expires on its own; the local session is gone either way
  }
}

export function currentTokens(): { access: string | null; fleet: string | null } {
  return {
    access: readStored(STORAGE.accessToken),
    fleet: readStored(STORAGE.vehicleAccessToken),
  };
}
