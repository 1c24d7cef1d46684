/** Console screens of sites and devices (issue 5), by route (registered in web/src/resources/pages.tsx). */
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';
import { chargePointDecl } from './charge-point.tsx';
import { ChargerDetailPage } from './charger-detail.tsx';
import { MonitorPage } from './monitor.tsx';
import { StationDetailPage } from './station-detail.tsx';
import { stationDecl } from './station.tsx';

/** Every site declaration (tests walk them). */
export const siteDecls: ResourceDecl[] = [stationDecl, chargePointDecl];

function listPage(decl: ResourceDecl): ComponentType {
  const Page = () => createElement(ResourceListPage, { decl });
  Page.displayName = `${decl.id}Page`;
  return Page;
}

export const sitePages: Record<string, ComponentType> = {
  '/equipment': listPage(stationDecl),
  '/stationDetail': StationDetailPage,
  '/device': listPage(chargePointDecl),
  '/chargerDetail': ChargerDetailPage,
  '/monitor': MonitorPage,
};
