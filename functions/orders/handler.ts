/** Orders domain (issue 7): charging orders and their detail, reservation, queue and profit orders. */
import { httpHandler, type Route } from '@functions/lib/http.ts';
import { orderQueryRoutes } from './queries.ts';
import { queueRoutes } from './queue.ts';
import { reservationRoutes } from './reservations.ts';
import { revenueRoutes } from './revenue.ts';
// Reactions to the events its modules emit (functions/lib/events.ts, test/functions/events-wiring.test.ts).
import '@functions/devices/subscriptions.ts';
import '@functions/orders/subscriptions.ts';

export const handler = httpHandler({
  ...orderQueryRoutes,
  ...reservationRoutes,
  ...queueRoutes,
  ...revenueRoutes,
} satisfies Record<string, Route>);
