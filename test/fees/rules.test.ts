/**
 * The fee rules the API and the console share, without AWS: decimal-string money (exact, canonical, never a
 * float), the time-of-use period rule, and the schemas of the four fee resources.
 */
import { describe, expect, it } from 'vitest';
import {
  chargingFeeSchema,
  FEE_TYPE,
  periodsProblem,
  periodsProblems,
} from '@shared/resources/fee/charging-fee.ts';
import { discountSchema } from '@shared/resources/fee/discount.ts';
import { moneyProblem, PERCENT_OFF, PRICE_2, PRICE_4 } from '@shared/resources/fee/money.ts';
import { decimalUnits, unitsToDecimal } from '@shared/pricing/money.ts';
import { occupancyFeeSchema } from '@shared/resources/fee/occupancy-fee.ts';
import { reserveFeeSchema } from '@shared/resources/fee/reserve-fee.ts';

const p = (startTime: string, endTime: string) => ({ startTime, endTime });
const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('decimal-string money', () => {
  it('reads and writes exact units', () => {
    expect(decimalUnits('0.35', 4)).toBe(3500n);
    expect(decimalUnits('99999.9999', 4)).toBe(999999999n);
    expect(unitsToDecimal(3500n, 4)).toBe('0.3500');
    expect(unitsToDecimal(5n, 2)).toBe('0.05');
    expect(unitsToDecimal(12n, 0)).toBe('12');
  });

  it('names each problem', () => {
    expect(moneyProblem('0.1234', PRICE_4)).toBeUndefined();
    expect(moneyProblem('0.12345', PRICE_4)).toBe('feeRes.validation.fourDecimals');
    expect(moneyProblem('0.125', PRICE_2)).toBe('feeRes.validation.twoDecimals');
    expect(moneyProblem('-0.01', PRICE_2)).toBe('feeRes.validation.negative');
    expect(moneyProblem('-0', PRICE_2)).toBeUndefined();
    expect(moneyProblem('1e3', PRICE_2)).toBe('feeRes.validation.decimal');
    expect(moneyProblem('.5', PRICE_2)).toBe('feeRes.validation.decimal');
    expect(moneyProblem('99999', PRICE_2)).toBeUndefined();
    expect(moneyProblem('99999.01', PRICE_2)).toBe('feeRes.validation.priceRange');
    expect(moneyProblem('0', PERCENT_OFF)).toBe('feeRes.validation.percentRange');
    expect(moneyProblem('100', PERCENT_OFF)).toBeUndefined();
    expect(moneyProblem('100.01', PERCENT_OFF)).toBe('feeRes.validation.percentRange');
  });

  it('stores the canonical form of each field', () => {
    expect(reserveFeeSchema.parse({ name: 'R', price: '1.5' }).price).toBe('1.50');
    // The one strict money field (decision 434): nothing around the number.
    expect(reserveFeeSchema.safeParse({ name: 'R', price: ' 1.5 ' }).success).toBe(false);
    expect(occupancyFeeSchema.parse({ name: 'O', price: '2' })).toEqual({
      name: 'O',
      price: '2.00',
      afterTime: 0,
    });
    expect(reserveFeeSchema.safeParse({ name: 'R', price: 1.5 }).success).toBe(false);
  });
});

describe('time-of-use periods', () => {
  it('accepts one period for the whole day and a contiguous split', () => {
    expect(periodsProblems([p('00:00', '24:00')])).toEqual([]);
    expect(periodsProblem([p('00:00', '07:30'), p('07:30', '22:00'), p('22:00', '24:00')])).toBeUndefined();
  });

  it('names the period and field of each problem', () => {
    expect(periodsProblems([])).toEqual([{ message: 'feeRes.validation.periodsRequired' }]);
    expect(periodsProblems(Array.from({ length: 49 }, () => p('00:00', '24:00')))).toEqual([
      { message: 'feeRes.validation.periodsTooMany' },
    ]);
    expect(periodsProblems([p('00:30', '24:00')])).toEqual([
      { index: 0, field: 'startTime', message: 'feeRes.validation.firstStart' },
    ]);
    expect(periodsProblems([p('00:00', '08:00'), p('08:30', '24:00')])).toEqual([
      { index: 1, field: 'startTime', message: 'feeRes.validation.periodGap' },
    ]);
    expect(periodsProblems([p('00:00', '08:00'), p('07:00', '24:00')])).toEqual([
      { index: 1, field: 'startTime', message: 'feeRes.validation.periodOverlap' },
    ]);
    expect(periodsProblems([p('00:00', '08:00'), p('08:00', '23:59')])).toEqual([
      { index: 1, field: 'endTime', message: 'feeRes.validation.lastEnd' },
    ]);
    expect(periodsProblems([p('00:00', '00:00'), p('00:00', '24:00')])).toEqual([
      { index: 0, field: 'endTime', message: 'feeRes.validation.endAfterStart' },
    ]);
    // A malformed time is the format check's; the others are still checked.
    expect(periodsProblems([p('00:00', '8'), p('08:00', '24:00')])).toEqual([]);
  });
});

describe('the fee schemas', () => {
  const fee = { name: 'F', feeType: FEE_TYPE.energy, unitPrice: '0.3' };

  it('puts period problems on the period', () => {
    const result = chargingFeeSchema.safeParse({
      ...fee,
      timeSharing: 1,
      periods: [
        { startTime: '00:00', endTime: '12:00', price: '0.1' },
        { startTime: '13:00', endTime: '24:00', price: '0.12345' },
      ],
    });
    expect(issues(result)).toEqual({
      'periods.1.startTime': 'feeRes.validation.periodGap',
      'periods.1.price': 'feeRes.validation.fourDecimals',
    });
  });

  it('keeps per-use fees flat and needs the interval with an occupancy fee', () => {
    expect(
      issues(
        chargingFeeSchema.safeParse({
          ...fee,
          feeType: FEE_TYPE.perUse,
          timeSharing: 1,
          periods: [{ startTime: '00:00', endTime: '24:00', price: '1' }],
          occupancyFeeId: 'o1',
        }),
      ),
    ).toEqual({
      timeSharing: 'feeRes.validation.perUseNoPeriods',
      occupancyInterval: 'feeRes.validation.intervalRequired',
    });
    expect(chargingFeeSchema.parse(fee)).toMatchObject({ unitPrice: '0.3000', timeSharing: 0, periods: [] });
  });

  it('checks discounts: VIP users, percentage, windows', () => {
    const base = { name: 'D', discountElec: '10', type: 1 };
    expect(discountSchema.parse(base)).toMatchObject({
      discountElec: '10.00',
      status: 0,
      userIds: [],
      stationIds: [],
    });
    expect(issues(discountSchema.safeParse({ ...base, type: 2 }))).toEqual({
      userIds: 'feeRes.validation.vipNeedsUsers',
    });
    expect(
      issues(
        discountSchema.safeParse({
          ...base,
          dailyStart: '10:00',
          dailyEnd: '09:00',
          validFrom: '2026-01-02T00:00:00Z',
          validTo: '2026-01-01T00:00:00Z',
        }),
      ),
    ).toEqual({ dailyEnd: 'feeRes.validation.endAfterStart', validTo: 'feeRes.validation.toAfterFrom' });
  });
});
