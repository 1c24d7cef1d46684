/**
 * Subscriptions and their payments (functions/plans/*, decisions 293-298).
 *
 * Items:
 * - a subscription `SUBSCRIBE#{subscribeId}` / `SUBSCRIBE` (the record as the domain gives it);
 * - a payment pointer `SUBPAYMENT#{paymentId}` / `SUBPAYMENT` (`subscribeId`, `paymentId`): the provider's
 *   payment (intent) leads to its subscription;
 * - the company's subscription fields on its operator item `OPERATOR#{id}` / `OPERATOR` (the identity
 *   repository's item: `subStatus`, `featurePackageType`, `subscribeId`, `subscribeExpireAt`,
 *   `nextSubscribeId`, the payment lock `payingId` / `payingAt`, and `version`, bumped by each change).
 *
 * Access patterns:
 * - a subscription by id; a company's subscriptions, newest first (gsi2 `SUBSCRIBE#agent#{agentId}`,
 *   `{createdAt}#{subscribeId}`); the active ones by expiry (gsi1 `SUBSCRIPTION#active`, `{expireAt}`) and the
 *   scheduled ones by start (gsi3 `SUBSCRIPTION#scheduled`, `{startAt}`), due at or before an instant. The
 *   gsi1 / gsi3 entries are the item's own attributes, set and removed as the subscription moves;
 * - put a quote (refused when the id exists); lock for payment (quoted|failed → pending, one transaction with
 *   the company's payment lock); record the provider's payment (the pointer, and the subscription while
 *   pending); fail (while pending and still on the same payment); record a refund; the pay method;
 * - activate (pending → active or scheduled) and start (scheduled → active), each one transaction with the
 *   company's fields; the company's expiry and release of its payment lock;
 * - end an active one (active → expired, off the expiry index; functions/data/transitions.ts).
 */
import { SUB_STATUS } from '@shared/schemas/admin.ts';
import type { PriceRow, SubscribeStatus } from '@shared/schemas/subscription.ts';
import { applied, cancellationCodes } from '@functions/lib/conditional.ts';
import { transitionStatus } from './transitions.ts';
import { defineEntity, getRecord, model, putRecord, queryAll, send, type TransactItem } from './table.ts';

export const ACTIVE_SUBSCRIPTIONS = 'SUBSCRIPTION#active';
export const SCHEDULED_SUBSCRIPTIONS = 'SUBSCRIPTION#scheduled';

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

export const subscriptions = defineEntity({
  model: model('SUBSCRIBE'),
  attributes: {
    subscribeId: { type: 'string', required: true },
    agentId: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    status: { type: 'string' },
    startAt: { type: 'string' },
    expireAt: { type: 'string' },
    activatedAt: { type: 'string' },
    startedAt: { type: 'string' },
    paidFee: { type: 'number' },
    payAttempt: { type: 'number' },
    paymentId: { type: 'string' },
    paymentStatus: { type: 'string' },
    payMethod: { type: 'string' },
    refundId: { type: 'string' },
    refundStatus: { type: 'string' },
    failure: { type: 'string' },
    expiresAt: { type: 'number' },
    /** The due indexes' entries, as they are stored (present only while active / scheduled). */
    gsi1pk: { type: 'string' },
    gsi1sk: { type: 'string' },
    gsi3pk: { type: 'string' },
    gsi3sk: { type: 'string' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['subscribeId'], template: 'SUBSCRIBE#${subscribeId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'SUBSCRIBE', casing: 'none' },
    },
    activeByExpiry: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['gsi1pk'], casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['gsi1sk'], casing: 'none' },
    },
    byCompany: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['agentId'], template: 'SUBSCRIBE#agent#${agentId}', casing: 'none' },
      sk: {
        field: 'gsi2sk',
        composite: ['createdAt', 'subscribeId'],
        template: '${createdAt}#${subscribeId}',
        casing: 'none',
      },
    },
    scheduledByStart: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['gsi3pk'], casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['gsi3sk'], casing: 'none' },
    },
  },
});

