/** Declared resources of the fee group: tariffs and discounts. Each file declares one; list them here. */
import type { ResourceMeta } from '@shared/resources/define.ts';
import { chargingFeeResource } from './charging-fee.ts';
import { discountResource } from './discount.ts';
import { occupancyFeeResource } from './occupancy-fee.ts';
import { reserveFeeResource } from './reserve-fee.ts';

export const feeMetas: ResourceMeta[] = [
  chargingFeeResource,
  occupancyFeeResource,
  reserveFeeResource,
  discountResource,
];
