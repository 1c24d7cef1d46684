/**
 * Charger display messages, keys `DISPLAY#{id}` / `DISPLAY`: the repository of the resource
 * (shared/resources/device/display.ts), the one storage object of the resource framework and of every module
 * that reads the type (resources.ts, docs/decisions/445-one-way-to-store-an-entity.md).
 */
import { displayResource } from '@shared/resources/device/display.ts';
import { resourceRepository } from './resources.ts';

export const displayRecords = resourceRepository(displayResource);
