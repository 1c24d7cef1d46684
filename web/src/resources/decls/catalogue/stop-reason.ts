/** Stop reasons (/stopReasonList): the platform's catalogue of why charging stopped, read by every company. */
import {
  INVALID_CODE,
  stopReasonResource,
  stopReasonSchema,
} from '@shared/resources/catalogue/stop-reason.ts';
import { createTimeColumn, fromResource } from '@web/resources/decls/common.ts';
import type { EnumOption, ResourceDecl, Row } from '@web/resources/types.ts';
import { createElement } from 'react';
import { StopReasonField } from '@web/resources/built-in.tsx';
import { updateSchemaOf } from './common.ts';

export const INVALID_CODE_OPTIONS: readonly EnumOption[] = [
  { value: INVALID_CODE.normal, label: 'catalogueRes.stopReason.invalidCodes.normal', tone: 'success' },
  { value: INVALID_CODE.abnormal, label: 'catalogueRes.stopReason.invalidCodes.abnormal', tone: 'danger' },
];

/** A seeded entry's names in the user's language by its codes; names a person gave as they are (decision 453). */
const field = (name: string) => (row: Row) => createElement(StopReasonField, { row, field: name });

export const stopReasonDecl: ResourceDecl = {
  ...fromResource(stopReasonResource),
  title: 'catalogueRes.stopReason.title',
  nameField: 'code',
  schemas: { create: stopReasonSchema, update: updateSchemaOf(stopReasonSchema) },
  columns: [
    { key: 'code', label: 'catalogueRes.stopReason.code', sortable: true },
    {
      key: 'displayName',
      label: 'catalogueRes.stopReason.displayName',
      sortable: true,
      render: field('displayName'),
    },
    { key: 'typeCode', label: 'catalogueRes.stopReason.typeCode', sortable: true },
    { key: 'typeName', label: 'catalogueRes.stopReason.typeName', render: field('typeName') },
    {
      key: 'invalidCode',
      label: 'catalogueRes.stopReason.invalidCode',
      kind: 'enum',
      options: INVALID_CODE_OPTIONS,
      sortable: true,
    },
    {
      key: 'invalidName',
      label: 'catalogueRes.stopReason.invalidName',
      hidden: true,
      render: field('invalidName'),
    },
    { key: 'finishCode', label: 'catalogueRes.stopReason.finishCode' },
    { key: 'finishName', label: 'catalogueRes.stopReason.finishName', render: field('finishName') },
    { ...createTimeColumn, hidden: true },
  ],
  filters: [
    { name: 'code', label: 'catalogueRes.stopReason.code', kind: 'text' },
    { name: 'displayName', label: 'catalogueRes.stopReason.displayName', kind: 'text' },
    {
      name: 'invalidCode',
      label: 'catalogueRes.stopReason.invalidCode',
      kind: 'select',
      options: INVALID_CODE_OPTIONS,
    },
  ],
  fields: [
    { name: 'code', label: 'catalogueRes.stopReason.code', kind: 'text', required: true },
    { name: 'displayName', label: 'catalogueRes.stopReason.displayName', kind: 'text', required: true },
    { name: 'typeCode', label: 'catalogueRes.stopReason.typeCode', kind: 'text' },
    { name: 'typeName', label: 'catalogueRes.stopReason.typeName', kind: 'text' },
    {
      name: 'invalidCode',
      label: 'catalogueRes.stopReason.invalidCode',
      kind: 'select',
      required: true,
      options: INVALID_CODE_OPTIONS,
    },
    { name: 'invalidName', label: 'catalogueRes.stopReason.invalidName', kind: 'text' },
    { name: 'finishCode', label: 'catalogueRes.stopReason.finishCode', kind: 'text' },
    { name: 'finishName', label: 'catalogueRes.stopReason.finishName', kind: 'text' },
  ],
  defaults: { invalidCode: INVALID_CODE.normal },
  exportable: true,
  importable: true,
};
