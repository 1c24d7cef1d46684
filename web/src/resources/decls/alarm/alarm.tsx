/**
 * The alarm list (/alarm): the alarms of the caller's chargers, the faults they reported over OCPP and their
 * outages (offline records, code `Offline`: docs/decisions/460-offline-alarm-and-charger-health.md), with
 * their kind, code (in words: docs/decisions/453-built-in-data-in-the-users-language.md), vendor code, info,
 * level from the alarm template, occurred and recovery time and duration; read only, within a 30-day window.
 */
import { API } from '@shared/api/paths.ts';
import { ALARM_LEVEL_OPTIONS } from '@web/resources/decls/catalogue/alarm-template.ts';
import { stationSource } from '@web/resources/decls/site/common.tsx';
import type { Column, ResourceDecl } from '@web/resources/types.ts';
import {
  ALARM_KIND_OPTIONS,
  ALARM_STATUS_OPTIONS,
  AlarmCode,
  durationCell,
  windowFilters,
} from './common.tsx';
import { CODE } from '@shared/permissions/menus.ts';

const columns: Column[] = [
  { key: 'offlineFlag', label: 'alarmRes.alarm.kind', kind: 'enum', options: ALARM_KIND_OPTIONS },
  // The code in words, as sent on hover (the detail shows both: decision 453).
  {
    key: 'code',
    label: 'alarmRes.alarm.code',
    sortable: true,
    render: (row) => <AlarmCode code={row.code} />,
  },
  { key: 'vendorCode', label: 'alarmRes.alarm.vendorCode' },
  { key: 'level', label: 'alarmRes.alarm.level', kind: 'enum', options: ALARM_LEVEL_OPTIONS, sortable: true },
  { key: 'status', label: 'alarmRes.alarm.status', kind: 'enum', options: ALARM_STATUS_OPTIONS },
  { key: 'chargePointName', label: 'alarmRes.alarm.chargePointName' },
  { key: 'chargePointId', label: 'alarmRes.alarm.chargePointId', sortable: true },
  { key: 'connectorId', label: 'alarmRes.alarm.connectorId', kind: 'number', sortable: true },
  { key: 'stationName', label: 'alarmRes.alarm.stationName' },
  { key: 'startTime', label: 'alarmRes.alarm.startTime', kind: 'date', sortable: true },
  { key: 'endTime', label: 'alarmRes.alarm.endTime', kind: 'date', sortable: true },
  { key: 'duration', label: 'alarmRes.alarm.duration', sortable: true, render: durationCell },
  { key: 'info', label: 'alarmRes.alarm.info', hidden: true },
  { key: 'templateName', label: 'alarmRes.alarm.template', hidden: true },
];

export const alarmDecl: ResourceDecl = {
  id: 'alarm',
  title: 'alarmRes.alarm.title',
  api: { list: API.biz.alarm.list },
  idField: 'id',
  nameField: 'code',
  permissions: { view: CODE.alarms, detail: CODE.alarms },
  columns,
  filters: [
    { name: 'stationId', label: 'alarmRes.alarm.stationName', kind: 'remote', remote: stationSource },
    { name: 'chargePointId', label: 'alarmRes.alarm.chargePointId', kind: 'text' },
    { name: 'offlineFlag', label: 'alarmRes.alarm.kind', kind: 'select', options: ALARM_KIND_OPTIONS },
    { name: 'code', label: 'alarmRes.alarm.code', kind: 'text' },
    { name: 'level', label: 'alarmRes.alarm.level', kind: 'select', options: ALARM_LEVEL_OPTIONS },
    { name: 'status', label: 'alarmRes.alarm.status', kind: 'select', options: ALARM_STATUS_OPTIONS },
    ...windowFilters,
  ],
  detail: columns.map(({ sortable: _s, hidden: _h, ...c }) =>
    c.key === 'code' ? { ...c, render: (row) => <AlarmCode code={row.code} withCode /> } : c,
  ),
};
