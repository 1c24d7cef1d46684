/**
 * The analytics formulas of SPEC.md section 9, pure and shared by the server (revenue statistics,
 * transaction insight) and the console:
 *
 * - growth rate (month-on-month / chain, and year-on-year by week): (current − previous) / previous × 100 %;
 *   100 % when the base is 0 and the current figure is not; 0 % when BOTH are 0 (nothing changed: there is
 *   no growth to report, and "100 %" would claim one). A negative base (a refund-heavy period) divides by
 *   the base as it is, as the formula says.
 * - utilization: charged energy / (rated power × hours in the interval) × 100 %; the variant divides by the
 *   peak power instead. No capacity (rated or peak power 0, or an empty interval) has no utilization: null.
 *   It is not clamped: a figure above 100 % says the rated power on record is too low.
 *
 * Figures are integers (Wh, minor units, counts) and percentages are computed in integer arithmetic and
 * rounded half away from zero to two decimals, so the same inputs give the same answer everywhere.
 */
import { divRound } from './money.ts';

/** The fields of a revenue rollup item (functions/orders/rollups.ts ROLLUP_FIELDS, the same list). */
export const REVENUE_FIELDS = [
  'orders',
  'energyWh',
  'durationSeconds',
  'elecMinor',
  'occupancyMinor',
  'payMinor',
  'discountMinor',
  'couponMinor',
  'tariffMinor',
  'profitMinor',
  'revenueMinor',
] as const;
export type RevenueField = (typeof REVENUE_FIELDS)[number];
export type RevenueSums = Record<RevenueField, bigint>;

type Int = bigint | number;

const big = (value: unknown): bigint => {
  if (typeof value === 'bigint') return value;
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? BigInt(Math.trunc(n)) : 0n;
};

export const emptySums = (): RevenueSums =>
  Object.fromEntries(REVENUE_FIELDS.map((f) => [f, 0n])) as RevenueSums;

/** Adds rollup items (or other sums) into `into` (missing fields count 0) and returns it. */
export function addSums(into: RevenueSums, ...items: Partial<Record<RevenueField, unknown>>[]): RevenueSums {
  for (const item of items) for (const f of REVENUE_FIELDS) into[f] += big(item[f]);
  return into;
}

/** The sums of rollup items. */
export const sumRollups = (items: Partial<Record<RevenueField, unknown>>[]) => addSums(emptySums(), ...items);

/** a / b rounded half away from zero (b ≠ 0), with the money module's rounding. */
const divRoundSigned = (a: bigint, b: bigint) => (b < 0n ? divRound(-a, -b) : divRound(a, b));

/** Hundredths as a number with two decimals (12345n → 123.45). */
const hundredths = (h: bigint) => Number(h) / 100;

/**
 * Growth rate in percent (two decimals): (current − previous) / previous × 100; 100 when the base is 0 and
 * current is not; 0 when both are 0.
 */
export function growthRate(current: Int, previous: Int): number {
  const c = big(current);
  const p = big(previous);
  if (p === 0n) return c === 0n ? 0 : 100;
  return hundredths(divRoundSigned((c - p) * 10_000n, p));
}

/**
 * Utilization in percent (two decimals): energyWh / (ratedPowerW × hours) × 100; null without capacity
 * (power or hours not above 0).
 */
export function utilization(energyWh: Int, ratedPowerW: Int, hours: Int): number | null {
  const capacityWh = big(ratedPowerW) * big(hours);
  if (capacityWh <= 0n) return null;
  return hundredths(divRoundSigned(big(energyWh) * 10_000n, capacityWh));
}

/** The SPEC variant: total charged energy / (peak power × hours) × 100 %. */
export const peakUtilization = (energyWh: Int, peakPowerW: Int, hours: Int) =>
  utilization(energyWh, peakPowerW, hours);

/** A station's rated power in W: the sum of its connectors' maximum power (kW on the records). */
export function ratedPowerW(piles: Record<string, unknown>[]): number {
  let watts = 0;
  for (const pile of piles) {
    const kw = Number(pile.maxPower ?? 0);
    const connectors = Array.isArray(pile.connectors) ? pile.connectors.length : 0;
    if (Number.isFinite(kw) && kw > 0) watts += Math.round(kw * 1000) * connectors;
  }
  return watts;
}

/** Wh as a kWh decimal string with three decimals (12345 → "12.345"). */
export function kwhText(energyWh: Int): string {
  const wh = big(energyWh);
  const abs = (wh < 0n ? -wh : wh).toString().padStart(4, '0');
  return `${wh < 0n ? '-' : ''}${abs.slice(0, -3)}.${abs.slice(-3)}`;
}

// ---- Days ------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the text is a real calendar date YYYY-MM-DD. */
export function isDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const t = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === text;
}

/** The day `n` days after (before, when negative) a day. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Days from start to end, both included (0 or less when reversed). */
export const daysBetween = (startDay: string, endDay: string) =>
  Math.round((Date.parse(`${endDay}T00:00:00Z`) - Date.parse(`${startDay}T00:00:00Z`)) / DAY_MS) + 1;

/** Every day from start to end, both included. */
export function dayList(startDay: string, endDay: string): string[] {
  const out: string[] = [];
  for (let d = startDay; d <= endDay; d = addDays(d, 1)) out.push(d);
  return out;
}
