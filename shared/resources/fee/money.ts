/**
 * Money and time-of-day pieces the fee declarations share (SPEC.md sections 5 and 9). Money is a DECIMAL
 * STRING ("0.3500"): checked by pattern and compared in integer units (bigint), never read into a binary
 * float, and stored in its canonical form with exactly the field's number of decimals, so the pricing engine
 * reads it exactly. Messages are catalog keys.
 */
import { z } from 'zod';
import { decimalUnits, unitsToDecimal } from '@shared/pricing/money.ts';

/** A decimal number as text: digits, an optional fraction; a leading minus is read to say "negative". */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** `HH:mm` from 00:00 to 23:59. */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** `HH:mm` from 00:00 to 24:00 (the end of a day). */
export const HHMM_END = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

export interface MoneyRule {
  /** Decimals allowed (and stored). */
  scale: 2 | 4;
  /** Largest value, whole units. */
  max: number;
  /** Smallest value allowed is above 0 (a percentage off); otherwise 0 is allowed. */
  positive?: boolean;
  /** Message when out of range. */
  range: string;
}

const DECIMALS_MESSAGE = { 2: 'feeRes.validation.twoDecimals', 4: 'feeRes.validation.fourDecimals' } as const;

/** The problem of a decimal string under a rule (a catalog key), or undefined when it is fine. */
export function moneyProblem(value: string, rule: MoneyRule): string | undefined {
  if (!DECIMAL.test(value)) return 'feeRes.validation.decimal';
  if (value.startsWith('-') && /[1-9]/.test(value)) return 'feeRes.validation.negative';
  const fraction = value.split('.')[1] ?? '';
  if (fraction.length > rule.scale) return DECIMALS_MESSAGE[rule.scale];
  const units = decimalUnits(value.replace(/^-/, ''), rule.scale);
  if (units > BigInt(rule.max) * 10n ** BigInt(rule.scale)) return rule.range;
  if (rule.positive && units === 0n) return rule.range;
  return undefined;
}

/** A required decimal string, stored canonical ("1.5" at scale 4 becomes "1.5000"). */
export const money = (rule: MoneyRule) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? 'validation.required' : 'feeRes.validation.decimal'),
    })
    .trim()
    .min(1, { error: 'validation.required' })
    .superRefine((value, ctx) => {
      const problem = moneyProblem(value, rule);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => unitsToDecimal(decimalUnits(value.replace(/^-/, ''), rule.scale), rule.scale));

/** Prices of charging fees: at most four decimals, 0 to 99999. */
export const PRICE_4 = { scale: 4, max: 99_999, range: 'feeRes.validation.priceRange' } as const;
/** Prices per minute of reservation and occupancy fees: at most two decimals, 0 to 99999. */
export const PRICE_2 = { scale: 2, max: 99_999, range: 'feeRes.validation.priceRange' } as const;
/** A percentage off: above 0, at most 100, two decimals. */
export const PERCENT_OFF = {
  scale: 2,
  max: 100,
  positive: true,
  range: 'feeRes.validation.percentRange',
} as const;
