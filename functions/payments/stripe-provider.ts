/**
 * The PaymentProvider on Stripe, through the real `stripe` SDK. In production it talks to api.stripe.com with
 * the account's keys; locally (npm start, tests) the runtime points it at the Stripe stand-in
 * (infra/local/stripe/) with STRIPE_API_HOST/PORT/PROTOCOL. Amounts are integer cents.
 */
import Stripe from 'stripe';
import { config } from '@functions/lib/config.ts';
import { envNames } from '@shared/topology/env.ts';
import {
  PaymentKeyConflict,
  setPaymentProvider,
  type PaymentProvider,
  type PaymentResult,
  type RefundResult,
} from './payment-provider.ts';

/** Pinned, so an SDK upgrade never changes the API's behaviour silently (the version stripe@23.1.0 targets). */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret?: string;
  /** Only for the local stand-in; unset in production (Stripe's own host). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

const clients = new Map<string, Stripe>();

/** One SDK client per configuration (the local runtime may set the variables after this module loads). */
export function stripeClient(settings: StripeSettings = config.stripe()): Stripe {
  const key = `${settings.secretKey}|${settings.host ?? ''}|${settings.port ?? ''}|${settings.protocol ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = new Stripe(settings.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      ...(settings.host ? { host: settings.host, port: settings.port, protocol: settings.protocol } : {}),
      // Safe to retry: every write carries an idempotency key.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'ev-charge-console' },
    });
    clients.set(key, client);
  }
  return client;
}

/** A payment intent as the workflow sees it. */
export function paymentResultOf(pi: Stripe.PaymentIntent): PaymentResult {
  const base = {
    paymentId: pi.id,
    amount: pi.amount,
    currency: pi.currency,
    metadata: { ...pi.metadata },
  };
  switch (pi.status) {
    case 'succeeded':
      return { ...base, status: 'succeeded' };
    case 'requires_action':
      return { ...base, status: 'requires_action', clientSecret: pi.client_secret ?? undefined };
    case 'processing':
    case 'requires_capture':
      return { ...base, status: 'processing' };
    case 'canceled':
      return { ...base, status: 'failed', reason: 'The payment was canceled.' };
    default:
      // requires_payment_method after a failed attempt (declined, authentication failed), or never confirmed.
      return {
        ...base,
        status: 'failed',
        reason: pi.last_payment_error?.message ?? `The payment was not completed (${pi.status}).`,
      };
  }
}

/**
 * A refused request (declined card, unknown payment method, amount too small, refund larger than the charge):
 * a failed result with Stripe's message. Anything else (network, authentication, Stripe down) is thrown, so the
 * workflow's retry and failure handling sees it.
 */
function refusal(error: unknown): { message: string; paymentIntent?: Stripe.PaymentIntent } | undefined {
  if (
    error instanceof Stripe.errors.StripeCardError ||
    error instanceof Stripe.errors.StripeInvalidRequestError
  ) {
    return { message: error.message, paymentIntent: error.payment_intent ?? undefined };
  }
  return undefined;
}

function wholeCents(amount: number, what: string) {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`${what} must be a positive whole number of cents, not ${amount}`);
}

export function createStripeProvider(
  settings: () => StripeSettings = () => config.stripe(),
): PaymentProvider {
  return {
    async createPayment(input) {
      wholeCents(input.amount, 'A payment amount');
      if (!input.paymentMethodId) return { paymentId: '', status: 'failed', reason: 'No card was given.' };
      try {
        const pi = await stripeClient(settings()).paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            payment_method: input.paymentMethodId,
            allowed_payment_method_types: ['card'],
            confirm: true,
            metadata: { subscribeId: input.subscribeId, agentId: input.agentId, ...input.metadata },
            description: input.description ?? `Subscription ${input.subscribeId}`,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return paymentResultOf(pi);
      } catch (error) {
        // The same key with other parameters, or while its first request runs (409, retried by the SDK first).
        if (error instanceof Stripe.errors.StripeIdempotencyError)
          throw new PaymentKeyConflict(error.message, error.statusCode === 409);
        const refused = refusal(error);
        if (!refused) throw error;
        if (refused.paymentIntent)
          return { ...paymentResultOf(refused.paymentIntent), status: 'failed', reason: refused.message };
        return {
          paymentId: '',
          status: 'failed',
          reason: refused.message,
          amount: input.amount,
          currency: input.currency,
        };
      }
    },

    async retrievePayment(paymentId) {
      try {
        return paymentResultOf(await stripeClient(settings()).paymentIntents.retrieve(paymentId));
      } catch (error) {
        // No such payment (a junk or foreign id): a failed one that names nobody, never a thrown 500.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return { paymentId, status: 'failed', reason: error.message };
        throw error;
      }
    },

    async refund(input): Promise<RefundResult> {
      wholeCents(input.amount, 'A refund amount');
      try {
        const refund = await stripeClient(settings()).refunds.create(
          { payment_intent: input.paymentId, amount: input.amount },
          { idempotencyKey: input.idempotencyKey },
        );
        const status =
          refund.status === 'succeeded'
            ? 'succeeded'
            : refund.status === 'failed' || refund.status === 'canceled'
              ? 'failed'
              : 'pending';
        return {
          refundId: refund.id,
          status,
          ...(status === 'failed' ? { reason: refund.failure_reason ?? `The refund ${refund.status}.` } : {}),
        };
      } catch (error) {
        const refused = refusal(error);
        if (!refused) throw error;
        return { refundId: '', status: 'failed', reason: refused.message };
      }
    },

    payConfig() {
      const s = settings();
      return {
        publishableKey: s.publishableKey,
        // Only the local stand-in has an address of its own; hosted, the console loads Stripe.js.
        ...(s.host ? { apiBase: `${s.protocol ?? 'https'}://${s.host}:${s.port ?? 443}` } : {}),
      };
    },
  };
}

/** The provider on the configured Stripe account (process environment). */
export const stripeProvider: PaymentProvider = createStripeProvider();

/**
 * For Lambda: a handler module calls this at load so the workflow finds the provider (the local runtime sets it
 * itself). Registers nothing when STRIPE_SECRET_KEY is not set, so a card payment then fails cleanly.
 */
export function registerStripeProviderFromEnv(): boolean {
  if (!process.env[envNames.stripeSecretKey]) return false;
  setPaymentProvider(stripeProvider);
  return true;
}
