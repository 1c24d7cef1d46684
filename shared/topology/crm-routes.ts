/**
 * App users (functions/appusers/handler.ts; docs/decisions/193-app-users-and-ops-view.md): the app user
 * resource's calls (list and export 7100, edit 7102; add and delete are refused: users sign up in the driver
 * app and hold money), the user's page (7101), lock and unlock with a cause (7102) and balance adjustments
 * (7103); the ops view (7200) and the insight (7500).
 */
import { API } from '@shared/api/paths.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { appUserResource } from '@shared/resources/crm/app-user.ts';
import { resourceRoutes } from './resource-routes.ts';
import type { HttpRouteDecl } from './types.ts';

const route = (path: string, permission: string, audit?: string): HttpRouteDecl => ({
  method: 'POST',
  path,
  domain: 'appusers',
  auth: 'user',
  permission,
  ...(audit ? { audit } : {}),
});

export const crmRoutes: HttpRouteDecl[] = [
  ...resourceRoutes(appUserResource, 'appusers'),
  route(API.biz.appUser.detail, CODE.appUserDetail),
  route(API.biz.appUser.lock, CODE.appUserEdit, 'crm.audit.lock'),
  route(API.biz.appUser.unlock, CODE.appUserEdit, 'crm.audit.unlock'),
  route(API.biz.appUser.adjust, CODE.appUserBalance, 'crm.audit.adjust'),
  // Personal (home) piles (docs/decisions/468-app-user-home-piles.md): read with the page, changed by editors.
  route(API.biz.appUser.piles, CODE.appUserDetail),
  route(API.biz.appUser.pileLink, CODE.appUserEdit, 'crm.audit.pileLink'),
  route(API.biz.appUser.pileUnlink, CODE.appUserEdit, 'crm.audit.pileUnlink'),
  // The operations view (docs/decisions/193).
  route(API.biz.opsUser.list, CODE.opsUsers),
  // CRM insight; its Excel file is data export, Pro like every export (9100).
  route(API.biz.appInsight.stat, CODE.appInsight),
  { ...route(API.biz.appInsight.download, CODE.appInsight), alsoNeeds: [CODE.fileExport] },
];
