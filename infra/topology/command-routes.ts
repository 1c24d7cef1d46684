/** Remote commands (issue 6): sending one (each command checks its own button code) and the results. */
import type { HttpRouteDecl } from './types.ts';

export const commandRoutes: HttpRouteDecl[] = [
  {
    method: 'POST',
    path: '/biz/command/send',
    domain: 'devices',
    auth: 'user',
    permission: '2250',
    audit: 'commandRes.audit.send',
  },
  { method: 'POST', path: '/biz/command/list', domain: 'devices', auth: 'user', permission: '2256' },
];
