/** Reservation and queue orders and a reservation's page, loaded together (web/src/screens/registry.ts). */
import { reserveOrderDecl } from '@web/resources/decls/reservation/reserve-order.tsx';
import { waitOrderDecl } from '@web/resources/decls/reservation/wait-order.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { createElement } from 'react';

export { ReserveDetailPage } from './reserve-detail.tsx';

export function ReserveOrderPage() {
  return createElement(ResourceListPage, { decl: reserveOrderDecl });
}

export function WaitOrderPage() {
  return createElement(ResourceListPage, { decl: waitOrderDecl });
}
