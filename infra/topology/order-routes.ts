/** Orders (issue 7): charging orders, their detail and real-time view, reservation, queue and profit orders. */
import type { HttpRouteDecl } from './types.ts';

export const orderRoutes: HttpRouteDecl[] = [];
