/**
 * HTTP routes of the alarms (issue 5): the fault alarm list (5100), the offline list (5200) and the
 * statistics (5300), all read-only calls of the biz domain (functions/alarms/lists.ts).
 */
import type { HttpRouteDecl } from './types.ts';

const read = (path: string, permission: string): HttpRouteDecl => ({
  method: 'POST',
  path,
  domain: 'biz',
  auth: 'user',
  permission,
});

export const alarmRoutes: HttpRouteDecl[] = [
  read('/biz/alarm/list', '5100'),
  read('/biz/alarm/offlineList', '5200'),
  read('/biz/alarm/stat', '5300'),
];
