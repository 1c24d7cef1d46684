/**
 * Time-of-use periods are wall-clock times at the station ('HH:mm', the last ending '24:00'). A session is
 * cut into segments at every period boundary in the station's time zone (daylight-saving days included),
 * and energy is shared among the segments in whole Wh by the meter samples.
 */

export interface TimePeriod {
  startTime: string;
  endTime: string;
  price: string;
}

export interface Segment {
  /** Index of the period the segment lies in. */
  period: number;
  from: number;
  to: number;
}

export const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** 'HH:mm' as minutes of the day ('24:00' is 1440). */
export function minutesOf(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) throw new RangeError(`Not a time: "${hhmm}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface Local {
  year: number;
  month: number;
  day: number;
  /** Minutes since local midnight, with the seconds as a fraction. */
  minutes: number;
  /** Local wall time minus UTC, ms. */
  offset: number;
}

export function localTime(ms: number, timeZone: string): Local {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  const wholeSecond = ms - (((ms % 1000) + 1000) % 1000);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    minutes: parts.hour! * 60 + parts.minute! + (parts.second! + (ms - wholeSecond) / 1000) / 60,
    offset: wall - wholeSecond,
  };
}

/** The local date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(ms: number, timeZone: string): string {
  const t = localTime(ms, timeZone);
  return `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
}

/**
 * "Today" of figures filed under their station's local date (docs/decisions/455): the newest local date among
 * the stations' time zones, UTC's date at least. Just after midnight in Berlin Berlin's new day has begun
 * while UTC's date is still the old one.
 */
export function latestLocalDate(zones: Iterable<string>, ms = Date.now()): string {
  let latest = new Date(ms).toISOString().slice(0, 10);
  for (const zone of new Set(zones)) {
    const day = localDate(ms, zone);
    if (day > latest) latest = day;
  }
  return latest;
}

/** The instant of a local wall time (minutes of a local date, 1440 being the next midnight). */
export function zonedInstant(year: number, month: number, day: number, minutes: number, timeZone: string) {
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  const first = wall - localTime(wall, timeZone).offset;
  return wall - localTime(first, timeZone).offset;
}

/** The period holding a minute of the day (periods cover the day, contiguous; none: the first). */
function periodAt(bounds: readonly [number, number][], minute: number): number {
  const found = bounds.findIndex(([start, end]) => minute >= start && minute < end);
  return found < 0 ? 0 : found;
}

/**
 * [from, to) cut at the periods' boundaries in the time zone; adjacent pieces of the same period (midnight,
 * when one period spans it) are one segment. No periods: one segment of period 0.
 */
export function splitByPeriods(
  from: number,
  to: number,
  periods: readonly TimePeriod[],
  timeZone: string,
): Segment[] {
  if (to <= from) return [{ period: 0, from, to: from }];
  if (periods.length <= 1) return [{ period: 0, from, to }];
  const bounds = periods.map((p) => [minutesOf(p.startTime), minutesOf(p.endTime)] as [number, number]);
  const out: Segment[] = [];
  let t = from;
  while (t < to) {
    const local = localTime(t, timeZone);
    const period = periodAt(bounds, local.minutes);
    const endMinute = Math.min(bounds[period]![1], DAY_MINUTES);
    let end = zonedInstant(local.year, local.month, local.day, endMinute, timeZone);
    // A boundary that a clock change skipped or repeated: move on by at least a minute.
    if (end <= t) end = t + MINUTE_MS;
    const segmentEnd = Math.min(end, to);
    const last = out.at(-1);
    if (last && last.period === period && last.to === t) last.to = segmentEnd;
    else out.push({ period, from: t, to: segmentEnd });
    t = segmentEnd;
  }
  return out;
}

/**
 * `total` shared in whole units by `weights` (largest remainder; ties to the earlier one), so the shares
 * always add up to the total. No weight at all: all to the first.
 */
export function apportion(total: bigint, weights: readonly bigint[]): bigint[] {
  if (!weights.length) return [];
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum <= 0n) return weights.map((_, i) => (i === 0 ? total : 0n));
  const shares = weights.map((w) => (total * w) / sum);
  const rest = total - shares.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, i) => ({ i, remainder: (total * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (let k = 0n; k < rest; k++) shares[order[Number(k)]!.i]! += 1n;
  return shares;
}

export interface MeterPoint {
  at: number;
  /** The energy register, Wh. */
  wh: number;
}

/**
 * The session's energy (whole Wh) per segment. Each interval between two meter readings spreads its
 * increase evenly over its time (a reading going down, a meter reset, adds nothing); the totals are then
 * scaled to the session's energy. Without usable readings, energy follows time (an even power).
 */
export function energyBySegment(
  segments: readonly Segment[],
  points: readonly MeterPoint[],
  energyWh: number,
) {
  const weights = segments.map(() => 0n);
  const sorted = [...points].sort((a, b) => a.at - b.at);
  for (let k = 1; k < sorted.length; k++) {
    const a = sorted[k - 1]!;
    const b = sorted[k]!;
    const delta = BigInt(Math.max(0, Math.round(b.wh - a.wh)));
    if (delta === 0n) continue;
    const overlaps = segments.map((s) => BigInt(Math.max(0, Math.min(s.to, b.at) - Math.max(s.from, a.at))));
    if (overlaps.every((o) => o === 0n)) {
      // An instant (or outside the session): to the segment holding it, else the nearest end.
      const at = Math.min(Math.max(b.at, segments[0]!.from), segments.at(-1)!.to);
      const holder = segments.findIndex((s) => at >= s.from && at <= s.to);
      weights[holder < 0 ? 0 : holder]! += delta;
      continue;
    }
    apportion(delta, overlaps).forEach((share, i) => (weights[i]! += share));
  }
  const byTime = weights.every((w) => w === 0n);
  return apportion(
    BigInt(Math.max(0, Math.round(energyWh))),
    byTime ? segments.map((s) => BigInt(s.to - s.from)) : weights,
  );
}
