/** Console screens of the device resources, by route (registered in web/src/resources/pages.tsx). */
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';
import { cardDecl } from './card.tsx';
import { ChargingProfilePage, chargingProfileDecl } from './charging-profile.tsx';
import { confKeyDecl } from './conf-key.ts';
import { displayDecl } from './display.ts';
import { EnergyBoxDetailPage } from './energy-box-detail.tsx';
import { energyBoxDecl } from './energy-box.tsx';
import { firmwareDecl } from './firmware.tsx';
import { listVersionDecl } from './list-version.tsx';
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

function listPage(decl: ResourceDecl): ComponentType {
  const Page = () => createElement(ResourceListPage, { decl });
  Page.displayName = `${decl.id}Page`;
  return Page;
}

export const devicePages: Record<string, ComponentType> = {
  '/firmware': listPage(firmwareDecl),
  '/confKey': listPage(confKeyDecl),
  '/display': listPage(displayDecl),
  '/network': listPage(networkDecl),
  '/listVersion': listPage(listVersionDecl),
  '/card': listPage(cardDecl),
  '/powerProfile': ChargingProfilePage,
  '/energyBox': listPage(energyBoxDecl),
  '/energyBoxDetail': EnergyBoxDetailPage,
};
