/** Console screens of the device resources, by route (registered in web/src/resources/pages.tsx). */
import type { ResourceDecl } from '@web/resources/types.ts';
import type { ComponentType } from 'react';
import { cardDecl } from './card.tsx';
import { ChargingProfilePage, chargingProfileDecl } from './charging-profile.tsx';
import { confKeyDecl } from './conf-key.ts';
import { displayDecl } from './display.ts';
import { EnergyBoxDetailPage } from './energy-box-detail.tsx';
import { energyBoxDecl } from './energy-box.tsx';
import { firmwareDecl } from './firmware.tsx';
import { listVersionDecl } from './list-version.tsx';
import { deviceListPages } from './lists.ts';
import { networkDecl } from './network.ts';

/** Every device declaration (tests walk them). */
export const deviceDecls: ResourceDecl[] = [
  firmwareDecl,
  confKeyDecl,
  displayDecl,
  networkDecl,
  listVersionDecl,
  cardDecl,
  chargingProfileDecl,
  energyBoxDecl,
];

export const devicePages: Record<string, ComponentType> = {
  ...deviceListPages,
  '/powerProfile': ChargingProfilePage,
  '/energyBoxDetail': EnergyBoxDetailPage,
};
