/** The analytics formulas of docs/product.md section 9 (shared/pricing/metrics.ts) at their boundaries. */
import { describe, expect, it } from 'vitest';
import {
  abbreviate,
  addDays,
  connectorRatedW,
  dayList,
  daysBetween,
  fullPowerMs,
  growthRate,
  isDay,
  kwhText,
  peakUtilization,
  ratedConnectors,
  ratedPowerW,
  REVENUE_FIELDS,
  sumRollups,
  utilization,
  utilizationPerConnector,
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

  it('is 100 % when the base is 0, also when both are 0 (docs/product.md section 9 literally, decision 180)', () => {
    expect(growthRate(5, 0)).toBe(100);
    expect(growthRate(1n, 0n)).toBe(100);
    expect(growthRate(-5, 0)).toBe(100);
    expect(growthRate(0, 0)).toBe(100);
    expect(growthRate(0n, 0n)).toBe(100);
  });

  it('divides by a negative base as it is', () => {
    expect(growthRate(-50, -100)).toBe(-50);
  });
});

describe('utilization', () => {
  const hour = 3_600_000;

  it("keeps each order's energy at its connector's rating as time", () => {
    // 44 kWh on a 22 kW connector is 2 h at its rating; 75 kWh on 150 kW half an hour.
    expect(fullPowerMs(44_000, 22_000)).toBe(2 * hour);
    expect(fullPowerMs(75_000, 150_000)).toBe(hour / 2);
    expect(fullPowerMs(1, 3_000)).toBe(1200);
    expect(fullPowerMs(1, 7_000)).toBe(514); // 514.28… ms
    // No rating on record: the order adds nothing (and its connector is not counted either).
    expect(fullPowerMs(44_000, 0)).toBe(0);
    expect(connectorRatedW({ maxPower: 22 })).toBe(22_000);
    expect(connectorRatedW({ maxPower: 0 })).toBe(0);
    expect(connectorRatedW({})).toBe(0);
    expect(connectorRatedW(undefined)).toBe(0);
  });

  it("is Σ energy / (the order's connector's rated power × hours), as docs/product.md section 9 reads", () => {
    // One 22 kW connector busy at its rating for 6 of 24 hours: 25 %; all day: 100 %.
    expect(utilization(6 * hour, 24)).toBe(25);
    expect(utilization(24 * hour, 24)).toBe(100);
    expect(utilization(0, 24)).toBe(0);
    expect(utilization(1, 24)).toBe(0);
    // No divisor for the connectors (decision 181): an hour at the rating in an hour is 100 %, however many
    // connectors the station has; three connectors busy all the time are 300 %.
    expect(utilization(hour, 1)).toBe(100);
    expect(utilization(3 * 24 * hour, 24)).toBe(300);
    // Not clamped: more than the rating allows says the rating on record is too low.
    expect(utilization(30 * hour, 24)).toBe(125);
  });

  it('keeps the reading averaged over the connectors as utilization per connector', () => {
    expect(utilizationPerConnector(6 * hour, 1, 24)).toBe(25);
    expect(utilizationPerConnector(hour, 3, 1)).toBe(33.33);
    expect(utilizationPerConnector(3 * 24 * hour, 3, 24)).toBe(100);
    expect(utilizationPerConnector(30 * hour, 1, 24)).toBe(125);
  });

  it('weighs each order by its own connector, unlike energy / (station rating × hours)', () => {
    // A station with a 150 kW pile (1 connector) and a 22 kW pile (2 connectors), over 24 hours.
    const piles = [
      { maxPower: 150, connectors: [{ connectorNo: 1 }] },
      { maxPower: 22, connectors: [{ connectorNo: 1 }, { connectorNo: 2 }] },
    ];
    const orders = [
      { energyWh: 44_000, ratedW: connectorRatedW(piles[1]) }, // 2 h of a 22 kW gun
      { energyWh: 75_000, ratedW: connectorRatedW(piles[0]) }, // 0.5 h of the 150 kW gun
    ];
    const sum = orders.reduce((a, o) => a + fullPowerMs(o.energyWh, o.ratedW), 0);
    expect(sum).toBe(2.5 * hour);
    // 2.5 h at the rating in 24 h: 10.42 % (2.5 / 24), the formula as it reads (decision 181).
    expect(utilization(sum, 24)).toBe(10.42);
    // Per connector: 2.5 h of 3 × 24 connector hours.
    expect(ratedConnectors(piles)).toBe(3);
    expect(utilizationPerConnector(sum, ratedConnectors(piles), 24)).toBe(3.47);
    // The peak variant: 119 kWh of 194 kW × 24 h.
    expect(ratedPowerW(piles)).toBe(194_000);
    expect(peakUtilization(119_000, ratedPowerW(piles), 24)).toBe(2.56);
    // The same energy all on the 22 kW guns is a busier station than on the 150 kW one: 5.41 h or 0.79 h.
    expect(utilization(fullPowerMs(119_000, 22_000), 24)).toBe(22.54);
    expect(utilization(fullPowerMs(119_000, 150_000), 24)).toBe(3.31);
    expect(utilizationPerConnector(fullPowerMs(119_000, 22_000), 3, 24)).toBe(7.51);
    expect(utilizationPerConnector(fullPowerMs(119_000, 150_000), 3, 24)).toBe(1.1);
  });

  it('has none without capacity', () => {
    expect(utilization(1000, 0)).toBeNull();
    expect(utilization(0, 0)).toBeNull();
    expect(utilizationPerConnector(1000, 0, 24)).toBeNull();
    expect(utilizationPerConnector(1000, 2, 0)).toBeNull();
    expect(utilizationPerConnector(0, 0, 0)).toBeNull();
  });

  it('has the peak-power variant: energy / (peak power × hours)', () => {
    expect(peakUtilization(50_000, 50_000, 2)).toBe(50);
    // 22 kW for 24 h is 528 kWh; 132 kWh of it is 25 %.
    expect(peakUtilization(132_000, 22_000, 24)).toBe(25);
    expect(peakUtilization(600_000, 22_000, 24)).toBe(113.64);
    expect(peakUtilization(50_000, 0, 2)).toBeNull();
    expect(peakUtilization(50_000, 50_000, 0)).toBeNull();
  });

  it('rates a station by its connectors: the pile maximum per connector', () => {
    const piles = [
      { maxPower: 22, connectors: [{ connectorNo: 1 }, { connectorNo: 2 }] },
      { maxPower: 150, connectors: [{ connectorNo: 1 }] },
      { maxPower: 0, connectors: [{ connectorNo: 1 }] },
      { connectors: [{ connectorNo: 1 }] },
      { maxPower: 11 },
    ];
    expect(ratedPowerW(piles)).toBe(194_000);
    expect(ratedConnectors(piles)).toBe(3);
    expect(ratedPowerW([])).toBe(0);
    expect(ratedConnectors([])).toBe(0);
  });
});

