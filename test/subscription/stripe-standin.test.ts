/**
 * The real `stripe` SDK and the Stripe PaymentProvider against the local Stripe stand-in: Stripe's test cards,
 * card checks, idempotency, 3-D Secure through the challenge page, refunds, signed webhooks (verified by
 * verifyWebhook) and their redelivery, keys, and state kept across a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '@infra/local/stripe/server.ts';
import {
  createStripeProvider,
  STRIPE_API_VERSION,
  type StripeSettings,
} from '@functions/payments/stripe-provider.ts';
import { verifyWebhook, WebhookSignatureError } from '@functions/plans/webhook.ts';
import type { PaymentProvider } from '@functions/payments/payment-provider.ts';

const KEYS = {
  secretKey: 'sk_test_standin0000000000000001',
  publishableKey: 'pk_test_standin0000000000000001',
  webhookSecret: 'whsec_standin000000000000000001',
};

interface Received {
  body: string;
  signature: string | undefined;
}

/** A webhook endpoint that keeps raw bodies; `failNext` makes it answer 500 that many times first. */
async function startReceiver() {
  const received: Received[] = [];
  let failNext = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failNext > 0) {
        failNext--;
        res.writeHead(500);
        return res.end();
      }
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers['stripe-signature'] as string | undefined,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/webhook`,
    received,
    failTimes: (n: number) => (failNext = n),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let dataDir: string;
let standIn: StripeStandIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let stripe: Stripe;
let provider: PaymentProvider;
let settings: StripeSettings;

const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string, extra: { exp_month?: number; exp_year?: number; cvc?: string } = {}) => ({
  type: 'card' as const,
  card: { number, exp_month: 12, exp_year: nextYear, cvc: '123', ...extra },
});
const pmFor = async (number: string) => (await stripe.paymentMethods.create(card(number))).id;
let seq = 0;
const pay = async (number: string, amount = 12_000) => {
  const subscribeId = `sub-${++seq}`;
  return provider.createPayment({
    subscribeId,
    agentId: 'agent-1',
    amount,
    currency: 'USD',
    paymentMethodId: await pmFor(number),
    idempotencyKey: `pay-${subscribeId}`,
  });
};
const challenge = (clientSecret: string, action: 'complete' | 'fail', secret = clientSecret) =>
  fetch(`${standIn.url}/3ds/${clientSecret.split('_secret_')[0]}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_secret: secret }).toString(),
  });
/** The events the receiver got for one payment, verified. */
async function eventsFor(paymentId: string) {
  await standIn.settled();
  return receiver.received
    .map((r) => verifyWebhook(r.body, r.signature, KEYS.webhookSecret))
    .filter((e) => e.payment.paymentId === paymentId);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'stripe-standin-'));
  receiver = await startReceiver();
  standIn = await startStripeStandIn({
    ...KEYS,
    dataDir,
    webhookUrl: receiver.url,
    webhookRetryDelaysMs: [50, 100],
  });
  settings = { ...KEYS, host: '127.0.0.1', port: standIn.port, protocol: 'http' };
  stripe = new Stripe(KEYS.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: '127.0.0.1',
    port: standIn.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  provider = createStripeProvider(() => settings);
});

