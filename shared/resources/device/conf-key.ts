/**
 * Configuration keys (docs/product.md section 3): the platform's catalogue of charger configuration keys,
 * read by every company (shared) and written by the platform. A key is unique; OCPP 2.0.1 keys name their
 * component and variable.
 */
import { z } from 'zod';
import { defineResource } from '@shared/resources/define.ts';
import { optional, requiredText, text } from '@shared/schemas/fields.ts';
import { choice, given, OCPP_IDENTIFIER } from './common.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const CONF_KEY_TYPES = ['bool', 'integer', 'string', 'CSL'] as const;
export const CONF_KEY_OCPP_VERSIONS = ['1.6', '2.0.1'] as const;

/** OCPP names: identifierString, 50 characters (CiString50 in 1.6, string[0..50] in 2.0.1). */
const ocppName = (schema: z.ZodString) =>
  schema.regex(OCPP_IDENTIFIER, { error: 'deviceRes.validation.ocppName' });

export const confKeySchema = z
  .object({
    key: ocppName(requiredText(50)),
    readonly: z.boolean().default(false),
    requiredFlag: z.boolean().default(false),
    keyType: choice(CONF_KEY_TYPES),
    describe: optional(text(255)),
    ocppVersion: choice(CONF_KEY_OCPP_VERSIONS),
    componentName: optional(ocppName(text(50))),
    variableName: optional(ocppName(text(50))),
  })
  .strict()
  .superRefine((value, ctx) => {
    for (const field of ['componentName', 'variableName'] as const) {
      if (value.ocppVersion === '2.0.1' && !given(value[field]))
        ctx.addIssue({ code: 'custom', path: [field], message: 'deviceRes.validation.required201' });
      if (value.ocppVersion === '1.6' && given(value[field]))
        ctx.addIssue({ code: 'custom', path: [field], message: 'deviceRes.validation.only201' });
    }
  });

export const confKeyResource = defineResource({
  module: 'biz',
  name: 'confKey',
  type: 'CONFKEY',
  label: 'deviceRes.names.confKey',
  tenancy: 'shared',
  permissions: { view: CODE.confKeys, add: CODE.confKeyAdd, edit: CODE.confKeyAdd, del: CODE.confKeyEdit },
  schema: confKeySchema,
  filters: { key: 'contains', ocppVersion: 'eq', keyType: 'eq' },
  sortable: ['key', 'keyType', 'ocppVersion'],
  views: [{ sort: 'createTime' }],
  unique: [{ field: 'key', message: 'deviceRes.server.confKeyTaken' }],
});
