/** The charging and profit orders and an order's page, loaded together (web/src/screens/registry.ts). */
import { chargeOrderDecl } from '@web/resources/decls/order/charge-order.tsx';
import { profitOrderDecl } from '@web/resources/decls/order/profit-order.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { createElement } from 'react';

export { OrderDetailPage } from './order-detail.tsx';

export function ChargeOrderPage() {
  return createElement(ResourceListPage, { decl: chargeOrderDecl });
}

export function ProfitOrderPage() {
  return createElement(ResourceListPage, { decl: profitOrderDecl });
}
