/**
 * Parameters (/parameter): platform settings read by code, e.g. COPYRIGHT (the footer link of /logincommon:
 * value the link, description the label) and the maps key.
 */
import { parameterResource, parameterSchema } from '@shared/resources/parameter.ts';
import { createTimeColumn, fromResource } from '@web/resources/decls/common.ts';
import type { EnumOption, ResourceDecl } from '@web/resources/types.ts';
import { updateSchemaOf } from './common.ts';

export const ENABLE_OPTIONS: readonly EnumOption[] = [
  { value: 'true', label: 'systemRes.parameter.enabled', tone: 'success' },
  { value: 'false', label: 'systemRes.parameter.disabled', tone: 'neutral' },
];

export const parameterDecl: ResourceDecl = {
  ...fromResource(parameterResource, { detail: true }),
  title: 'systemRes.parameter.title',
  nameField: 'code',
  schemas: { create: parameterSchema, update: updateSchemaOf(parameterSchema) },
  columns: [
    { key: 'type', label: 'systemRes.parameter.type', sortable: true },
    { key: 'code', label: 'systemRes.parameter.code', sortable: true },
    { key: 'name', label: 'systemRes.parameter.name', sortable: true },
    { key: 'value', label: 'systemRes.parameter.value' },
    { key: 'description', label: 'systemRes.parameter.description', hidden: true },
    { key: 'sort', label: 'systemRes.parameter.sort', kind: 'number', sortable: true },
    { key: 'enable', label: 'systemRes.parameter.enable', kind: 'enum', options: ENABLE_OPTIONS },
    { ...createTimeColumn, hidden: true },
  ],
  filters: [
    { name: 'type', label: 'systemRes.parameter.type', kind: 'text' },
    { name: 'code', label: 'systemRes.parameter.code', kind: 'text' },
    { name: 'name', label: 'systemRes.parameter.name', kind: 'text' },
    { name: 'enable', label: 'systemRes.parameter.enable', kind: 'select', options: ENABLE_OPTIONS },
  ],
  fields: [
    { name: 'type', label: 'systemRes.parameter.type', kind: 'text', required: true },
    {
      name: 'code',
      label: 'systemRes.parameter.code',
      kind: 'text',
      required: true,
      help: 'systemRes.parameter.codeHelp',
    },
    { name: 'name', label: 'systemRes.parameter.name', kind: 'text', required: true },
    { name: 'value', label: 'systemRes.parameter.value', kind: 'textarea' },
    { name: 'description', label: 'systemRes.parameter.description', kind: 'textarea' },
    { name: 'sort', label: 'systemRes.parameter.sort', kind: 'number' },
    { name: 'enable', label: 'systemRes.parameter.enable', kind: 'switch' },
  ],
  defaults: { enable: true, sort: 0 },
  detail: [
    { key: 'type', label: 'systemRes.parameter.type' },
    { key: 'code', label: 'systemRes.parameter.code' },
    { key: 'name', label: 'systemRes.parameter.name' },
    { key: 'value', label: 'systemRes.parameter.value', kind: 'code' },
    { key: 'description', label: 'systemRes.parameter.description' },
    { key: 'sort', label: 'systemRes.parameter.sort', kind: 'number' },
    { key: 'enable', label: 'systemRes.parameter.enable', kind: 'enum', options: ENABLE_OPTIONS },
    createTimeColumn,
  ],
  exportable: true,
};
