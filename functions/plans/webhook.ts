/**
 * Stripe webhook events (POST /admin/subscribe/webhook): the signature is checked with the SDK's
 * `webhooks.constructEvent` on the RAW request body (re-serialised JSON would not match the signature), then
 * the event's object becomes a PaymentResult. Stripe sends payment_intent.succeeded,
 * payment_intent.payment_failed and charge.refunded to this endpoint.
 */
import Stripe from 'stripe';
import { config } from '@functions/lib/config.ts';
import type { PaymentResult } from '@functions/payments/payment-provider.ts';
import { paymentResultOf } from '@functions/payments/stripe-provider.ts';

/** Events older than this are refused (a replayed delivery); Stripe's default tolerance. */
const TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface VerifiedWebhook {
  /** Stripe's event type (`payment_intent.succeeded`...). */
  type: string;
  /** Stripe's event id: the same event can be delivered more than once. */
  eventId: string;
  /**
   * The payment the event is about. For charge.refunded: the refunded payment (status succeeded) with
   * `amountRefunded`. Other event types: `paymentId` of the object and status `processing` (ignore them).
   */
  payment: PaymentResult;
  /** charge.refunded only: cents refunded so far on the payment. */
  amountRefunded?: number;
}

export function verifyWebhook(
  rawBody: string,
  signature: string | undefined,
  secret = config.stripe().webhookSecret,
): VerifiedWebhook {
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is not configured: webhook events cannot be verified');
  if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, TOLERANCE_SECONDS);
  } catch (e) {
    throw new WebhookSignatureError(`The webhook signature does not verify: ${(e as Error).message}`);
  }
  const object = event.data.object as unknown as { object?: string; id?: string };
  if (object.object === 'payment_intent')
    return { type: event.type, eventId: event.id, payment: paymentResultOf(object as Stripe.PaymentIntent) };
  if (object.object === 'charge') {
    const charge = object as Stripe.Charge;
    const paymentId =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? '');
    return {
      type: event.type,
      eventId: event.id,
      payment: {
        paymentId,
        status:
          charge.status === 'failed' ? 'failed' : charge.status === 'pending' ? 'processing' : 'succeeded',
        amount: charge.amount,
        currency: charge.currency,
        metadata: { ...charge.metadata },
      },
      amountRefunded: charge.amount_refunded,
    };
  }
  return {
    type: event.type,
    eventId: event.id,
    payment: { paymentId: object.id ?? '', status: 'processing' },
  };
}
