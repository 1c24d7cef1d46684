/**
 * The energy domain's routes: renewable sources (a declared resource), the renewable report and
 * the import of a source's production (functions/energy/handler.ts).
 */
import { API } from '@shared/api/paths.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { renewableSourceResource } from '@shared/resources/energy/renewable-source.ts';
import { resourceRoutes } from './resource-routes.ts';
import type { HttpRouteDecl } from './types.ts';

export const energyRoutes: HttpRouteDecl[] = [
  ...resourceRoutes(renewableSourceResource, 'energy'),
  {
    method: 'POST',
    path: API.biz.renewable.report,
    domain: 'energy',
    auth: 'user',
    permission: CODE.renewable,
  },
  // The report's Excel file is data export, Pro like every export (9100).
  {
    method: 'POST',
    path: API.biz.renewable.download,
    domain: 'energy',
    auth: 'user',
    permission: CODE.renewable,
    alsoNeeds: [CODE.fileExport],
  },
  {
    method: 'POST',
    path: API.biz.renewable.productionTemplate,
    domain: 'energy',
    auth: 'user',
    permission: CODE.renewableEdit,
  },
  {
    method: 'POST',
    path: API.biz.renewable.importProduction,
    domain: 'energy',
    auth: 'user',
    permission: CODE.renewableEdit,
    audit: 'energyRes.audit.importProduction',
  },
];
