/**
 * Subscription records (a company's purchase of a plan). `pending` until paid, then `active` until its
 * expiry, then `expired`; `failed` when the payment did not complete. Active ones are indexed by expiry.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { transitionStatus } from '@functions/lib/conditional.ts';

export const subscriptionKey = (subscribeId: string) => ({ pk: `SUBSCRIBE#${subscribeId}`, sk: 'SUBSCRIBE' });
export const ACTIVE_SUBSCRIPTIONS = 'SUBSCRIPTION#active';

export interface SubscriptionRecord {
  subscribeId: string;
  agentId: string;
  status: 'pending' | 'active' | 'expired' | 'failed';
  validDays: number;
  toPayFee: number;
  paymentId?: string;
  activatedAt?: string;
  expireAt?: string;
  failure?: string;
}

const table = () => config.tableName('main');

export async function getSubscription(subscribeId: string): Promise<SubscriptionRecord | undefined> {
  const { Item } = await dynamoDocument().send(
    new GetCommand({ TableName: table(), Key: subscriptionKey(subscribeId) }),
  );
  return Item as SubscriptionRecord | undefined;
}

/** pending → active; a second activation of the same subscription returns it unchanged. */
export async function activate(subscribeId: string, now = new Date()): Promise<SubscriptionRecord> {
  const current = await getSubscription(subscribeId);
  if (!current) throw new Error(`Subscription ${subscribeId} does not exist`);
  if (current.status === 'active') return current;
  const expireAt = new Date(now.getTime() + current.validDays * 86_400_000).toISOString();
  const { Attributes } = await dynamoDocument().send(
    new UpdateCommand({
      TableName: table(),
      Key: subscriptionKey(subscribeId),
      UpdateExpression:
        'SET #status = :active, activatedAt = :now, expireAt = :exp, gsi1pk = :idx, gsi1sk = :exp REMOVE failure',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':active': 'active',
        ':pending': 'pending',
        ':now': now.toISOString(),
        ':exp': expireAt,
        ':idx': ACTIVE_SUBSCRIPTIONS,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes as SubscriptionRecord;
}

/** pending → failed with the reason; an active subscription is never failed afterwards. */
export function recordFailure(subscribeId: string, reason: string): Promise<boolean> {
  return transitionStatus({
    table: table(),
    key: subscriptionKey(subscribeId),
    from: ['pending'],
    set: { status: 'failed', failure: reason.slice(0, 500) },
  });
}

export async function expireDue(now = new Date()): Promise<string[]> {
  const expired: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocument().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p AND gsi1sk <= :now',
        ExpressionAttributeValues: { ':p': ACTIVE_SUBSCRIPTIONS, ':now': now.toISOString() },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const id = String(item.subscribeId);
      const done = await transitionStatus({
        table: table(),
        key: subscriptionKey(id),
        from: ['active'],
        set: { status: 'expired' },
        remove: ['gsi1pk', 'gsi1sk'],
      });
      if (done) expired.push(id);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return expired;
}
