/**
 * Money and time-of-day pieces the fee declarations share (docs/product.md sections 5 and 9). Money is a
 * DECIMAL STRING ("0.3500"): checked by pattern and compared in integer units (bigint), never read into a
 * binary float, and stored in its canonical form with exactly the field's number of decimals, so the pricing
 * engine reads it exactly. Messages are catalog keys.
 */
import { moneyDecimal, moneyUnits } from '@shared/schemas/fields.ts';

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

/** A fee rule as the one money field's rule (shared/schemas/fields.ts), with the fee messages. */
const moneyRule = (rule: MoneyRule) => ({
  scale: rule.scale,
  min: 0,
  max: rule.max,
  nonZero: rule.positive,
  // Decision 268: a price is a decimal string; a JSON number (a binary float) is refused.
  stringsOnly: true,
  messages: {
    format: 'feeRes.validation.decimal',
    negative: 'feeRes.validation.negative',
    decimals: DECIMALS_MESSAGE[rule.scale],
    range: rule.range,
    zero: rule.range,
  },
});

/** The problem of a decimal string under a rule (a catalog key), or undefined when it is fine. */
export function moneyProblem(value: string, rule: MoneyRule): string | undefined {
  const read = moneyUnits(value, moneyRule(rule));
  return 'problem' in read ? read.problem : undefined;
}

/**
 * A required price, read by the one strict money field (docs/decisions/434-one-sign-in-guard-and-strict-money.md)
 * and stored canonical ("1.5" at scale 4 becomes "1.5000").
 */
export const money = (rule: MoneyRule) => moneyDecimal(moneyRule(rule));

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