afterAll(async () => {
  await standIn?.stop();
  await receiver?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('test cards through the provider', () => {
  it('4242 4242 4242 4242 pays; the payment carries the subscription and company', async () => {
    const paid = await pay('4242 4242 4242 4242');
    expect(paid).toMatchObject({
      status: 'succeeded',
      amount: 12_000,
      currency: 'usd',
      metadata: { subscribeId: `sub-${seq}`, agentId: 'agent-1' },
    });
    expect(paid.paymentId).toMatch(/^pi_/);
    expect(await provider.retrievePayment(paid.paymentId)).toMatchObject({ status: 'succeeded' });
  });

  it("4000 0000 0000 0002 is declined: a failed payment with Stripe's message, never succeeded", async () => {
    const declined = await pay('4000000000000002');
    expect(declined).toMatchObject({ status: 'failed', reason: 'Your card was declined.' });
    expect(declined.paymentId).toMatch(/^pi_/);
    expect(await provider.retrievePayment(declined.paymentId)).toMatchObject({
      status: 'failed',
      reason: 'Your card was declined.',
    });
  });

  it('the SDK throws StripeCardError for a decline, with the intent attached as Stripe does', async () => {
    const error = await stripe.paymentIntents
      .create({
        amount: 5000,
        currency: 'usd',
        payment_method: await pmFor('4000000000000002'),
        confirm: true,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const e = error as Stripe.errors.StripeCardError;
    expect(e.statusCode).toBe(402);
    expect(e.rawType).toBe('card_error');
    expect(e.code).toBe('card_declined');
    expect(e.decline_code).toBe('generic_decline');
    expect(e.message).toBe('Your card was declined.');
    expect(e.payment_intent?.status).toBe('requires_payment_method');
    expect(e.payment_intent?.last_payment_error?.message).toBe('Your card was declined.');
  });

  it('other declines keep their own messages', async () => {
    expect(await pay('4000000000009995')).toMatchObject({
      status: 'failed',
      reason: 'Your card has insufficient funds.',
    });
    expect(await pay('4000000000000069')).toMatchObject({
      status: 'failed',
      reason: 'Your card has expired.',
    });
  });

  it('a real (non-test) card number is refused in test mode', async () => {
    // A Luhn-valid number that is not one of Stripe's test cards.
    const result = await pay('4111111111111111');
    expect(result.status).toBe('failed');
    expect(result.reason).toMatch(/test mode/);
  });

  it("an unknown payment method or a too small amount fails with Stripe's message", async () => {
    const base = { subscribeId: 's', agentId: 'a', currency: 'usd', idempotencyKey: 'k-unknown-pm' };
    expect(await provider.createPayment({ ...base, amount: 1000, paymentMethodId: 'pm_nope' })).toMatchObject(
      {
        status: 'failed',
        reason: "No such PaymentMethod: 'pm_nope'",
      },
    );
    expect(
      await provider.createPayment({
        ...base,
        idempotencyKey: 'k-small',
        amount: 10,
        paymentMethodId: await pmFor('4242424242424242'),
      }),
    ).toMatchObject({ status: 'failed', reason: 'Amount must be at least $0.50 usd' });
  });

  it('an id that names a property of every object (toString, __proto__) is unknown, as any other', async () => {
    for (const id of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const base = { subscribeId: 's', agentId: 'a', currency: 'usd', idempotencyKey: `k-proto-${id}` };
      expect(await provider.createPayment({ ...base, amount: 1000, paymentMethodId: id })).toMatchObject({
        status: 'failed',
        reason: `No such PaymentMethod: '${id}'`,
      });
      const error = await stripe.paymentIntents.retrieve(id).then(
        () => undefined,
        (e: Stripe.errors.StripeError) => e,
      );
      expect(error?.statusCode).toBe(404);
    }
  });

  it('amounts are whole cents', async () => {
    await expect(
      provider.createPayment({
        subscribeId: 's',
        agentId: 'a',
        amount: 12.5,
        currency: 'usd',
        paymentMethodId: 'pm_card_visa',
        idempotencyKey: 'k-float',
      }),
    ).rejects.toThrow(/whole number of cents/);
  });
});

describe('card checks when the payment method is made', () => {
  const refused = async (params: ReturnType<typeof card>) => {
    const e = (await stripe.paymentMethods
      .create(params)
      .catch((x: unknown) => x)) as Stripe.errors.StripeError;
    expect(e).toBeInstanceOf(Stripe.errors.StripeCardError);
    return { message: e.message, code: e.code, param: e.param };
  };

  it("refuses a wrong number, expiry or security code with Stripe's messages", async () => {
    expect(await refused(card('4242424242424241'))).toEqual({
      message: 'Your card number is incorrect.',
      code: 'incorrect_number',
      param: 'number',
    });
    expect(
      await refused(card('4242424242424242', { exp_year: new Date().getUTCFullYear() - 1 })),
    ).toMatchObject({
      message: "Your card's expiration year is invalid.",
      param: 'exp_year',
    });
    expect(await refused(card('4242424242424242', { exp_month: 13 }))).toMatchObject({
      message: "Your card's expiration month is invalid.",
      param: 'exp_month',
    });
    expect(await refused(card('4242424242424242', { cvc: '12' }))).toMatchObject({
      message: "Your card's security code is invalid.",
      param: 'cvc',
    });
  });

  it('keeps no card number: the payment method shows brand and last four only', async () => {
    const pm = await stripe.paymentMethods.create(card('4242424242424242'));
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: nextYear });
    expect(JSON.stringify(await stripe.paymentMethods.retrieve(pm.id))).not.toContain('4242424242424242');
  });

  it('the publishable key may make payment methods (the browser) but not payments', async () => {
    const res = await fetch(`${standIn.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: KEYS.publishableKey,
        type: 'card',
        'card[number]': '4242424242424242',
        'card[exp_month]': '12',
        'card[exp_year]': String(nextYear),
        'card[cvc]': '123',
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const browser = new Stripe(KEYS.publishableKey, {
      host: '127.0.0.1',
      port: standIn.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(
      browser.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: true,
      }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('a wrong secret key is refused', async () => {
    const wrong = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: standIn.port, protocol: 'http' });
    await expect(wrong.paymentMethods.retrieve('pm_card_visa')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe('idempotency', () => {
  it('the same key twice is one payment (one charge, one event)', async () => {
    const pm = await pmFor('4242424242424242');
    const input = {
      subscribeId: 'sub-idem',
      agentId: 'agent-1',
      amount: 3000,
      currency: 'usd',
      paymentMethodId: pm,
      idempotencyKey: 'pay-sub-idem',
    };
    const [first, second] = [await provider.createPayment(input), await provider.createPayment(input)];
    expect(second.paymentId).toBe(first.paymentId);
    const events = await eventsFor(first.paymentId);
    expect(events.filter((e) => e.type === 'payment_intent.succeeded')).toHaveLength(1);
  });

  it('a declined payment replays as declined under its key', async () => {
    const pm = await pmFor('4000000000000002');
    const input = {
      subscribeId: 'sub-idem-decline',
      agentId: 'agent-1',
      amount: 3000,
      currency: 'usd',
      paymentMethodId: pm,
      idempotencyKey: 'pay-sub-idem-decline',
    };
    const first = await provider.createPayment(input);
    expect(await provider.createPayment(input)).toEqual(first);
  });

  it('the same key with other parameters is refused (StripeIdempotencyError)', async () => {
    const pm = await pmFor('4242424242424242');
    const params = { amount: 3000, currency: 'usd', payment_method: pm, confirm: true };
    await stripe.paymentIntents.create(params, { idempotencyKey: 'reused-key' });
    await expect(
      stripe.paymentIntents.create({ ...params, amount: 3100 }, { idempotencyKey: 'reused-key' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe('3-D Secure (4000 0027 6000 3184)', () => {
  it('needs authentication: requires_action with the client secret and the challenge page', async () => {
    const pending = await pay('4000 0027 6000 3184');
    expect(pending.status).toBe('requires_action');
    expect(pending.clientSecret).toMatch(new RegExp(`^${pending.paymentId}_secret_`));
    const pi = await stripe.paymentIntents.retrieve(pending.paymentId);
    expect(pi.next_action?.type).toBe('use_stripe_sdk');
    const page = await fetch(
      `${standIn.url}/3ds/${pending.paymentId}?client_secret=${encodeURIComponent(pending.clientSecret!)}`,
    );
    const html = await page.text();
    expect(html).toContain('Complete authentication');
    expect(html).toContain('Fail authentication');
  });

  it('completing the challenge pays; the page posts its result to the console', async () => {
    const pending = await pay('4000002760003184');
    const res = await fetch(`${standIn.url}/3ds/${pending.paymentId}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: pending.clientSecret! }).toString(),
    });
    const html = await res.text();
    expect(html).toContain('window.parent.postMessage');
    expect(html).toContain(`"paymentIntentId":"${pending.paymentId}","status":"succeeded"`);
    expect(await provider.retrievePayment(pending.paymentId)).toMatchObject({ status: 'succeeded' });
    expect((await eventsFor(pending.paymentId)).map((e) => e.type)).toEqual(['payment_intent.succeeded']);
  });

  it('failing the challenge fails the payment and nothing is charged', async () => {
    const pending = await pay('4000002760003184');
    expect(await (await challenge(pending.clientSecret!, 'fail')).json()).toEqual({
      type: 'stripe-3ds-complete',
      paymentIntentId: pending.paymentId,
      status: 'requires_payment_method',
    });
    const failed = await provider.retrievePayment(pending.paymentId);
    expect(failed.status).toBe('failed');
    expect(failed.reason).toMatch(/unable to authenticate/);
    expect((await eventsFor(pending.paymentId)).map((e) => e.type)).toEqual([
      'payment_intent.payment_failed',
    ]);
    // A failed payment cannot be refunded (nothing was charged).
    expect(
      await provider.refund({ paymentId: pending.paymentId, amount: 100, idempotencyKey: 'r-f' }),
    ).toMatchObject({ status: 'failed' });
  });

  it("the challenge needs the payment's client secret, and answers once", async () => {
    const pending = await pay('4000002760003184');
    expect(
      (await challenge(pending.clientSecret!, 'complete', `${pending.paymentId}_secret_wrong`)).status,
    ).toBe(404);
    expect(await provider.retrievePayment(pending.paymentId)).toMatchObject({ status: 'requires_action' });
    await challenge(pending.clientSecret!, 'complete');
    // A second answer changes nothing.
    expect(await (await challenge(pending.clientSecret!, 'fail')).json()).toMatchObject({
      status: 'succeeded',
    });
  });

  it('4000 0082 6000 3178: authenticated, then declined for insufficient funds', async () => {
    const pending = await pay('4000008260003178');
    expect(pending.status).toBe('requires_action');
    await challenge(pending.clientSecret!, 'complete');
    expect(await provider.retrievePayment(pending.paymentId)).toMatchObject({
      status: 'failed',
      reason: 'Your card has insufficient funds.',
    });
  });
});

