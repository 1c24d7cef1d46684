/**
 * Orders (issue 7): charging orders, their detail and real-time view, reservation, queue and profit orders.
 * The charging-order calls (functions/orders/queries.ts): list 4100, detail 4101, reset 4102 (changes the
 * order: audited), real-time 4103, export 4104.
 */
import type { HttpRouteDecl } from './types.ts';

const order = (path: string, permission: string, audit?: string): HttpRouteDecl => ({
  method: 'POST',
  path,
  domain: 'orders',
  auth: 'user',
  permission,
  ...(audit ? { audit } : {}),
});

export const orderRoutes: HttpRouteDecl[] = [
  order('/biz/chargeOrder/list', '4100'),
  order('/biz/chargeOrder/detail', '4101'),
  order('/biz/chargeOrder/reset', '4102', 'orderRes.audit.reset'),
  order('/biz/chargeOrder/realtime', '4103'),
  // An Excel file of the list's filters over at most 1 year, through the exports queue (/fileExport): data
  // export is Pro, so it also needs the file export code 9100.
  { ...order('/biz/chargeOrder/export', '4104'), alsoNeeds: ['9100'] },
  // Profit orders: the orders whose revenue was shared (their `profits`), with the same filters.
  order('/biz/profitOrder/list', '4300'),
];
