/**
 * Assets (/assetList): charger units known before installation (the pile wizard binds a pile to one by code),
 * with write-only keys; imported from Excel in bulk.
 */
import { protocolName } from '@shared/ocpp/protocol-name.ts';
import { assetResource, assetSchema, PROTOCOL_TYPES, USE_FLAG } from '@shared/resources/system/asset.ts';
import { createTimeColumn, fromResource } from '@web/resources/decls/common.ts';
import type { EnumOption, ResourceDecl } from '@web/resources/types.ts';
import { secretColumn, secretField, updateSchemaOf } from './common.ts';

/** "OCPP 1.6", not the stored `OCPP1.6` (docs/decisions/452-no-raw-values-in-the-console.md). */
export const PROTOCOL_OPTIONS: readonly EnumOption[] = PROTOCOL_TYPES.map((p) => ({
  value: p,
  label: protocolName(p),
  raw: true,
}));

export const USE_OPTIONS: readonly EnumOption[] = [
  { value: USE_FLAG.unused, label: 'systemRes.asset.unused', tone: 'neutral' },
  { value: USE_FLAG.used, label: 'systemRes.asset.used', tone: 'info' },
];

export const assetDecl: ResourceDecl = {
  ...fromResource(assetResource, { detail: true }),
  title: 'systemRes.asset.title',
  nameField: 'code',
  schemas: { create: assetSchema, update: updateSchemaOf(assetSchema) },
  columns: [
    { key: 'code', label: 'systemRes.asset.code', sortable: true },
    { key: 'power', label: 'systemRes.asset.power', kind: 'number', sortable: true },
    {
      key: 'protocolType',
      label: 'systemRes.asset.protocolType',
      kind: 'enum',
      options: PROTOCOL_OPTIONS,
      sortable: true,
    },
    { key: 'useFlag', label: 'systemRes.asset.useFlag', kind: 'enum', options: USE_OPTIONS, sortable: true },
    secretColumn('originalSecretKey', 'systemRes.asset.originalSecretKey', true),
    secretColumn('bluetoothKey', 'systemRes.asset.bluetoothKey', true),
    createTimeColumn,
  ],
  filters: [
    { name: 'code', label: 'systemRes.asset.code', kind: 'text' },
    {
      name: 'protocolType',
      label: 'systemRes.asset.protocolType',
      kind: 'select',
      options: PROTOCOL_OPTIONS,
    },
    { name: 'useFlag', label: 'systemRes.asset.useFlag', kind: 'select', options: USE_OPTIONS },
  ],
  fields: [
    { name: 'code', label: 'systemRes.asset.code', kind: 'text', required: true },
    { name: 'power', label: 'systemRes.asset.power', kind: 'number', required: true },
    {
      name: 'protocolType',
      label: 'systemRes.asset.protocolType',
      kind: 'select',
      required: true,
      options: PROTOCOL_OPTIONS,
    },
    {
      name: 'useFlag',
      label: 'systemRes.asset.useFlag',
      kind: 'select',
      required: true,
      options: USE_OPTIONS,
    },
    secretField('originalSecretKey', 'systemRes.asset.originalSecretKey'),
    secretField('bluetoothKey', 'systemRes.asset.bluetoothKey'),
  ],
  defaults: { useFlag: USE_FLAG.unused },
  detail: [
    { key: 'code', label: 'systemRes.asset.code' },
    { key: 'power', label: 'systemRes.asset.power', kind: 'number' },
    { key: 'protocolType', label: 'systemRes.asset.protocolType', kind: 'enum', options: PROTOCOL_OPTIONS },
    { key: 'useFlag', label: 'systemRes.asset.useFlag', kind: 'enum', options: USE_OPTIONS },
    secretColumn('originalSecretKey', 'systemRes.asset.originalSecretKey'),
    secretColumn('bluetoothKey', 'systemRes.asset.bluetoothKey'),
    createTimeColumn,
  ],
  exportable: true,
  importable: true,
};
