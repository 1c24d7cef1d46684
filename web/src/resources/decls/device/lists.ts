/**
 * The device screens that are resource lists: loaded on their own (web/src/resources/screens.ts), so a list
 * does not bring the charging-profile and energy-box detail screens with their command and chart code.
 */
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';
import { cardDecl } from './card.tsx';
import { confKeyDecl } from './conf-key.ts';
import { displayDecl } from './display.ts';
import { energyBoxDecl } from './energy-box.tsx';
import { firmwareDecl } from './firmware.tsx';
import { listVersionDecl } from './list-version.tsx';
import { networkDecl } from './network.ts';

function listPage(decl: ResourceDecl): ComponentType {
  const Page = () => createElement(ResourceListPage, { decl });
  Page.displayName = `${decl.id}Page`;
  return Page;
}

export const deviceListPages: Record<string, ComponentType> = {
  '/firmware': listPage(firmwareDecl),
  '/confKey': listPage(confKeyDecl),
  '/display': listPage(displayDecl),
  '/network': listPage(networkDecl),
  '/listVersion': listPage(listVersionDecl),
  '/card': listPage(cardDecl),
  '/energyBox': listPage(energyBoxDecl),
};
