/** Orders domain (issue 7): charging orders and their detail, reservation, queue and profit orders. */
import { httpHandler, type Route } from '@functions/lib/http.ts';
import { orderQueryRoutes } from './queries.ts';
import { queueRoutes } from './queue.ts';
import { reservationRoutes } from './reservations.ts';
import { revenueRoutes } from './revenue.ts';

export const handler = httpHandler({
  ...orderQueryRoutes,
  ...reservationRoutes,
  ...queueRoutes,
  ...revenueRoutes,
} satisfies Record<string, Route>);
