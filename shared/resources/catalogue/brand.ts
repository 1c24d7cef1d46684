/**
 * Charger brands (docs/product.md section 3, /brand): name (unique) and remark; the model count is computed
 * when read. The platform writes them and every company reads them.
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { optionalText, requiredText } from '@shared/schemas/fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const brandSchema = z
  .object({
    name: requiredText(64),
    remark: optionalText(255),
  })
  .strict();

export const brandResource = defineResource({
  module: 'biz',
  name: 'brand',
  type: 'BRAND',
  label: 'catalogueRes.names.brand',
  tenancy: 'shared',
  permissions: { view: CODE.brands, add: CODE.brandEdit, edit: CODE.brandEdit, del: CODE.brandEdit },
  schema: brandSchema,
  filters: { name: 'contains' },
  sortable: ['name'],
  // One view only: a second one without `eq` fields would share the first one's partition and counter.
  views: [{ sort: 'createTime' }],
  importable: true,
  unique: [{ field: 'name', message: 'catalogueRes.server.brandTaken' }],
});
