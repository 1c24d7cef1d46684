/**
 * Time-of-use: a session cut at the station's wall-clock period boundaries (time zones and clock changes
 * included), and its energy shared among the pieces in whole Wh by the meter readings.
 */
import { describe, expect, it } from 'vitest';
import {
  apportion,
  energyBySegment,
  localTime,
  splitByPeriods,
  zonedInstant,
  type Segment,
} from '@shared/pricing/time-of-use.ts';

const at = (text: string) => Date.parse(text);
const NIGHT_DAY = [
  { startTime: '00:00', endTime: '08:00', price: '0.20' },
  { startTime: '08:00', endTime: '24:00', price: '0.40' },
];

/** The segments cover [from, to) without gap or overlap. */
function expectCover(segments: Segment[], from: number, to: number) {
  expect(segments[0]!.from).toBe(from);
  expect(segments.at(-1)!.to).toBe(to);
  for (let i = 1; i < segments.length; i++) expect(segments[i]!.from).toBe(segments[i - 1]!.to);
  for (const s of segments) expect(s.to).toBeGreaterThan(s.from);
}

describe('wall-clock time at the station', () => {
  it('reads local time and finds the instant of a local time, either side of a clock change', () => {
    expect(localTime(at('2026-07-01T10:00:00Z'), 'Europe/Berlin').minutes).toBe(12 * 60);
    expect(zonedInstant(2026, 7, 1, 8 * 60, 'Europe/Berlin')).toBe(at('2026-07-01T06:00:00Z'));
    expect(zonedInstant(2026, 1, 15, 8 * 60, 'Europe/Berlin')).toBe(at('2026-01-15T07:00:00Z'));
    expect(zonedInstant(2026, 1, 15, 24 * 60, 'Asia/Bangkok')).toBe(at('2026-01-15T17:00:00Z'));
    expect(zonedInstant(2026, 1, 15, 0, 'UTC')).toBe(at('2026-01-15T00:00:00Z'));
  });
});

describe('cutting a session at period boundaries', () => {
  it('cuts 23:30 to 01:30 into the day price and the night price', () => {
    const from = at('2026-05-04T23:30:00Z');
    const to = at('2026-05-05T01:30:00Z');
    const segments = splitByPeriods(from, to, NIGHT_DAY, 'UTC');
    expect(segments).toEqual([
      { period: 1, from, to: at('2026-05-05T00:00:00Z') },
      { period: 0, from: at('2026-05-05T00:00:00Z'), to },
    ]);
  });

  it('uses the station time zone, not UTC', () => {
    // 05:30Z to 06:30Z is 07:30 to 08:30 in Berlin in summer: night then day at 06:00Z.
    const segments = splitByPeriods(
      at('2026-06-01T05:30:00Z'),
      at('2026-06-01T06:30:00Z'),
      NIGHT_DAY,
      'Europe/Berlin',
    );
    expect(segments.map((s) => [s.period, new Date(s.to).toISOString()])).toEqual([
      [0, '2026-06-01T06:00:00.000Z'],
      [1, '2026-06-01T06:30:00.000Z'],
    ]);
  });

  it('keeps one segment when a period spans midnight, and covers several days', () => {
    const from = at('2026-05-04T20:00:00Z');
    const to = at('2026-05-07T10:00:00Z');
    const segments = splitByPeriods(from, to, NIGHT_DAY, 'UTC');
    expectCover(segments, from, to);
    expect(segments.map((s) => s.period)).toEqual([1, 0, 1, 0, 1, 0, 1]);
    const allDay = splitByPeriods(from, to, [{ startTime: '00:00', endTime: '24:00', price: '1' }], 'UTC');
    expect(allDay).toEqual([{ period: 0, from, to }]);
  });

  it('survives the spring and autumn clock changes, with a boundary inside the skipped hour', () => {
    const periods = [
      { startTime: '00:00', endTime: '02:30', price: '0.1' },
      { startTime: '02:30', endTime: '24:00', price: '0.2' },
    ];
    for (const [from, to] of [
      ['2026-03-28T22:00:00Z', '2026-03-29T04:00:00Z'], // Berlin skips 02:00-03:00
      ['2026-10-24T22:00:00Z', '2026-10-25T04:00:00Z'], // Berlin repeats 02:00-03:00
    ] as const) {
      const segments = splitByPeriods(at(from), at(to), periods, 'Europe/Berlin');
      expectCover(segments, at(from), at(to));
      expect(segments.length).toBeLessThan(6);
    }
  });

  it('gives an empty session one empty segment', () => {
    const t = at('2026-05-05T00:00:00Z');
    expect(splitByPeriods(t, t, NIGHT_DAY, 'UTC')).toEqual([{ period: 0, from: t, to: t }]);
  });
});

describe('sharing whole units', () => {
  it('always adds up, the remainders going to the largest fractions', () => {
    expect(apportion(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(apportion(100n, [1n, 2n, 7n])).toEqual([10n, 20n, 70n]);
    expect(apportion(5n, [0n, 0n])).toEqual([5n, 0n]);
    expect(apportion(0n, [3n, 4n])).toEqual([0n, 0n]);
    expect(apportion(7n, [])).toEqual([]);
    for (let total = 0n; total < 50n; total++) {
      const shares = apportion(total, [3n, 5n, 11n, 1n]);
      expect(shares.reduce((a, b) => a + b, 0n)).toBe(total);
    }
  });
});

describe('energy per segment', () => {
  const from = at('2026-05-04T23:30:00Z');
  const midnight = at('2026-05-05T00:00:00Z');
  const to = at('2026-05-05T01:30:00Z');
  const segments = splitByPeriods(from, to, NIGHT_DAY, 'UTC');

  it('follows the readings: 10 kWh before midnight, 5 kWh after', () => {
    const points = [
      { at: from, wh: 1000 },
      { at: midnight, wh: 11_000 },
      { at: to, wh: 16_000 },
    ];
    expect(energyBySegment(segments, points, 15_000)).toEqual([10_000n, 5000n]);
  });

  it('spreads an interval that crosses a boundary by time', () => {
    const points = [
      { at: from, wh: 0 },
      { at: at('2026-05-05T00:30:00Z'), wh: 6000 }, // 60 minutes, 30 on each side
      { at: to, wh: 6000 },
    ];
    expect(energyBySegment(segments, points, 6000)).toEqual([3000n, 3000n]);
  });

  it('ignores a meter going backwards and still totals the session energy', () => {
    const points = [
      { at: from, wh: 5000 },
      { at: midnight, wh: 9000 },
      { at: at('2026-05-05T00:10:00Z'), wh: 100 }, // meter reset
      { at: to, wh: 4100 },
    ];
    const shares = energyBySegment(segments, points, 8000);
    expect(shares).toEqual([4000n, 4000n]);
  });

  it('follows time when there are no usable readings', () => {
    const shares = energyBySegment(segments, [{ at: from, wh: 0 }], 4000);
    expect(shares).toEqual([1000n, 3000n]);
  });

  it('scales readings that disagree with the session total', () => {
    const points = [
      { at: from, wh: 0 },
      { at: midnight, wh: 1000 },
      { at: to, wh: 2000 },
    ];
    const shares = energyBySegment(segments, points, 3001);
    expect(shares.reduce((a, b) => a + b, 0n)).toBe(3001n);
    expect(shares).toEqual([1501n, 1500n]);
  });
});
