/**
 * Assets, keys `ASSET#{id}` / `ASSET`: the repository of the resource
 * (shared/resources/system/asset.ts), the one storage object of the resource framework and of every module
 * that reads the type (resources.ts, docs/decisions/445-one-way-to-store-an-entity.md).
 */
import { assetResource } from '@shared/resources/system/asset.ts';
import { resourceRepository } from './resources.ts';

export const assetRecords = resourceRepository(assetResource);
