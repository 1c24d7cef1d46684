/**
 * Brands and their models: a brand's "Models" action opens the models of that brand (/brand?brand={id},
 * web/src/screens/catalogue/brand-page.tsx), listed through the brand's index.
 */
import { protocolName } from '@shared/ocpp/protocol-name.ts';
import { brandResource, brandSchema } from '@shared/resources/catalogue/brand.ts';
import {
  CURRENT_TYPES,
  modelResource,
  modelSchema,
  PROTOCOL_TYPES,
  SOCKET_TYPES,
} from '@shared/resources/catalogue/model.ts';
import { createTimeColumn, fromResource } from '@web/resources/decls/common.ts';
import type { EnumOption, ResourceDecl, Row } from '@web/resources/types.ts';
import { updateSchemaOf } from './common.ts';

const { permissions } = brandResource;

export const modelsPath = (row: Row) => `/brand?brand=${encodeURIComponent(String(row.id))}`;

export const brandDecl: ResourceDecl = {
  ...fromResource(brandResource),
  title: 'catalogueRes.brand.title',
  nameField: 'name',
  schemas: { create: brandSchema, update: updateSchemaOf(brandSchema) },
  columns: [
    { key: 'name', label: 'catalogueRes.brand.name', sortable: true },
    { key: 'modelCount', label: 'catalogueRes.brand.modelCount', kind: 'number' },
    { key: 'remark', label: 'catalogueRes.brand.remark' },
    createTimeColumn,
  ],
  filters: [{ name: 'name', label: 'catalogueRes.brand.name', kind: 'text' }],
  fields: [
    { name: 'name', label: 'catalogueRes.brand.name', kind: 'text', required: true },
    { name: 'remark', label: 'catalogueRes.brand.remark', kind: 'textarea' },
  ],
  actions: [
    {
      key: 'models',
      label: () => 'catalogueRes.brand.models',
      permission: permissions.view,
      run: (row, ctx) => ctx.navigate(modelsPath(row)),
    },
  ],
  // A brand with models is refused by the server too; asking first saves a confirmation.
  beforeDelete: async (row) =>
    Number(row.modelCount ?? 0) > 0 ? { message: 'catalogueRes.server.brandHasModels' } : null,
  exportable: true,
  importable: true,
};

const raw = (values: readonly string[]): EnumOption[] =>
  values.map((v) => ({ value: v, label: v, raw: true }));
export const CURRENT_TYPE_OPTIONS = raw(CURRENT_TYPES);
/** "OCPP 1.6", not the stored `OCPP1.6` (docs/decisions/452-no-raw-values-in-the-console.md). */
export const PROTOCOL_OPTIONS: readonly EnumOption[] = PROTOCOL_TYPES.map((v) => ({
  value: v,
  label: protocolName(v),
  raw: true,
}));
export const SOCKET_OPTIONS: readonly EnumOption[] = SOCKET_TYPES.map((v) => ({
  value: v,
  label: `catalogueRes.model.socketTypes.${v.toLowerCase()}`,
}));

export const modelDecl: ResourceDecl = {
  ...fromResource(modelResource),
  title: 'catalogueRes.model.title',
  nameField: 'deviceModel',
  schemas: { create: modelSchema, update: updateSchemaOf(modelSchema) },
  columns: [
    { key: 'deviceModel', label: 'catalogueRes.model.deviceModel', sortable: true },
    { key: 'connectorNumber', label: 'catalogueRes.model.connectorNumber', kind: 'number', sortable: true },
    { key: 'standard', label: 'catalogueRes.model.standard' },
    {
      key: 'currentType',
      label: 'catalogueRes.model.currentType',
      kind: 'enum',
      options: CURRENT_TYPE_OPTIONS,
      sortable: true,
    },
    { key: 'socketType', label: 'catalogueRes.model.socketType', kind: 'enum', options: SOCKET_OPTIONS },
    {
      key: 'protocolType',
      label: 'catalogueRes.model.protocolType',
      kind: 'enum',
      options: PROTOCOL_OPTIONS,
    },
    { key: 'maxPower', label: 'catalogueRes.model.maxPower', kind: 'number', sortable: true },
    { key: 'minPower', label: 'catalogueRes.model.minPower', kind: 'number' },
    { key: 'maxCurrent', label: 'catalogueRes.model.maxCurrent', kind: 'number', hidden: true },
    { key: 'maxVoltage', label: 'catalogueRes.model.maxVoltage', kind: 'number', hidden: true },
    { ...createTimeColumn, hidden: true },
  ],
  filters: [
    { name: 'deviceModel', label: 'catalogueRes.model.deviceModel', kind: 'text' },
    {
      name: 'currentType',
      label: 'catalogueRes.model.currentType',
      kind: 'select',
      options: CURRENT_TYPE_OPTIONS,
    },
    {
      name: 'protocolType',
      label: 'catalogueRes.model.protocolType',
      kind: 'select',
      options: PROTOCOL_OPTIONS,
    },
  ],
  fields: [
    { name: 'deviceModel', label: 'catalogueRes.model.deviceModel', kind: 'text', required: true },
    { name: 'connectorNumber', label: 'catalogueRes.model.connectorNumber', kind: 'number', required: true },
    { name: 'standard', label: 'catalogueRes.model.standard', kind: 'text' },
    {
      name: 'currentType',
      label: 'catalogueRes.model.currentType',
      kind: 'select',
      required: true,
      options: CURRENT_TYPE_OPTIONS,
    },
    {
      name: 'socketType',
      label: 'catalogueRes.model.socketType',
      kind: 'select',
      required: true,
      options: SOCKET_OPTIONS,
    },
    {
      name: 'protocolType',
      label: 'catalogueRes.model.protocolType',
      kind: 'select',
      required: true,
      options: PROTOCOL_OPTIONS,
    },
    { name: 'maxPower', label: 'catalogueRes.model.maxPower', kind: 'number', required: true },
    {
      name: 'minPower',
      label: 'catalogueRes.model.minPower',
      kind: 'number',
      help: 'catalogueRes.model.powerHelp',
    },
    { name: 'maxCurrent', label: 'catalogueRes.model.maxCurrent', kind: 'number' },
    { name: 'maxVoltage', label: 'catalogueRes.model.maxVoltage', kind: 'number' },
  ],
  // Models are added under a brand: modelDeclFor sets it.
  defaults: { brandId: '' },
  exportable: true,
};

/** The models of one brand: new ones belong to it. */
export function modelDeclFor(brandId: string): ResourceDecl {
  return { ...modelDecl, id: `model:${brandId}`, defaults: { brandId } };
}
