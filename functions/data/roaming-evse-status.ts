/**
 * The EVSE status last pushed to each roaming partner (docs/decisions/437): `ROAMEVSE#{partnerId}#{evseUid}` /
 * `STATUS`, holding the status, the claim of the push that set it, when, whether the push went through
 * (`sent`) and until when an unconfirmed claim holds (`leaseUntil`, epoch ms), kept `EVSE_STATUS_KEEP_SECONDS`
 * (`expiresAt`, TTL). Access patterns:
 * - claim a status for a push: a put conditional on the stored status being another (or none, or expired, or
 *   an unconfirmed claim whose lease ran out: a delivery that died between its claim and its call), so of
 *   concurrent pushes of one status to one partner exactly one is claimed, and a status equal to the last one
 *   pushed is not claimed at all; the item before is returned for a release;
 * - confirm a claim whose push went through (`sent`), conditional on the claim still being the one stored;
 * - release a claim whose push failed: the item before put back (or the item deleted), conditional on the
 *   claim still being the one stored, so a later push's claim is never undone.
 */
import { applied, isConditionFailure } from '@functions/lib/conditional.ts';
import { defineEntity, model, send } from './table.ts';

/** How long the last pushed status is remembered: 30 days, then the same status may be pushed again. */
export const EVSE_STATUS_KEEP_SECONDS = 30 * 24 * 3600;

/** How long a claim holds before its push went through: longer than a call to a partner may take. */
export const EVSE_CLAIM_LEASE_MS = 60_000;

export const roamingEvseStatus = defineEntity(
  {
    model: model('ROAMEVSE'),
    attributes: {
      partnerId: { type: 'string', required: true },
      evseKey: { type: 'string', required: true },
      status: { type: 'string', required: true },
      claim: { type: 'string', required: true },
      at: { type: 'string', required: true },
      sent: { type: 'boolean' },
      leaseUntil: { type: 'number' },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byEvse: {
        pk: {
          field: 'pk',
          composite: ['partnerId', 'evseKey'],
          template: 'ROAMEVSE#${partnerId}#${evseKey}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'STATUS', casing: 'none' },
      },
    },
  },
  { keyOnly: ['partnerId', 'evseKey'] },
);

/** What a claim stored, and what was there before it (to put back when its push fails). */
export interface EvseStatusClaim {
  partnerId: string;
  evseKey: string;
  claim: string;
  before?: {
    status: string;
    claim: string;
    at: string;
    sent: boolean;
    leaseUntil: number;
    expiresAt: number;
  };
}

/**
 * Claims `status` as the one pushed now to the partner for this EVSE (`evseKey`: the EVSE uid as a CiString
 * key); undefined when that status is the last one pushed (nothing to push).
 */
export async function claimEvseStatus(
  partnerId: string,
  evseKey: string,
  status: string,
  claim: string,
  now = Date.now(),
): Promise<EvseStatusClaim | undefined> {
  const nowSeconds = Math.floor(now / 1000);
  const params = roamingEvseStatus
    .put({
      partnerId,
      evseKey,
      status,
      claim,
      at: new Date(now).toISOString(),
      sent: false,
      leaseUntil: now + EVSE_CLAIM_LEASE_MS,
      expiresAt: nowSeconds + EVSE_STATUS_KEEP_SECONDS,
    })
    .params();
  try {
    const answer = await send.put({
      ...params,
      ConditionExpression:
        'attribute_not_exists(#status) OR #status <> :status OR #expiresAt < :now' +
        ' OR (#sent = :false AND #leaseUntil < :nowMs)',
      ExpressionAttributeNames: {
        '#status': 'status',
        '#expiresAt': 'expiresAt',
        '#sent': 'sent',
        '#leaseUntil': 'leaseUntil',
      },
      ExpressionAttributeValues: { ':status': status, ':now': nowSeconds, ':false': false, ':nowMs': now },
      ReturnValues: 'ALL_OLD',
    });
    const old = answer.Attributes;
    return {
      partnerId,
      evseKey,
      claim,
      ...(old
        ? {
            before: {
              status: String(old.status),
              claim: String(old.claim),
              at: String(old.at),
              // Items without the flag were pushed (none are written without it).
              sent: old.sent !== false,
              leaseUntil: Number(old.leaseUntil ?? 0),
              expiresAt: Number(old.expiresAt),
            },
          }
        : {}),
    };
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Marks a claim's push as gone through; false when another claim was there by then. */
export async function confirmEvseStatus(held: EvseStatusClaim): Promise<boolean> {
  return applied(
    send.update(
      roamingEvseStatus
        .patch({ partnerId: held.partnerId, evseKey: held.evseKey })
        .set({ sent: true })
        .where((a, op) => op.eq(a.claim, held.claim))
        .params(),
    ),
  );
}

/**
 * Undoes a claim whose push did not go through: the status before is stored again (or none), unless another
 * push claimed the EVSE since. False when another claim was there.
 */
export async function releaseEvseStatus(held: EvseStatusClaim): Promise<boolean> {
  const mine = {
    ConditionExpression: '#claim = :claim',
    ExpressionAttributeNames: { '#claim': 'claim' },
    ExpressionAttributeValues: { ':claim': held.claim },
  };
  const key = { partnerId: held.partnerId, evseKey: held.evseKey };
  if (!held.before) return applied(send.delete({ ...roamingEvseStatus.delete(key).params(), ...mine }));
  return applied(send.put({ ...roamingEvseStatus.put({ ...key, ...held.before }).params(), ...mine }));
}
