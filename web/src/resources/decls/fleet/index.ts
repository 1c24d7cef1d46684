/** Console screens of the fleets (issue 18), by route (registered in web/src/resources/pages.tsx). */
import { LoadingState } from '@web/components/ui/state-views.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { listPageOf } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { FleetDashboardPage } from './fleet-dashboard.tsx';
import { FleetDetailPage } from './fleet-detail.tsx';
import { alertDecl, fundHistoryDecl } from './fleet-records.tsx';
import { fleetDecl } from './fleet.tsx';
import { driverDecl, vehicleDecl } from './members.tsx';

/** Every fleet declaration (tests walk them). */
export const fleetDecls: ResourceDecl[] = [fleetDecl, driverDecl, vehicleDecl, alertDecl, fundHistoryDecl];

// The analysis draws charts: recharts stays out of the other fleet screens (web/src/resources/screens.ts
// loads the analysis on its own).
const LazyAnalysis = lazy(() =>
  import('./fleet-analysis.tsx').then((m) => ({ default: m.FleetAnalysisPage })),
);
function FleetAnalysisRoute() {
  const tr = useTr();
  return createElement(
    Suspense,
    { fallback: createElement(LoadingState, { label: tr('shell.loadingPage') }) },
    createElement(LazyAnalysis),
  );
}

export const fleetPages: Record<string, ComponentType> = {
  '/fleets': listPageOf(fleetDecl),
  '/fleetsDetail': FleetDetailPage,
  '/vehicle/dashbord': FleetDashboardPage,
  '/driver': listPageOf(driverDecl),
  '/vehicle': listPageOf(vehicleDecl),
  '/alerts': listPageOf(alertDecl),
  '/fundHistory': listPageOf(fundHistoryDecl),
  '/analysis': FleetAnalysisRoute,
};
