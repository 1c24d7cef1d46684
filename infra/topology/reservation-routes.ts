/**
 * Reservation orders (functions/orders/reservations.ts; list 4200, detail and reserve 4201 — the catalogue's
 * code of /reserveOrderDetail —, cancel 4202) and
 * queue orders (functions/orders/queue.ts; list 4500, join and cancel 4501), served by the orders domain.
 */
import type { HttpRouteDecl } from './types.ts';

const route = (
  path: string,
  permission: string,
  audit?: { title: string; what?: string },
): HttpRouteDecl => ({
  method: 'POST',
  path,
  domain: 'orders',
  auth: 'user',
  permission,
  ...(audit ? { audit: audit.title, ...(audit.what ? { auditWhat: audit.what } : {}) } : {}),
});

export const reservationRoutes: HttpRouteDecl[] = [
  route('/biz/reserveOrder/list', '4200'),
  route('/biz/reserveOrder/detail', '4201'),
  route('/biz/reserveOrder/add', '4201', {
    title: 'server.audit.resourceAdd',
    what: 'reservationRes.names.reserveOrder',
  }),
  route('/biz/reserveOrder/cancel', '4202', { title: 'reservationRes.audit.cancelReservation' }),
  route('/biz/waitOrder/list', '4500'),
  route('/biz/waitOrder/add', '4501', {
    title: 'server.audit.resourceAdd',
    what: 'reservationRes.names.waitOrder',
  }),
  route('/biz/waitOrder/cancel', '4501', { title: 'reservationRes.audit.cancelWait' }),
];
