/**
 * The subscription entities read subscriptions, payment pointers and the company's subscription fields as
 * functions/plans/* wrote them (by hand), and write the items the old code wrote, under the same
 * conditions.
 */
import { describe, expect, it } from 'vitest';
import {
  activateSubscription,
  companySubscriptionItems,
  dueSubscriptions,
  endSubscription,
  expireCompanySubscription,
  getSubscriptionItem,
  lockForPayment,
  putQuote,
  recordFailure,
  recordPayment,
  recordRefund,
  releasePaymentLock,
  setPayMethod,
  startSubscription,
  subscriptionIdOfPayment,
  subscriptionKey,
  type SubscriptionRecord,
} from '@functions/data/plan-subscriptions.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const T0 = '2026-07-01T10:00:00.000Z';
const record = (
  id: string,
  agentId: string,
  extra: Partial<SubscriptionRecord> = {},
): SubscriptionRecord => ({
  subscribeId: id,
  agentId,
  tenant: `/${agentId}/`,
  status: 'quoted',
  mode: 1,
  planId: 'P1',
  row: { featurePackageType: 1 } as SubscriptionRecord['row'],
  firstFlag: true,
  refundFlag: false,
  totalFee: 1000,
  toPayFee: 1000,
  refundFee: 0,
  credit: 0,
  validDays: 30,
  createdAt: T0,
  ...extra,
});
/** A quote as putQuote wrote it. */
const quoteItem = (r: SubscriptionRecord, expiresAt: number) => ({
  ...r,
  pk: `SUBSCRIBE#${r.subscribeId}`,
  sk: 'SUBSCRIBE',
  gsi2pk: `SUBSCRIBE#agent#${r.agentId}`,
  gsi2sk: `${r.createdAt}#${r.subscribeId}`,
  expiresAt,
});
const operatorKey = (id: string) => ({ pk: `OPERATOR#${id}`, sk: 'OPERATOR' });
/** An operator item as the identity repository stores it. */
const operator = (id: string, extra: Record<string, unknown> = {}) => ({
  ...operatorKey(id),
  gsi1pk: 'OPERATOR',
  gsi1sk: `/${id}/2026-01-01T00:00:00.000Z#${id}`,
  id,
  operatorName: `company ${id}`,
  path: `/${id}/`,
  tenant: `/${id}/`,
  createTime: '2026-01-01T00:00:00.000Z',
  version: 2,
  subStatus: 0,
  ...extra,
});

