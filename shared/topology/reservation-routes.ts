/**
 * Reservation orders (functions/orders/reservations.ts; list 4200, detail and reserve 4201 — the catalogue's
 * code of /reserveOrderDetail —, cancel 4202) and
 * queue orders (functions/orders/queue.ts; list 4500, join and cancel 4501), served by the orders domain.
 */
import { API } from '@shared/api/paths.ts';
import type { HttpRouteDecl } from './types.ts';
import { CODE } from '@shared/permissions/menus.ts';

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
  route(API.biz.reserveOrder.list, CODE.reserveOrders),
  route(API.biz.reserveOrder.detail, CODE.reserveOrderDetail),
  route(API.biz.reserveOrder.add, CODE.reserveOrderDetail, {
    title: 'server.audit.resourceAdd',
    what: 'reservationRes.names.reserveOrder',
  }),
  route(API.biz.reserveOrder.cancel, CODE.reserveOrderCancel, {
    title: 'reservationRes.audit.cancelReservation',
  }),
  route(API.biz.waitOrder.list, CODE.waitOrders),
  route(API.biz.waitOrder.add, CODE.waitOrderEdit, {
    title: 'server.audit.resourceAdd',
    what: 'reservationRes.names.waitOrder',
  }),
  route(API.biz.waitOrder.cancel, CODE.waitOrderEdit, { title: 'reservationRes.audit.cancelWait' }),
];
