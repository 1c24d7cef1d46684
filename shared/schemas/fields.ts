/**
 * The text field builders every form schema shares (the API validates with them, the console's forms use
 * the same ones), written once. Every message is a catalog key.
 */
import { z } from 'zod';
import { decimalUnits, unitsToDecimal } from '@shared/pricing/money.ts';

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

/** Whether a number has at most four decimals: how balances keep money (docs/product.md section 9). */
export const hasFourDecimals = (n: number) =>
  Number.isFinite(n) && Math.abs(Math.round(n * 10_000) - n * 10_000) < 1e-6;

/**
 * THE money field of every amount the API takes (docs/decisions/434-one-sign-in-guard-and-strict-money.md):
 * a JSON number or a decimal string and nothing else. A string is digits with an optional fraction and a
 * leading minus, exactly (no spaces, sign +, exponent, hex, leading or trailing point); a number must be
 * finite and read as such a decimal (so 1e21 and 0.1 + 0.2 are refused). Then at most `scale` decimals,
 * within `min` to `max`, and not 0 when `nonZero`. The value is read exactly, in units of 10^-scale (bigint,
 * shared/pricing/money.ts), never through a float.
 */
export interface MoneyRule {
  /** Decimals allowed. */
  scale: number;
  /** Smallest value, whole units (below 0: negative amounts allowed). */
  min: number;
  /** Largest value, whole units. */
  max: number;
  /** 0 is refused (a top-up, an adjustment). */
  nonZero?: boolean;
  /** Decimal strings only, JSON numbers refused (fee prices, docs/decisions/268-fees-are-resources-money-as-decimal-strings.md). */
  stringsOnly?: boolean;
  /** This field's messages (catalogue keys), where they are not the defaults. */
  messages?: Partial<MoneyMessages>;
}

export interface MoneyMessages {
  /** Not a decimal number (a boolean, hex, an exponent, spaces, NaN...). */
  format: string;
  /** Negative where not allowed. */
  negative: string;
  /** More decimals than `scale`. */
  decimals: string;
  /** Below `min` or above `max`. */
  range: string;
  /** 0 where `nonZero`. */
  zero: string;
}

const MONEY_MESSAGES: Omit<MoneyMessages, 'decimals'> = {
  format: 'catalogueRes.validation.number',
  negative: 'catalogueRes.validation.range',
  range: 'catalogueRes.validation.range',
  zero: 'catalogueRes.validation.range',
};

/** A decimal number as text, nothing around it. */
const DECIMAL_TEXT = /^-?(\d+)(?:\.(\d+))?$/;
/** More whole digits than any amount has: refused before being read (an absurd value). */
const MAX_WHOLE_DIGITS = 15;

/** A money input's value in units of 10^-scale, or the catalogue key of its problem. */
export function moneyUnits(input: unknown, rule: MoneyRule): { units: bigint } | { problem: string } {
  const messages: MoneyMessages = {
    ...MONEY_MESSAGES,
    decimals: rule.scale <= 2 ? 'feeRes.validation.twoDecimals' : 'deviceRes.validation.fourDecimals',
    ...rule.messages,
  };
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || rule.stringsOnly) return { problem: messages.format };
    text = String(input);
  } else if (typeof input === 'string') text = input;
  else return { problem: messages.format };
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return { problem: messages.format };
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  const [, whole = '', fraction = ''] = match;
  if (whole.replace(/^0+(?=\d)/, '').length > MAX_WHOLE_DIGITS) return { problem: messages.range };
  if (fraction.length > rule.scale) return { problem: messages.decimals };
  const magnitude = decimalUnits(digits, rule.scale);
  const units = negative ? -magnitude : magnitude;
  const one = 10n ** BigInt(rule.scale);
  if (units < 0n && rule.min >= 0) return { problem: messages.negative };
  if (units < BigInt(rule.min) * one || units > BigInt(rule.max) * one) return { problem: messages.range };
  if (rule.nonZero && units === 0n) return { problem: messages.zero };
  return { units };
}

/**
 * The money field, its value as `read` makes it of the exact units (a number, a canonical string). Its problem
 * is a refinement's, as any field's, so the object's own checks (a fee's periods) still run beside it.
 */
const moneyField = <T>(rule: MoneyRule, read: (units: bigint) => T) =>
  z
    .unknown()
    .superRefine((input, ctx) => {
      const problem =
        input === undefined || input === null || input === ''
          ? 'validation.required'
          : (moneyUnits(input, rule) as { problem?: string }).problem;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((input) => read((moneyUnits(input, rule) as { units: bigint }).units));

/** Money kept as a number (balances: four decimals, stored exactly as units of 10^-4). */
export const moneyNumber = (rule: MoneyRule) =>
  moneyField(rule, (units) => Number(unitsToDecimal(units, rule.scale)));

/** Money kept as its canonical decimal string ("1.5" at scale 4 is "1.5000"; prices, subscription fees). */
export const moneyDecimal = (rule: MoneyRule) =>
  moneyField(rule, (units) => unitsToDecimal(units, rule.scale));

const FOUR_DECIMALS = { decimals: 'deviceRes.validation.fourDecimals' };

/** Money as balances keep it: a number from `min` to `max` with at most four decimals. */
export const balanceMoney = (min: number, max: number) =>
  moneyNumber({ scale: 4, min, max, messages: FOUR_DECIMALS });

/** An amount added to a balance (a recharge, a top-up): above 0, at most `max`, four decimals at most. */
export const topUpAmount = (max = 1_000_000) =>
  moneyNumber({ scale: 4, min: 0, max, nonZero: true, messages: FOUR_DECIMALS });

/** A signed amount (a staff adjustment): from -max to max, not 0, four decimals at most. */
export const signedAmount = (max = 1_000_000) =>
  moneyNumber({
    scale: 4,
    min: -max,
    max,
    nonZero: true,
    messages: { ...FOUR_DECIMALS, zero: 'crm.validation.notZero' },
  });
