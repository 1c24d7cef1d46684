/**
 * Money arithmetic of the pricing engine: decimal strings in, integer minor units inside, one half-up
 * rounding per line, currency digits out.
 */
import { describe, expect, it } from 'vitest';
import {
  divRound,
  formatMinor,
  minorDigits,
  parseMinor,
  percentOf,
  priceTimes,
  scaled,
} from '@shared/pricing/money.ts';

describe('decimal strings', () => {
  it('reads prices to four decimals exactly', () => {
    expect(scaled('0.3450')).toBe(3450n);
    expect(scaled('12')).toBe(120_000n);
    expect(scaled('0.1')).toBe(1000n);
    expect(scaled('1.00000')).toBe(10_000n); // trailing zeros are not more precision
    expect(scaled('99999.9999')).toBe(999_999_999n);
    expect(scaled('2.5', 2)).toBe(250n);
  });

  it('refuses negatives, more decimals than allowed and anything not a number', () => {
    for (const bad of ['-1', '1.23456', 'abc', '', '1e3', '0x10', '1.2.3', ' ', 'NaN'])
      expect(() => scaled(bad), bad).toThrow(RangeError);
    expect(() => scaled('1.234', 2)).toThrow(RangeError);
  });
});

describe('rounding', () => {
  it('rounds half up, once', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(25n, 10n)).toBe(3n); // not to even
    expect(divRound(24n, 10n)).toBe(2n);
    expect(divRound(4n, 2n)).toBe(2n);
    expect(divRound(1n, 3n)).toBe(0n);
    expect(divRound(2n, 3n)).toBe(1n);
    expect(divRound(0n, 7n)).toBe(0n);
    expect(() => divRound(1n, 0n)).toThrow(RangeError);
  });

  it('prices a quantity: 12.345 kWh at 0.35 is 4.32075, so 4.32', () => {
    expect(priceTimes('0.35', 12_345n, 1000n, 'EUR')).toBe(432n);
    expect(priceTimes('0.125', 1000n, 1000n, 'EUR')).toBe(13n); // 0.125 → 0.13
    expect(priceTimes('0.1249', 1000n, 1000n, 'EUR')).toBe(12n);
    expect(priceTimes('35.5', 10_000n, 1000n, 'JPY')).toBe(355n);
    expect(priceTimes('0.20', 5400n, 60n, 'USD')).toBe(1800n); // 90 minutes at 0.20/min
  });

  it('takes a percentage', () => {
    expect(percentOf(1000n, '5.5')).toBe(55n);
    expect(percentOf(999n, '10')).toBe(100n); // 99.9 → 100
    expect(percentOf(1234n, '0')).toBe(0n);
    expect(percentOf(1234n, '100')).toBe(1234n);
  });
});

describe('currency digits', () => {
  it('writes amounts with exactly the currency digits', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(formatMinor(1235n, 'EUR')).toBe('12.35');
    expect(formatMinor(5n, 'USD')).toBe('0.05');
    expect(formatMinor(0n, 'EUR')).toBe('0.00');
    expect(formatMinor(1235n, 'JPY')).toBe('1235');
    expect(formatMinor(-150n, 'EUR')).toBe('-1.50');
    expect(parseMinor('12.35', 'EUR')).toBe(1235n);
    expect(() => parseMinor('12.345', 'EUR')).toThrow(RangeError);
    expect(() => parseMinor('1.5', 'JPY')).toThrow(RangeError);
  });
});
