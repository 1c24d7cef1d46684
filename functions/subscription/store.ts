/**
 * Subscription records (a company's purchase of a plan), one item `SUBSCRIBE#{id}` each:
 *
 *   quoted ──pay──▶ pending ──paid──▶ active ──validity ends──▶ expired
 *      │              │  └──paid, starts later──▶ scheduled ──start passed──▶ active
 *      └──────────────┴──failed──▶ failed ──pay again──▶ pending
 *
 * Every move is a conditional write on the status read, so a replayed payment, a retried step or two
 * concurrent calls move a subscription once. Indexes: gsi1 `SUBSCRIPTION#active` by expiry (the expiry
 * schedule), gsi2 `SUBSCRIBE#agent#{agentId}` by creation (a company's subscriptions, newest first),
 * gsi3 `SUBSCRIPTION#scheduled` by start (the schedule starts them). Money in integer cents.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PriceRow, SubscribeStatus } from '@shared/schemas/subscription.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { applied } from '@functions/lib/conditional.ts';
import { config } from '@functions/lib/config.ts';

export const subscriptionKey = (subscribeId: string) => ({ pk: `SUBSCRIBE#${subscribeId}`, sk: 'SUBSCRIBE' });
/** Pointer from a provider payment (intent) to its subscription: secure and the webhook find it by id. */
export const paymentPointerKey = (paymentId: string) => ({ pk: `SUBPAYMENT#${paymentId}`, sk: 'SUBPAYMENT' });
export const ACTIVE_SUBSCRIPTIONS = 'SUBSCRIPTION#active';
export const SCHEDULED_SUBSCRIPTIONS = 'SUBSCRIPTION#scheduled';
export const companyPartition = (agentId: string) => `SUBSCRIBE#agent#${agentId}`;

/** A quote can be paid for this long; after that the console asks for a new price calculation. */
export const QUOTE_VALID_MS = 60 * 60_000;
/** Unpaid quotes are dropped after a week (TTL; readers skip them before). */
const QUOTE_KEEP_SECONDS = 7 * 86_400;

export interface SubscriptionRecord {
  subscribeId: string;
  agentId: string;
  /** The company's tenant path (scope checks). */
  tenant: string;
  status: SubscribeStatus;
  /** 1 a universal plan with the client's counts, 2 a custom plan by its number. */
  mode: 1 | 2;
  planId: string;
  planNo?: string;
  row: PriceRow;
  firstFlag: boolean;
  refundFlag: boolean;
  /** Cents. */
  totalFee: number;
  toPayFee: number;
  refundFee: number;
  credit: number;
  validDays: number;
  /** The subscription this one follows (current when quoted); its payment is refunded on a downgrade. */
  lastSubscribeId?: string;
  /** Planned start: for a renewal the current one's next monthly anniversary; else set at activation. */
  startAt?: string;
  expireAt?: string;
  /** Each pay request is an attempt; its idempotency key names it (a retried step reuses it). */
  payAttempt?: number;
  paymentId?: string;
  paymentStatus?: string;
  /** Cents actually paid (card or receipt), the base of a later renewal's credit. */
  paidFee?: number;
  payMethod?: 'card' | 'offline' | 'credit';
  refundId?: string;
  refundStatus?: string;
  activatedAt?: string;
  endedAt?: string;
  supersededBy?: string;
  failure?: string;
  createdAt: string;
  /** TTL of an unpaid quote (epoch seconds). */
  expiresAt?: number;
}

export const table = () => config.tableName('main');
const db = () => dynamoDocument();

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
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: subscriptionKey(subscribeId) }));
  return live(Item);
}

/** Writes a new quote (the price calculation's record). */
export async function putQuote(record: SubscriptionRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...record,
        ...subscriptionKey(record.subscribeId),
        gsi2pk: companyPartition(record.agentId),
        gsi2sk: `${record.createdAt}#${record.subscribeId}`,
        expiresAt: Math.floor(Date.parse(record.createdAt) / 1000) + QUOTE_KEEP_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** A company's subscriptions, newest first (quotes included unless `paidOnly`). */
export async function companySubscriptions(agentId: string, limit = 50): Promise<SubscriptionRecord[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :p',
      ExpressionAttributeValues: { ':p': companyPartition(agentId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((i) => live(i)).filter((r): r is SubscriptionRecord => r !== undefined);
}

/** Records the provider's payment on a pending subscription and the pointer from the payment to it. */
export async function recordPayment(subscribeId: string, paymentId: string, status: string): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...paymentPointerKey(paymentId), subscribeId, paymentId },
    }),
  );
  await applied(
    db().send(
      new UpdateCommand({
        TableName: table(),
        Key: subscriptionKey(subscribeId),
        UpdateExpression: 'SET paymentId = :id, paymentStatus = :s',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':id': paymentId, ':s': status, ':pending': 'pending' },
      }),
    ),
  );
}

export async function subscriptionOfPayment(paymentId: string): Promise<SubscriptionRecord | undefined> {
  if (!paymentId) return undefined;
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: paymentPointerKey(paymentId) }));
  return Item ? getSubscription(String(Item.subscribeId)) : undefined;
}

/**
 * pending → failed with the reason, only while the subscription's payment is still `paymentId` (none when the
 * payment was never created): a late failure of an earlier attempt never fails a newer one.
 */
export function recordFailure(subscribeId: string, reason: string, paymentId?: string): Promise<boolean> {
  return applied(
    db().send(
      new UpdateCommand({
        TableName: table(),
        Key: subscriptionKey(subscribeId),
        UpdateExpression: 'SET #status = :failed, failure = :reason',
        ConditionExpression: paymentId
          ? '#status = :pending AND paymentId = :pid'
          : '#status = :pending AND attribute_not_exists(paymentId)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':pending': 'pending',
          ':reason': reason.slice(0, 500),
          ...(paymentId ? { ':pid': paymentId } : {}),
        },
      }),
    ),
  );
}

export async function recordRefund(subscribeId: string, refundId: string, status: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: subscriptionKey(subscribeId),
      UpdateExpression: 'SET refundId = :id, refundStatus = :s',
      ExpressionAttributeValues: { ':id': refundId, ':s': status },
    }),
  );
}

/** Ids on an index partition whose sort key (an ISO time) is at or before `now`. */
export async function dueOn(
  index: 'gsi1' | 'gsi3',
  partition: string,
  now: Date,
): Promise<{ subscribeId: string; agentId: string }[]> {
  const out: { subscribeId: string; agentId: string }[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: index,
        KeyConditionExpression: `${index}pk = :p AND ${index}sk <= :now`,
        ExpressionAttributeValues: { ':p': partition, ':now': now.toISOString() },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? [])
      out.push({ subscribeId: String(item.subscribeId), agentId: String(item.agentId) });
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}
