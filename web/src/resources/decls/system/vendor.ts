/** Vendors (/vendorList): manufacturers and suppliers with their contact; the name is unique. */
import { vendorResource, vendorSchema } from '@shared/resources/system/vendor.ts';
import { createTimeColumn, fromResource } from '@web/resources/decls/common.ts';
import type { ResourceDecl } from '@web/resources/types.ts';
import { updateSchemaOf } from './common.ts';

export const vendorDecl: ResourceDecl = {
  ...fromResource(vendorResource, { detail: true }),
  title: 'systemRes.vendor.title',
  nameField: 'name',
  schemas: { create: vendorSchema, update: updateSchemaOf(vendorSchema) },
  columns: [
    { key: 'name', label: 'systemRes.vendor.name', sortable: true },
    { key: 'code', label: 'systemRes.vendor.code', sortable: true },
    { key: 'contactPerson', label: 'systemRes.vendor.contactPerson', sortable: true },
    { key: 'phone', label: 'systemRes.vendor.phone' },
    { key: 'email', label: 'systemRes.vendor.email' },
    { key: 'remark', label: 'systemRes.vendor.remark', hidden: true },
    createTimeColumn,
  ],
  filters: [
    { name: 'name', label: 'systemRes.vendor.name', kind: 'text' },
    { name: 'code', label: 'systemRes.vendor.code', kind: 'text' },
    { name: 'contactPerson', label: 'systemRes.vendor.contactPerson', kind: 'text' },
  ],
  fields: [
    { name: 'name', label: 'systemRes.vendor.name', kind: 'text', required: true },
    { name: 'code', label: 'systemRes.vendor.code', kind: 'text' },
    { name: 'contactPerson', label: 'systemRes.vendor.contactPerson', kind: 'text' },
    { name: 'phone', label: 'systemRes.vendor.phone', kind: 'text' },
    { name: 'email', label: 'systemRes.vendor.email', kind: 'text' },
    { name: 'remark', label: 'systemRes.vendor.remark', kind: 'textarea' },
  ],
  detail: [
    { key: 'name', label: 'systemRes.vendor.name' },
    { key: 'code', label: 'systemRes.vendor.code' },
    { key: 'contactPerson', label: 'systemRes.vendor.contactPerson' },
    { key: 'phone', label: 'systemRes.vendor.phone' },
    { key: 'email', label: 'systemRes.vendor.email' },
    { key: 'remark', label: 'systemRes.vendor.remark' },
    createTimeColumn,
  ],
  exportable: true,
};
