/**
 * The driver app's top-up requests (functions/driverapp/wallet.ts; docs/decisions/194-driver-app-api.md and
 * docs/decisions/434-one-sign-in-guard-and-strict-money.md): one item per user and `requestId`,
 * `APPTOPUP#{appUserId}#{requestId}` / `APPTOPUP`, holding what the request asked (the amount in units of
 * 10^-4 and the card) and, once made, the payment. Kept 30 days (`expiresAt`, TTL).
 * Access patterns:
 * - claim a request: put conditional on none existing; when one exists, the stored one is answered (the
 *   caller compares it with its own: the same request again, or the same id reused for another);
 * - note the payment made for it (set once: never replaced by another).
 */
import { isConditionFailure } from '@functions/lib/conditional.ts';
import { defineEntity, getRecord, model, putRecord, send } from './table.ts';

export const appTopUps = defineEntity(
  {
    model: model('APPTOPUP'),
    attributes: {
      appUserId: { type: 'string', required: true },
      requestId: { type: 'string', required: true },
      units: { type: 'string' },
      paymentMethodId: { type: 'string' },
      paymentId: { type: 'string' },
      createTime: { type: 'string' },
      expiresAt: { type: 'number' },
    },
    indexes: {
      byRequest: {
        pk: {
          field: 'pk',
          composite: ['appUserId', 'requestId'],
          template: 'APPTOPUP#${appUserId}#${requestId}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'APPTOPUP', casing: 'none' },
      },
    },
  },
  { keyOnly: ['appUserId', 'requestId'] },
);

/** What a top-up request asked, and the payment made for it. */
export interface AppTopUpRequest {
  /** The amount in units of 10^-4, as text. */
  units: string;
  paymentMethodId: string;
  paymentId?: string;
  createTime: string;
  expiresAt: number;
}

type Ref = { appUserId: string; requestId: string };

const KEEP_SECONDS = 30 * 24 * 3600;

/**
 * Claims a request id for `asked`: undefined when this call claimed it, else the request stored under it (the
 * same id claimed before, maybe with another amount or card).
 */
export async function claimTopUpRequest(
  ref: Ref,
  asked: Pick<AppTopUpRequest, 'units' | 'paymentMethodId'>,
  now: number,
): Promise<AppTopUpRequest | undefined> {
  const record: AppTopUpRequest = {
    ...asked,
    createTime: new Date(now).toISOString(),
    expiresAt: Math.floor(now / 1000) + KEEP_SECONDS,
  };
  try {
    await send.put(putRecord(appTopUps.create({ ...ref, ...record }).params(), record));
    return undefined;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return getRecord<AppTopUpRequest>(appTopUps.get(ref).params());
}

/** Notes the payment made for a request (only the first: a payment noted is never replaced). */
export async function noteTopUpPayment(ref: Ref, paymentId: string): Promise<void> {
  try {
    await send.update(
      appTopUps
        .patch(ref)
        .set({ paymentId })
        .where((a, op) => `${op.notExists(a.paymentId)} OR ${op.eq(a.paymentId, paymentId)}`)
        .params(),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
