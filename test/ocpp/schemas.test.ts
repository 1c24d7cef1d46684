import { describe, expect, it } from 'vitest';
import {
  errorCodeFor,
  hasSchema,
  isKnownAction,
  knownActions,
  validateRequest,
  validateResponse,
} from '@functions/ocpp-messages/schemas.ts';

const V16 = 'ocpp1.6';
const V201 = 'ocpp2.0.1';

describe('OCPP schemas', () => {
  it('knows the actions of each version, in both directions', () => {
    expect(isKnownAction(V16, 'BootNotification')).toBe(true);
    expect(isKnownAction(V16, 'RemoteStartTransaction')).toBe(true); // sent by the platform
    expect(isKnownAction(V16, 'TransactionEvent')).toBe(false); // 2.0.1 only
    expect(isKnownAction(V201, 'TransactionEvent')).toBe(true);
    expect(isKnownAction(V201, 'StartTransaction')).toBe(false); // 1.6 only
    expect(isKnownAction(V16, 'NoSuchAction')).toBe(false);
    expect(isKnownAction(V16, 'constructor')).toBe(false);
    expect(isKnownAction(V16, '__proto__')).toBe(false);
    expect(isKnownAction('ocpp9', 'Heartbeat')).toBe(false);
    expect(hasSchema(V201, 'Heartbeat', 'conf')).toBe(true);
    expect(knownActions(V16)).toContain('Heartbeat');
    expect(knownActions(V16)).toHaveLength(39);
  });

  it('accepts valid payloads of both versions', () => {
    expect(validateRequest(V16, 'Heartbeat', {})).toEqual({ ok: true });
    expect(validateResponse(V16, 'Heartbeat', { currentTime: new Date().toISOString() })).toEqual({
      ok: true,
    });
    expect(
      validateRequest(V16, 'BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'X1' }),
    ).toEqual({ ok: true });
    expect(validateRequest(V201, 'Heartbeat', {})).toEqual({ ok: true });
    expect(validateResponse(V201, 'Heartbeat', { currentTime: '2025-01-01T00:00:00Z' })).toEqual({
      ok: true,
    });
    expect(
      validateRequest(V201, 'BootNotification', {
        reason: 'PowerUp',
        chargingStation: { model: 'X1', vendorName: 'ACME' },
      }),
    ).toEqual({ ok: true });
    // A command the platform sends, and a charger's answer to it.
    expect(validateRequest(V16, 'Reset', { type: 'Soft' })).toEqual({ ok: true });
    expect(validateResponse(V16, 'Reset', { status: 'Accepted' })).toEqual({ ok: true });
    // multipleOf 0.1 with floating point values.
    expect(
      validateRequest(V16, 'SetChargingProfile', {
        connectorId: 1,
        csChargingProfiles: {
          chargingProfileId: 1,
          stackLevel: 0,
          chargingProfilePurpose: 'TxDefaultProfile',
          chargingProfileKind: 'Absolute',
          chargingSchedule: {
            chargingRateUnit: 'A',
            chargingSchedulePeriod: [{ startPeriod: 0, limit: 0.3 }],
          },
        },
      }),
    ).toEqual({ ok: true });
  });

  it('names the 1.6 error codes', () => {
    expect(validateRequest(V16, 'BootNotification', { chargePointModel: 'X1' })).toMatchObject({
      ok: false,
      code: 'OccurenceConstraintViolation',
      description: expect.stringContaining('chargePointVendor'),
    });
    expect(
      validateRequest(V16, 'BootNotification', { chargePointVendor: 1, chargePointModel: 'X1' }),
    ).toMatchObject({
      ok: false,
      code: 'TypeConstraintViolation',
      description: expect.stringContaining('chargePointVendor'),
    });
    expect(
      validateRequest(V16, 'BootNotification', { chargePointVendor: 'x'.repeat(21), chargePointModel: 'X1' }),
    ).toMatchObject({ ok: false, code: 'PropertyConstraintViolation' });
    expect(validateResponse(V16, 'Reset', { status: 'Maybe' })).toMatchObject({
      ok: false,
      code: 'PropertyConstraintViolation',
      description: expect.stringContaining('Accepted, Rejected'),
    });
    expect(validateResponse(V16, 'Heartbeat', { currentTime: 'yesterday' })).toMatchObject({
      ok: false,
      code: 'PropertyConstraintViolation',
    });
    expect(validateRequest(V16, 'Heartbeat', { extra: 1 })).toMatchObject({
      ok: false,
      code: 'FormationViolation',
      description: expect.stringContaining('extra'),
    });
    expect(validateRequest(V16, 'NoSuchAction', {})).toMatchObject({ ok: false, code: 'ProtocolError' });
  });

  it('names the 2.0.1 error codes', () => {
    expect(
      validateRequest(V201, 'BootNotification', { reason: 'PowerUp', chargingStation: { model: 'X1' } }),
    ).toMatchObject({
      ok: false,
      code: 'OccurrenceConstraintViolation',
      description: expect.stringContaining('chargingStation'),
    });
    expect(
      validateRequest(V201, 'BootNotification', {
        reason: 'PowerUp',
        chargingStation: { model: 7, vendorName: 'ACME' },
      }),
    ).toMatchObject({
      ok: false,
      code: 'TypeConstraintViolation',
      description: expect.stringMatching(/^chargingStation\.model/),
    });
    expect(
      validateRequest(V201, 'BootNotification', {
        reason: 'Bored',
        chargingStation: { model: 'X1', vendorName: 'A' },
      }),
    ).toMatchObject({ ok: false, code: 'PropertyConstraintViolation' });
    expect(validateRequest(V201, 'Heartbeat', { extra: 1 })).toMatchObject({
      ok: false,
      code: 'ProtocolError',
    });
    expect(validateRequest(V201, 'Heartbeat', { customData: { vendorId: 'ACME', anything: 1 } })).toEqual({
      ok: true,
    });
  });

  it('maps schema keywords to the codes of each version', () => {
    expect(errorCodeFor(V16, 'required')).toBe('OccurenceConstraintViolation');
    expect(errorCodeFor(V201, 'required')).toBe('OccurrenceConstraintViolation');
    expect(errorCodeFor(V16, 'oneOf')).toBe('FormationViolation');
    expect(errorCodeFor(V201, 'oneOf')).toBe('FormatViolation');
    expect(errorCodeFor(V201, 'minItems')).toBe('OccurrenceConstraintViolation');
  });

  it('caps the description at 255 characters', () => {
    const result = validateRequest(V16, 'Heartbeat', { ['x'.repeat(400)]: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.description.length).toBeLessThanOrEqual(255);
  });
});
