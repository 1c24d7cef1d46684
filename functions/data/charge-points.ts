/**
 * Charge points (piles), keys `CHARGEPOINT#{id}` / `CHARGEPOINT`: the repository of the resource
 * (shared/resources/site/charge-point.ts), the one storage object of the resource framework
 * and of every module that reads the type (resources.ts, docs/decisions/445-one-way-to-store-an-entity.md).
 */
import { chargePointResource } from '@shared/resources/site/charge-point.ts';
import { resourceRepository } from './resources.ts';

export const chargePointRecords = resourceRepository(chargePointResource);
