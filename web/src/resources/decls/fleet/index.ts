/** Console screens of the fleets (issue 18), by route (registered in web/src/resources/pages.tsx). */
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, type ComponentType } from 'react';
import { FleetAnalysisPage } from './fleet-analysis.tsx';
import { FleetDashboardPage } from './fleet-dashboard.tsx';
import { FleetDetailPage } from './fleet-detail.tsx';
import { alertDecl, fundHistoryDecl } from './fleet-records.tsx';
import { fleetDecl } from './fleet.tsx';
import { driverDecl, vehicleDecl } from './members.tsx';

/** Every fleet declaration (tests walk them). */
export const fleetDecls: ResourceDecl[] = [fleetDecl, driverDecl, vehicleDecl, alertDecl, fundHistoryDecl];

const listPage = (decl: ResourceDecl): ComponentType =>
  function FleetListPage() {
    return createElement(ResourceListPage, { decl });
  };

export const fleetPages: Record<string, ComponentType> = {
  '/fleets': listPage(fleetDecl),
  '/fleetsDetail': FleetDetailPage,
  '/vehicle/dashbord': FleetDashboardPage,
  '/driver': listPage(driverDecl),
  '/vehicle': listPage(vehicleDecl),
  '/alerts': listPage(alertDecl),
  '/fundHistory': listPage(fundHistoryDecl),
  '/analysis': FleetAnalysisPage,
};
