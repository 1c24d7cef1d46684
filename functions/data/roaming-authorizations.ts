/**
 * Real-time authorisations a roaming partner gave for a token at a charger (docs/decisions/437), kept for the
 * start they are for: a charger asks with Authorize and then again with StartTransaction (1.6) or a
 * TransactionEvent (2.0.1), and the eMSP is asked once. `ROAMAUTH#{chargePointId}#{uidKey}` / `DECISION`,
 * holding the partner's decision and its authorization reference until `expiresAt` (epoch seconds; TTL).
 * Access patterns: keep a decision (a put over any before it); read one that has not expired.
 */
import { defineEntity, getRecord, model, send } from './table.ts';

export interface RoamingDecision {
  status: string;
  partnerId: string;
  authorizationReference?: string;
  authMethod?: string;
  /** Epoch seconds after which it is not used. */
  expiresAt: number;
}

export const roamingAuthorizations = defineEntity(
  {
    model: model('ROAMAUTH'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      uidKey: { type: 'string', required: true },
      status: { type: 'string', required: true },
      partnerId: { type: 'string', required: true },
      authorizationReference: { type: 'string' },
      authMethod: { type: 'string' },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byToken: {
        pk: {
          field: 'pk',
          composite: ['chargePointId', 'uidKey'],
          template: 'ROAMAUTH#${chargePointId}#${uidKey}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'DECISION', casing: 'none' },
      },
    },
  },
  { keyOnly: ['chargePointId', 'uidKey'] },
);

/** Keeps a partner's decision on a token (`uidKey`: its uid as a CiString key) at a charger. */
export async function keepRoamingDecision(
  chargePointId: string,
  uidKey: string,
  decision: RoamingDecision,
): Promise<void> {
  await send.put(roamingAuthorizations.put({ chargePointId, uidKey, ...decision }).params());
}

/** The decision kept on a token at a charger, unless it has expired. */
export async function roamingDecisionOf(
  chargePointId: string,
  uidKey: string,
  now = Date.now(),
): Promise<RoamingDecision | undefined> {
  const kept = await getRecord<RoamingDecision>(
    roamingAuthorizations.get({ chargePointId, uidKey }).params({ consistent: true }),
  );
  return kept && Number(kept.expiresAt) > Math.floor(now / 1000) ? kept : undefined;
}
