/**
 * Occupancy fee rules, keys `OCCUPANCYFEE#{id}` / `OCCUPANCYFEE`: the repository of the resource
 * (shared/resources/fee/occupancy-fee.ts), the one storage object of the resource framework
 * and of every module that reads the type (resources.ts, docs/decisions/445-one-way-to-store-an-entity.md).
 */
import { occupancyFeeResource } from '@shared/resources/fee/occupancy-fee.ts';
import { resourceRepository } from './resources.ts';

export const occupancyFeeRecords = resourceRepository(occupancyFeeResource);
