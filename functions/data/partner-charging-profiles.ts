/**
 * The charging profile a roaming partner set on one of its sessions (OCPI chargingprofiles module,
 * docs/decisions/438-ocpi-charging-profiles-and-hub-client-info.md): `PARTNERPROFILE#{chargePointId}#{transactionId}`
 * / `PROFILE`. Load management reads it for each session it shares power among (functions/energy/balancer.ts:
 * the partner's limit caps the session, never raises it); the OCPI module writes it when the charger was sent
 * the profile and removes it on the partner's DELETE. It lapses a day after the session could last
 * (`expiresAt`): a session's profile means nothing once the session is over.
 */
import { applied, isConditionFailure } from '@functions/lib/conditional.ts';
import { defineEntity, getRecord, model, send, withoutKeys } from './table.ts';

/** One period of the partner's schedule: from `startS` seconds after the schedule's start, at most `limitW`. */
export interface PartnerProfilePeriod {
  startS: number;
  limitW: number;
}

export interface PartnerChargingProfile {
  chargePointId: string;
  transactionId: string;
  connectorNo: number;
  partnerId: string;
  /** The OCPI session id the partner named. */
  sessionId: string;
  /** When the schedule starts: its `start_date_time`, or the session's start (OCPI: relative to it). */
  startsAt: string;
  /** How long the schedule lasts from `startsAt` (absent: as long as the session). */
  durationS?: number;
  /** The partner's limits in watts, in order (amperes converted with the pile's phases at 230 V). */
  periods: PartnerProfilePeriod[];
  /** The OCPI ChargingProfile as the partner sent it (after validation), for the record. */
  profile: Record<string, unknown>;
  /** When it was set: a new profile is a new version (load management sends it again). */
  setAt: string;
  /** The command that sent it to the charger (a refusal of that command removes it). */
  commandId?: string;
  /**
   * The limits the partner last knows to be in force (its own, or those load management last told it), so a
   * renewal with the same limits tells it nothing new.
   */
  told?: string;
  /** TTL (epoch seconds). */
  expiresAt: number;
}

export const partnerChargingProfiles = defineEntity({
  model: model('PARTNERPROFILE'),
  attributes: {
    chargePointId: { type: 'string', required: true },
    transactionId: { type: 'string', required: true },
    connectorNo: { type: 'number', required: true },
    partnerId: { type: 'string', required: true },
    sessionId: { type: 'string', required: true },
    startsAt: { type: 'string', required: true },
    durationS: { type: 'number' },
    periods: { type: 'any', required: true },
    profile: { type: 'any', required: true },
    setAt: { type: 'string', required: true },
    commandId: { type: 'string' },
    told: { type: 'string' },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    bySession: {
      pk: {
        field: 'pk',
        composite: ['chargePointId', 'transactionId'],
        template: 'PARTNERPROFILE#${chargePointId}#${transactionId}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: [], template: 'PROFILE', casing: 'none' },
    },
  },
});

/**
 * Keeps a session's profile unless a newer one is kept (two PUTs of the partner that crossed: the later
 * `setAt` stays). False when a newer one was there.
 */
export function putPartnerChargingProfile(profile: PartnerChargingProfile): Promise<boolean> {
  return applied(
    send.put({
      ...partnerChargingProfiles.put(profile).params(),
      ConditionExpression: 'attribute_not_exists(setAt) OR setAt <= :at',
      ExpressionAttributeValues: { ':at': profile.setAt },
    }),
  );
}

/** Puts a removed profile back (its DELETE could not be sent), unless another was set meanwhile. */
export function restorePartnerChargingProfile(profile: PartnerChargingProfile): Promise<boolean> {
  return applied(
    send.put({
      ...partnerChargingProfiles.put(profile).params(),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Puts back what was kept before the profile `commandId` was to send (nothing: none was), unless another was set
 * meanwhile: that command could not be sent.
 */
export async function revertPartnerChargingProfile(
  chargePointId: string,
  transactionId: string,
  commandId: string,
  previous: PartnerChargingProfile | undefined,
): Promise<void> {
  if (!previous) {
    await removePartnerChargingProfile(chargePointId, transactionId, commandId);
    return;
  }
  await applied(
    send.put({
      ...partnerChargingProfiles.put(previous).params(),
      ConditionExpression: 'commandId = :c',
      ExpressionAttributeValues: { ':c': commandId },
    }),
  );
}

/**
 * Notes the limits the partner was told of (`told`) on the profile it set at `setAt`; nothing when it set
 * another meanwhile (that one is told anew).
 */
export async function notePartnerProfileTold(
  chargePointId: string,
  transactionId: string,
  setAt: string,
  told: string,
): Promise<boolean> {
  return applied(
    send.update(
      partnerChargingProfiles
        .update({ chargePointId, transactionId })
        .set({ told })
        .where((a, op) => op.eq(a.setAt, setAt))
        .params(),
    ),
  );
}

/** The profile a partner set on a session, if any. */
export const getPartnerChargingProfile = (chargePointId: string, transactionId: string) =>
  getRecord<PartnerChargingProfile>(
    partnerChargingProfiles.get({ chargePointId, transactionId }).params({ consistent: true }),
  );

/**
 * Removes a session's profile (only the one `commandId` sent, when given: a newer one set meanwhile stays);
 * the one removed (none: there was none, or another).
 */
export async function removePartnerChargingProfile(
  chargePointId: string,
  transactionId: string,
  commandId?: string,
): Promise<PartnerChargingProfile | undefined> {
  const params = partnerChargingProfiles.delete({ chargePointId, transactionId }).params();
  let answer: { Attributes?: Record<string, unknown> };
  try {
    answer = (await send.delete({
      ...params,
      ReturnValues: 'ALL_OLD',
      ...(commandId
        ? { ConditionExpression: 'commandId = :c', ExpressionAttributeValues: { ':c': commandId } }
        : {}),
    })) as { Attributes?: Record<string, unknown> };
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
  const { Attributes } = answer;
  return Attributes ? withoutKeys<PartnerChargingProfile>(Attributes) : undefined;
}
