/**
 * Charger network profiles, keys `NETWORK#{id}` / `NETWORK`: the repository of the resource
 * (shared/resources/device/network.ts), the one storage object of the resource framework and of every module
 * that reads the type (resources.ts, docs/decisions/445-one-way-to-store-an-entity.md).
 */
import { networkResource } from '@shared/resources/device/network.ts';
import { resourceRepository } from './resources.ts';

export const networkRecords = resourceRepository(networkResource);
