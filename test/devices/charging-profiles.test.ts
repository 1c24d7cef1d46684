/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Stored charging profiles (/biz/chargingProfile) through the API: the docs/product.md section 5 rules
 * (periods, validity) refuse a profile and write nothing; a stored profile, turned into SetChargingProfile's
 * parameters as the console does, is accepted by simulated chargers in both OCPP versions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { profileParams } from '@shared/resources/device/charging-profile.ts';
import { commandClient, startChargers } from '../commands/harness.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let chargers = new Map<string, SimulatedCharger>();
const { run } = commandClient(() => ({ url: rt.url, token: operator }));

const PROFILE = {
  name: 'Evening cap',
  chargingProfileId: 77,
  stackLevel: 1,
  purpose: 'TxDefaultProfile',
  kind: 'Absolute',
  startSchedule: '2026-01-01T18:00:00Z',
  validFrom: '2026-01-01T00:00:00Z',
  validTo: '2027-01-01T00:00:00Z',
  duration: 7200,
  chargingRateUnit: 'A',
  periods: [
    { startPeriod: 0, endPeriod: 3600, limit: 16, numberPhases: 3 },
    { startPeriod: 3600, limit: 10.5, numberPhases: 1 },
  ],
};

const count = async () =>
  (await api(rt.url, operator, '/biz/chargingProfile/list', { current: 1, size: 50 })).data.total;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  chargers = await startChargers(rt.url, [
    ['DEMO-CP-001', '1.6'],
    ['DEMO-CP-004', '2.0.1'],
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([...chargers.values()].map((c) => c.stop()));
  await rt?.cleanup();
});

describe('charging profiles', () => {
  it('refuses overlapping periods, no periods and validTo before validFrom, writing nothing', async () => {
    const before = await count();
    const overlapping = await api(rt.url, operator, '/biz/chargingProfile/add', {
      ...PROFILE,
      periods: [
        { startPeriod: 0, endPeriod: 4000, limit: 16 },
        { startPeriod: 3600, limit: 10 },
      ],
    });
    expect(overlapping.code).not.toBe(0);
    expect(Object.keys(overlapping.data ?? {})).toContain('periods.0.endPeriod');
    const none = await api(rt.url, operator, '/biz/chargingProfile/add', { ...PROFILE, periods: [] });
    expect(none.code).not.toBe(0);
    expect(Object.keys(none.data ?? {})).toContain('periods');
    const backwards = await api(rt.url, operator, '/biz/chargingProfile/add', {
      ...PROFILE,
      validTo: '2025-01-01T00:00:00Z',
    });
    expect(backwards.code).not.toBe(0);
    expect(Object.keys(backwards.data ?? {})).toContain('validTo');
    expect(await count()).toBe(before);
  });

  it('sends a stored profile to chargers of both OCPP versions, answered Accepted', async () => {
    const added = await api(rt.url, operator, '/biz/chargingProfile/add', PROFILE);
    expect(added.code, JSON.stringify(added)).toBe(0);
    const stored = (await api(rt.url, operator, `/biz/chargingProfile/info?id=${added.data.id}`)).data;
    expect(stored.periods).toHaveLength(2);
    for (const id of ['DEMO-CP-001', 'DEMO-CP-004']) {
      const row: any = await run(id, 'setChargingProfile', profileParams(stored), 1);
      expect(row.status, JSON.stringify(row)).toBe('answered');
      expect(row.result.status).toBe('Accepted');
    }
  });
});
