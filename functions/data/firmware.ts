/**
 * Firmware files, keys `FIRMWARE#{id}` / `FIRMWARE`: the repository of the resource
 * (shared/resources/device/firmware.ts), the one storage object of the resource framework and of every module
 * that reads the type (resources.ts, docs/decisions/445-one-way-to-store-an-entity.md).
 */
import { firmwareResource } from '@shared/resources/device/firmware.ts';
import { resourceRepository } from './resources.ts';

export const firmwareRecords = resourceRepository(firmwareResource);
