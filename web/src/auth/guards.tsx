/**
 * Route guards: the console needs a staff token or a fleet token (a fleet account's console is the same
 * layout with its fleet's menus; decision 366).
 */
import { useAuthenticated, useConsoleAuthenticated } from '@web/auth/session.ts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

export function RequireAuth({ children }: { children: ReactNode }) {
  return useConsoleAuthenticated() ? children : <Navigate to="/login" replace />;
}

/** /logincommon: an authenticated visitor goes to the console instead. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  return useAuthenticated() ? <Navigate to="/" replace /> : children;
}
