/**
 * Orders: charging orders, their detail and real-time view, reservation, queue and profit orders.
 * The charging-order calls (functions/orders/queries.ts): list 4100, detail 4101 (and its event timeline,
 * functions/orders/timeline.ts), reset 4102 (changes the order: audited), real-time 4103, export 4104.
 */
import { API } from '@shared/api/paths.ts';
import type { HttpRouteDecl } from './types.ts';
import { CODE } from '@shared/permissions/menus.ts';

const order = (path: string, permission: string, audit?: string): HttpRouteDecl => ({
  method: 'POST',
  path,
  domain: 'orders',
  auth: 'user',
  permission,
  ...(audit ? { audit } : {}),
});

export const orderRoutes: HttpRouteDecl[] = [
  order(API.biz.chargeOrder.list, CODE.orders),
  order(API.biz.chargeOrder.detail, CODE.orderDetail),
  // The session's events in time order (docs/decisions/464-a-sessions-event-timeline.md), as its detail.
  order(API.biz.chargeOrder.timeline, CODE.orderDetail),
  order(API.biz.chargeOrder.reset, CODE.orderReset, 'orderRes.audit.reset'),
  order(API.biz.chargeOrder.realtime, CODE.orderRealtime),
  // An Excel file of the list's filters over at most 1 year, through the exports queue (/fileExport): data
  // export is Pro, so it also needs the file export code 9100.
  { ...order(API.biz.chargeOrder.export, CODE.orderExport), alsoNeeds: [CODE.fileExport] },
  // Profit orders: the orders whose revenue was shared (their `profits`), with the same filters.
  order(API.biz.profitOrder.list, CODE.profitOrders),
];
