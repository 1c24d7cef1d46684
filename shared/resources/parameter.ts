/** System parameters (docs/product.md section 3): type, code, name, value, description, sort, enable. */
import { z } from 'zod';
import { requiredText, text } from '@shared/schemas/fields.ts';
import { defineResource } from './define.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const parameterSchema = z
  .object({
    type: requiredText(32),
    code: requiredText(64).regex(/^[A-Za-z0-9_.-]+$/, { error: 'validation.codeFormat' }),
    name: requiredText(64),
    value: text(1000).default(''),
    description: text(255).optional(),
    sort: z.coerce
      .number({ error: 'validation.integer' })
      .int({ error: 'validation.integer' })
      .min(0)
      .max(999_999)
      .default(0),
    enable: z.boolean().default(true),
  })
  .strict();

export const parameterResource = defineResource({
  module: 'admin',
  name: 'parameter',
  type: 'PARAMETER',
  label: 'resources.parameter',
  tenancy: 'platform',
  permissions: {
    view: CODE.parameters,
    add: CODE.parameterEdit,
    edit: CODE.parameterEdit,
    del: CODE.parameterEdit,
  },
  schema: parameterSchema,
  filters: { type: 'eq', code: 'contains', name: 'contains', enable: 'eq' },
  sortable: ['sort', 'code', 'name', 'type'],
  views: [{ sort: 'createTime' }, { eq: ['type'], sort: 'sort' }],
  unique: [{ field: 'code', message: 'server.parameterCodeTaken' }],
});
