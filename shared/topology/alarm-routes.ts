/**
 * HTTP routes of the alarms (docs/decisions/244-alarms.md): the fault alarm list (5100), the offline list
 * (5200) and the statistics (5300), all read-only calls of the biz domain (functions/alarms/lists.ts).
 */
import { API } from '@shared/api/paths.ts';
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
  read(API.biz.alarm.list, CODE.alarms),
  read(API.biz.alarm.offlineList, CODE.offlineAlarms),
  read(API.biz.alarm.stat, CODE.alarmStats),
];