describe('abbreviation (K, M, G, T, P, E in thousand steps)', () => {
  it('leaves figures below 1000 as they are', () => {
    expect(abbreviate(0)).toBe('0');
    expect(abbreviate(999)).toBe('999');
    expect(abbreviate(-999)).toBe('-999');
    expect(abbreviate(999.5)).toBe('999.5');
    expect(abbreviate('12.345')).toBe('12.345');
    expect(abbreviate('0.005')).toBe('0.005');
  });

  it('steps by thousands with at most two decimals', () => {
    expect(abbreviate(1000)).toBe('1K');
    expect(abbreviate(1500)).toBe('1.5K');
    expect(abbreviate(1_234_567)).toBe('1.23M');
    expect(abbreviate(1_235_000)).toBe('1.24M'); // half away from zero
    expect(abbreviate(12_345_678)).toBe('12.35M');
    expect(abbreviate(999_994)).toBe('999.99K');
    expect(abbreviate(999_995)).toBe('1M'); // not 1000K
    expect(abbreviate(999_999_999)).toBe('1G');
    expect(abbreviate(2n * 10n ** 12n)).toBe('2T');
    expect(abbreviate(10n ** 15n)).toBe('1P');
    expect(abbreviate(1_500_000_000_000_000_000n)).toBe('1.5E');
    // Past E it stays in E.
    expect(abbreviate(10n ** 21n)).toBe('1000E');
    expect(abbreviate(1e21)).toBe('1000E');
  });

  it('handles negatives and decimal texts (kWh, money)', () => {
    expect(abbreviate(-1000)).toBe('-1K');
    expect(abbreviate(-1_234_567)).toBe('-1.23M');
    expect(abbreviate(-1_235_000n)).toBe('-1.24M');
    expect(abbreviate('12345.678')).toBe('12.35K');
    expect(abbreviate('-1234.56')).toBe('-1.23K');
    expect(abbreviate('1234999.99')).toBe('1.23M');
    expect(abbreviate(1234.5)).toBe('1.23K');
  });

  it('returns what is not a number as it is', () => {
    expect(abbreviate('n/a')).toBe('n/a');
    expect(abbreviate(Number.NaN)).toBe('NaN');
    expect(abbreviate('')).toBe('');
  });
});

describe('rollup sums', () => {
  it('has the rollup item fields and adds them as integers', () => {
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
    expect(Object.keys(sums).sort()).toEqual([...REVENUE_FIELDS].sort());
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
