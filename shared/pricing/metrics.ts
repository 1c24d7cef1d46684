/**
 * The analytics formulas of docs/product.md section 9, pure and shared by the server (revenue statistics,
 * transaction insight) and the console:
 *
 * - growth rate (month-on-month / chain, and year-on-year by week): (current − previous) / previous × 100 %;
 *   100 % whenever the base is 0, also when the current figure is 0 too: docs/product.md section 9 says so
 *   literally (docs/decisions/180). A negative base (a refund-heavy period) divides by the base as it is.
 * - utilization (docs/decisions/181): each order's charged energy over (its connector's rated power × the
 *   hours of the interval), summed over orders — Σ (energyWh / ratedW) / hours, as the formula reads, with no
 *   divisor for the connectors: the sum of the connectors' utilizations, so a station of several connectors
 *   may pass 100 %. Each order's energyWh / ratedW is kept in the rollups as `fullPowerMs` (the time the energy
 *   takes at the connector's rating).
 * - utilization per connector: the same averaged over the connectors in view, Σ (energyWh / ratedW) /
 *   (connectors × hours); a connector never above its rating is at most 100 %.
 * - the peak-power variant: total charged energy / (peak power × hours), the peak power being the rated
 *   peak of the stations in view (every connector at its rating at once).
 *   Without capacity (no rated connector, or an empty interval) there is no utilization: null. Neither is
 *   clamped: a figure above 100 % says the rated power on record is too low.
 * - large figures abbreviated K, M, G, T, P, E in thousand steps (`abbreviate`, docs/decisions/182).
 *
 * Figures are integers (Wh, minor units, counts) and percentages are computed in integer arithmetic and
 * rounded half away from zero to two decimals, so the same inputs give the same answer everywhere.
 */
import { divRound } from './money.ts';

/** The fields of a revenue rollup item, summed per day (functions/data/revenue-rollups.ts stores them). */
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
  'fullPowerMs',
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
 * Growth rate in percent (two decimals): (current − previous) / previous × 100; 100 when the base is 0,
 * whatever the current figure (docs/product.md section 9, literally: docs/decisions/180).
 */
export function growthRate(current: Int, previous: Int): number {
  const c = big(current);
  const p = big(previous);
  if (p === 0n) return 100;
  return hundredths(divRoundSigned((c - p) * 10_000n, p));
}

const MS_PER_HOUR = 3_600_000n;

/** numerator / denominator in percent (two decimals); null when the denominator is not above 0. */
function percent(numerator: bigint, denominator: bigint): number | null {
  if (denominator <= 0n) return null;
  return hundredths(divRoundSigned(numerator * 10_000n, denominator));
}

/**
 * One order's energy at its connector's rated power, in milliseconds: energyWh / ratedW hours, rounded. The
 * rollups sum it (`fullPowerMs`); 0 when the connector has no rating on record.
 */
export function fullPowerMs(energyWh: Int, ratedW: Int): number {
  const w = big(ratedW);
  if (w <= 0n) return 0;
  return Number(divRoundSigned(big(energyWh) * MS_PER_HOUR, w));
}

/**
 * Utilization in percent (two decimals), docs/product.md section 9 as it reads: Σ over orders of energy / (the
 * order's connector's rated power × hours) × 100 % = Σ fullPowerMs / hours; null without hours
 * (docs/decisions/181).
 */
export function utilization(sumFullPowerMs: Int, hours: Int): number | null {
  return percent(big(sumFullPowerMs), big(hours) * MS_PER_HOUR);
}

/**
 * Utilization per connector in percent (two decimals): utilization averaged over the rated connectors in
 * view, Σ fullPowerMs / (connectors × hours); null without a rated connector or hours (docs/decisions/181).
 */
export function utilizationPerConnector(sumFullPowerMs: Int, connectors: Int, hours: Int): number | null {
  return percent(big(sumFullPowerMs), big(connectors) * big(hours) * MS_PER_HOUR);
}

/**
 * The docs/product.md section 9 variant in percent: total charged energy / (peak power × hours) × 100 %, the
 * peak power being the rated peak of the stations (`ratedPowerW`); null without it.
 */
export function peakUtilization(energyWh: Int, peakPowerW: Int, hours: Int): number | null {
  return percent(big(energyWh), big(peakPowerW) * big(hours));
}

/** A connector's rated power in W: its pile's maximum power (kW on the record; each connector has it). */
export function connectorRatedW(pile: Record<string, unknown> | undefined): number {
  const kw = Number(pile?.maxPower ?? 0);
  return Number.isFinite(kw) && kw > 0 ? Math.round(kw * 1000) : 0;
}

/** The connectors of the piles that have a rated power: utilization's capacity is theirs. */
export function ratedConnectors(piles: Record<string, unknown>[]): number {
  let count = 0;
  for (const pile of piles)
    if (connectorRatedW(pile) > 0) count += Array.isArray(pile.connectors) ? pile.connectors.length : 0;
  return count;
}

/**
 * A station's rated (peak) power in W: the sum of its connectors' rated power, every connector at its
 * rating at once.
 */
export function ratedPowerW(piles: Record<string, unknown>[]): number {
  let watts = 0;
  for (const pile of piles)
    watts += connectorRatedW(pile) * (Array.isArray(pile.connectors) ? pile.connectors.length : 0);
  return watts;
}

/** Wh as a kWh decimal string with three decimals (12345 → "12.345"). */
export function kwhText(energyWh: Int): string {
  const wh = big(energyWh);
  const abs = (wh < 0n ? -wh : wh).toString().padStart(4, '0');
  return `${wh < 0n ? '-' : ''}${abs.slice(0, -3)}.${abs.slice(-3)}`;
}

// ---- Abbreviation ----------------------------------------------------------------------------------------

const UNITS = ['', 'K', 'M', 'G', 'T', 'P', 'E'] as const;

/**
 * A figure abbreviated in thousand steps with K, M, G, T, P, E (docs/product.md section 9): below 1000 (in
 * magnitude) it is shown as it is; above, at most two decimals, rounded half away from zero, trailing zeros
 * dropped (1000 → "1K", 1 234 567 → "1.23M", 999 999 → "1M", -1500 → "-1.5K"); past E it stays in E. Takes
 * a number, a bigint or a decimal text ("12345.678" kWh, "1234.56" money); the integer part decides the
 * unit and the rounding is exact (docs/decisions/182). Anything not a number is returned as it is.
 */
export function abbreviate(value: number | bigint | string): string {
  let text: string;
  if (typeof value === 'bigint') text = value.toString();
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value);
    // Large numbers print as 1e+21: their integer part is exact enough through BigInt.
    text = Math.abs(value) >= 1e21 ? BigInt(Math.trunc(value)).toString() : String(value);
  } else text = value.trim();
  const match = /^([-+]?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return String(value);
  const negative = match[1] === '-';
  const digits = match[2]!.replace(/^0+(?=\d)/, '');
  let step = Math.min(Math.floor((digits.length - 1) / 3), UNITS.length - 1);
  if (step === 0) return text;
  // Hundredths of the unit; the fraction never changes the rounding (the remainder is a multiple of 100
  // and half the divisor is too).
  let divisor = 1000n ** BigInt(step);
  let h = divRound(BigInt(digits) * 100n, divisor);
  if (h >= 100_000n && step < UNITS.length - 1) {
    // 999 999 rounds to 1000.00K: that is 1M.
    step += 1;
    divisor *= 1000n;
    h = divRound(BigInt(digits) * 100n, divisor);
  }
  const whole = (h / 100n).toString();
  const cents = (h % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${cents ? `.${cents}` : ''}${UNITS[step]}`;
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
