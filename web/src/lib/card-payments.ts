/**
 * The browser side of card payments (the subscription wizard's payment step). Card data goes from the browser
 * to the card provider only, never through our API: the page turns the card into a payment method (`pm_...`)
 * at the provider and sends our server only that id; extra authentication (3-D Secure) is done by the browser
 * with the payment's client secret, and the server then reads the outcome from the provider.
 *
 * - Local (`PayConfig.apiBase` set): the Stripe stand-in, called with the publishable key as Stripe.js does.
 *   The page's own card fields (docs/product.md section 2) are the element; the 3-D Secure page is framed in
 *   `mount`.
 * - Hosted (no `apiBase`): Stripe.js from https://js.stripe.com/v3 (never bundled: Stripe requires it to be
 *   loaded from there). The card fields are Stripe's card element, mounted with `mountCardElement`; raw card
 *   numbers are never handled by our page. Stripe.js shows its own 3-D Secure dialog.
 */
import type { PayConfig } from '@shared/schemas/subscription.ts';

export interface CardFields {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Which of the card fields a refusal is about (to show the message under it). */
export type CardField = 'number' | 'expiry' | 'cvc';

/** The provider refused the card; `message` is the provider's text ("Your card number is incorrect."). */
export class CardError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly field?: CardField,
  ) {
    super(message);
    this.name = 'CardError';
  }
}

export interface ConfirmResult {
  paymentIntentId: string;
  /** The provider's payment status: `succeeded` once paid; `requires_payment_method` when it failed. */
  status: string;
  /** Why it failed (declined, authentication failed), in the provider's words. */
  error?: string;
}

export interface CardPayments {
  /** True when hosted: the card fields are Stripe's element (mount it), not the page's own inputs. */
  readonly providerFields: boolean;
  /** Hosted only: mounts Stripe's card element into `container`; returns its unmount. */
  mountCardElement(container: HTMLElement): Promise<() => void>;
  /** A payment method id (`pm_...`). Locally from `card` (spaces removed); hosted from the mounted element. */
  createPaymentMethod(card?: CardFields): Promise<string>;
  /** Completes extra authentication (code 2048) with the client secret; resolves with the payment's outcome. */
  confirmCardPayment(clientSecret: string, mount: HTMLElement): Promise<ConfirmResult>;
}

export function cardPayments(config: PayConfig): CardPayments {
  return config.apiBase
    ? localCardPayments(config.apiBase, config.publishableKey)
    : hostedCardPayments(config);
}

// ---------------------------------------------------------------------------------------------- local stand-in

const FIELD_OF_PARAM: Record<string, CardField> = {
  number: 'number',
  exp_month: 'expiry',
  exp_year: 'expiry',
  cvc: 'cvc',
};

interface StripeErrorBody {
  error?: { message?: string; code?: string; param?: string };
}

interface IntentView {
  id: string;
  status: string;
  next_action?: { type?: string; use_stripe_sdk?: { stripe_js?: string } } | null;
  last_payment_error?: { message?: string } | null;
}

/** The id of the payment a client secret belongs to (`pi_X_secret_Y` → `pi_X`). */
export function paymentIntentIdOf(clientSecret: string): string {
  const i = clientSecret.indexOf('_secret_');
  if (i <= 0) throw new Error('Not a payment client secret');
  return clientSecret.slice(0, i);
}

