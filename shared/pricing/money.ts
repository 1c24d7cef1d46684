/**
 * Money without binary floats. Prices and rates arrive as decimal strings ("0.3450", "12.5"); amounts are
 * integers of the currency's minor unit (cents; yen have none) held as bigint, and leave as decimal strings
 * with exactly the currency's digits ("12.35", "1235"). Every division rounds once, half up (half away from
 * zero: amounts here are never negative), at the line it produces; totals are sums of rounded lines.
 */

/** ISO 4217 minor-unit digits of the currencies an operator may bill in (shared/schemas/admin.ts). */
const MINOR_DIGITS: Record<string, number> = { JPY: 0 };
export const minorDigits = (currency: string) => MINOR_DIGITS[currency] ?? 2;

/**
 * Prices and percentages carry at most this many decimals (docs/product.md: fees 4, reservation 2, card 4).
 */
export const PRICE_SCALE = 4;
export const PRICE_ONE = 10n ** BigInt(PRICE_SCALE);

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/** The value in whole units of 10^-scale (exact, extra decimals cut): "0.35" at scale 4 is 3500n. */
export function decimalUnits(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const units = BigInt((whole || '0') + fraction.padEnd(scale, '0').slice(0, scale));
  return negative ? -units : units;
}

/** Whole units of 10^-scale back to the canonical text: 3500n at scale 4 is "0.3500". */
export function unitsToDecimal(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** A non-negative decimal string as an integer of 10^-scale; throws on anything else or more decimals. */
export function scaled(text: string, scale: number = PRICE_SCALE): bigint {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new RangeError(`Not a non-negative decimal: "${text}"`);
  if ((m[2] ?? '').replace(/0+$/, '').length > scale)
    throw new RangeError(`More than ${scale} decimals: "${text}"`);
  return decimalUnits(text.trim(), scale);
}

/** numerator / denominator rounded half up (both non-negative, denominator positive). */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('Division by a non-positive number');
  if (numerator < 0n) return -divRound(-numerator, denominator);
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** Minor units as the currency's decimal string: 1235n EUR → "12.35", JPY → "1235". */
export const formatMinor = (minor: bigint, currency: string) => unitsToDecimal(minor, minorDigits(currency));

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
