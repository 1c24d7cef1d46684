/**
 * Charging fees (docs/product.md sections 3, 5 and 6, /chargingFee): what a session costs by energy (per
 * kWh), by time (per minute) or per use (per session), optionally split into time-of-use periods, with an
 * optional occupancy fee billed in started steps of `occupancyInterval` minutes. The currency is not chosen:
 * the server sets it from the owning company's. Per-minute and per-use fees are Pro (code 3104).
 *
 * Stored fields (the pricing engine reads these): name, remark?, currency (ISO 4217), feeType (1|2|3),
 * unitPrice (decimal string, 4 decimals), timeSharing (0|1), periods ({startTime, endTime, price}[], empty
 * when timeSharing is 0), occupancyFeeId?, occupancyInterval? (minutes, set with occupancyFeeId).
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { optionalText, requiredText } from '@shared/schemas/fields.ts';
import { int, numericChoice, optionalNumber } from '../catalogue/fields.ts';
import { HHMM, HHMM_END, money, PRICE_4 } from './money.ts';
import { FEE_TYPE } from '@shared/pricing/engine.ts';
import { minutesOf } from '@shared/pricing/time-of-use.ts';
import { CODE } from '@shared/permissions/menus.ts';

export { FEE_TYPE };
/** Fee types that need the Pro code 3104. */
export const PRO_FEE_TYPES: readonly number[] = [FEE_TYPE.time, FEE_TYPE.perUse];
/** 0 one price all day, 1 a price per time-of-use period. */
export const TIME_SHARING = { off: 0, on: 1 } as const;
/** docs/product.md section 9. */
export const PERIODS_MAX = 48;
export const OCCUPANCY_INTERVAL = { min: 1, max: 1440 } as const;

/** The charging fee menu's codes (docs/product.md section 6); 3104 gates per-minute and per-use fees. */
export const CHARGING_FEE_CODE = {
  view: CODE.chargingFees,
  add: CODE.chargingFeeAdd,
  edit: CODE.chargingFeeEdit,
  del: CODE.chargingFeeDelete,
  pro: CODE.chargingFeePro,
};

export const periodSchema = z
  .object({
    startTime: z.string({ error: 'validation.required' }).regex(HHMM, { error: 'feeRes.validation.time' }),
    endTime: z.string({ error: 'validation.required' }).regex(HHMM_END, { error: 'feeRes.validation.time' }),
    price: money(PRICE_4),
  })
  .strict();
export type FeePeriod = z.infer<typeof periodSchema>;

/** A problem of a period list: the period and field it is on (none: the list), and its message key. */
export interface PeriodProblem {
  index?: number;
  field?: 'startTime' | 'endTime';
  message: string;
}

/**
 * Every problem of a time-of-use period list (docs/product.md section 5): 1 to 48 periods, the first starting
 * at 00:00, each ending after its start, each starting where the previous ended (no gap, no overlap), the
 * last ending at 24:00. Periods whose times are not `HH:mm` are left to the format check.
 */
export function periodsProblems(periods: readonly { startTime: string; endTime: string }[]): PeriodProblem[] {
  if (periods.length === 0) return [{ message: 'feeRes.validation.periodsRequired' }];
  if (periods.length > PERIODS_MAX) return [{ message: 'feeRes.validation.periodsTooMany' }];
  const problems: PeriodProblem[] = [];
  const at = (t: string, end: boolean) => ((end ? HHMM_END : HHMM).test(t) ? minutesOf(t) : undefined);
  periods.forEach((period, index) => {
    const start = at(period.startTime, false);
    const end = at(period.endTime, true);
    if (index === 0 && start !== undefined && start !== 0)
      problems.push({ index, field: 'startTime', message: 'feeRes.validation.firstStart' });
    if (index > 0 && start !== undefined) {
      const previousEnd = at(periods[index - 1]!.endTime, true);
      if (previousEnd !== undefined && start > previousEnd)
        problems.push({ index, field: 'startTime', message: 'feeRes.validation.periodGap' });
      if (previousEnd !== undefined && start < previousEnd)
        problems.push({ index, field: 'startTime', message: 'feeRes.validation.periodOverlap' });
    }
    if (start !== undefined && end !== undefined && end <= start)
      problems.push({ index, field: 'endTime', message: 'feeRes.validation.endAfterStart' });
    else if (index === periods.length - 1 && end !== undefined && end !== 24 * 60)
      problems.push({ index, field: 'endTime', message: 'feeRes.validation.lastEnd' });
  });
  return problems;
}

/** The first problem of a period list, or undefined when the list is valid. */
export function periodsProblem(periods: readonly { startTime: string; endTime: string }[]) {
  return periodsProblems(periods)[0];
}

export const chargingFeeSchema = z
  .object({
    name: requiredText(64),
    remark: optionalText(255),
    feeType: numericChoice(Object.values(FEE_TYPE)),
    /** Per kWh, per minute or per session by the type; the price all day when time sharing is off. */
    unitPrice: money(PRICE_4),
    timeSharing: numericChoice(Object.values(TIME_SHARING)).default(TIME_SHARING.off),
    periods: z.array(periodSchema).default([]),
    occupancyFeeId: optionalText(64),
    occupancyInterval: optionalNumber(int(OCCUPANCY_INTERVAL.min, OCCUPANCY_INTERVAL.max)),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.timeSharing === TIME_SHARING.on) {
      if (value.feeType === FEE_TYPE.perUse)
        ctx.addIssue({ code: 'custom', path: ['timeSharing'], message: 'feeRes.validation.perUseNoPeriods' });
      for (const problem of periodsProblems(value.periods))
        ctx.addIssue({
          code: 'custom',
          path: problem.index === undefined ? ['periods'] : ['periods', problem.index, problem.field!],
          message: problem.message,
        });
    } else if (value.periods.length > 0)
      ctx.addIssue({ code: 'custom', path: ['periods'], message: 'feeRes.validation.periodsWhenOff' });
    if (value.occupancyFeeId && value.occupancyInterval === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['occupancyInterval'],
        message: 'feeRes.validation.intervalRequired',
      });
  });
export type ChargingFeeInput = z.infer<typeof chargingFeeSchema>;

export const chargingFeeResource = defineResource({
  module: 'biz',
  name: 'chargingFee',
  type: 'CHARGINGFEE',
  label: 'feeRes.names.chargingFee',
  tenancy: 'tenant',
  permissions: {
    view: CHARGING_FEE_CODE.view,
    add: CHARGING_FEE_CODE.add,
    edit: CHARGING_FEE_CODE.edit,
    del: CHARGING_FEE_CODE.del,
  },
  schema: chargingFeeSchema,
  filters: { name: 'contains', feeType: 'eq' },
  sortable: ['name', 'feeType'],
  views: [{ sort: 'createTime' }],
});
