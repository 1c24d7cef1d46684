/**
 * Money without binary floats. Prices and rates arrive as decimal strings ("0.3450", "12.5"); amounts are
 * integers of the currency's minor unit (cents; yen have none) held as bigint, and leave as decimal strings
 * with exactly the currency's digits ("12.35", "1235"). Every division rounds once, half up (half away from
 * zero: amounts here are never negative), at the line it produces; totals are sums of rounded lines.
 */

/** ISO 4217 minor-unit digits of the currencies an operator may bill in (shared/schemas/admin.ts). */
const MINOR_DIGITS: Record<string, number> = { JPY: 0 };
export const minorDigits = (currency: string) => MINOR_DIGITS[currency] ?? 2;

/** Prices and percentages carry at most this many decimals (SPEC.md: fees 4, reservation 2, card 4). */
export const PRICE_SCALE = 4;
export const PRICE_ONE = 10n ** BigInt(PRICE_SCALE);

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/** A non-negative decimal string as an integer of 10^-scale; throws on anything else or more decimals. */
export function scaled(text: string, scale: number = PRICE_SCALE): bigint {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new RangeError(`Not a non-negative decimal: "${text}"`);
  const fraction = m[2] ?? '';
  if (fraction.replace(/0+$/, '').length > scale)
    throw new RangeError(`More than ${scale} decimals: "${text}"`);
  return BigInt(m[1]!) * 10n ** BigInt(scale) + BigInt((fraction + '0'.repeat(scale)).slice(0, scale) || '0');
}

/** numerator / denominator rounded half up (both non-negative, denominator positive). */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('Division by a non-positive number');
  if (numerator < 0n) return -divRound(-numerator, denominator);
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** Minor units as the currency's decimal string: 1235n EUR → "12.35", JPY → "1235". */
export function formatMinor(minor: bigint, currency: string): string {
  const digits = minorDigits(currency);
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  if (digits === 0) return `${negative ? '-' : ''}${abs}`;
  const text = abs.toString().padStart(digits + 1, '0');
  return `${negative ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A decimal string amount in the currency as minor units (at most the currency's digits). */
export const parseMinor = (text: string, currency: string) => scaled(text, minorDigits(currency));

/** A price (per kWh, per minute, per use) times a quantity in 10^-quantityScale, as minor units. */
export function priceTimes(price: string, quantity: bigint, quantityScale: bigint, currency: string): bigint {
  const minorOne = 10n ** BigInt(minorDigits(currency));
  return divRound(scaled(price) * quantity * minorOne, PRICE_ONE * quantityScale);
}

/** `percent` (a decimal string, at most 4 decimals) of an amount in minor units, rounded half up. */
export function percentOf(amount: bigint, percent: string): bigint {
  return divRound(amount * scaled(percent), 100n * PRICE_ONE);
}

export const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
export const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);
