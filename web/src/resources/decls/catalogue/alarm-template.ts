/** Alarm templates (/alarmTemplate): each company's alarm codes with their level and type. */
import { API } from '@shared/api/paths.ts';
import {
  ALARM_LEVEL,
  alarmTemplateResource,
  alarmTemplateSchema,
} from '@shared/resources/catalogue/alarm-template.ts';
import { createTimeColumn, fromResource } from '@web/resources/decls/common.ts';
import type { EnumOption, RemoteSource, ResourceDecl } from '@web/resources/types.ts';
import { updateSchemaOf } from './common.ts';

export const ALARM_LEVEL_OPTIONS: readonly EnumOption[] = [
  { value: ALARM_LEVEL.urgentFault, label: 'catalogueRes.alarmTemplate.levels.urgentFault', tone: 'danger' },
  {
    value: ALARM_LEVEL.generalFault,
    label: 'catalogueRes.alarmTemplate.levels.generalFault',
    tone: 'warning',
  },
  { value: ALARM_LEVEL.severeAlarm, label: 'catalogueRes.alarmTemplate.levels.severeAlarm', tone: 'danger' },
  { value: ALARM_LEVEL.generalAlarm, label: 'catalogueRes.alarmTemplate.levels.generalAlarm', tone: 'info' },
];

/** The caller's alarm templates, searched by name (alarm mail binds one). */
export const alarmTemplateSource: RemoteSource = {
  url: API.biz.alarmTemplate.list,
  search: 'name',
  value: 'id',
  label: 'name',
};

export const alarmTemplateDecl: ResourceDecl = {
  ...fromResource(alarmTemplateResource),
  title: 'catalogueRes.alarmTemplate.title',
  nameField: 'name',
  schemas: { create: alarmTemplateSchema, update: updateSchemaOf(alarmTemplateSchema) },
  columns: [
    { key: 'name', label: 'catalogueRes.alarmTemplate.name', sortable: true },
    { key: 'code', label: 'catalogueRes.alarmTemplate.code', sortable: true },
    {
      key: 'level',
      label: 'catalogueRes.alarmTemplate.level',
      kind: 'enum',
      options: ALARM_LEVEL_OPTIONS,
      sortable: true,
    },
    { key: 'type', label: 'catalogueRes.alarmTemplate.type' },
    createTimeColumn,
  ],
  filters: [
    {
      name: 'level',
      label: 'catalogueRes.alarmTemplate.level',
      kind: 'select',
      options: ALARM_LEVEL_OPTIONS,
    },
    { name: 'name', label: 'catalogueRes.alarmTemplate.name', kind: 'text' },
    { name: 'code', label: 'catalogueRes.alarmTemplate.code', kind: 'text' },
  ],
  fields: [
    { name: 'name', label: 'catalogueRes.alarmTemplate.name', kind: 'text', required: true },
    { name: 'code', label: 'catalogueRes.alarmTemplate.code', kind: 'text', required: true },
    {
      name: 'level',
      label: 'catalogueRes.alarmTemplate.level',
      kind: 'select',
      required: true,
      options: ALARM_LEVEL_OPTIONS,
    },
    { name: 'type', label: 'catalogueRes.alarmTemplate.type', kind: 'text' },
  ],
  exportable: true,
  importable: true,
};