describe('refunds', () => {
  it('refunds part of a payment, never more than was charged', async () => {
    const paid = await pay('4242424242424242', 10_000);
    const first = await provider.refund({
      paymentId: paid.paymentId,
      amount: 4_000,
      idempotencyKey: 'ref-1',
    });
    expect(first.status).toBe('succeeded');
    expect(first.refundId).toMatch(/^re_/);
    // The same key again is the same refund.
    expect(
      await provider.refund({ paymentId: paid.paymentId, amount: 4_000, idempotencyKey: 'ref-1' }),
    ).toEqual(first);
    const over = await provider.refund({ paymentId: paid.paymentId, amount: 6_001, idempotencyKey: 'ref-2' });
    expect(over.status).toBe('failed');
    expect(over.reason).toBe('Refund amount ($60.01) is greater than unrefunded amount on charge ($60.00)');
    expect(
      (await provider.refund({ paymentId: paid.paymentId, amount: 6_000, idempotencyKey: 'ref-3' })).status,
    ).toBe('succeeded');
    const events = await eventsFor(paid.paymentId);
    const refunded = events.filter((e) => e.type === 'charge.refunded');
    expect(refunded.map((e) => e.amountRefunded)).toEqual([4_000, 10_000]);
    expect(refunded[0]!.payment).toMatchObject({ status: 'succeeded', metadata: { agentId: 'agent-1' } });
  });

  it('a declined payment has nothing to refund', async () => {
    const declined = await pay('4000000000000002');
    const r = await provider.refund({ paymentId: declined.paymentId, amount: 100, idempotencyKey: 'ref-d' });
    expect(r.status).toBe('failed');
    expect(r.reason).toMatch(/does not have a successful charge/);
  });
});

