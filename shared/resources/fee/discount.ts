/**
 * Discounts and promotions (docs/product.md sections 3 and 4, /discount): a percentage off the charging fee
 * (energy, time or per-use part) of sessions at the company's stations, for everybody (common) or for the
 * listed cards / idTags (VIP), optionally only between two instants and within a daily window.
 *
 * States: `status` 0 enabled, 1 disabled; `abandonedFlag` 0 normal, 1 abandoned. A discount applies when it
 * is enabled, not abandoned, and the session falls in its windows. Status and the abandoned flag change only
 * by the actions (enable, disable, abandon); abandoning also disables, enabling an abandoned one restores it.
 *
 * Stored fields: name, discountElec (decimal string percent off, 2 decimals, above 0, at most 100), type
 * (1|2), stationIds (empty: every station of the company), userIds (VIP card numbers / idTags), status,
 * abandonedFlag, validFrom?, validTo? (ISO date-times), dailyStart?, dailyEnd? ('HH:mm', end may be 24:00).
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { optional, requiredText } from '@shared/schemas/fields.ts';
import { numericChoice } from '../catalogue/fields.ts';
import { HHMM, HHMM_END, money, PERCENT_OFF } from './money.ts';
import { minutesOf } from '@shared/pricing/time-of-use.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const DISCOUNT_CODE = {
  view: CODE.discounts,
  add: CODE.discountAdd,
  edit: CODE.discountEdit,
  del: CODE.discountDelete,
};
export const DISCOUNT_TYPE = { common: 1, vip: 2 } as const;
export const DISCOUNT_STATUS = { enabled: 0, disabled: 1 } as const;
export const ABANDONED_FLAG = { normal: 0, abandoned: 1 } as const;
export const DISCOUNT_LIST_MAX = 500;

const isoDateTime = () => optional(z.iso.datetime({ offset: true, error: 'validation.dateFormat' }));

export const discountSchema = z
  .object({
    name: requiredText(64),
    /** Percent off the charging fee. */
    discountElec: money(PERCENT_OFF),
    type: numericChoice(Object.values(DISCOUNT_TYPE)),
    /** Station ids of the company; empty: all its stations. */
    stationIds: z.array(z.string().trim().min(1).max(64)).max(DISCOUNT_LIST_MAX).default([]),
    /** Card numbers / idTags a VIP discount is for. */
    userIds: z
      .array(z.string().trim().min(1).max(64, { error: 'validation.tooLong' }))
      .max(DISCOUNT_LIST_MAX, { error: 'feeRes.validation.tooManyUsers' })
      .default([]),
    status: numericChoice(Object.values(DISCOUNT_STATUS)).default(DISCOUNT_STATUS.enabled),
    validFrom: isoDateTime(),
    validTo: isoDateTime(),
    dailyStart: optional(z.string().regex(HHMM, { error: 'feeRes.validation.time' })),
    dailyEnd: optional(z.string().regex(HHMM_END, { error: 'feeRes.validation.time' })),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.type === DISCOUNT_TYPE.vip && value.userIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'feeRes.validation.vipNeedsUsers' });
    if (value.type === DISCOUNT_TYPE.common && value.userIds.length > 0)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'feeRes.validation.commonNoUsers' });
    if (value.validFrom && value.validTo && Date.parse(value.validTo) <= Date.parse(value.validFrom))
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'feeRes.validation.toAfterFrom' });
    if ((value.dailyStart === undefined) !== (value.dailyEnd === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [value.dailyStart === undefined ? 'dailyStart' : 'dailyEnd'],
        message: 'feeRes.validation.dailyBoth',
      });
    else if (
      value.dailyStart !== undefined &&
      value.dailyEnd !== undefined &&
      minutesOf(value.dailyEnd) <= minutesOf(value.dailyStart)
    )
      ctx.addIssue({ code: 'custom', path: ['dailyEnd'], message: 'feeRes.validation.endAfterStart' });
  });
export type DiscountInput = z.infer<typeof discountSchema>;

/** The body of a discount action: the record and, optionally, the version the caller saw. */
export const discountActionSchema = z
  .object({ id: z.string().min(1, { error: 'validation.required' }), version: z.number().int().optional() })
  .strict();

export const discountResource = defineResource({
  module: 'biz',
  name: 'discount',
  type: 'DISCOUNT',
  label: 'feeRes.names.discount',
  tenancy: 'tenant',
  permissions: DISCOUNT_CODE,
  schema: discountSchema,
  filters: { name: 'contains', type: 'eq', status: 'eq', abandonedFlag: 'eq' },
  sortable: ['name', 'type', 'status'],
  views: [{ sort: 'createTime' }],
});
