/** Console screens of the charging and profit orders (issue 7), by route (registered in web/src/resources/pages.tsx). */
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';
import { chargeOrderDecl } from './charge-order.tsx';
import { OrderDetailPage } from './order-detail.tsx';
import { profitOrderDecl } from './profit-order.tsx';

/** Every order declaration (tests walk them). */
export const orderDecls: ResourceDecl[] = [chargeOrderDecl, profitOrderDecl];

function ChargeOrderPage() {
  return createElement(ResourceListPage, { decl: chargeOrderDecl });
}

function ProfitOrderPage() {
  return createElement(ResourceListPage, { decl: profitOrderDecl });
}

export const orderPages: Record<string, ComponentType> = {
  '/chargeOrder': ChargeOrderPage,
  '/profitOrder': ProfitOrderPage,
  '/orderDetail': OrderDetailPage,
};
