/** The analytics formulas of SPEC.md section 9 (shared/pricing/metrics.ts) at their boundaries. */
import { describe, expect, it } from 'vitest';
import { ROLLUP_FIELDS } from '@functions/orders/rollups.ts';
import {
  addDays,
  dayList,
  daysBetween,
  growthRate,
  isDay,
  kwhText,
  peakUtilization,
  ratedPowerW,
  REVENUE_FIELDS,
  sumRollups,
  utilization,
} from '@shared/pricing/metrics.ts';
import { revenueRangeProblem } from '@shared/schemas/revenue.ts';

describe('growth rate', () => {
  it('is (current − previous) / previous × 100 %, two decimals', () => {
    expect(growthRate(150, 100)).toBe(50);
    expect(growthRate(50, 100)).toBe(-50);
    expect(growthRate(100, 100)).toBe(0);
    expect(growthRate(0, 100)).toBe(-100);
    expect(growthRate(1, 3)).toBe(-66.67); // -66.666… rounded half away from zero
    expect(growthRate(2, 3)).toBe(-33.33);
    expect(growthRate(4, 3)).toBe(33.33);
    expect(growthRate(5, 3)).toBe(66.67);
    expect(growthRate(300, 100)).toBe(200);
    expect(growthRate(10_000_000_000n, 1n)).toBe(999_999_999_900);
  });

  it('is 100 % when the base is 0, and 0 % when both are 0', () => {
    expect(growthRate(5, 0)).toBe(100);
    expect(growthRate(1n, 0n)).toBe(100);
    expect(growthRate(-5, 0)).toBe(100);
    expect(growthRate(0, 0)).toBe(0);
  });

  it('divides by a negative base as it is', () => {
    expect(growthRate(-50, -100)).toBe(-50);
  });
});

describe('utilization', () => {
  it('is energy / (rated power × hours) × 100 %', () => {
    // 22 kW for 24 h is 528 kWh; 132 kWh of it is 25 %.
    expect(utilization(132_000, 22_000, 24)).toBe(25);
    expect(utilization(528_000, 22_000, 24)).toBe(100);
    expect(utilization(0, 22_000, 24)).toBe(0);
    expect(utilization(1, 22_000, 24)).toBe(0); // 0.0002 %
    expect(utilization(1000, 3_000, 1)).toBe(33.33);
    // Not clamped: more energy than the rated power allows says the rating is too low.
    expect(utilization(600_000, 22_000, 24)).toBe(113.64);
  });

  it('has none without capacity', () => {
    expect(utilization(1000, 0, 24)).toBeNull();
    expect(utilization(1000, 22_000, 0)).toBeNull();
    expect(utilization(0, 0, 0)).toBeNull();
  });

  it('has the peak-power variant', () => {
    expect(peakUtilization(50_000, 50_000, 2)).toBe(50);
    expect(peakUtilization(50_000, 0, 2)).toBeNull();
  });

  it('rates a station by its connectors: the pile maximum per connector', () => {
    expect(
      ratedPowerW([
        { maxPower: 22, connectors: [{ connectorNo: 1 }, { connectorNo: 2 }] },
        { maxPower: 150, connectors: [{ connectorNo: 1 }] },
        { maxPower: 0, connectors: [{ connectorNo: 1 }] },
        { connectors: [{ connectorNo: 1 }] },
        { maxPower: 11 },
      ]),
    ).toBe(194_000);
    expect(ratedPowerW([])).toBe(0);
  });
});

describe('rollup sums', () => {
  it('has the rollup item fields and adds them as integers', () => {
    expect([...REVENUE_FIELDS]).toEqual([...ROLLUP_FIELDS]);
    const sums = sumRollups([
      { orders: 1, energyWh: 11_000, payMinor: 456 },
      { orders: 2, energyWh: 500, payMinor: 44, revenueMinor: 40 },
      {},
    ]);
    expect(sums.orders).toBe(3n);
    expect(sums.energyWh).toBe(11_500n);
    expect(sums.payMinor).toBe(500n);
    expect(sums.revenueMinor).toBe(40n);
    expect(sums.couponMinor).toBe(0n);
    expect(sumRollups([]).orders).toBe(0n);
  });

  it('shows energy in kWh with three decimals', () => {
    expect(kwhText(11_500n)).toBe('11.500');
    expect(kwhText(5)).toBe('0.005');
    expect(kwhText(0)).toBe('0.000');
    expect(kwhText(-1500)).toBe('-1.500');
  });
});

describe('days and the 60-day window', () => {
  it('counts calendar days', () => {
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-1-01')).toBe(false);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-01', '2026-11-01')).toBe(1);
    expect(daysBetween('2026-10-25', '2026-10-26')).toBe(2); // across a DST change: UTC days
    expect(dayList('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('allows 1 to 60 days and refuses longer or reversed ranges', () => {
    expect(revenueRangeProblem('2026-01-01', '2026-01-01')).toBeNull();
    expect(revenueRangeProblem('2026-01-01', '2026-03-01')).toBeNull(); // 60 days
    expect(revenueRangeProblem('2026-01-01', '2026-03-02')).toBe('revenueRes.tooLong');
    expect(revenueRangeProblem('2026-01-02', '2026-01-01')).toBe('revenueRes.reversed');
    expect(revenueRangeProblem('2026-01-02', 'tomorrow')).toBe('validation.dateFormat');
  });
});
