/**
 * Button permissions of the signed-in user, for screens that check many codes at once. The codes come from
 * the layout's current user (GET /admin/user/info); outside the layout (tests, a page opened on its own)
 * from the copy kept under `permissions` (docs/product.md section 3).
 */
import { readStoredJson, STORAGE } from '@web/auth/storage.ts';
import { useCurrentUser } from '@web/auth/user-context.tsx';
import { useCallback } from 'react';

/** One code, or a list of which any one is enough (a dialog offering several commands). */
export type Needed = string | readonly string[] | undefined;
export type Can = (code: Needed) => boolean;

/** True when the given codes hold the code (any of a list); no code means nothing is needed. */
export function holds(
  held: ReadonlySet<string> | readonly string[] | null | undefined,
  code: Needed,
): boolean {
  if (!code) return true;
  if (typeof code !== 'string') return code.length === 0 || code.some((c) => holds(held, c));
  if (!held) return false;
  return held instanceof Set ? held.has(code) : (held as readonly string[]).includes(code);
}

export function storedCodes(): string[] {
  const held = readStoredJson<unknown>(STORAGE.permissions);
  return Array.isArray(held) ? held.filter((c): c is string => typeof c === 'string') : [];
}

/** `can(code)`: may the signed-in user do what the code guards? */
export function useCan(): Can {
  const user = useCurrentUser();
  const held = user?.permissions;
  return useCallback((code) => holds(held ?? storedCodes(), code), [held]);
}
