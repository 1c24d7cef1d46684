/** Declared resources of the sites group: stations and charge points. */
import type { ResourceMeta } from '@shared/resources/define.ts';
import { chargePointResource } from './charge-point.ts';
import { stationResource } from './station.ts';

export const siteMetas: ResourceMeta[] = [stationResource, chargePointResource];
