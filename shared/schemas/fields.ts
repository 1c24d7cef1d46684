/**
 * The text field builders every form schema shares (the API validates with them, the console's forms use
 * the same ones), written once. Every message is a catalog key.
 */
import { z } from 'zod';

/** An empty form field ('', null) means "not given". */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** Text of at most `max` characters once trimmed; may be empty. */
export const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' });

/** Text that must be given: at least one character once trimmed, at most `max`. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });

/** Text that may be left out ('' and null count as not given). */
export const optionalText = (max: number) => optional(text(max));

/** Whether a number has at most four decimals: how balances keep money (SPEC.md section 9). */
export const hasFourDecimals = (n: number) =>
  Number.isFinite(n) && Math.abs(Math.round(n * 10_000) - n * 10_000) < 1e-6;

/** Money as balances keep it: a number from `min` to `max` with at most four decimals. */
export const balanceMoney = (min: number, max: number) =>
  z.coerce
    .number({ error: 'catalogueRes.validation.number' })
    .min(min, { error: 'catalogueRes.validation.range' })
    .max(max, { error: 'catalogueRes.validation.range' })
    .refine(hasFourDecimals, { error: 'deviceRes.validation.fourDecimals' });

/** An amount added to a balance (a recharge, a top-up): above 0, at most `max`, four decimals at most. */
export const topUpAmount = (max = 1_000_000) =>
  z.coerce
    .number({ error: 'catalogueRes.validation.number' })
    .gt(0, { error: 'catalogueRes.validation.range' })
    .max(max, { error: 'catalogueRes.validation.range' })
    .refine(hasFourDecimals, { error: 'deviceRes.validation.fourDecimals' });
