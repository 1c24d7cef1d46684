/** Vendors (the /vendorList screen): charger manufacturers and suppliers with their contact. */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { optional, optionalText, requiredText } from '@shared/schemas/fields.ts';
import { code, optionalEmail, optionalPhone } from './fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const vendorSchema = z
  .object({
    name: requiredText(64),
    code: optional(code(32)),
    contactPerson: optionalText(64),
    phone: optionalPhone,
    email: optionalEmail,
    remark: optionalText(255),
  })
  .strict();

export const vendorResource = defineResource({
  module: 'admin',
  name: 'vendor',
  type: 'VENDOR',
  label: 'systemRes.names.vendor',
  tenancy: 'platform',
  permissions: { view: CODE.vendors, add: CODE.vendorEdit, edit: CODE.vendorEdit, del: CODE.vendorEdit },
  schema: vendorSchema,
  filters: { name: 'contains', code: 'contains', contactPerson: 'contains' },
  sortable: ['name', 'code', 'contactPerson'],
  views: [{ sort: 'createTime' }],
  unique: [{ field: 'name', message: 'systemRes.server.vendorNameTaken' }],
});
