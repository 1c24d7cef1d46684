/** Every declared resource with its server rules, by module and name (the exports consumer looks them up). */
import type { Resource } from '@functions/api/resources.ts';
import { appUserRecords } from '@functions/accounts/app-users.ts';
import { parameters } from '@functions/admin/parameters.ts';
import { systemResources } from '@functions/admin/system-resources.ts';
import { catalogueResources } from '@functions/biz/catalogue-resources.ts';
import { deviceResources } from '@functions/biz/device-resources.ts';
import { chargePoints, stations } from '@functions/chargepoints/sites.ts';
import { energyBoxes } from '@functions/energybox/boxes.ts';
import { renewableSources } from '@functions/energy/renewable.ts';
import { feeResources } from '@functions/fees/resources.ts';
import { driverRecords, fleetRecords, vehicleRecords } from '@functions/accounts/fleets.ts';

export function allResources(): Resource[] {
  return [
    parameters,
    ...systemResources,
    ...catalogueResources,
    ...deviceResources,
    ...feeResources,
    stations,
    chargePoints,
    energyBoxes,
    fleetRecords,
    driverRecords,
    vehicleRecords,
    appUserRecords,
    renewableSources,
  ];
}

export function resourceNamed(module: string, name: string): Resource | undefined {
  return allResources().find((r) => r.meta.module === module && r.meta.name === name);
}
