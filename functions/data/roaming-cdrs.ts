/**
 * The CDRs owed to roaming partners (docs/decisions/426): an outbox item written in the transaction
 * that settles the order of a roaming session, `ROAMCDR#{orderNo}` / `CDR`, so no priced roaming order can be
 * without its CDR. While unsent it is on the pending index (gsi1 `ROAMCDRPENDING`, `{createdAt}#{orderNo}`),
 * which the minute's sweep reads to queue again what was not delivered. A delivery claims the CDR (a lease),
 * posts it, and marks it sent: a CDR marked sent is never posted again, and two deliveries of one message
 * never post it at once. A partner's CDRs by their creation are on gsi2 (`ROAMCDRP#{partnerId}`,
 * `{createdAt}#{orderNo}`): the cdrs sender interface's pull. The CDR as posted is kept on the item (`body`).
 * `kind` says what it bills: a charging session's order (`session`, the default) or a reservation (`reservation`,
 * its order `R{id}`).
 */
import { applied } from '@functions/lib/conditional.ts';
import { defineEntity, getRecord, model, queryAll, send, timeRangePage, withoutKeys } from './table.ts';

export const CDR_PENDING = 'ROAMCDRPENDING';

export interface RoamingCdr {
  orderNo: string;
  partnerId: string;
  createdAt: string;
  status: 'pending' | 'sent';
  sentAt?: string;
  /** Until when a delivery holds it (another waits). */
  leaseUntil?: string;
  kind?: 'session' | 'reservation';
  /** The CDR as posted (once it was). */
  body?: Record<string, unknown>;
}

export const roamingCdrs = defineEntity({
  model: model('ROAMCDR'),
  attributes: {
    orderNo: { type: 'string', required: true },
    partnerId: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    status: { type: 'string' },
    sentAt: { type: 'string' },
    leaseUntil: { type: 'string' },
    kind: { type: 'string' },
    body: { type: 'any' },
  },
  indexes: {
    byOrder: {
      pk: { field: 'pk', composite: ['orderNo'], template: 'ROAMCDR#${orderNo}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'CDR', casing: 'none' },
    },
    pending: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], template: CDR_PENDING, casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['createdAt', 'orderNo'],
        template: '${createdAt}#${orderNo}',
        casing: 'none',
      },
    },
    byPartner: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['partnerId'], template: 'ROAMCDRP#${partnerId}', casing: 'none' },
      sk: {
        field: 'gsi2sk',
        composite: ['createdAt', 'orderNo'],
        template: '${createdAt}#${orderNo}',
        casing: 'none',
      },
    },
  },
});

/** The transaction write of a new CDR owed for an order (refused if one exists: settlement's replay). */
export const cdrOwed = (
  orderNo: string,
  partnerId: string,
  createdAt: string,
  kind: 'session' | 'reservation' = 'session',
) => roamingCdrs.create({ orderNo, partnerId, createdAt, status: 'pending', kind }).params();

export const getCdr = (orderNo: string) => getRecord<RoamingCdr>(roamingCdrs.get({ orderNo }).params());

/** Takes the CDR for a delivery until `until`, if it is unsent and nobody else holds it; whether it did. */
export const claimCdr = (orderNo: string, now: string, until: string) =>
  applied(
    send.update({
      Key: { pk: `ROAMCDR#${orderNo}`, sk: 'CDR' },
      UpdateExpression: 'SET leaseUntil = :until',
      ConditionExpression: '#s = :pending AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':until': until, ':now': now, ':pending': 'pending' },
    }),
  );

/** The partner took it: sent (as `body`), off the pending index. */
export const cdrSent = (orderNo: string, at: string, body: Record<string, unknown>) =>
  send.update({
    Key: { pk: `ROAMCDR#${orderNo}`, sk: 'CDR' },
    UpdateExpression: 'SET #s = :sent, sentAt = :at, body = :body REMOVE gsi1pk, gsi1sk, leaseUntil',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':sent': 'sent', ':at': at, ':body': body },
  });

/** The delivery failed: the lease ends now, so the next try may take it. */
export const cdrReleased = (orderNo: string) =>
  send.update({
    Key: { pk: `ROAMCDR#${orderNo}`, sk: 'CDR' },
    UpdateExpression: 'REMOVE leaseUntil',
  });

/** CDRs not sent, owed since before `before`, oldest first. */
export const pendingCdrs = async (before: string, limit = 100) =>
  (await queryAll(roamingCdrs.query.pending({}).lt({ createdAt: before }).params(), { limit })).slice(
    0,
    limit,
  ) as unknown as RoamingCdr[];

/** One page of a partner's CDRs created in [from, to), oldest first, and how many there are. */
export async function partnerCdrsPage(
  partnerId: string,
  window: { from?: string; to?: string },
  offset: number,
  limit: number,
): Promise<{ items: RoamingCdr[]; total: number }> {
  const { items, total } = await timeRangePage('gsi2', `ROAMCDRP#${partnerId}`, window, offset, limit);
  return { items: items.map((i) => withoutKeys<RoamingCdr>(i)), total };
}
