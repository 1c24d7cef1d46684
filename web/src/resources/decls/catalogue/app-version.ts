/** App versions (/appVersion): the platform's Android and iOS releases, a code unique per app type. */
import { APP_TYPE, appVersionResource, appVersionSchema } from '@shared/resources/catalogue/app-version.ts';
import { createTimeColumn, fromResource } from '@web/resources/decls/common.ts';
import type { EnumOption, ResourceDecl } from '@web/resources/types.ts';
import { updateSchemaOf } from './common.ts';

export const APP_TYPE_OPTIONS: readonly EnumOption[] = [
  { value: APP_TYPE.android, label: 'catalogueRes.appVersion.types.android', tone: 'success' },
  { value: APP_TYPE.ios, label: 'catalogueRes.appVersion.types.ios', tone: 'info' },
];

/** The flag is a boolean; options compare as text (the list call reads 'true' / 'false'). */
export const FORCE_OPTIONS: readonly EnumOption[] = [
  { value: 'true', label: 'catalogueRes.appVersion.forceFlags.yes', tone: 'warning' },
  { value: 'false', label: 'catalogueRes.appVersion.forceFlags.no', tone: 'neutral' },
];

export const appVersionDecl: ResourceDecl = {
  ...fromResource(appVersionResource),
  title: 'catalogueRes.appVersion.title',
  nameField: 'name',
  schemas: { create: appVersionSchema, update: updateSchemaOf(appVersionSchema) },
  columns: [
    { key: 'name', label: 'catalogueRes.appVersion.name', sortable: true },
    { key: 'code', label: 'catalogueRes.appVersion.code', kind: 'number', sortable: true },
    {
      key: 'type',
      label: 'catalogueRes.appVersion.type',
      kind: 'enum',
      options: APP_TYPE_OPTIONS,
      sortable: true,
    },
    { key: 'forceFlag', label: 'catalogueRes.appVersion.forceFlag', kind: 'enum', options: FORCE_OPTIONS },
    { key: 'remark', label: 'catalogueRes.appVersion.remark' },
    createTimeColumn,
  ],
  filters: [
    { name: 'name', label: 'catalogueRes.appVersion.name', kind: 'text' },
    { name: 'type', label: 'catalogueRes.appVersion.type', kind: 'select', options: APP_TYPE_OPTIONS },
    { name: 'forceFlag', label: 'catalogueRes.appVersion.forceFlag', kind: 'select', options: FORCE_OPTIONS },
  ],
  fields: [
    { name: 'name', label: 'catalogueRes.appVersion.name', kind: 'text', required: true },
    {
      name: 'code',
      label: 'catalogueRes.appVersion.code',
      kind: 'number',
      required: true,
      help: 'catalogueRes.appVersion.codeHelp',
    },
    {
      name: 'type',
      label: 'catalogueRes.appVersion.type',
      kind: 'select',
      required: true,
      options: APP_TYPE_OPTIONS,
    },
    { name: 'forceFlag', label: 'catalogueRes.appVersion.forceFlag', kind: 'switch' },
    { name: 'remark', label: 'catalogueRes.appVersion.remark', kind: 'textarea' },
  ],
  defaults: { forceFlag: false },
  exportable: true,
};
