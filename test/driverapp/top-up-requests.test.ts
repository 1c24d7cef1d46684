/**
 * Top-up requests and payment events, with real concurrency against the local runtime and the Stripe
 * stand-in (functions/driverapp/wallet.ts, functions/plans/subscribe.ts;
 * docs/decisions/434-one-sign-in-guard-and-strict-money.md):
 * - ten top-ups at once with one requestId and the same body are one payment and one credit, all answered
 *   alike; the same requestId with another amount is refused with a translated message, never a 500;
 * - a confirm with a junk or unknown payment id answers "does not exist";
 * - a signed payment event replayed, one after another and all at once, credits a top-up once and changes a
 *   paid subscription no further.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_ID } from '@infra/local/seed/demo-chargers.ts';
import { signatureHeader } from '@infra/local/stripe/server.ts';
import { getSubscription } from '@functions/accounts/plan-subscriptions.ts';
import { api, companyWithAdmin, login, okCall, signUpAppUser } from '../helpers/identity.ts';
import { paymentMethod } from '../helpers/payments.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let app: string;
let userId: string;

const profile = () => okCall<Json>(rt.url, app, '/app/user/profile');
const ledger = async () =>
  ((await okCall<Json>(rt.url, operator, `/biz/appUser/detail?id=${userId}`)).ledger as Json[]).filter(
    (e) => e.type === 'recharge',
  );
const card = (number: string) => paymentMethod(rt.stripe, number);

/** The payment intent as the stand-in holds it now. */
async function intent(id: string): Promise<Json> {
  const res = await fetch(`${rt.stripe.url}/v1/payment_intents/${id}`, {
    headers: { authorization: `Bearer ${rt.stripe.secretKey}` },
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** One signed `payment_intent.succeeded` event of a payment, as Stripe would deliver it (the same bytes each time). */
async function signedEvent(paymentId: string) {
  const payload = JSON.stringify({
    id: `evt_replay_${paymentId}`,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    data: { object: await intent(paymentId) },
    livemode: false,
    type: 'payment_intent.succeeded',
  });
  return () =>
    fetch(`${rt.url}/admin/subscribe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signatureHeader(payload, rt.stripe.webhookSecret),
      },
      body: payload,
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Json }));
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  ({ token: app, userId } = await signUpAppUser(rt.url, {
    operatorId: DEMO_AGENT_ID,
    email: 'wallet@example.com',
    password: 'Wallet12345',
    userName: 'Wallet',
    source: 3,
  }));
}, 120_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

describe('one requestId', () => {
  it('ten top-ups at once with the same body: one payment, one credit, the same answer', async () => {
    const body = { amount: 20, paymentMethodId: await card('4242424242424242'), requestId: 'same-1' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api(rt.url, app, '/app/wallet/topUp', body)),
    );
    for (const a of answers) expect([a.status, a.code], a.msg).toEqual([200, 0]);
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    expect(answers[0]!.data.accountBalance).toBe(20);
    expect((await profile()).accountBalance).toBe(20);
    expect((await ledger()).map((e) => e.changeBalance)).toEqual([20]);
    // Sent again later ("5" is the same amount as 5.00): the same answer, still one credit.
    const again = await api(rt.url, app, '/app/wallet/topUp', { ...body, amount: '20.00' });
    expect(again.code).toBe(0);
    expect(again.data).toEqual(answers[0]!.data);
    expect((await ledger()).length).toBe(1);
  });

  it('the same requestId with other amounts at once: one payment, the others refused clearly, never a 500', async () => {
    const paymentMethodId = await card('4242424242424242');
    const before = (await profile()).accountBalance as number;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api(rt.url, app, '/app/wallet/topUp', { amount: 1 + i, paymentMethodId, requestId: 'mixed-1' }),
      ),
    );
    expect(answers.every((a) => a.status < 500)).toBe(true);
    const paid = answers.filter((a) => a.code === 0);
    const refused = answers.filter((a) => a.code !== 0);
    expect(paid.length).toBe(1);
    for (const a of refused) {
      expect(a.status).toBe(200);
      expect(a.msg).toBe(
        'This top-up request was already made with another amount or card; start a new top-up',
      );
    }
    const credited = paid[0]!.data.accountBalance - before;
    expect((await profile()).accountBalance).toBe(before + credited);
    // In German too: the refusal is a catalogue message.
    const de = await api(
      rt.url,
      app,
      '/app/wallet/topUp',
      { amount: 99, paymentMethodId, requestId: 'mixed-1' },
      { language: 'de' },
    );
    expect(de.msg).toMatch(/^Diese Aufladung wurde bereits/);
    expect((await ledger()).length).toBe(2);
  });

  it('the same requestId with another card is refused too', async () => {
    const first = await api(rt.url, app, '/app/wallet/topUp', {
      amount: 3,
      paymentMethodId: await card('4242424242424242'),
      requestId: 'card-1',
    });
    expect(first.code).toBe(0);
    const other = await api(rt.url, app, '/app/wallet/topUp', {
      amount: 3,
      paymentMethodId: await card('5555555555554444'),
      requestId: 'card-1',
    });
    expect([other.status, other.code]).toEqual([200, 1]);
    expect(other.msg).toMatch(/already made with another amount or card/);
  });
});

describe('confirm', () => {
  it('answers "does not exist" for a junk or unknown payment id, never a 500', async () => {
    const before = (await profile()).accountBalance;
    for (const paymentId of [
      'junk',
      'pi_doesnotexist123',
      '../../v1/balance',
      'pi_' + 'x'.repeat(240),
      "pi_'; --",
    ]) {
      const answer = await api(rt.url, app, '/app/wallet/confirm', { paymentId });
      expect([answer.status, answer.code], paymentId).toEqual([200, 1]);
      expect(answer.msg).toBe('The record does not exist or you cannot access it');
    }
    expect((await profile()).accountBalance).toBe(before);
  });
});

describe('a replayed payment event', () => {
  it('credits a top-up once, replayed one after another and all at once', async () => {
    const before = (await profile()).accountBalance as number;
    const entries = (await ledger()).length;
    // Extra authentication, then nobody confirms: the provider's event alone credits it.
    const asked = await api(rt.url, app, '/app/wallet/topUp', {
      amount: 7.5,
      paymentMethodId: await card('4000002760003184'),
      requestId: 'event-1',
    });
    expect(asked.code).toBe(2048);
    const paymentId = asked.data.paymentId as string;
    const res = await fetch(`${rt.stripe.url}/3ds/${paymentId}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ client_secret: asked.msg }).toString(),
    });
    expect(res.status).toBe(200);
    await rt.stripe.settled();
    await waitFor(
      async () => (await profile()).accountBalance === before + 7.5,
      15_000,
      'the event’s credit',
    );

    const deliver = await signedEvent(paymentId);
    for (let i = 0; i < 3; i++) expect(await deliver()).toEqual({ status: 200, body: expect.anything() });
    const burst = await Promise.all(Array.from({ length: 8 }, () => deliver()));
    expect(burst.map((b) => b.status)).toEqual(Array(8).fill(200));
    const confirmed = await api(rt.url, app, '/app/wallet/confirm', { paymentId });
    expect(confirmed.code).toBe(0);
    expect((await profile()).accountBalance).toBe(before + 7.5);
    expect((await ledger()).length).toBe(entries + 1);
  });

  it('changes a paid subscription no further', async () => {
    const admin = await login(rt.url, 'admin', 'Admin12345');
    const { token } = await companyWithAdmin(rt.url, admin, 'Replay', { subStatus: 0 });
    const quote = await okCall<Json>(rt.url, token, '/admin/subscribe/overview', {
      firstFlag: true,
      planId: 'plan-universal-basic',
      acConnectorNumber: 2,
      dcConnectorNumber: 0,
    });
    const paid = await api(rt.url, token, '/admin/subscribe/pay', {
      subscribeId: quote.subscribeId,
      toPayFee: quote.toPayFee,
      firstFlag: quote.firstFlag,
      refundFlag: quote.refundFlag,
      paymentMethodId: await card('4242424242424242'),
    });
    expect(paid.code, paid.msg).toBe(0);
    await rt.stripe.settled();
    const record = await waitFor(async () => {
      const r = await getSubscription(quote.subscribeId);
      return r?.status === 'active' ? r : undefined;
    });
    const deliver = await signedEvent(record.paymentId!);
    for (let i = 0; i < 3; i++) expect((await deliver()).status).toBe(200);
    expect((await Promise.all(Array.from({ length: 8 }, () => deliver()))).map((b) => b.status)).toEqual(
      Array(8).fill(200),
    );
    expect(await getSubscription(quote.subscribeId)).toEqual(record);
  });
});
