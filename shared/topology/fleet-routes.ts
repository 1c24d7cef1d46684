/**
 * Fleets (functions/fleets/handler.ts; docs/decisions/192-fleets-on-the-registry.md): the fleet resource's
 * calls and its balance operations, the drivers' and vehicles' calls (with Excel import), served by the
 * fleets domain. docs/product.md section 6 names no button codes under /fleets (11100): the page's code
 * governs them; every code of the fleet menus is Pro (decision 204).
 */
import { API } from '@shared/api/paths.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { fleetResource } from '@shared/resources/fleet/fleet.ts';
import { driverResource, vehicleResource } from '@shared/resources/fleet/members.ts';
import { resourceRoutes } from './resource-routes.ts';
import type { HttpRouteDecl } from './types.ts';

const route = (path: string, audit?: string): HttpRouteDecl => ({
  method: 'POST',
  path,
  domain: 'fleets',
  auth: 'user',
  permission: CODE.fleets,
  ...(audit ? { audit } : {}),
});

/** A call of the fleet console: fleet accounts may make it (on their own fleet). */
const fleetRoute = (path: string, permission: string, audit?: string): HttpRouteDecl => ({
  ...route(path, audit),
  permission,
  fleet: true,
});

export const fleetRoutes: HttpRouteDecl[] = [
  ...resourceRoutes(fleetResource, 'fleets'),
  route(API.biz.fleet.enable, 'fleetRes.audit.enable'),
  route(API.biz.fleet.disable, 'fleetRes.audit.disable'),
  route(API.biz.fleet.topUp, 'fleetRes.audit.topUp'),
  route(API.biz.fleet.reset, 'fleetRes.audit.reset'),
  route(API.biz.fleet.funds),
  route(API.biz.fleet.activate, 'fleetRes.audit.activate'),
  // The dashboard: a fleet account's own fleet, a staff member's pick (decision 366).
  fleetRoute(API.biz.fleet.dashboard, CODE.fleetDashboard),
  // The fleet console's calls: a fleet account's own fleet, a staff member's pick (decision 366).
  fleetRoute(API.biz.fleetAlert.list, CODE.fleetAlerts),
  fleetRoute(API.biz.fleetAlert.read, CODE.fleetAlerts, 'fleetRes.audit.alertRead'),
  fleetRoute(API.biz.fleetAlert.readAll, CODE.fleetAlerts, 'fleetRes.audit.alertReadAll'),
  fleetRoute(API.biz.fleetFund.list, CODE.fleetFunds),
  fleetRoute(API.biz.fleetOrder.list, CODE.fleetDashboard),
  fleetRoute(API.biz.fleet.analysis, CODE.fleetAnalysis),
  fleetRoute(API.biz.fleet.analysisDownload, CODE.fleetAnalysis),
  fleetRoute(API.biz.fleetFund.download, CODE.fleetFunds),
  // A fleet account manages its own fleet's drivers and vehicles (decision 366).
  ...resourceRoutes(driverResource, 'fleets', { fleet: true }),
  ...resourceRoutes(vehicleResource, 'fleets', { fleet: true }),
];
