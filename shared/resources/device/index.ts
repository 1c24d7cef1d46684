/** Declared resources of the device group. Each file declares one; list them here. */
import type { ResourceMeta } from '@shared/resources/define.ts';
import { cardResource } from './card.ts';
import { chargingProfileResource } from './charging-profile.ts';
import { confKeyResource } from './conf-key.ts';
import { displayResource } from './display.ts';
import { firmwareResource } from './firmware.ts';
import { listVersionResource } from './list-version.ts';
import { networkResource } from './network.ts';

export const deviceMetas: ResourceMeta[] = [
  firmwareResource,
  confKeyResource,
  displayResource,
  networkResource,
  listVersionResource,
  cardResource,
  chargingProfileResource,
];
