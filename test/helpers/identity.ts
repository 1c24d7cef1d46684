/**
 * Calling the identity API as the console does: passwords RSA-OAEP encrypted with the server's public key,
 * the OAuth client's Basic auth on the token endpoint, the bearer token on every other call.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { expect } from 'vitest';
import { operators } from '@functions/data/operators.ts';

export const CLIENT_AUTH = `Basic ${Buffer.from('console:console').toString('base64')}`;

/** The public key of each runtime's URL. A worker runs many runtimes, and a freed port is given out again. */
const keys = new Map<string, string>();

/** Forgets the public key fetched from `base` (a new runtime there has a key pair of its own). */
export const forgetPublicKey = (base: string) => keys.delete(base);

export async function encrypt(base: string, plain: string): Promise<string> {
  let key = keys.get(base);
  if (!key) {
    key = (await (await fetch(`${base}/auth/publicKey`)).json()).data.publicKey as string;
    keys.set(base, key);
  }
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain),
  ).toString('base64');
}

export interface TokenAnswer {
  status: number;
  body: { code: number; msg: string; access_token?: string; refresh_token?: string; expires_in?: number };
}

/** The password grant; `code` and `randomStr` are only checked when the image code is switched on. */
export async function requestToken(
  base: string,
  username: string,
  password: string,
  extra: { code?: string; randomStr?: string; client?: string } = {},
): Promise<TokenAnswer> {
  const query = new URLSearchParams({
    username,
    password: await encrypt(base, password),
    grant_type: 'password',
    scope: 'server',
    code: extra.code ?? '',
    randomStr: extra.randomStr ?? '',
  });
  const res = await fetch(`${base}/auth/oauth/token?${query}`, {
    headers: { authorization: extra.client ?? CLIENT_AUTH },
  });
  return { status: res.status, body: await res.json() };
}

export async function login(base: string, username: string, password: string): Promise<string> {
  const answer = await requestToken(base, username, password);
  if (!answer.body.access_token) throw new Error(`login ${username} failed: ${answer.body.msg}`);
  return answer.body.access_token;
}

export interface Answer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/**
 * A console call: POST with JSON (or GET), bearer token, optional query and language. Answers are loose
 * JSON by default: the tests' assertions are what check their shape.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(
  base: string,
  token: string | undefined,
  path: string,
  body?: unknown,
  options: { method?: 'GET' | 'POST'; language?: string } = {},
): Promise<Answer<T>> {
  const res = await fetch(`${base}${path}`, {
    method: options.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.language
        ? { 'content-language': options.language, 'accept-language': options.language }
        : {}),
    },
    body: options.method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, code: json.code, msg: json.msg, data: json.data };
}

/** A console call that must succeed: its data (a failure says which call and why). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function okCall<T = any>(base: string, token: string, path: string, body?: unknown): Promise<T> {
  const answer = await api<T>(base, token, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

/**
 * A driver-app user signed up in a company's app (its operator id) through the real sign-up: the answer's
 * code, and on success the app token and the user's id.
 */
export async function signUpAppUser(
  base: string,
  user: { operatorId: string; email: string; password: string; userName: string; source: number },
): Promise<{ code: number; token: string; userId: string }> {
  const made = (await fetch(`${base}/app/auth/signUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  }).then((r) => r.json())) as { code: number; data?: { token: string; user: { id: string } } };
  return { code: made.code, token: made.data?.token ?? '', userId: made.data?.user.id ?? '' };
}

/**
 * A company the platform administrator adds, with its administrator `{name}-admin` / `Secret12345` signed
 * in. `subStatus` 0: not subscribed yet; with `featurePackageType` (0 Basic, 1 Pro) the package is written
 * as a paid subscription's activation writes it.
 */
export async function companyWithAdmin(
  base: string,
  platformToken: string,
  name: string,
  options: { subStatus: number; featurePackageType?: 0 | 1; currency?: string },
): Promise<{ id: string; token: string }> {
  const created = await okCall(base, platformToken, '/admin/operator/add', {
    operatorName: name,
    currency: options.currency ?? 'USD',
    contactMail: `${name.toLowerCase()}@example.com`,
    subStatus: options.subStatus,
  });
  if (options.featurePackageType !== undefined) {
    const stored = (await operators.getAny(created.id))!;
    await operators.update(stored, { ...stored, featurePackageType: options.featurePackageType });
  }
  await okCall(base, platformToken, '/admin/user/add', {
    username: `${name.toLowerCase()}-admin`,
    password: await encrypt(base, 'Secret12345'),
    role: ['role-operator-admin'],
    agentId: created.id,
  });
  return { id: created.id, token: await login(base, `${name.toLowerCase()}-admin`, 'Secret12345') };
}
