/**
 * The fleet screens, loaded together (web/src/screens/registry.ts); the analysis draws charts and
 * is a module of its own (fleet-analysis.tsx), so recharts stays out of the other fleet screens.
 */
import { alertDecl, fundHistoryDecl } from '@web/resources/decls/fleet/fleet-records.tsx';
import { fleetDecl } from '@web/resources/decls/fleet/fleet.tsx';
import { driverDecl, vehicleDecl } from '@web/resources/decls/fleet/members.tsx';
import { listPageOf } from '@web/resources/list-page.tsx';

export { FleetDashboardPage } from './fleet-dashboard.tsx';
export { FleetDetailPage } from './fleet-detail.tsx';
export const FleetsPage = listPageOf(fleetDecl);
export const DriversPage = listPageOf(driverDecl);
export const VehiclesPage = listPageOf(vehicleDecl);
export const FleetAlertsPage = listPageOf(alertDecl);
export const FundHistoryPage = listPageOf(fundHistoryDecl);
