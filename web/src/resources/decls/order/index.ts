/** Console screens of the charging orders (issue 7), by route (registered in web/src/resources/pages.tsx). */
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';
import { chargeOrderDecl } from './charge-order.tsx';
import { OrderDetailPage } from './order-detail.tsx';

/** Every order declaration (tests walk them). */
export const orderDecls: ResourceDecl[] = [chargeOrderDecl];

function ChargeOrderPage() {
  return createElement(ResourceListPage, { decl: chargeOrderDecl });
}

export const orderPages: Record<string, ComponentType> = {
  '/chargeOrder': ChargeOrderPage,
  '/orderDetail': OrderDetailPage,
};
