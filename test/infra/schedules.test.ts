import { describe, expect, it } from 'vitest';
import { nextFireIn } from '@infra/local/schedules.ts';
import { topology } from '@shared/topology/index.ts';

const at = (iso: string) => new Date(iso);

describe('schedule expressions', () => {
  it('reads rate expressions', () => {
    expect(nextFireIn('rate(1 minute)')).toBe(60_000);
    expect(nextFireIn('rate(5 minutes)')).toBe(300_000);
    expect(nextFireIn('rate(2 hours)')).toBe(7_200_000);
    expect(nextFireIn('rate(1 day)')).toBe(86_400_000);
  });

  it('finds the next cron fire in UTC', () => {
    // Daily 01:30 UTC, from 2026-11-21 20:00 → 2026-11-22 01:30.
    expect(nextFireIn('cron(30 1 * * ? *)', at('2026-11-21T20:00:00Z'))).toBe(5.5 * 3_600_000);
    // Weekdays only (EventBridge: 1 = Sunday): from Saturday 2026-11-21 → Monday 2026-11-23 09:00.
    expect(nextFireIn('cron(0 9 ? * MON-FRI *)', at('2026-11-21T10:00:00Z'))).toBe((24 + 23) * 3_600_000);
    expect(nextFireIn('cron(0/15 * * * ? *)', at('2026-11-21T10:07:00Z'))).toBe(8 * 60_000);
  });

  it('refuses expressions it cannot run', () => {
    expect(() => nextFireIn('every day')).toThrow();
    expect(() => nextFireIn('cron(99 1 * * ? *)')).toThrow();
  });

  it('understands every schedule of the topology', () => {
    for (const s of topology.schedules) expect(nextFireIn(s.expression)).toBeGreaterThan(0);
  });
});
