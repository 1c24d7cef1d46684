/** Console screens of the fee resources, by route (registered in web/src/resources/pages.tsx). */
import { listPageOf } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import type { ComponentType } from 'react';
import { chargingFeeDecl } from './charging-fee.tsx';
import { discountDecl } from './discount.tsx';
import { occupancyFeeDecl } from './occupancy-fee.ts';
import { reserveFeeDecl } from './reserve-fee.ts';

/** Every fee declaration (tests walk them). */
export const feeDecls: ResourceDecl[] = [chargingFeeDecl, occupancyFeeDecl, reserveFeeDecl, discountDecl];

/** /fee is the occupancy fee list (the fee menu's 3050 page). */
export const feePages: Record<string, ComponentType> = {
  '/chargingFee': listPageOf(chargingFeeDecl),
  '/fee': listPageOf(occupancyFeeDecl),
  '/reserveFee': listPageOf(reserveFeeDecl),
  '/discount': listPageOf(discountDecl),
};
