/**
 * Stored charging profiles (docs/product.md sections 3, 5 and 6): a named profile with its stack level,
 * purpose, kind, validity, schedule and periods, kept to be sent to connectors with SetChargingProfile. The
 * fields and the period rules are the command's (shared/commands/catalogue.ts), so a stored profile is always
 * one the command accepts; a stored profile also needs a start when absolute and limits above zero.
 */
import { z } from 'zod';
import { checkChargingProfile, chargingProfileFields } from '@shared/commands/catalogue.ts';
import { defineResource } from '@shared/resources/define.ts';
import { requiredText } from '@shared/schemas/fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const chargingProfileSchema = z
  .object({ name: requiredText(64), ...chargingProfileFields })
  .strict()
  .superRefine((value, ctx) => {
    checkChargingProfile(value, ctx);
    if (value.kind === 'Absolute' && !value.startSchedule)
      ctx.addIssue({
        code: 'custom',
        path: ['startSchedule'],
        message: 'profileRes.validation.absoluteStart',
      });
    value.periods.forEach((period, index) => {
      if (period.limit <= 0)
        ctx.addIssue({
          code: 'custom',
          path: ['periods', index, 'limit'],
          message: 'profileRes.validation.limitPositive',
        });
    });
  });
export type ChargingProfile = z.infer<typeof chargingProfileSchema>;

/** A stored profile as SetChargingProfile's parameters (the command's own fields only). */
export function profileParams(record: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of Object.keys(chargingProfileFields))
    if (record[field] !== undefined && record[field] !== null && record[field] !== '')
      params[field] = record[field];
  return params;
}

export const chargingProfileResource = defineResource({
  module: 'biz',
  name: 'chargingProfile',
  type: 'CHARGINGPROFILE',
  label: 'profileRes.names.chargingProfile',
  tenancy: 'tenant',
  permissions: {
    view: CODE.chargingProfiles,
    add: CODE.chargingProfileAdd,
    edit: CODE.chargingProfileEdit,
    del: CODE.chargingProfileDelete,
  },
  schema: chargingProfileSchema,
  filters: { name: 'contains', purpose: 'eq', kind: 'eq' },
  sortable: ['name', 'chargingProfileId', 'stackLevel', 'purpose', 'kind'],
  views: [{ sort: 'createTime' }],
});
