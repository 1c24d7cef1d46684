// @vitest-environment happy-dom
/**
 * The console's card module (web/src/lib/card-payments.ts). Local path against the real Stripe stand-in:
 * payment methods with the publishable key, Stripe's card messages on the right field, and 3-D Secure in a
 * frame that resolves on the challenge page's message (only from the stand-in's origin). Hosted path: the
 * calls it makes on Stripe.js (a stand-in for window.Stripe).
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '@infra/local/stripe/server.ts';
import { CardError, cardPayments, paymentIntentIdOf } from '@web/lib/card-payments.ts';

const KEYS = {
  secretKey: 'sk_test_cardmodule00000000000001',
  publishableKey: 'pk_test_cardmodule00000000000001',
  webhookSecret: 'whsec_cardmodule0000000000000001',
};
const year = new Date().getUTCFullYear() + 2;

let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn(KEYS);
  stripe = new Stripe(KEYS.secretKey, {
    host: '127.0.0.1',
    port: standIn.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(() => standIn?.stop());
afterEach(() => {
  document.body.innerHTML = '';
});

const local = () =>
  cardPayments({ provider: 'stripe', publishableKey: KEYS.publishableKey, apiBase: standIn.url });

/** A payment made by the server (the provider does the same) with a card the browser turned into a pm. */
async function serverPayment(pm: string) {
  return stripe.paymentIntents
    .create({ amount: 2400, currency: 'usd', payment_method: pm, confirm: true })
    .catch((e: unknown) => (e as Stripe.errors.StripeCardError).payment_intent!);
}

