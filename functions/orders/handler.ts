/**
 * Orders domain: charging orders and their detail, reservation, queue and profit orders, and the
 * revenue figures. The one place binding these routes to the services: each request is read and checked
 * here with the shared schemas, and the services take typed input.
 */
import { orderExportQuery, orderListQuery, realtimeQuery } from '@shared/schemas/order.ts';
import {
  reserveAddSchema,
  reserveListSchema,
  waitAddSchema,
  waitListSchema,
} from '@shared/schemas/reservation.ts';
import { homeQuery } from '@shared/schemas/home.ts';
import { insightQuery, revenueStatQuery } from '@shared/schemas/revenue.ts';
import { publicBaseUrl } from '@functions/commands/files.ts';
import { httpHandler, ok, who, type Request, type Route } from '@functions/api/http.ts';
import { parse } from '@functions/lib/validate.ts';
import { exportOrders, listOrders, orderDetail, realtimeSessions, resetOrder } from './queries.ts';
import { addWait, cancelWait, listWait } from './queue.ts';
import { addReservation, cancelReservation, listReservations, reservationDetail } from './reservations.ts';
import { homeDashboard } from './home.ts';
import { orderTimeline } from './timeline.ts';
import { exportRevenue, revenueStat, transactionInsight } from './revenue.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';

/** A cancel names its entry in the query or, failing that, in the body. */
const idOf = (req: Request) => req.query.id ?? (req.body as { id?: unknown } | undefined)?.id;

export const handler = httpHandler({
  'POST /biz/chargeOrder/list': async (req) =>
    ok(await listOrders(who(req), parse(orderListQuery, req.body))),
  'POST /biz/chargeOrder/detail': async (req) => ok(await orderDetail(who(req), req.query.id)),
  'POST /biz/chargeOrder/timeline': async (req) => ok(await orderTimeline(who(req), req.query.id)),
  'POST /biz/chargeOrder/realtime': async (req) =>
    ok(await realtimeSessions(who(req), parse(realtimeQuery, req.body))),
  'POST /biz/chargeOrder/reset': async (req) => ok(await resetOrder(who(req), req.query.id)),
  // The file export code (alsoNeeds in the topology) is checked before the request is read, as before.
  'POST /biz/chargeOrder/export': async (req) =>
    ok(await exportOrders(who(req), parse(orderExportQuery, req.body))),
  'POST /biz/profitOrder/list': async (req) =>
    ok(await listOrders(who(req), parse(orderListQuery, req.body), { profitOnly: true })),

  'POST /biz/reserveOrder/add': async (req) =>
    ok(await addReservation(who(req), parse(reserveAddSchema, req.body), publicBaseUrl(req.event))),
  'POST /biz/reserveOrder/cancel': async (req) =>
    ok(await cancelReservation(who(req), idOf(req), publicBaseUrl(req.event))),
  'POST /biz/reserveOrder/list': async (req) =>
    ok(await listReservations(who(req), parse(reserveListSchema, req.body))),
  'POST /biz/reserveOrder/detail': async (req) => ok(await reservationDetail(who(req), req.query.id)),

  'POST /biz/waitOrder/add': async (req) => ok(await addWait(who(req), parse(waitAddSchema, req.body))),
  'POST /biz/waitOrder/list': async (req) => ok(await listWait(who(req), parse(waitListSchema, req.body))),
  'POST /biz/waitOrder/cancel': async (req) => ok(await cancelWait(who(req), idOf(req))),

  'POST /biz/home/dashboard': async (req) => ok(await homeDashboard(who(req), parse(homeQuery, req.body))),
  'POST /biz/revenue/stat': async (req) => ok(await revenueStat(who(req), parse(revenueStatQuery, req.body))),
  'POST /biz/revenue/export': async (req) =>
    ok(await exportRevenue(who(req), parse(revenueStatQuery, req.body))),
  'POST /biz/transactionInsight/stat': async (req) =>
    ok(await transactionInsight(who(req), parse(insightQuery, req.body))),
} satisfies Record<string, Route>);
