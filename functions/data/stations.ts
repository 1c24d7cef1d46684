/**
 * Stations (sites), keys `STATION#{id}` / `STATION`: the repository of the resource
 * (shared/resources/site/station.ts), the one storage object of the resource framework and of every module
 * that reads the type (resources.ts, docs/decisions/445-one-way-to-store-an-entity.md).
 */
import { stationResource } from '@shared/resources/site/station.ts';
import { resourceRepository } from './resources.ts';

export const stationRecords = resourceRepository(stationResource);
