/** Console screens of reservation and queue orders (issue 7), by route (web/src/resources/pages.tsx). */
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';
import { ReserveDetailPage } from './reserve-detail.tsx';
import { reserveOrderDecl } from './reserve-order.tsx';
import { waitOrderDecl } from './wait-order.tsx';

/** Every reservation and queue declaration (tests walk them). */
export const reservationDecls: ResourceDecl[] = [reserveOrderDecl, waitOrderDecl];

function ReserveOrderPage() {
  return createElement(ResourceListPage, { decl: reserveOrderDecl });
}

function WaitOrderPage() {
  return createElement(ResourceListPage, { decl: waitOrderDecl });
}

export const reservationPages: Record<string, ComponentType> = {
  '/reserveOrder': ReserveOrderPage,
  '/reserveOrderDetail': ReserveDetailPage,
  '/waitOrder': WaitOrderPage,
};
