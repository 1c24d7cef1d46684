/** The console's order calls: lists, detail, the real-time view of active sessions. */
import type { Route } from '@functions/lib/http.ts';

export const orderQueryRoutes: Record<string, Route> = {};