function localCardPayments(apiBase: string, publishableKey: string): CardPayments {
  const base = apiBase.replace(/\/+$/, '');
  const origin = new URL(base).origin;

  // Form-encoded with the key as a parameter, as Stripe.js sends it: a "simple" request, no CORS preflight.
  async function call<T>(method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<T> {
    const body = new URLSearchParams({ ...params, key: publishableKey });
    const res = await fetch(
      method === 'GET' ? `${base}${path}?${body.toString()}` : `${base}${path}`,
      method === 'GET'
        ? { method }
        : { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() },
    );
    const json = (await res.json().catch(() => ({}))) as T & StripeErrorBody;
    if (!res.ok) {
      const e = json.error ?? {};
      throw new CardError(
        e.message ?? `The card service answered ${res.status}`,
        e.code,
        e.param ? FIELD_OF_PARAM[e.param.replace(/^card\[(.+)\]$/, '$1')] : undefined,
      );
    }
    return json;
  }

  const outcome = (pi: IntentView): ConfirmResult => ({
    paymentIntentId: pi.id,
    status: pi.status,
    ...(pi.status !== 'succeeded' && pi.last_payment_error?.message
      ? { error: pi.last_payment_error.message }
      : {}),
  });

  return {
    providerFields: false,

    async mountCardElement() {
      // Locally the page's own card fields are the element.
      return () => undefined;
    },

    async createPaymentMethod(card) {
      if (!card) throw new CardError('Your card number is incomplete.', 'incomplete_number', 'number');
      const pm = await call<{ id: string }>('POST', '/v1/payment_methods', {
        type: 'card',
        'card[number]': card.number.replace(/[\s-]/g, ''),
        'card[exp_month]': String(card.expMonth),
        'card[exp_year]': String(card.expYear),
        'card[cvc]': card.cvc.trim(),
      });
      return pm.id;
    },

    async confirmCardPayment(clientSecret, mount) {
      const id = paymentIntentIdOf(clientSecret);
      const read = () =>
        call<IntentView>('GET', `/v1/payment_intents/${encodeURIComponent(id)}`, {
          client_secret: clientSecret,
        });
      const pi = await read();
      const challenge = pi.next_action?.use_stripe_sdk?.stripe_js;
      if (pi.status !== 'requires_action' || !challenge) return outcome(pi);

      // The bank's challenge page, framed inside the payment step; it posts its result to this window.
      const frame = document.createElement('iframe');
      frame.src = challenge;
      frame.title = '3-D Secure authentication';
      frame.setAttribute('data-testid', 'card-3ds-frame');
      frame.style.cssText = 'width:100%;height:400px;border:0;display:block';
      await new Promise<void>((resolve) => {
        const onMessage = (event: MessageEvent) => {
          const data = event.data as { type?: string; paymentIntentId?: string } | null;
          // Only the stand-in's page, and only about this payment.
          if (event.origin !== origin || data?.type !== 'stripe-3ds-complete' || data.paymentIntentId !== id)
            return;
          window.removeEventListener('message', onMessage);
          resolve();
        };
        window.addEventListener('message', onMessage);
        mount.appendChild(frame);
      });
      frame.remove();
      // The provider's word, not the message's: read the payment again.
      return outcome(await read());
    },
  };
}

// ---------------------------------------------------------------------------------------------- hosted Stripe.js

/** The few Stripe.js calls used here (https://docs.stripe.com/js). */
interface StripeJsElement {
  mount(container: HTMLElement): void;
  unmount(): void;
  destroy(): void;
}
interface StripeJsError {
  message?: string;
  code?: string;
  param?: string;
  payment_intent?: IntentView;
}
interface StripeJs {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeJsElement };
  createPaymentMethod(input: {
    type: 'card';
    card: StripeJsElement;
  }): Promise<{ paymentMethod?: { id: string }; error?: StripeJsError }>;
  confirmCardPayment(clientSecret: string): Promise<{ paymentIntent?: IntentView; error?: StripeJsError }>;
}
type StripeJsFactory = (publishableKey: string) => StripeJs;

export const STRIPE_JS_URL = 'https://js.stripe.com/v3';
let stripeJsLoading: Promise<StripeJsFactory> | undefined;

function loadStripeJs(): Promise<StripeJsFactory> {
  const existing = (window as unknown as { Stripe?: StripeJsFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  stripeJsLoading ??= new Promise<StripeJsFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeJsFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not load'));
    };
    script.onerror = () => {
      stripeJsLoading = undefined;
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return stripeJsLoading;
}

function hostedCardPayments(config: PayConfig): CardPayments {
  let stripe: StripeJs | undefined;
  let element: StripeJsElement | undefined;
  const client = async () => (stripe ??= (await loadStripeJs())(config.publishableKey));
  const cardError = (e: StripeJsError) =>
    new CardError(
      e.message ?? 'Your card was declined.',
      e.code,
      e.param ? FIELD_OF_PARAM[e.param.replace(/^card\[(.+)\]$/, '$1')] : undefined,
    );

  return {
    providerFields: true,

    async mountCardElement(container) {
      const s = await client();
      element?.destroy();
      const mounted = s.elements().create('card', { hidePostalCode: true });
      mounted.mount(container);
      element = mounted;
      return () => {
        mounted.destroy();
        if (element === mounted) element = undefined;
      };
    },

    async createPaymentMethod() {
      const s = await client();
      if (!element) throw new Error('Mount the card element first (mountCardElement)');
      const { paymentMethod, error } = await s.createPaymentMethod({ type: 'card', card: element });
      if (error || !paymentMethod) throw cardError(error ?? {});
      return paymentMethod.id;
    },

    async confirmCardPayment(clientSecret) {
      const s = await client();
      const { paymentIntent, error } = await s.confirmCardPayment(clientSecret);
      if (paymentIntent) return { paymentIntentId: paymentIntent.id, status: paymentIntent.status };
      return {
        paymentIntentId: error?.payment_intent?.id ?? paymentIntentIdOf(clientSecret),
        status: error?.payment_intent?.status ?? 'requires_payment_method',
        error: error?.message ?? 'The payment could not be confirmed.',
      };
    },
  };
}
