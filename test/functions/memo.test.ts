/**
 * Per-instance caches (functions/lib/memo.ts): shared loads, expiry, failures not kept, one reset for all, and
 * the local runtime resetting them when it starts (test files share their worker's modules, decision 360).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerChargers } from '@functions/devices/registration.ts';
import { forgetInstanceCaches, instanceCache, timedMemo } from '@functions/lib/memo.ts';
import { chargerContext } from '@functions/chargepoints/charger.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('timedMemo', () => {
  it('loads once for concurrent callers and again after its time', async () => {
    vi.useFakeTimers();
    const memo = timedMemo<string, number>(1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([memo.get('a', load), memo.get('a', load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await memo.get('a', load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await memo.get('a', load)).toBe(2);
    expect(await memo.get('b', load)).toBe(3);
  });

  it('keeps no failed load', async () => {
    const memo = timedMemo<string, number>(60_000);
    await expect(memo.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('a', async () => 7)).toBe(7);
  });
});

describe('forgetInstanceCaches', () => {
  it('empties every registered cache and memo', async () => {
    const seen = instanceCache(new Map([['x', 1]]));
    let cleared = false;
    instanceCache({ clear: () => (cleared = true) });
    const memo = timedMemo<string, number>(60_000);
    await memo.get('a', async () => 1);
    forgetInstanceCaches();
    expect(seen.size).toBe(0);
    expect(cleared).toBe(true);
    expect(await memo.get('a', async () => 2)).toBe(2);
  });
});

describe('a runtime started again in the same process', () => {
  it('answers from its own tables, not from what the previous runtime remembered', async () => {
    const first = await startTestRuntime({ seed: 'none', simChargers: 0 });
    try {
      const { stationId } = await registerChargers({
        tenant: '/memo-co/',
        password: 'memo-secret',
        chargePoints: [{ chargePointId: 'MEMO-CP-1', protocol: 'ocpp1.6', connectors: 1 }],
      });
      expect((await chargerContext('MEMO-CP-1'))?.stationId).toBe(stationId);
    } finally {
      await first.cleanup();
    }
    const second = await startTestRuntime({ seed: 'none', simChargers: 0 });
    try {
      expect(await chargerContext('MEMO-CP-1')).toBeUndefined();
    } finally {
      await second.cleanup();
    }
  });
});
