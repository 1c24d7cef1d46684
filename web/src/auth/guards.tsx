/** Route guards: staff routes need the staff token, the fleet dashboard the fleet token (SPEC.md section 2). */
import { useAuthenticated, useFleetAuthenticated } from '@web/auth/session.ts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

export function RequireAuth({ children }: { children: ReactNode }) {
  return useAuthenticated() ? children : <Navigate to="/login" replace />;
}

export function RequireFleet({ children }: { children: ReactNode }) {
  return useFleetAuthenticated() ? children : <Navigate to="/login" replace />;
}

/** /logincommon: an authenticated visitor goes to the console instead. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  return useAuthenticated() ? <Navigate to="/" replace /> : children;
}
