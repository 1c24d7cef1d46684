/** Console screens of sites and devices (issue 5), by route (registered in web/src/resources/pages.tsx). */
import { listPageOf, ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { Stack } from '@chakra-ui/react';
import { createElement, type ComponentType } from 'react';
import { chargePointDecl } from './charge-point.tsx';
import { ConnectorLimitNotice } from './connector-limit.tsx';
import { ChargerDetailPage } from './charger-detail.tsx';
import { MonitorPage } from './monitor.tsx';
import { StationDetailPage } from './station-detail.tsx';
import { stationDecl } from './station.tsx';

/** Every site declaration (tests walk them). */
export const siteDecls: ResourceDecl[] = [stationDecl, chargePointDecl];

/** /device: the charge points under the company's connector usage (and its warning when over the limit). */
function DevicePage() {
  return createElement(
    Stack,
    { gap: '4' },
    createElement(ConnectorLimitNotice),
    createElement(ResourceListPage, { decl: chargePointDecl }),
  );
}

export const sitePages: Record<string, ComponentType> = {
  '/equipment': listPageOf(stationDecl),
  '/stationDetail': StationDetailPage,
  '/device': DevicePage,
  '/chargerDetail': ChargerDetailPage,
  '/monitor': MonitorPage,
};