/** What the challenge page's buttons do, then the message its script posts to the console. */
async function answerChallenge(mount: HTMLElement, action: 'complete' | 'fail', origin = standIn.url) {
  await vi.waitFor(() => expect(mount.querySelector('iframe')).not.toBeNull());
  const src = new URL(mount.querySelector('iframe')!.getAttribute('src')!);
  const id = src.pathname.split('/').pop()!;
  const res = await fetch(`${standIn.url}/3ds/${id}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_secret: src.searchParams.get('client_secret')! }).toString(),
  });
  const result = (await res.json()) as Record<string, string>;
  window.dispatchEvent(new MessageEvent('message', { data: result, origin }));
  return result;
}

describe('local stand-in', () => {
  it('turns the card fields into a payment method (spaces removed); the card stays at the provider', async () => {
    const pm = await local().createPaymentMethod({
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: year,
      cvc: '123',
    });
    expect(pm).toMatch(/^pm_/);
    expect((await stripe.paymentMethods.retrieve(pm)).card).toMatchObject({ last4: '4242', exp_year: year });
  });

  it("refuses a card with Stripe's message on the field it is about", async () => {
    const cards = local();
    const refused = (card: Parameters<typeof cards.createPaymentMethod>[0]) =>
      cards.createPaymentMethod(card).then(
        () => undefined,
        (e: unknown) => e,
      );
    const wrongNumber = await refused({
      number: '4242 4242 4242 4241',
      expMonth: 12,
      expYear: year,
      cvc: '123',
    });
    expect(wrongNumber).toBeInstanceOf(CardError);
    expect(wrongNumber).toMatchObject({ message: 'Your card number is incorrect.', field: 'number' });
    expect(
      await refused({ number: '4242424242424242', expMonth: 12, expYear: year - 5, cvc: '123' }),
    ).toMatchObject({ message: "Your card's expiration year is invalid.", field: 'expiry' });
    expect(
      await refused({ number: '4242424242424242', expMonth: 12, expYear: year, cvc: '1' }),
    ).toMatchObject({
      message: "Your card's security code is invalid.",
      field: 'cvc',
    });
  });

  it('a payment that needs no authentication resolves at once', async () => {
    const cards = local();
    const pm = await cards.createPaymentMethod({
      number: '4242424242424242',
      expMonth: 1,
      expYear: year,
      cvc: '123',
    });
    const pi = await serverPayment(pm);
    const mount = document.body.appendChild(document.createElement('div'));
    expect(await cards.confirmCardPayment(pi.client_secret!, mount)).toEqual({
      paymentIntentId: pi.id,
      status: 'succeeded',
    });
    expect(mount.querySelector('iframe')).toBeNull();
  });

  it('3-D Secure: frames the challenge in the mount and resolves with the payment once completed', async () => {
    const cards = local();
    const pm = await cards.createPaymentMethod({
      number: '4000 0027 6000 3184',
      expMonth: 12,
      expYear: year,
      cvc: '123',
    });
    const pi = await serverPayment(pm);
    expect(pi.status).toBe('requires_action');
    const mount = document.body.appendChild(document.createElement('div'));
    let settled = false;
    const confirming = cards.confirmCardPayment(pi.client_secret!, mount).finally(() => (settled = true));

    await vi.waitFor(() => expect(mount.querySelector('iframe')).not.toBeNull());
    const frame = mount.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toMatch(new RegExp(`^${standIn.url}/3ds/${pi.id}\\?client_secret=`));
    // Another origin's message (or another payment's) is ignored.
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'stripe-3ds-complete', paymentIntentId: pi.id, status: 'succeeded' },
        origin: 'http://evil.example',
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);

    await answerChallenge(mount, 'complete');
    expect(await confirming).toEqual({ paymentIntentId: pi.id, status: 'succeeded' });
    expect(mount.querySelector('iframe')).toBeNull();
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  it("3-D Secure failed: resolves with the failure in the provider's words", async () => {
    const cards = local();
    const pm = await cards.createPaymentMethod({
      number: '4000002760003184',
      expMonth: 12,
      expYear: year,
      cvc: '123',
    });
    const pi = await serverPayment(pm);
    const mount = document.body.appendChild(document.createElement('div'));
    const confirming = cards.confirmCardPayment(pi.client_secret!, mount);
    await answerChallenge(mount, 'fail');
    const result = await confirming;
    expect(result).toMatchObject({ paymentIntentId: pi.id, status: 'requires_payment_method' });
    expect(result.error).toMatch(/unable to authenticate/);
  });

  it('a wrong client secret is refused', async () => {
    const cards = local();
    const pm = await cards.createPaymentMethod({
      number: '4000002760003184',
      expMonth: 12,
      expYear: year,
      cvc: '123',
    });
    const pi = await serverPayment(pm);
    await expect(
      cards.confirmCardPayment(
        `${pi.id}_secret_nope`,
        document.body.appendChild(document.createElement('div')),
      ),
    ).rejects.toThrow(/client_secret provided does not match/);
    expect(() => paymentIntentIdOf('nonsense')).toThrow();
  });
});

describe('hosted (Stripe.js)', () => {
  afterEach(() => {
    delete (window as unknown as { Stripe?: unknown }).Stripe;
  });

  it("uses Stripe's card element and maps its answers", async () => {
    const element = { mount: vi.fn(), unmount: vi.fn(), destroy: vi.fn() };
    const js = {
      elements: () => ({ create: vi.fn(() => element) }),
      createPaymentMethod: vi.fn(async () => ({ paymentMethod: { id: 'pm_hosted' } })),
      confirmCardPayment: vi.fn(async () => ({
        error: {
          message: 'Your card was declined.',
          payment_intent: { id: 'pi_1', status: 'requires_payment_method' },
        },
      })),
    };
    const factory = vi.fn(() => js);
    (window as unknown as { Stripe: unknown }).Stripe = factory;

    const cards = cardPayments({ provider: 'stripe', publishableKey: 'pk_live_x' });
    expect(cards.providerFields).toBe(true);
    await expect(cards.createPaymentMethod()).rejects.toThrow(/Mount the card element first/);
    const container = document.body.appendChild(document.createElement('div'));
    const unmount = await cards.mountCardElement(container);
    expect(factory).toHaveBeenCalledWith('pk_live_x');
    expect(element.mount).toHaveBeenCalledWith(container);
    expect(await cards.createPaymentMethod()).toBe('pm_hosted');
    expect(js.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: element });
    expect(await cards.confirmCardPayment('pi_1_secret_x', container)).toEqual({
      paymentIntentId: 'pi_1',
      status: 'requires_payment_method',
      error: 'Your card was declined.',
    });
    unmount();
    expect(element.destroy).toHaveBeenCalled();
  });
});
