/**
 * HTTP routes of the identity issue: auth (login, tokens) and admin (users, roles, companies, limits, logs).
 * Each names the permission code it needs (shared/permissions/menus.ts CODE; `login` = any signed-in user)
 * and, when it changes something, the title of its audit entry.
 */
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
  base: string,
  codes: { view: string; add: string; edit: string; del: string; info?: string },
  audit: string,
) => [
  admin(`${base}/list`, codes.view),
  admin(`${base}/info`, codes.info ?? codes.view),
  admin(`${base}/add`, codes.add, `server.audit.${audit}Add`),
  admin(`${base}/update`, codes.edit, `server.audit.${audit}Update`),
  admin(`${base}/del`, codes.del, `server.audit.${audit}Delete`),
];

export const identityRoutes: HttpRouteDecl[] = [
  pub('GET', '/code', 'auth'),
  pub('GET', '/auth/publicKey', 'auth'),
  pub('GET', '/auth/oauth/token', 'auth', 'server.audit.login'),
  {
    method: 'GET',
    path: '/auth/token/logout',
    domain: 'auth',
    auth: 'user',
    permission: 'login',
    audit: 'server.audit.logout',
  },
  pub('POST', '/fleets/fleetsAdmin/pwdLogin', 'auth', 'server.audit.fleetLogin'),
  pub('POST', '/admin/parameter/getCopyRight', 'admin'),
  // Public: the login page's dialog changes a password before signing in (the old one is checked as at login).
  pub('POST', '/admin/user/updatePwd', 'admin', 'server.audit.passwordChange'),

  { method: 'GET', path: '/admin/user/info', domain: 'admin', auth: 'user', permission: 'login' },
  admin('/admin/user/check', 'login'),
  admin('/admin/menu/list', 'login'),
  admin('/admin/menu/tree', CODE.roleMenus),

  admin('/admin/user/list', CODE.users),
  admin('/admin/user/info', CODE.users),
  admin('/admin/user/add', CODE.userAdd, 'server.audit.userAdd'),
  admin('/admin/user/update', CODE.userEdit, 'server.audit.userUpdate'),
  admin('/admin/user/del', CODE.userDelete, 'server.audit.userDelete'),
  admin('/admin/user/getChildUserCount', CODE.users),
  admin('/admin/user/resetPwd', CODE.userResetPwd, 'server.audit.userResetPwd'),
  admin('/admin/user/updateInfo', PERMISSION.userEdit, 'server.audit.infoUpdate'),
  admin('/admin/user/getSubOpenFlag', 'login'),
  admin('/biz/station/bind', CODE.userBindStation, 'server.audit.stationBind'),
  admin('/biz/station/bindList', CODE.userBindStation),

  ...crud(
    '/admin/role',
    { view: CODE.roles, add: CODE.roleAdd, edit: CODE.roleEdit, del: CODE.roleDelete },
    'role',
  ),
  admin('/admin/role/options', CODE.users),
  ...crud(
    '/admin/subRole',
    { view: CODE.subRoles, add: CODE.subRoleEdit, edit: CODE.subRoleEdit, del: CODE.subRoleEdit },
    'subRole',
  ),

  ...crud(
    '/admin/operator',
    {
      view: CODE.operators,
      info: CODE.operatorDetail,
      add: CODE.operatorAdd,
      edit: CODE.operatorEdit,
      del: CODE.operatorDelete,
    },
    'operator',
  ),
  admin('/admin/operator/tree', CODE.operators),
  admin('/admin/operator/getPrimaryOperatorList', CODE.operators),
  admin('/admin/operator/listByTree', CODE.operators),
  admin('/admin/operator/getOperatorListForUser', 'login'),

  ...crud(
    '/admin/operatorLimit',
    {
      view: CODE.operatorLimits,
      add: CODE.operatorLimitEdit,
      edit: CODE.operatorLimitEdit,
      del: CODE.operatorLimitEdit,
    },
    'operatorLimit',
  ),

  admin('/admin/log/list', CODE.log),
];
