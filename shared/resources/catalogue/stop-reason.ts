/**
 * Charging stop reasons (docs/product.md section 3, /stopReasonList): code (unique), display name, type code
 * and name, invalid code (0 normal, 1 abnormal) and name, finish code and name. The platform's catalogue,
 * read by every company.
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { optionalText, requiredText } from '@shared/schemas/fields.ts';
import { numericChoice } from './fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const INVALID_CODE = { normal: 0, abnormal: 1 } as const;

export const stopReasonSchema = z
  .object({
    code: requiredText(64),
    displayName: requiredText(128),
    typeCode: optionalText(64),
    typeName: optionalText(128),
    invalidCode: numericChoice([INVALID_CODE.normal, INVALID_CODE.abnormal]),
    invalidName: optionalText(128),
    finishCode: optionalText(64),
    finishName: optionalText(128),
  })
  .strict();

export const stopReasonResource = defineResource({
  module: 'biz',
  name: 'stopReason',
  type: 'STOPREASON',
  label: 'catalogueRes.names.stopReason',
  tenancy: 'shared',
  permissions: {
    view: CODE.stopReasons,
    add: CODE.stopReasonEdit,
    edit: CODE.stopReasonEdit,
    del: CODE.stopReasonEdit,
  },
  schema: stopReasonSchema,
  filters: { code: 'contains', displayName: 'contains', typeCode: 'eq', invalidCode: 'eq' },
  sortable: ['code', 'displayName', 'typeCode', 'invalidCode'],
  views: [{ sort: 'createTime' }, { eq: ['invalidCode'], sort: 'code' }],
  importable: true,
  unique: [{ field: 'code', message: 'catalogueRes.server.stopReasonTaken' }],
});
