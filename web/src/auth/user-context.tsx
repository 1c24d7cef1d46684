/**
 * The signed-in user as the main layout loaded it (GET /admin/user/info): screens read the user and check
 * permission codes here (`usePermission('6201')`, `usePermission(PERMISSION.userEdit)`).
 */
import type { SysUser } from '@web/auth/session.ts';
import { createContext, useContext } from 'react';

export interface CurrentUser {
  user: SysUser;
  permissions: ReadonlySet<string>;
  roles: readonly string[];
  agentName: string | null;
  /** Maps key (`googleMap`). */
  mapKey: string | null;
  /** Keeps the stored and shown user in step after "update info". */
  updateUser: (changes: Partial<SysUser>) => void;
}

export const CurrentUserContext = createContext<CurrentUser | null>(null);

export function useCurrentUser(): CurrentUser | null {
  return useContext(CurrentUserContext);
}

export function usePermission(code: string): boolean {
  return useContext(CurrentUserContext)?.permissions.has(code) ?? false;
}
