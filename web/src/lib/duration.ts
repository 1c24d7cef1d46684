export type DurationUnit = 'days' | 'hours' | 'minutes' | 'seconds';

const UNITS: ReadonlyArray<[DurationUnit, number]> = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
];

/**
 * A compact reading of a duration in seconds: its largest unit plus the next smaller one when that is
 * not zero (`90061` → 1 day 1 hour; `125` → 2 minutes 5 seconds; `0` → 0 seconds).
 * Returns an empty list for a negative or non-finite input.
 */
export function durationParts(totalSeconds: number): Array<{ unit: DurationUnit; value: number }> {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return [];
  let rest = Math.floor(totalSeconds);
  const values = UNITS.map(([unit, size]) => {
    const value = Math.floor(rest / size);
    rest -= value * size;
    return { unit, value };
  });
  const first = values.findIndex((part) => part.value > 0);
  if (first === -1) return [{ unit: 'seconds', value: 0 }];
  const next = values[first + 1];
  return next && next.value > 0 ? [values[first]!, next] : [values[first]!];
}
