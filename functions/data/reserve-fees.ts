/**
 * Reservation fee rules, keys `RESERVEFEE#{id}` / `RESERVEFEE`: the repository of the resource
 * (shared/resources/fee/reserve-fee.ts), the one storage object of the resource framework and of every module
 * that reads the type (resources.ts, docs/decisions/445-one-way-to-store-an-entity.md).
 */
import { reserveFeeResource } from '@shared/resources/fee/reserve-fee.ts';
import { resourceRepository } from './resources.ts';

export const reserveFeeRecords = resourceRepository(reserveFeeResource);
