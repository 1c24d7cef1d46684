/**
 * The fee screens, loaded together (web/src/screens/registry.ts). /fee is the occupancy fee list (the fee
 * menu's 3050 page).
 */
import { chargingFeeDecl } from '@web/resources/decls/fee/charging-fee.tsx';
import { discountDecl } from '@web/resources/decls/fee/discount.tsx';
import { occupancyFeeDecl } from '@web/resources/decls/fee/occupancy-fee.ts';
import { reserveFeeDecl } from '@web/resources/decls/fee/reserve-fee.ts';
import { listPageOf } from '@web/resources/list-page.tsx';

export const ChargingFeesPage = listPageOf(chargingFeeDecl);
export const OccupancyFeesPage = listPageOf(occupancyFeeDecl);
export const ReserveFeesPage = listPageOf(reserveFeeDecl);
export const DiscountsPage = listPageOf(discountDecl);
