/**
 * Discounts, keys `DISCOUNT#{id}` / `DISCOUNT`: the repository of the resource
 * (shared/resources/fee/discount.ts), the one storage object of the resource framework and of every module
 * that reads the type (resources.ts, docs/decisions/445-one-way-to-store-an-entity.md).
 */
import { discountResource } from '@shared/resources/fee/discount.ts';
import { resourceRepository } from './resources.ts';

export const discountRecords = resourceRepository(discountResource);
