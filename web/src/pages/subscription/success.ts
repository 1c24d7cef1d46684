/**
 * After a successful payment (docs/product.md section 4): "pay success", then the stored token, roles, user
 * and permissions are cleared — exactly those (the token is the access token and its refresh token) — so the
 * next login reads the new subscription's permissions.
 */
import { STORAGE, writeStored } from '@web/auth/storage.ts';

export const CLEARED_AFTER_PAYING = [
  STORAGE.accessToken,
  STORAGE.refreshToken,
  STORAGE.roles,
  STORAGE.user,
  STORAGE.permissions,
] as const;

export function clearAfterPaying(): void {
  for (const key of CLEARED_AFTER_PAYING) writeStored(key, null);
}

/** Where confirming the success dialog goes: the login page (/charge/login under the console's base). */
export const LOGIN_PATH = '/login';
