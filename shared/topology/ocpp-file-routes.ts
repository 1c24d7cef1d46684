/**
 * File transfer for remote commands (docs/decisions/233-charger-file-transfers-by-signed-url.md;
 * functions/commands/files.ts): chargers download firmware and upload logs through public URLs whose signed,
 * expiring token is the only credential; the console fetches an uploaded log with its command, and the
 * assembled 2.0.1 report a GetBaseReport command asked for.
 */
import { API } from '@shared/api/paths.ts';
import type { HttpRouteDecl } from './types.ts';
import { CODE, COMMAND_CODE } from '@shared/permissions/menus.ts';

export const ocppFileRoutes: HttpRouteDecl[] = [
  { method: 'GET', path: '/ocpp-files/firmware/{path+}', domain: 'devices', auth: 'public' },
  { method: 'PUT', path: '/ocpp-files/log/{path+}', domain: 'devices', auth: 'public' },
  { method: 'POST', path: '/ocpp-files/log/{path+}', domain: 'devices', auth: 'public' },
  {
    method: 'POST',
    path: API.biz.command.file,
    domain: 'devices',
    auth: 'user',
    permission: CODE.commandResults,
  },
  // The device model report a GetBaseReport asked for (2.0.1 keys on /confKey): for those who may ask.
  {
    method: 'POST',
    path: API.biz.command.report,
    domain: 'devices',
    auth: 'user',
    permission: COMMAND_CODE.getBaseReport,
  },
];
