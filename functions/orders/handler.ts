/** Orders domain (issue 7): charging orders and their detail, reservation, queue and profit orders. */
import { httpHandler, type Route } from '@functions/lib/http.ts';
import { orderQueryRoutes } from './queries.ts';
import { revenueRoutes } from './revenue.ts';

export const handler = httpHandler({
  ...orderQueryRoutes,
  ...revenueRoutes,
} satisfies Record<string, Route>);
