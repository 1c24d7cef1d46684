/**
 * HTTP routes of identity: auth (login, tokens) and admin (users, roles, companies, limits, logs).
 * Each names the permission code it needs (shared/permissions/menus.ts CODE; `login` = any signed-in user)
 * and, when it changes something, the title of its audit entry.
 */
import { API, type RecordPaths } from '@shared/api/paths.ts';
import { CODE, PERMISSION } from '@shared/permissions/menus.ts';
import type { HttpRouteDecl } from './types.ts';

const pub = (method: 'GET' | 'POST', path: string, domain: string, audit?: string): HttpRouteDecl => ({
  method,
  path,
  domain,
  auth: 'public',
  ...(audit ? { audit } : {}),
});
const admin = (path: string, permission: string, audit?: string): HttpRouteDecl => ({
  method: 'POST',
  path,
  domain: 'admin',
  auth: 'user',
  permission,
  ...(audit ? { audit } : {}),
});

const crud = (
  paths: Required<RecordPaths>,
  codes: { view: string; add: string; edit: string; del: string; info?: string },
  audit: string,
) => [
  admin(paths.list, codes.view),
  admin(paths.info, codes.info ?? codes.view),
  admin(paths.add, codes.add, `server.audit.${audit}Add`),
  admin(paths.update, codes.edit, `server.audit.${audit}Update`),
  admin(paths.del, codes.del, `server.audit.${audit}Delete`),
];

export const identityRoutes: HttpRouteDecl[] = [
  pub('GET', API.code, 'auth'),
  pub('GET', API.auth.publicKey, 'auth'),
  pub('GET', API.auth.oauth.token, 'auth', 'server.audit.login'),
  {
    method: 'GET',
    path: API.auth.token.logout,
    domain: 'auth',
    auth: 'user',
    permission: 'login',
    audit: 'server.audit.logout',
  },
  pub('POST', API.fleets.fleetsAdmin.pwdLogin, 'auth', 'server.audit.fleetLogin'),
  pub('POST', API.admin.parameter.getCopyRight, 'admin'),
  // Public: the login page's dialog changes a password before signing in (the old one is checked as at login).
  pub('POST', API.admin.user.updatePwd, 'admin', 'server.audit.passwordChange'),

  { method: 'GET', path: API.admin.user.info, domain: 'admin', auth: 'user', permission: 'login' },
  admin(API.admin.user.check, 'login'),
  admin(API.admin.menu.list, 'login'),
  admin(API.admin.menu.tree, CODE.roleMenus),

  admin(API.admin.user.list, CODE.users),
  admin(API.admin.user.info, CODE.users),
  admin(API.admin.user.add, CODE.userAdd, 'server.audit.userAdd'),
  admin(API.admin.user.update, CODE.userEdit, 'server.audit.userUpdate'),
  admin(API.admin.user.del, CODE.userDelete, 'server.audit.userDelete'),
  admin(API.admin.user.getChildUserCount, CODE.users),
  admin(API.admin.user.resetPwd, CODE.userResetPwd, 'server.audit.userResetPwd'),
  admin(API.admin.user.updateInfo, PERMISSION.userEdit, 'server.audit.infoUpdate'),
  admin(API.admin.user.getSubOpenFlag, 'login'),
  admin(API.biz.station.bind, CODE.userBindStation, 'server.audit.stationBind'),
  admin(API.biz.station.bindList, CODE.userBindStation),

  ...crud(
    API.admin.role,
    { view: CODE.roles, add: CODE.roleAdd, edit: CODE.roleEdit, del: CODE.roleDelete },
    'role',
  ),
  admin(API.admin.role.options, CODE.users),
  ...crud(
    API.admin.subRole,
    { view: CODE.subRoles, add: CODE.subRoleEdit, edit: CODE.subRoleEdit, del: CODE.subRoleEdit },
    'subRole',
  ),

  ...crud(
    API.admin.operator,
    {
      view: CODE.operators,
      info: CODE.operatorDetail,
      add: CODE.operatorAdd,
      edit: CODE.operatorEdit,
      del: CODE.operatorDelete,
    },
    'operator',
  ),
  admin(API.admin.operator.tree, CODE.operators),
  admin(API.admin.operator.getPrimaryOperatorList, CODE.operators),
  admin(API.admin.operator.listByTree, CODE.operators),
  admin(API.admin.operator.getOperatorListForUser, 'login'),

  ...crud(
    API.admin.operatorLimit,
    {
      view: CODE.operatorLimits,
      add: CODE.operatorLimitEdit,
      edit: CODE.operatorLimitEdit,
      del: CODE.operatorLimitEdit,
    },
    'operatorLimit',
  ),

  admin(API.admin.log.list, CODE.log),
];
