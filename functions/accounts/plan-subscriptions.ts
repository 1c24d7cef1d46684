/**
 * Subscription records (a company's purchase of a plan), one item `SUBSCRIBE#{id}` each:
 *
 *   quoted ──pay──▶ pending ──paid──▶ active ──validity ends──▶ expired
 *      │              │  └──paid, starts later──▶ scheduled ──start passed──▶ active
 *      └──────────────┴──failed──▶ failed ──pay again──▶ pending
 *
 * Every move is a conditional write on the status read (functions/data/plan-subscriptions.ts), so a replayed payment, a retried step or two
 * concurrent calls move a subscription once. Indexes: gsi1 `SUBSCRIPTION#active` by expiry (the expiry
 * schedule), gsi2 `SUBSCRIBE#agent#{agentId}` by creation (a company's subscriptions, newest first),
 * gsi3 `SUBSCRIPTION#scheduled` by start (the schedule starts them). Money in integer cents.
 */
import * as data from '@functions/data/plan-subscriptions.ts';
import type { SubscriptionRecord } from '@functions/data/plan-subscriptions.ts';

export {
  ACTIVE_SUBSCRIPTIONS,
  recordPayment,
  recordRefund,
  SCHEDULED_SUBSCRIPTIONS,
  subscriptionKey,
  type SubscriptionRecord,
} from '@functions/data/plan-subscriptions.ts';

/** A quote can be paid for this long; after that the console asks for a new price calculation. */
export const QUOTE_VALID_MS = 60 * 60_000;
/** Unpaid quotes are dropped after a week (TTL; readers skip them before). */
const QUOTE_KEEP_SECONDS = 7 * 86_400;

function live(item: Record<string, unknown> | undefined): SubscriptionRecord | undefined {
  if (!item) return undefined;
  // DynamoDB Local never expires TTL items: an unpaid quote past its TTL does not exist.
  if (typeof item.expiresAt === 'number' && item.expiresAt * 1000 < Date.now()) return undefined;
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _a,
    gsi1sk: _b,
    gsi2pk: _c,
    gsi2sk: _d,
    gsi3pk: _e,
    gsi3sk: _f,
    ...rest
  } = item;
  return rest as unknown as SubscriptionRecord;
}

export async function getSubscription(subscribeId: string): Promise<SubscriptionRecord | undefined> {
  if (!subscribeId) return undefined;
  return live((await data.getSubscriptionItem(subscribeId)) as Record<string, unknown> | undefined);
}

/** Writes a new quote (the price calculation's record). */
export async function putQuote(record: SubscriptionRecord): Promise<void> {
  await data.putQuote(record, Math.floor(Date.parse(record.createdAt) / 1000) + QUOTE_KEEP_SECONDS);
}

/** A company's subscriptions, newest first (quotes included unless `paidOnly`). */
export async function companySubscriptions(agentId: string, limit = 50): Promise<SubscriptionRecord[]> {
  return (await data.companySubscriptionItems(agentId, limit))
    .map((i) => live(i))
    .filter((r): r is SubscriptionRecord => r !== undefined);
}

export async function subscriptionOfPayment(paymentId: string): Promise<SubscriptionRecord | undefined> {
  if (!paymentId) return undefined;
  const subscribeId = await data.subscriptionIdOfPayment(paymentId);
  return subscribeId !== undefined ? getSubscription(subscribeId) : undefined;
}

/**
 * pending → failed with the reason, only while the subscription's payment is still `paymentId` (none when the
 * payment was never created): a late failure of an earlier attempt never fails a newer one.
 */
export function recordFailure(subscribeId: string, reason: string, paymentId?: string): Promise<boolean> {
  return data.recordFailure(subscribeId, reason.slice(0, 500), paymentId);
}

/** Ids on an index partition whose sort key (an ISO time) is at or before `now`. */
export function dueOn(
  index: 'gsi1' | 'gsi3',
  partition: string,
  now: Date,
): Promise<{ subscribeId: string; agentId: string }[]> {
  return data.dueSubscriptions(index, partition, now.toISOString());
}
