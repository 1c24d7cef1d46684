/**
 * Fleets (functions/fleets/handler.ts; issue 18): the fleet resource's calls and its balance operations,
 * served by the fleets domain. SPEC.md section 6 names no button codes under /fleets (11100): the page's code
 * governs them; every code of the fleet menus is Pro (decision 204).
 */
import { CODE } from '@shared/permissions/menus.ts';
import { fleetResource } from '@shared/resources/fleet/fleet.ts';
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

export const fleetRoutes: HttpRouteDecl[] = [
  ...resourceRoutes(fleetResource, 'fleets'),
  route('/biz/fleet/enable', 'fleetRes.audit.enable'),
  route('/biz/fleet/disable', 'fleetRes.audit.disable'),
  route('/biz/fleet/topUp', 'fleetRes.audit.topUp'),
  route('/biz/fleet/reset', 'fleetRes.audit.reset'),
  route('/biz/fleet/funds'),
];
