/**
 * Stop reasons from OCPP reasons: every 1.6 and 2.0.1 reason maps to a seeded catalogue code, the same
 * meaning shares a code across versions, an absent reason is Local, an unknown one Other; every seeded entry
 * is valid for the stop reason resource, finishes as its orders' end flag says, and the seed step runs with
 * SEED=none too.
 */
import { describe, expect, it } from 'vitest';
import {
  FINISH_END_FLAG,
  OCPP_STOP_REASONS,
  STOP_REASONS,
  stopReasonCode,
  stopReasonEntry,
} from '@shared/ocpp/stop-reasons.ts';
import { INVALID_CODE, stopReasonSchema } from '@shared/resources/catalogue/stop-reason.ts';
import { END_FLAG } from '@shared/schemas/order.ts';
import { endFlagOf } from '@functions/orders/settlement.ts';
import { seedSteps } from '@infra/local/seed/index.ts';

const V16 = [
  'EmergencyStop',
  'EVDisconnected',
  'HardReset',
  'Local',
  'Other',
  'PowerLoss',
  'Reboot',
  'Remote',
  'SoftReset',
  'UnlockCommand',
  'DeAuthorized',
];
const V201 = [
  'DeAuthorized',
  'EmergencyStop',
  'EnergyLimitReached',
  'EVDisconnected',
  'GroundFault',
  'ImmediateReset',
  'Local',
  'LocalOutOfCredit',
  'MasterPass',
  'Other',
  'OvercurrentFault',
  'PowerLoss',
  'PowerQuality',
  'Reboot',
  'Remote',
  'SOCLimitReached',
  'StoppedByEV',
  'TimeLimitReached',
  'Timeout',
];

describe('stopReasonCode', () => {
  it('covers every reason of both versions with a seeded code', () => {
    expect([...OCPP_STOP_REASONS['ocpp1.6']].sort()).toEqual([...V16].sort());
    expect([...OCPP_STOP_REASONS['ocpp2.0.1']].sort()).toEqual([...V201].sort());
    for (const reason of V16)
      expect(stopReasonEntry(stopReasonCode('ocpp1.6', reason)), reason).toBeDefined();
    for (const reason of V201)
      expect(stopReasonEntry(stopReasonCode('ocpp2.0.1', reason)), reason).toBeDefined();
  });

  it('maps the reasons the versions share to one code', () => {
    for (const reason of V16.filter((r) => V201.includes(r)))
      expect(stopReasonCode('ocpp1.6', reason)).toBe(stopReasonCode('ocpp2.0.1', reason));
    expect(stopReasonCode('ocpp1.6', 'EVDisconnected')).toBe('EV_DISCONNECTED');
    expect(stopReasonCode('ocpp2.0.1', 'EVDisconnected')).toBe('EV_DISCONNECTED');
    expect(stopReasonCode('ocpp1.6', 'Remote')).toBe('REMOTE');
    expect(stopReasonCode('ocpp1.6', 'HardReset')).toBe('HARD_RESET');
    expect(stopReasonCode('ocpp1.6', 'SoftReset')).toBe('SOFT_RESET');
    expect(stopReasonCode('ocpp1.6', 'UnlockCommand')).toBe('UNLOCK_COMMAND');
    expect(stopReasonCode('ocpp2.0.1', 'ImmediateReset')).toBe('IMMEDIATE_RESET');
    expect(stopReasonCode('ocpp2.0.1', 'SOCLimitReached')).toBe('SOC_LIMIT_REACHED');
    expect(stopReasonCode('ocpp2.0.1', 'TimeLimitReached')).toBe('TIME_LIMIT_REACHED');
  });

  it('reads an absent reason as Local and an unknown one as Other, per version', () => {
    expect(stopReasonCode('ocpp1.6', undefined)).toBe('LOCAL');
    expect(stopReasonCode('ocpp2.0.1', '')).toBe('LOCAL');
    expect(stopReasonCode('ocpp2.0.1', null)).toBe('LOCAL');
    expect(stopReasonCode('ocpp1.6', 'Banana')).toBe('OTHER');
    // 2.0.1-only reasons are not 1.6 reasons.
    expect(stopReasonCode('ocpp1.6', 'GroundFault')).toBe('OTHER');
    expect(stopReasonCode('ocpp1.6', 'toString')).toBe('OTHER');
    expect(stopReasonCode('1.6', 'Reboot')).toBe('REBOOT');
    expect(stopReasonCode('2.0.1', 'GroundFault')).toBe('GROUND_FAULT');
  });

  it('says which stops are normal', () => {
    const invalid = (protocol: string, reason: string) =>
      stopReasonEntry(stopReasonCode(protocol, reason))!.invalidCode;
    for (const reason of ['Local', 'Remote', 'EVDisconnected'])
      expect(invalid('ocpp1.6', reason), reason).toBe(INVALID_CODE.normal);
    for (const reason of ['EmergencyStop', 'PowerLoss', 'HardReset', 'Reboot', 'Other'])
      expect(invalid('ocpp1.6', reason), reason).toBe(INVALID_CODE.abnormal);
    for (const reason of ['SOCLimitReached', 'EnergyLimitReached', 'StoppedByEV', 'TimeLimitReached'])
      expect(invalid('ocpp2.0.1', reason), reason).toBe(INVALID_CODE.normal);
    for (const reason of ['GroundFault', 'OvercurrentFault', 'PowerQuality', 'ImmediateReset'])
      expect(invalid('ocpp2.0.1', reason), reason).toBe(INVALID_CODE.abnormal);
  });
});

describe('the seeded stop reason catalogue', () => {
  it('has unique codes, each entry valid for the stop reason resource', () => {
    expect(new Set(STOP_REASONS.map((e) => e.code)).size).toBe(STOP_REASONS.length);
    for (const entry of STOP_REASONS) {
      const parsed = stopReasonSchema.safeParse(entry);
      expect(parsed.success, entry.code).toBe(true);
      expect(entry.displayName && entry.typeName && entry.invalidName && entry.finishName).toBeTruthy();
    }
  });

  it("gives each reason the finish its orders' end flag is (decision 245), so an order tells one end", () => {
    // Before: EVDisconnected and StoppedByEV finished as "auto end" in the catalogue while their orders were
    // an active stop; Timeout as "request timeout" while its orders ended automatically.
    for (const [protocol, reasons] of [
      ['ocpp1.6', V16],
      ['ocpp2.0.1', V201],
    ] as const)
      for (const reason of reasons) {
        const entry = stopReasonEntry(stopReasonCode(protocol, reason))!;
        expect(END_FLAG[FINISH_END_FLAG[entry.finishCode]], `${protocol} ${reason}`).toBe(endFlagOf(reason));
      }
    expect(stopReasonEntry('EV_DISCONNECTED')).toMatchObject({ typeCode: 'USER', finishCode: 'ACTIVE_STOP' });
  });

  it('is seeded with SEED=none too', () => {
    expect(seedSteps.find((s) => s.id === 'stop-reason-catalogue')?.always).toBe(true);
  });
});
