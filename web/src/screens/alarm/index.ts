/**
 * The alarm lists, loaded together (web/src/screens/registry.ts); the statistics with their charts are a
 * module of their own (alarm-chart.tsx), so recharts comes only with them.
 */
import { alarmDecl } from '@web/resources/decls/alarm/alarm.tsx';
import { alarmOfflineDecl } from '@web/resources/decls/alarm/offline.tsx';
import { listPageOf } from '@web/resources/list-page.tsx';

export const AlarmsPage = listPageOf(alarmDecl);
export const OfflineAlarmsPage = listPageOf(alarmOfflineDecl);
