/**
 * Remote commands (docs/decisions/231-command-catalogue-and-send-checks.md): sending one (each command checks
 * its own button code) and the results.
 */
import { API } from '@shared/api/paths.ts';
import type { HttpRouteDecl } from './types.ts';
import { CODE, COMMAND_CODE } from '@shared/permissions/menus.ts';

export const commandRoutes: HttpRouteDecl[] = [
  {
    method: 'POST',
    path: API.biz.command.send,
    domain: 'devices',
    auth: 'user',
    permission: CODE.commands,
    audit: 'commandRes.audit.send',
  },
  {
    method: 'POST',
    path: API.biz.command.list,
    domain: 'devices',
    auth: 'user',
    permission: CODE.commandResults,
  },
  // What a 2.0.1 charger reported of its variables (limits, values lists, monitors), for the variable
  // monitoring form (docs/decisions/462-variable-monitoring-from-the-chargers-reports.md).
  {
    method: 'POST',
    path: API.biz.command.variables,
    domain: 'devices',
    auth: 'user',
    permission: COMMAND_CODE.setVariableMonitoring,
  },
];
