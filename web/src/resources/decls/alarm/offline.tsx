/**
 * Offline records (/alarmOffline): each time a charger stayed disconnected past the grace period, from when
 * until it was back and for how long, read only, within a 30-day window.
 */
import { API } from '@shared/api/paths.ts';
import { ALARM_LEVEL_OPTIONS } from '@web/resources/decls/catalogue/alarm-template.ts';
import { stationSource } from '@web/resources/decls/site/common.tsx';
import type { Column, ResourceDecl } from '@web/resources/types.ts';
import { ALARM_STATUS_OPTIONS, durationCell, windowFilters } from './common.tsx';
import { CODE } from '@shared/permissions/menus.ts';

const columns: Column[] = [
  { key: 'chargePointName', label: 'alarmRes.alarm.chargePointName' },
  { key: 'chargePointId', label: 'alarmRes.alarm.chargePointId', sortable: true },
  { key: 'stationName', label: 'alarmRes.alarm.stationName' },
  { key: 'status', label: 'alarmRes.alarm.status', kind: 'enum', options: ALARM_STATUS_OPTIONS },
  { key: 'startTime', label: 'alarmRes.offline.startTime', kind: 'date', sortable: true },
  { key: 'endTime', label: 'alarmRes.offline.endTime', kind: 'date', sortable: true },
  { key: 'duration', label: 'alarmRes.offline.duration', sortable: true, render: durationCell },
  { key: 'level', label: 'alarmRes.alarm.level', kind: 'enum', options: ALARM_LEVEL_OPTIONS, hidden: true },
];

export const alarmOfflineDecl: ResourceDecl = {
  id: 'alarmOffline',
  title: 'alarmRes.offline.title',
  api: { list: API.biz.alarm.offlineList },
  idField: 'id',
  nameField: 'chargePointId',
  permissions: { view: CODE.offlineAlarms, detail: CODE.offlineAlarms },
  columns,
  filters: [
    { name: 'stationId', label: 'alarmRes.alarm.stationName', kind: 'remote', remote: stationSource },
    { name: 'chargePointId', label: 'alarmRes.alarm.chargePointId', kind: 'text' },
    { name: 'status', label: 'alarmRes.alarm.status', kind: 'select', options: ALARM_STATUS_OPTIONS },
    ...windowFilters,
  ],
  detail: columns.map(({ sortable: _s, hidden: _h, ...c }) => c),
};
