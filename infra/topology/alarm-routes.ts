/**
 * HTTP routes of the alarms (issue 5): the fault alarm list (5100), the offline list (5200) and the
 * statistics (5300), all read-only calls of the biz domain (functions/alarms/lists.ts).
 */
import type { HttpRouteDecl } from './types.ts';
import { CODE } from '@shared/permissions/menus.ts';

const read = (path: string, permission: string): HttpRouteDecl => ({
  method: 'POST',
  path,
  domain: 'biz',
  auth: 'user',
  permission,
});

export const alarmRoutes: HttpRouteDecl[] = [
  read('/biz/alarm/list', CODE.alarms),
  read('/biz/alarm/offlineList', CODE.offlineAlarms),
  read('/biz/alarm/stat', CODE.alarmStats),
];
