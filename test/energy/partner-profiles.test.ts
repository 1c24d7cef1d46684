/**
 * A roaming partner's charging profile as the charger gets it (functions/energy/partner-profiles.ts,
 * docs/decisions/438-ocpi-charging-profiles-and-hub-client-info.md): every period the lower of the partner's limit
 * and load management's; amperes and watts converted exactly; a schedule over limits nothing.
 */
import { describe, expect, it } from 'vitest';
import type { PartnerChargingProfile } from '@functions/data/partner-charging-profiles.ts';
import {
  PARTNER_PROFILE,
  isPartnerProfileId,
  partnerLimitAt,
  partnerProfileParams,
  wattsOf,
} from '@functions/energy/partner-profiles.ts';

const AC3 = { powerType: 'AC_3_PHASE', maxPower: 22 };
const AC1 = { powerType: 'AC_1_PHASE', maxPower: 7.4 };
const DC = { powerType: 'DC', maxPower: 150 };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');

const profile = (
  periods: [number, number][],
  startsAt = NOW,
  durationS?: number,
): PartnerChargingProfile => ({
  chargePointId: 'CP',
  transactionId: '1',
  connectorNo: 1,
  partnerId: 'p',
  sessionId: 's',
  startsAt: new Date(startsAt).toISOString(),
  ...(durationS !== undefined ? { durationS } : {}),
  periods: periods.map(([startS, limitW]) => ({ startS, limitW })),
  profile: {},
  setAt: new Date(NOW).toISOString(),
  expiresAt: 0,
});

describe('a partner profile on the charger', () => {
  it('converts amperes per phase at 230 V on the pile’s phases, exactly', () => {
    expect(wattsOf(AC3, 'A', 16)).toBe(11_040);
    expect(wattsOf(AC3, 'A', 15.7)).toBe(10_833);
    expect(wattsOf(AC1, 'A', 8.1)).toBe(1_863);
    expect(wattsOf(DC, 'W', 7_500.5)).toBe(7_500);
    // And back: the charger gets the same amperes.
    const params = partnerProfileParams(AC3, 1, profile([[0, wattsOf(AC3, 'A', 15.7)]]), {})!;
    expect(params.periods).toEqual([{ startPeriod: 0, limit: 15.7, numberPhases: 3 }]);
  });

  it('reads the partner’s limit in force: none before its start or after its duration', () => {
    const p = profile(
      [
        [0, 6_000],
        [600, 3_000],
      ],
      NOW,
      1_200,
    );
    expect(partnerLimitAt(p, NOW - 1)).toBeUndefined();
    expect(partnerLimitAt(p, NOW)).toBe(6_000);
    expect(partnerLimitAt(p, NOW + 600_000)).toBe(3_000);
    expect(partnerLimitAt(p, NOW + 1_200_000)).toBeUndefined();
  });

  it('under load management: from now, each period the lower of the two, the share where the partner has none', () => {
    // The partner's schedule began 5 minutes ago: 6 kW, then 3 kW from its 10th minute, for 20 minutes.
    const p = profile(
      [
        [0, 6_000],
        [600, 3_000],
      ],
      NOW - 300_000,
      1_200,
    );
    const params = partnerProfileParams(AC3, 2, p, { ceilingW: 5_000, lapseS: 1_800, nowMs: NOW })!;
    expect(params).toMatchObject({
      chargingProfileId: PARTNER_PROFILE.id(2),
      stackLevel: PARTNER_PROFILE.stackLevel,
      purpose: 'TxProfile',
      kind: 'Absolute',
      startSchedule: new Date(NOW).toISOString(),
      duration: 1_800,
      chargingRateUnit: 'A',
    });
    expect(params.periods).toEqual([
      { startPeriod: 0, limit: 7.2, numberPhases: 3 }, // min(6 kW, 5 kW)
      { startPeriod: 300, limit: 4.3, numberPhases: 3 }, // 3 kW
      { startPeriod: 900, limit: 7.2, numberPhases: 3 }, // its schedule over: the share
    ]);
  });

  it('without load management: the partner’s schedule as given, capped by the pile, none once it is over', () => {
    const p = profile(
      [
        [0, 200_000],
        [60, 40_000],
      ],
      NOW,
      120,
    );
    const params = partnerProfileParams(DC, 1, p, { ceilingW: 150_000, nowMs: NOW })!;
    expect(params).toMatchObject({
      startSchedule: new Date(NOW).toISOString(),
      duration: 120,
      chargingRateUnit: 'W',
    });
    expect(params.periods).toEqual([
      { startPeriod: 0, limit: 150_000 },
      { startPeriod: 60, limit: 40_000 },
    ]);
    expect(partnerProfileParams(DC, 1, p, { ceilingW: 150_000, nowMs: NOW + 120_000 })).toBeUndefined();
  });

  it('names the partners’ profile ids apart from load management’s', () => {
    expect(isPartnerProfileId(PARTNER_PROFILE.id(1))).toBe(true);
    expect(isPartnerProfileId(9101)).toBe(false);
    expect(isPartnerProfileId('9301')).toBe(false);
  });
});