describe('subscriptions', () => {
  it('reads subscriptions written the old way: by id, by company, due on the indexes', async () => {
    const a = quoteItem(record('S1', 'A1'), 2_000_000_000);
    const b = quoteItem(record('S2', 'A1', { createdAt: '2026-07-02T10:00:00.000Z' }), 2_000_000_000);
    await rawPut(a);
    await rawPut(b);
    await rawPut({
      ...quoteItem(record('S3', 'A2'), 1),
      status: 'active',
      gsi1pk: 'SUBSCRIPTION#active',
      gsi1sk: '2026-08-01T00:00:00.000Z',
    });
    await rawPut({
      ...quoteItem(record('S4', 'A2'), 1),
      status: 'scheduled',
      gsi3pk: 'SUBSCRIPTION#scheduled',
      gsi3sk: '2026-07-15T00:00:00.000Z',
    });
    const { pk: _p, sk: _s, gsi2pk: _gp, gsi2sk: _gs, ...stored } = a;
    expect(await getSubscriptionItem('S1')).toEqual(stored);
    expect(await getSubscriptionItem('NONE')).toBeUndefined();
    expect((await companySubscriptionItems('A1', 50)).map((i) => i.subscribeId)).toEqual(['S2', 'S1']);
    expect((await companySubscriptionItems('A1', 1)).map((i) => i.subscribeId)).toEqual(['S2']);
    expect(await dueSubscriptions('gsi1', 'SUBSCRIPTION#active', '2026-08-01T00:00:00.000Z')).toEqual([
      { subscribeId: 'S3', agentId: 'A2' },
    ]);
    expect(await dueSubscriptions('gsi1', 'SUBSCRIPTION#active', '2026-07-31T23:59:59.999Z')).toEqual([]);
    expect(await dueSubscriptions('gsi3', 'SUBSCRIPTION#scheduled', '2026-07-16T00:00:00.000Z')).toEqual([
      { subscribeId: 'S4', agentId: 'A2' },
    ]);
    expect(await dueSubscriptions('gsi3', 'SUBSCRIPTION#scheduled', '2026-07-14T00:00:00.000Z')).toEqual([]);
  });

  it('writes a quote as the old code did, once', async () => {
    await putQuote(record('Q1', 'A3'), 2_000_000_000);
    expect(await rawGet(subscriptionKey('Q1'))).toEqual(quoteItem(record('Q1', 'A3'), 2_000_000_000));
    await expect(putQuote(record('Q1', 'A3', { totalFee: 1 }), 1)).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
  });

  it('locks for payment as the old transaction did, and refuses what it refused', async () => {
    const now = '2026-07-01T10:05:00.000Z';
    const stale = '2026-07-01T09:05:00.000Z';
    await rawPut({
      ...quoteItem(record('L1', 'B1'), 2_000_000_000),
      failure: 'old',
      paymentId: 'pi_0',
      paymentStatus: 'failed',
    });
    await rawPut(operator('B1'));
    expect(
      await lockForPayment({ subscribeId: 'L1', agentId: 'B1', now, staleBefore: stale }),
    ).toBeUndefined();
    const { expiresAt: _e, ...quoted } = quoteItem(record('L1', 'B1'), 0);
    expect(await rawGet(subscriptionKey('L1'))).toEqual({ ...quoted, status: 'pending', payAttempt: 1 });
    expect(await rawGet(operatorKey('B1'))).toEqual(
      operator('B1', { payingId: 'L1', payingAt: now, version: 3 }),
    );
    // Pending now: the subscription refuses.
    expect(await lockForPayment({ subscribeId: 'L1', agentId: 'B1', now, staleBefore: stale })).toBe(
      'subscription',
    );

    // Another quote of the company while L1's payment runs: the company refuses, until the lock is stale.
    await rawPut({ ...quoteItem(record('L2', 'B1'), 2_000_000_000), status: 'failed', payAttempt: 2 });
    expect(await lockForPayment({ subscribeId: 'L2', agentId: 'B1', now, staleBefore: stale })).toBe(
      'company',
    );
    expect(
      await lockForPayment({
        subscribeId: 'L2',
        agentId: 'B1',
        now: '2026-07-01T11:06:00.000Z',
        staleBefore: '2026-07-01T10:06:00.000Z',
      }),
    ).toBeUndefined();
    expect((await rawGet(subscriptionKey('L2')))?.payAttempt).toBe(3);
    // A renewal quoted on another current subscription, or with a scheduled next one, is refused.
    await rawPut(operator('B2', { subscribeId: 'OLD' }));
    await rawPut(quoteItem(record('L3', 'B2'), 2_000_000_000));
    expect(await lockForPayment({ subscribeId: 'L3', agentId: 'B2', now, staleBefore: stale })).toBe(
      'company',
    );
    expect(
      await lockForPayment({
        subscribeId: 'L3',
        agentId: 'B2',
        lastSubscribeId: 'OTHER',
        now,
        staleBefore: stale,
      }),
    ).toBe('company');
    await rawPut(operator('B2', { subscribeId: 'OLD', nextSubscribeId: 'NEXT' }));
    expect(
      await lockForPayment({
        subscribeId: 'L3',
        agentId: 'B2',
        lastSubscribeId: 'OLD',
        now,
        staleBefore: stale,
      }),
    ).toBe('company');
    await rawPut(operator('B2', { subscribeId: 'OLD' }));
    expect(
      await lockForPayment({
        subscribeId: 'L3',
        agentId: 'B2',
        lastSubscribeId: 'OLD',
        now,
        staleBefore: stale,
      }),
    ).toBeUndefined();

    // Releasing the lock: only the subscription holding it.
    expect(await releasePaymentLock('B2', 'OTHER')).toBe(false);
    expect(await releasePaymentLock('B2', 'L3')).toBe(true);
    expect(await rawGet(operatorKey('B2'))).toEqual(operator('B2', { subscribeId: 'OLD', version: 4 }));
  });

  it('records payments, failures, refunds and the pay method as the old writes did', async () => {
    const pending = { ...quoteItem(record('P1', 'C1'), 0), status: 'pending', payAttempt: 1 };
    delete (pending as { expiresAt?: number }).expiresAt;
    await rawPut(pending);
    await recordPayment('P1', 'pi_1', 'processing');
    expect(await rawGet({ pk: 'SUBPAYMENT#pi_1', sk: 'SUBPAYMENT' })).toEqual({
      pk: 'SUBPAYMENT#pi_1',
      sk: 'SUBPAYMENT',
      subscribeId: 'P1',
      paymentId: 'pi_1',
    });
    expect(await subscriptionIdOfPayment('pi_1')).toBe('P1');
    expect(await subscriptionIdOfPayment('pi_none')).toBeUndefined();
    expect(await rawGet(subscriptionKey('P1'))).toEqual({
      ...pending,
      paymentId: 'pi_1',
      paymentStatus: 'processing',
    });

    // A late failure of another payment fails nothing; this payment's fails it.
    expect(await recordFailure('P1', 'declined', 'pi_0')).toBe(false);
    expect(await recordFailure('P1', 'declined')).toBe(false);
    expect(await recordFailure('P1', 'declined', 'pi_1')).toBe(true);
    expect(await rawGet(subscriptionKey('P1'))).toEqual({
      ...pending,
      paymentId: 'pi_1',
      paymentStatus: 'processing',
      status: 'failed',
      failure: 'declined',
    });
    expect(await recordFailure('P1', 'again', 'pi_1')).toBe(false);
    // Never paid (no payment): failed while pending.
    await rawPut({ ...pending, subscribeId: 'P2', ...subscriptionKey('P2') });
    expect(await recordFailure('P2', 'no card')).toBe(true);
    // A payment recorded after the subscription left pending: the pointer only.
    await recordPayment('P2', 'pi_2', 'succeeded');
    expect((await rawGet(subscriptionKey('P2')))?.paymentId).toBeUndefined();

    await recordRefund('P1', 're_1', 'succeeded');
    await setPayMethod('P1', 'card');
    expect(await rawGet(subscriptionKey('P1'))).toEqual({
      ...pending,
      paymentId: 'pi_1',
      paymentStatus: 'processing',
      status: 'failed',
      failure: 'declined',
      refundId: 're_1',
      refundStatus: 'succeeded',
      payMethod: 'card',
    });
  });

  it('activates, starts and expires with the company as the old transactions did', async () => {
    const pending = { ...quoteItem(record('A', 'D1'), 0), status: 'pending', payAttempt: 1, failure: 'x' };
    delete (pending as { expiresAt?: number }).expiresAt;
    await rawPut(pending);
    await rawPut(operator('D1', { payingId: 'A', payingAt: T0 }));
    const now = {
      subscribeId: 'A',
      agentId: 'D1',
      featurePackageType: 1,
      later: false,
      startAt: T0,
      expireAt: '2026-07-31T10:00:00.000Z',
      activatedAt: T0,
      paidFee: 1000,
    };
    // The company's lock is not this subscription's: refused, nothing written.
    await rawPut(operator('D1', { payingId: 'OTHER', payingAt: T0 }));
    expect(await activateSubscription(now)).toBe(false);
    expect(await rawGet(subscriptionKey('A'))).toEqual(pending);
    await rawPut(operator('D1', { payingId: 'A', payingAt: T0 }));
    expect(await activateSubscription(now)).toBe(true);
    const { failure: _f, ...rest } = pending;
    const active = {
      ...rest,
      status: 'active',
      startAt: T0,
      expireAt: now.expireAt,
      activatedAt: T0,
      paidFee: 1000,
      gsi1pk: 'SUBSCRIPTION#active',
      gsi1sk: now.expireAt,
    };
    expect(await rawGet(subscriptionKey('A'))).toEqual(active);
    const current = {
      subStatus: 1,
      featurePackageType: 1,
      subscribeId: 'A',
      subscribeExpireAt: now.expireAt,
      version: 3,
    };
    expect(await rawGet(operatorKey('D1'))).toEqual(operator('D1', current));
    expect(await activateSubscription(now)).toBe(false);

    // A renewal paid now, starting at the current one's anniversary: scheduled.
    const renewal = { ...pending, subscribeId: 'B', ...subscriptionKey('B'), lastSubscribeId: 'A' };
    await rawPut(renewal);
    await rawPut(operator('D1', { ...current, payingId: 'B', payingAt: T0 }));
    const later = {
      ...now,
      subscribeId: 'B',
      lastSubscribeId: 'A',
      later: true,
      startAt: now.expireAt,
      expireAt: '2026-08-30T10:00:00.000Z',
    };
    expect(await activateSubscription({ ...later, lastSubscribeId: 'OTHER' })).toBe(false);
    expect(await activateSubscription(later)).toBe(true);
    const { failure: _g, ...renewalRest } = renewal;
    const scheduled = {
      ...renewalRest,
      status: 'scheduled',
      startAt: later.startAt,
      expireAt: later.expireAt,
      activatedAt: T0,
      paidFee: 1000,
      gsi3pk: 'SUBSCRIPTION#scheduled',
      gsi3sk: later.startAt,
    };
    expect(await rawGet(subscriptionKey('B'))).toEqual(scheduled);
    expect(await rawGet(operatorKey('D1'))).toEqual(
      operator('D1', { ...current, nextSubscribeId: 'B', subscribeExpireAt: later.expireAt, version: 4 }),
    );

    // Started: off the start index, on the expiry index; the company's current one.
    const start = {
      subscribeId: 'B',
      agentId: 'D1',
      featurePackageType: 1,
      expireAt: later.expireAt,
      startedAt: later.startAt,
    };
    expect(await startSubscription({ ...start, agentId: 'D2' })).toBe(false);
    expect(await startSubscription(start)).toBe(true);
    const { gsi3pk: _p3, gsi3sk: _s3, ...off } = scheduled;
    expect(await rawGet(subscriptionKey('B'))).toEqual({
      ...off,
      status: 'active',
      gsi1pk: 'SUBSCRIPTION#active',
      gsi1sk: later.expireAt,
      startedAt: later.startAt,
    });
    expect(await rawGet(operatorKey('D1'))).toEqual(
      operator('D1', {
        subStatus: 1,
        featurePackageType: 1,
        subscribeId: 'B',
        subscribeExpireAt: later.expireAt,
        version: 5,
      }),
    );
    expect(await startSubscription(start)).toBe(false);

    // The one it followed ends (off the expiry index), once.
    await rawPut({ ...active, subscribeId: 'OLD', ...subscriptionKey('OLD') });
    expect(await endSubscription('OLD', later.startAt, 'B')).toBe(true);
    const { gsi1pk: _p1, gsi1sk: _s1, ...ended } = active;
    expect(await rawGet(subscriptionKey('OLD'))).toEqual({
      ...ended,
      subscribeId: 'OLD',
      ...subscriptionKey('OLD'),
      status: 'expired',
      endedAt: later.startAt,
      supersededBy: 'B',
    });
    expect(await endSubscription('OLD', later.startAt)).toBe(false);

    // Expired: only while it is still the company's current one.
    expect(await expireCompanySubscription('D1', 'A')).toBe(false);
    expect(await expireCompanySubscription('D1', 'B')).toBe(true);
    expect(await rawGet(operatorKey('D1'))).toEqual(
      operator('D1', { subStatus: 0, featurePackageType: 1, version: 6 }),
    );
  });
});
