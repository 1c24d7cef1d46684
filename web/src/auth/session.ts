/**
 * The auth state of docs/product.md sections 3 and 4: authenticated while a staff token is stored (a stored
 * token with an unauthenticated state becomes authenticated), unauthenticated once it is cleared. Every
 * change goes through here so React re-renders (`useAuthenticated`), and other tabs follow through `storage`
 * events.
 */
import {
  clearSession,
  readStored,
  readStoredJson,
  SESSION_KEYS,
  STORAGE,
  writeStored,
} from '@web/auth/storage.ts';
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE.accessToken || event.key === STORAGE.vehicleAccessToken)
      listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export function isAuthenticated(): boolean {
  return readStored(STORAGE.accessToken) !== null;
}

export function isFleetAuthenticated(): boolean {
  return readStored(STORAGE.vehicleAccessToken) !== null;
}

/** Signed in to the console: as staff, or as a fleet account (its fleet console, decision 366). */
export function isConsoleAuthenticated(): boolean {
  return isAuthenticated() || isFleetAuthenticated();
}

export function useAuthenticated(): boolean {
  return useSyncExternalStore(subscribe, isAuthenticated, () => false);
}

export function useConsoleAuthenticated(): boolean {
  return useSyncExternalStore(subscribe, isConsoleAuthenticated, () => false);
}

/** A staff login succeeded: keep the tokens (docs/product.md section 4). */
export function signIn(tokens: { accessToken: string; refreshToken?: string | null }): void {
  // One console session at a time: a staff login replaces a fleet one.
  writeStored(STORAGE.vehicleAccessToken, null);
  writeStored(STORAGE.accessToken, tokens.accessToken);
  writeStored(STORAGE.refreshToken, tokens.refreshToken ?? null);
  expiring = false;
  emit();
}

/**
 * A fleet login succeeded: the fleet token is kept apart from the staff keys, and a staff session left in
 * this browser ends (its user, menus and permissions must not show in the fleet console).
 */
export function signInFleet(token: string): void {
  clearSession();
  writeStored(STORAGE.vehicleAccessToken, token);
  emit();
}

/**
 * Session expiry (401) and failed user info: clear exactly SESSION_KEYS and mark unauthenticated. A fleet
 * session (no staff token: the fleet token was the one in use) ends with its token too.
 */
export function endSession(): void {
  if (!isAuthenticated()) writeStored(STORAGE.vehicleAccessToken, null);
  clearSession();
  expiring = false;
  emit();
}

/** An explicit logout also forgets the fleet token ("logout clears stored tokens"). */
export function endAllSessions(): void {
  clearSession();
  writeStored(STORAGE.vehicleAccessToken, null);
  expiring = false;
  emit();
}

/** True between a 401 and the end of its message, so screens do not report the failure twice. */
let expiring = false;
export function isSessionExpiring(): boolean {
  return expiring;
}
export function markSessionExpiring(): void {
  expiring = true;
}

/** What user info gave (docs/product.md section 3), kept locally. */
export interface SysUser {
  userId: string | number;
  username: string;
  phone?: string | null;
  email?: string | null;
  agentId?: string | number | null;
  agentName?: string | null;
  subStatus?: number | string | null;
  expireRemindDays?: number | string | null;
}

export function storedUser(): SysUser | null {
  return readStoredJson<SysUser>(STORAGE.user);
}

export function storedPermissions(): string[] {
  const value = readStoredJson<unknown>(STORAGE.permissions);
  return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
}

export { SESSION_KEYS };
