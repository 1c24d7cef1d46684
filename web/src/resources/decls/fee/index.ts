/** Console screens of the fee resources, by route (registered in web/src/resources/pages.tsx). */
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';
import { chargingFeeDecl } from './charging-fee.tsx';
import { discountDecl } from './discount.tsx';
import { occupancyFeeDecl } from './occupancy-fee.ts';
import { reserveFeeDecl } from './reserve-fee.ts';

/** Every fee declaration (tests walk them). */
export const feeDecls: ResourceDecl[] = [chargingFeeDecl, occupancyFeeDecl, reserveFeeDecl, discountDecl];

function listPage(decl: ResourceDecl): ComponentType {
  const Page = () => createElement(ResourceListPage, { decl });
  Page.displayName = `${decl.id}Page`;
  return Page;
}

/** /fee is the occupancy fee list (the fee menu's 3050 page). */
export const feePages: Record<string, ComponentType> = {
  '/chargingFee': listPage(chargingFeeDecl),
  '/fee': listPage(occupancyFeeDecl),
  '/reserveFee': listPage(reserveFeeDecl),
  '/discount': listPage(discountDecl),
};
