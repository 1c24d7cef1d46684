/**
 * Configuration keys (/confKey): the platform's catalogue of charger keys, read by every company; the toolbar
 * reads a charger's own keys and changes a writable one (conf-key-reader.tsx).
 */
import { resourcePaths } from '@shared/api/paths.ts';
import {
  CONF_KEY_OCPP_VERSIONS,
  CONF_KEY_TYPES,
  confKeyResource,
  confKeySchema,
} from '@shared/resources/device/conf-key.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import type { EnumOption, ResourceDecl } from '@web/resources/types.ts';
import { optionsOf, updateSchema, YES_NO } from './common.ts';
import { ConfKeyToolbar } from '@web/screens/device/conf-key-reader.tsx';

export const KEY_TYPE_OPTIONS = optionsOf(CONF_KEY_TYPES, 'deviceRes.confKey.keyTypes');
export const CONF_KEY_VERSION_OPTIONS: readonly EnumOption[] = CONF_KEY_OCPP_VERSIONS.map((v) => ({
  value: v,
  label: `OCPP ${v}`,
  raw: true,
}));

const { permissions: p } = confKeyResource;

export const confKeyDecl: ResourceDecl = {
  exportable: true,
  id: 'confKey',
  title: 'deviceRes.confKey.title',
  api: resourcePaths(confKeyResource),
  idField: 'id',
  nameField: 'key',
  permissions: { view: p.view, add: p.add, edit: p.edit, delete: p.del },
  schemas: { create: confKeySchema, update: updateSchema(confKeySchema) },
  columns: [
    { key: 'key', label: 'deviceRes.confKey.key', sortable: true },
    {
      key: 'ocppVersion',
      label: 'deviceRes.confKey.ocppVersion',
      kind: 'enum',
      options: CONF_KEY_VERSION_OPTIONS,
      sortable: true,
    },
    {
      key: 'keyType',
      label: 'deviceRes.confKey.keyType',
      kind: 'enum',
      options: KEY_TYPE_OPTIONS,
      sortable: true,
    },
    { key: 'readonly', label: 'deviceRes.confKey.readonly', kind: 'enum', options: YES_NO },
    { key: 'requiredFlag', label: 'deviceRes.confKey.requiredFlag', kind: 'enum', options: YES_NO },
    { key: 'componentName', label: 'deviceRes.confKey.componentName', hidden: true },
    { key: 'variableName', label: 'deviceRes.confKey.variableName', hidden: true },
    { key: 'describe', label: 'deviceRes.confKey.describe' },
    { ...createTimeColumn, hidden: true },
  ],
  filters: [
    { name: 'key', label: 'deviceRes.confKey.key', kind: 'text' },
    {
      name: 'ocppVersion',
      label: 'deviceRes.confKey.ocppVersion',
      kind: 'select',
      options: CONF_KEY_VERSION_OPTIONS,
    },
    { name: 'keyType', label: 'deviceRes.confKey.keyType', kind: 'select', options: KEY_TYPE_OPTIONS },
  ],
  fields: [
    {
      name: 'key',
      label: 'deviceRes.confKey.key',
      kind: 'text',
      required: true,
      help: 'deviceRes.confKey.keyHelp',
    },
    {
      name: 'ocppVersion',
      label: 'deviceRes.confKey.ocppVersion',
      kind: 'select',
      required: true,
      options: CONF_KEY_VERSION_OPTIONS,
    },
    {
      name: 'componentName',
      label: 'deviceRes.confKey.componentName',
      kind: 'text',
      help: 'deviceRes.confKey.componentHelp',
    },
    { name: 'variableName', label: 'deviceRes.confKey.variableName', kind: 'text' },
    {
      name: 'keyType',
      label: 'deviceRes.confKey.keyType',
      kind: 'select',
      required: true,
      options: KEY_TYPE_OPTIONS,
    },
    { name: 'readonly', label: 'deviceRes.confKey.readonly', kind: 'switch' },
    { name: 'requiredFlag', label: 'deviceRes.confKey.requiredFlag', kind: 'switch' },
    { name: 'describe', label: 'deviceRes.confKey.describe', kind: 'textarea' },
  ],
  defaults: { ocppVersion: '1.6', keyType: 'string', readonly: false, requiredFlag: false },
  detail: [
    { key: 'key', label: 'deviceRes.confKey.key' },
    {
      key: 'ocppVersion',
      label: 'deviceRes.confKey.ocppVersion',
      kind: 'enum',
      options: CONF_KEY_VERSION_OPTIONS,
    },
    { key: 'componentName', label: 'deviceRes.confKey.componentName' },
    { key: 'variableName', label: 'deviceRes.confKey.variableName' },
    { key: 'keyType', label: 'deviceRes.confKey.keyType', kind: 'enum', options: KEY_TYPE_OPTIONS },
    { key: 'readonly', label: 'deviceRes.confKey.readonly', kind: 'enum', options: YES_NO },
    { key: 'requiredFlag', label: 'deviceRes.confKey.requiredFlag', kind: 'enum', options: YES_NO },
    { key: 'describe', label: 'deviceRes.confKey.describe' },
    createTimeColumn,
  ],
  toolbar: ConfKeyToolbar,
};
