/** Remote commands (issue 6): sending one (each command checks its own button code) and the results. */
import type { HttpRouteDecl } from './types.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const commandRoutes: HttpRouteDecl[] = [
  {
    method: 'POST',
    path: '/biz/command/send',
    domain: 'devices',
    auth: 'user',
    permission: CODE.commands,
    audit: 'commandRes.audit.send',
  },
  {
    method: 'POST',
    path: '/biz/command/list',
    domain: 'devices',
    auth: 'user',
    permission: CODE.commandResults,
  },
];
