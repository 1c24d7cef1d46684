/**
 * App versions (docs/product.md sections 3 and 9, /appVersion): name, code (1 to 2147483647), type (1
 * Android, 2 iOS), force-update flag and remark. A code is unique per type: the server stores `typeCode`
 * (`{type}:{code}`) and declares it unique.
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { optionalText, requiredText } from '@shared/schemas/fields.ts';
import { flag, int, numericChoice, requiredNumber } from './fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const APP_TYPE = { android: 1, ios: 2 } as const;

export const appVersionSchema = z
  .object({
    name: requiredText(64),
    code: requiredNumber(int(1, 2_147_483_647)),
    type: numericChoice([APP_TYPE.android, APP_TYPE.ios]),
    forceFlag: flag.default(false),
    remark: optionalText(500),
  })
  .strict();

export const appVersionResource = defineResource({
  module: 'biz',
  name: 'appVersion',
  type: 'APPVERSION',
  label: 'catalogueRes.names.appVersion',
  tenancy: 'shared',
  permissions: {
    view: CODE.appVersions,
    add: CODE.appVersionEdit,
    edit: CODE.appVersionEdit,
    del: CODE.appVersionEdit,
  },
  schema: appVersionSchema,
  filters: { name: 'contains', type: 'eq', forceFlag: 'eq' },
  sortable: ['code', 'name', 'type'],
  views: [{ sort: 'createTime' }, { eq: ['type'], sort: 'code' }],
  unique: [{ field: 'typeCode', message: 'catalogueRes.server.appVersionTaken' }],
});
