/**
 * Sharing a transformer group's power (functions/energy/share.ts): what is available after the other load,
 * equal shares capped by each connector and by what an EV takes, the rest shared again, first come first served
 * in maximum mode, and never more in total than is available.
 */
import { describe, expect, it } from 'vitest';
import { DRAW_MARGIN, sharePower, type ShareSession } from '@functions/energy/share.ts';

const session = (key: string, over: Partial<ShareSession> = {}): ShareSession => ({
  key,
  maxW: 22_000,
  startTime: `2026-11-28T10:0${key.length}:00Z`,
  ...over,
});
const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

describe('sharing a group’s power', () => {
  it('gives three sessions of a 30 kW group 10 kW each, and two of them 15 kW', () => {
    const three = sharePower({
      mode: 1,
      ratedW: 30_000,
      otherW: 0,
      sessions: ['a', 'b', 'c'].map((k) => session(k)),
      idle: [],
    });
    expect(three.limits).toEqual({ a: 10_000, b: 10_000, c: 10_000 });
    const two = sharePower({
      mode: 1,
      ratedW: 30_000,
      otherW: 0,
      sessions: ['a', 'b'].map((k) => session(k)),
      idle: [],
    });
    expect(two.limits).toEqual({ a: 15_000, b: 15_000 });
  });

  it('takes the measured load that is not charging off first', () => {
    const r = sharePower({
      mode: 1,
      ratedW: 30_000,
      otherW: 12_000,
      sessions: [session('a'), session('b')],
      idle: [],
    });
    expect(r.availableW).toBe(18_000);
    expect(r.limits).toEqual({ a: 9_000, b: 9_000 });
    expect(
      sharePower({ mode: 1, ratedW: 30_000, otherW: 40_000, sessions: [session('a')], idle: [] }).limits,
    ).toEqual({ a: 0 });
  });

  it('caps a session at its connector and at what its EV takes, and shares the rest among the others', () => {
    const r = sharePower({
      mode: 1,
      ratedW: 30_000,
      otherW: 0,
      sessions: [
        session('small', { maxW: 3_700 }),
        // Drew 2 kW of a 10 kW limit: it gets its draw and the margin.
        session('full', { drawW: 2_000, limitW: 10_000 }),
        // Drew its limit: it may want more.
        session('hungry', { drawW: 9_950, limitW: 10_000 }),
      ],
      idle: [],
    });
    expect(r.limits.small).toBe(3_700);
    expect(r.limits.full).toBe(2_000 + DRAW_MARGIN);
    expect(r.limits.hungry).toBe(22_000);
    expect(sum(r.limits)).toBeLessThanOrEqual(30_000);
  });

  it('serves the sessions in the order they started in maximum mode', () => {
    const r = sharePower({
      mode: 2,
      ratedW: 30_000,
      otherW: 0,
      sessions: [
        session('b', { startTime: '2026-11-28T10:05:00Z' }),
        session('a', { startTime: '2026-11-28T10:00:00Z' }),
        session('c', { startTime: '2026-11-28T10:09:00Z' }),
      ],
      idle: [],
    });
    expect(r.limits).toEqual({ a: 22_000, b: 8_000, c: 0 });
  });

  it('shares what is left among idle connectors, and never gives out more than is available', () => {
    const r = sharePower({
      mode: 1,
      ratedW: 30_000,
      otherW: 0,
      sessions: [session('a', { maxW: 11_000 })],
      idle: [
        { key: 'x', maxW: 22_000 },
        { key: 'y', maxW: 7_000 },
      ],
    });
    expect(r.limits.a).toBe(11_000);
    expect(r.idleLimits).toEqual({ x: 9_500, y: 7_000 });
    for (let n = 1; n <= 40; n++) {
      const sessions = Array.from({ length: n }, (_, i) =>
        session(`s${i}`, { maxW: 1_000 + ((i * 7_919) % 21_000) }),
      );
      const shared = sharePower({
        mode: 1 + (n % 2),
        ratedW: 63_000,
        otherW: n * 333,
        sessions,
        idle: [{ key: 'i', maxW: 22_000 }],
      });
      expect(sum(shared.limits) + sum(shared.idleLimits)).toBeLessThanOrEqual(shared.availableW);
    }
  });
});