describe('webhooks', () => {
  it('each state change is delivered signed; verifyWebhook accepts it', async () => {
    const paid = await pay('4242424242424242');
    const [event] = await eventsFor(paid.paymentId);
    expect(event).toMatchObject({
      type: 'payment_intent.succeeded',
      payment: { paymentId: paid.paymentId, status: 'succeeded', amount: 12_000 },
    });
    expect(event!.eventId).toMatch(/^evt_/);
    const declined = await pay('4000000000000002');
    const [failed] = await eventsFor(declined.paymentId);
    expect(failed).toMatchObject({
      type: 'payment_intent.payment_failed',
      payment: { status: 'failed', reason: 'Your card was declined.' },
    });
  });

  it("the signature is Stripe's: the SDK verifies it too", async () => {
    const paid = await pay('4242424242424242');
    await standIn.settled();
    const raw = receiver.received.find((r) => r.body.includes(paid.paymentId))!;
    expect(raw.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = stripe.webhooks.constructEvent(raw.body, raw.signature!, KEYS.webhookSecret);
    expect(event.type).toBe('payment_intent.succeeded');
  });

  it('a bad, missing or foreign signature is refused', async () => {
    const paid = await pay('4242424242424242');
    await standIn.settled();
    const raw = receiver.received.find((r) => r.body.includes(paid.paymentId))!;
    const tampered = raw.body.replace('"succeeded"', '"failed"');
    expect(() => verifyWebhook(tampered, raw.signature, KEYS.webhookSecret)).toThrow(WebhookSignatureError);
    expect(() => verifyWebhook(raw.body, undefined, KEYS.webhookSecret)).toThrow(
      /Stripe-Signature header is missing/,
    );
    expect(() => verifyWebhook(raw.body, raw.signature, 'whsec_other')).toThrow(WebhookSignatureError);
    expect(() => verifyWebhook(raw.body, 't=1,v1=00', KEYS.webhookSecret)).toThrow(WebhookSignatureError);
    // An old (replayed) delivery: a correct signature from ten minutes ago.
    const old = stripe.webhooks.generateTestHeaderString({
      payload: raw.body,
      secret: KEYS.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(() => verifyWebhook(raw.body, old, KEYS.webhookSecret)).toThrow(WebhookSignatureError);
  });

  it('an endpoint that fails is retried; an unreachable one never crashes the stand-in', async () => {
    receiver.failTimes(2);
    const paid = await pay('4242424242424242');
    await standIn.settled();
    const delivery = standIn.deliveries.find((d) => d.objectId === paid.paymentId)!;
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });

    standIn.setWebhookUrl('http://127.0.0.1:9/unreachable');
    try {
      const lost = await pay('4242424242424242');
      await standIn.settled();
      expect(standIn.deliveries.find((d) => d.objectId === lost.paymentId)).toMatchObject({
        status: 'failed',
        attempts: 3,
      });
      expect(await provider.retrievePayment(lost.paymentId)).toMatchObject({ status: 'succeeded' });
    } finally {
      standIn.setWebhookUrl(receiver.url);
    }
  });
});

describe('configuration', () => {
  it("payConfig gives the console the publishable key and, locally, the stand-in's address", () => {
    expect(provider.payConfig()).toEqual({ publishableKey: KEYS.publishableKey, apiBase: standIn.url });
    const hosted = createStripeProvider(() => ({ secretKey: 'sk_live_x', publishableKey: 'pk_live_x' }));
    expect(hosted.payConfig()).toEqual({ publishableKey: 'pk_live_x' });
  });

  it('a restart on the same data folder keeps payments and their refunds', async () => {
    const paid = await pay('4242424242424242', 8_000);
    await provider.refund({ paymentId: paid.paymentId, amount: 3_000, idempotencyKey: 'ref-restart' });
    await standIn.stop();
    standIn = await startStripeStandIn({
      ...KEYS,
      dataDir,
      webhookUrl: receiver.url,
      webhookRetryDelaysMs: [50],
    });
    settings = { ...settings, port: standIn.port };
    expect(await provider.retrievePayment(paid.paymentId)).toMatchObject({
      status: 'succeeded',
      amount: 8_000,
    });
    const over = await provider.refund({
      paymentId: paid.paymentId,
      amount: 5_001,
      idempotencyKey: 'ref-r2',
    });
    expect(over.status).toBe('failed');
  });
});