export const paymentPointers = defineEntity({
  model: model('SUBPAYMENT'),
  attributes: {
    paymentId: { type: 'string', required: true },
    subscribeId: { type: 'string', required: true },
  },
  indexes: {
    byPayment: {
      pk: { field: 'pk', composite: ['paymentId'], template: 'SUBPAYMENT#${paymentId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'SUBPAYMENT', casing: 'none' },
    },
  },
});

/** The subscription fields of the company's operator item (the identity repository writes the rest). */
export const companySubscriptionFields = defineEntity({
  model: model('OPERATOR'),
  attributes: {
    id: { type: 'string', required: true },
    subStatus: { type: 'number' },
    featurePackageType: { type: 'number' },
    subscribeId: { type: 'string' },
    subscribeExpireAt: { type: 'string' },
    nextSubscribeId: { type: 'string' },
    payingId: { type: 'string' },
    payingAt: { type: 'string' },
    version: { type: 'number' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'OPERATOR#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'OPERATOR', casing: 'none' },
    },
  },
});

export const subscriptionKey = (subscribeId: string) =>
  subscriptions.get({ subscribeId }).params().Key as { pk: string; sk: string };

/** The stored subscription item (without keys and index entries), whatever its TTL says. */
export const getSubscriptionItem = (subscribeId: string) =>
  getRecord<SubscriptionRecord>(subscriptions.get({ subscribeId }).params());

/** Writes a new quote, with its TTL; refused (condition) when the id exists. */
export async function putQuote(record: SubscriptionRecord, expiresAt: number): Promise<void> {
  const { subscribeId, agentId, createdAt } = record;
  await send.put(
    putRecord(subscriptions.create({ subscribeId, agentId, createdAt, expiresAt }).params(), {
      ...record,
      expiresAt,
    }),
  );
}

/** A company's subscriptions, newest first, at most `limit` (as stored). */
export async function companySubscriptionItems(agentId: string, limit: number) {
  const { Items = [] } = await send.query(
    subscriptions.query.byCompany({ agentId }).params({ order: 'desc', limit }),
  );
  return Items;
}

/** The subscriptions of a due index whose time is at or before `now` (ISO), oldest first. */
export async function dueSubscriptions(
  index: 'gsi1' | 'gsi3',
  partition: string,
  now: string,
): Promise<{ subscribeId: string; agentId: string }[]> {
  const items = await queryAll(
    index === 'gsi1'
      ? subscriptions.query.activeByExpiry({ gsi1pk: partition }).lte({ gsi1sk: now }).params()
      : subscriptions.query.scheduledByStart({ gsi3pk: partition }).lte({ gsi3sk: now }).params(),
  );
  return items.map((item) => ({ subscribeId: String(item.subscribeId), agentId: String(item.agentId) }));
}

/** Records the provider's payment: the pointer, and the subscription's payment while it is pending. */
export async function recordPayment(subscribeId: string, paymentId: string, status: string): Promise<void> {
  await send.put(paymentPointers.put({ paymentId, subscribeId }).params());
  await applied(
    send.update(
      subscriptions
        .update({ subscribeId })
        .set({ paymentId, paymentStatus: status })
        .where((a, op) => op.eq(a.status, 'pending'))
        .params(),
    ),
  );
}

/** The id of the subscription a provider payment pays, if the pointer exists. */
export async function subscriptionIdOfPayment(paymentId: string): Promise<string | undefined> {
  const { Item } = await send.get(paymentPointers.get({ paymentId }).params());
  return Item ? String(Item.subscribeId) : undefined;
}

/**
 * pending → failed with the reason, only while the subscription's payment is still `paymentId` (none when the
 * payment was never created).
 */
export const recordFailure = (subscribeId: string, reason: string, paymentId?: string) =>
  applied(
    send.update(
      subscriptions
        .update({ subscribeId })
        .set({ status: 'failed', failure: reason })
        .where(
          (a, op) =>
            `${op.eq(a.status, 'pending')} AND ${paymentId ? op.eq(a.paymentId, paymentId) : op.notExists(a.paymentId)}`,
        )
        .params(),
    ),
  );

export async function recordRefund(subscribeId: string, refundId: string, status: string): Promise<void> {
  await send.update(subscriptions.update({ subscribeId }).set({ refundId, refundStatus: status }).params());
}

export async function setPayMethod(subscribeId: string, payMethod: string): Promise<void> {
  await send.update(subscriptions.update({ subscribeId }).set({ payMethod }).params());
}

/** One transaction; false when it was cancelled (a condition failed or another transaction collided). */
async function transact(items: TransactItem[]): Promise<boolean> {
  try {
    await send.transact(items);
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
}

/** The company's fields of a current subscription; `version` moves (a console edit read before is stale). */
const makeCurrent = (
  agentId: string,
  current: { subscribeId: string; featurePackageType: number; expireAt: string },
) =>
  companySubscriptionFields
    .update({ id: agentId })
    .set({
      subStatus: SUB_STATUS.subscribed,
      featurePackageType: current.featurePackageType,
      subscribeId: current.subscribeId,
      subscribeExpireAt: current.expireAt,
    })
    .remove(['payingId', 'payingAt', 'nextSubscribeId'])
    .add({ version: 1 });

export interface Activation {
  subscribeId: string;
  agentId: string;
  featurePackageType: number;
  /** The subscription it follows (a renewal); the company must still have it when it is scheduled. */
  lastSubscribeId?: string;
  /** Whether it starts later (scheduled at `startAt`) or now (active). */
  later: boolean;
  startAt: string;
  expireAt: string;
  activatedAt: string;
  paidFee: number;
}

/**
 * pending → active (on the expiry index) or scheduled (on the start index), with the company's fields: a
 * current subscription, or, scheduled, only its next one and the end; conditional on the company's payment
 * lock being this subscription's (and, scheduled, on its current one being the one this follows). False when
 * the transaction was refused.
 */
export function activateSubscription(a: Activation): Promise<boolean> {
  const subscription = subscriptions
    .update({ subscribeId: a.subscribeId })
    .set({
      status: a.later ? 'scheduled' : 'active',
      startAt: a.startAt,
      expireAt: a.expireAt,
      activatedAt: a.activatedAt,
      paidFee: a.paidFee,
      ...(a.later
        ? { gsi3pk: SCHEDULED_SUBSCRIPTIONS, gsi3sk: a.startAt }
        : { gsi1pk: ACTIVE_SUBSCRIPTIONS, gsi1sk: a.expireAt }),
    })
    .remove(['failure'])
    .where((s, op) => op.eq(s.status, 'pending'))
    .params();
  const company = a.later
    ? companySubscriptionFields
        .update({ id: a.agentId })
        // The company is subscribed until the renewal's end: no expiry warning for the current one's end.
        .set({ nextSubscribeId: a.subscribeId, subscribeExpireAt: a.expireAt })
        .remove(['payingId', 'payingAt'])
        .add({ version: 1 })
        .where(
          (c, op) => `${op.eq(c.payingId, a.subscribeId)} AND ${op.eq(c.subscribeId, a.lastSubscribeId)}`,
        )
        .params()
    : makeCurrent(a.agentId, a)
        .where((c, op) => op.eq(c.payingId, a.subscribeId))
        .params();
  return transact([{ Update: subscription }, { Update: company }] as TransactItem[]);
}

/**
 * scheduled → active (off the start index, on the expiry index) with the company's fields of a current
 * subscription, while the company still waits for it as its next one. False when refused.
 */
export function startSubscription(s: {
  subscribeId: string;
  agentId: string;
  featurePackageType: number;
  expireAt: string;
  startedAt: string;
}): Promise<boolean> {
  const subscription = subscriptions
    .update({ subscribeId: s.subscribeId })
    .set({ status: 'active', gsi1pk: ACTIVE_SUBSCRIPTIONS, gsi1sk: s.expireAt, startedAt: s.startedAt })
    .remove(['gsi3pk', 'gsi3sk'])
    .where((a, op) => op.eq(a.status, 'scheduled'))
    .params();
  const company = makeCurrent(s.agentId, s)
    .where((c, op) => op.eq(c.nextSubscribeId, s.subscribeId))
    .params();
  return transact([{ Update: subscription }, { Update: company }] as TransactItem[]);
}

/** The company back to not subscribed, while `subscribeId` is still its current subscription. */
export function expireCompanySubscription(agentId: string, subscribeId: string): Promise<boolean> {
  return transact([
    {
      Update: companySubscriptionFields
        .update({ id: agentId })
        .set({ subStatus: SUB_STATUS.notSubscribed })
        .remove(['subscribeId', 'subscribeExpireAt'])
        .add({ version: 1 })
        .where((c, op) => op.eq(c.subscribeId, subscribeId))
        .params(),
    },
  ] as TransactItem[]);
}

/** Why a payment lock was refused: the subscription's status, the company's state, or a collision. */
export type PaymentLockRefusal = 'subscription' | 'company' | 'conflict';

/**
 * quoted|failed → pending (a new attempt: `payAttempt` + 1, the last attempt's payment, failure and TTL
 * forgotten) and the company's payment lock, in one transaction. The company must still have the subscription
 * the quote followed (none for a first one), no scheduled next one, and no other payment running (none, this
 * one, or one locked before `staleBefore`). Undefined when locked; otherwise which part refused.
 */
export async function lockForPayment(input: {
  subscribeId: string;
  agentId: string;
  lastSubscribeId?: string;
  now: string;
  staleBefore: string;
}): Promise<PaymentLockRefusal | undefined> {
  const subscription = subscriptions
    .update({ subscribeId: input.subscribeId })
    .set({ status: 'pending' })
    .add({ payAttempt: 1 })
    .remove(['expiresAt', 'failure', 'paymentId', 'paymentStatus'])
    .where((a, op) => `${op.eq(a.status, 'quoted')} OR ${op.eq(a.status, 'failed')}`)
    .params();
  const company = companySubscriptionFields
    .update({ id: input.agentId })
    .set({ payingId: input.subscribeId, payingAt: input.now })
    .add({ version: 1 })
    .where((c, op) =>
      [
        input.lastSubscribeId ? op.eq(c.subscribeId, input.lastSubscribeId) : op.notExists(c.subscribeId),
        op.notExists(c.nextSubscribeId),
        `(${op.notExists(c.payingId)} OR ${op.eq(c.payingId, input.subscribeId)} OR ${op.lt(c.payingAt, input.staleBefore)})`,
      ].join(' AND '),
    )
    .params();
  try {
    await send.transact([{ Update: subscription }, { Update: company }] as TransactItem[]);
    return undefined;
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    if (codes[0] === 'ConditionalCheckFailed') return 'subscription';
    if (codes[1] === 'ConditionalCheckFailed') return 'company';
    return 'conflict';
  }
}

/** Releases the company's payment lock while it is `subscribeId`'s (the company may pay again). */
export const releasePaymentLock = (agentId: string, subscribeId: string) =>
  applied(
    send.update(
      companySubscriptionFields
        .update({ id: agentId })
        .remove(['payingId', 'payingAt'])
        .add({ version: 1 })
        .where((c, op) => op.eq(c.payingId, subscribeId))
        .params(),
    ),
  );

/** active → expired (off the expiry index), with when it ended and, replaced by a newer one, by which. */
export const endSubscription = (subscribeId: string, endedAt: string, supersededBy?: string) =>
  transitionStatus({
    key: subscriptionKey(subscribeId),
    from: ['active'],
    set: { status: 'expired', endedAt, ...(supersededBy ? { supersededBy } : {}) },
    remove: ['gsi1pk', 'gsi1sk'],
  });
