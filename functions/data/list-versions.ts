/**
 * Local authorization list versions, keys `LISTVERSION#{id}` / `LISTVERSION`: the repository of the resource
 * (shared/resources/device/list-version.ts), the one storage object of the resource framework
 * and of every module that reads the type (resources.ts, docs/decisions/445-one-way-to-store-an-entity.md).
 */
import { listVersionResource } from '@shared/resources/device/list-version.ts';
import { resourceRepository } from './resources.ts';

export const listVersionRecords = resourceRepository(listVersionResource);
