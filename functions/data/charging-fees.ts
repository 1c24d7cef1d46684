/**
 * Charging fee rules, keys `CHARGINGFEE#{id}` / `CHARGINGFEE`: the repository of the resource
 * (shared/resources/fee/charging-fee.ts), the one storage object of the resource framework
 * and of every module that reads the type (resources.ts, docs/decisions/445-one-way-to-store-an-entity.md).
 */
import { chargingFeeResource } from '@shared/resources/fee/charging-fee.ts';
import { resourceRepository } from './resources.ts';

export const chargingFeeRecords = resourceRepository(chargingFeeResource);
