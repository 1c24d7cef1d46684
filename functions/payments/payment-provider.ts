/**
 * The card payment provider behind the subscription-payment workflow: Stripe through the real `stripe` SDK,
 * pointed at Stripe in production and at the local Stripe-compatible stand-in in `npm start` and tests
 * (functions/payments/stripe-provider.ts). With none configured, a card payment fails cleanly with this
 * reason and nothing is activated. Amounts are integer cents.
 */
export interface PaymentResult {
  paymentId: string;
  status: 'succeeded' | 'requires_action' | 'processing' | 'failed';
  /** For extra authentication (code 2048): the client confirms the payment with it. */
  clientSecret?: string;
  /** The provider's message when the payment failed (a declined card: "Your card was declined."). */
  reason?: string;
  amount?: number;
  currency?: string;
  /** What the payment was created with (subscribeId, agentId). */
  metadata?: Record<string, string>;
}

export interface RefundResult {
  refundId: string;
  status: 'succeeded' | 'pending' | 'failed';
  reason?: string;
}

export interface PaymentProvider {
  /** Creates and confirms a payment with the payment method the console made at the provider. */
  createPayment(input: {
    subscribeId: string;
    agentId: string;
    amount: number;
    currency: string;
    paymentMethodId: string;
    /** The same key twice creates one payment (a retried step never charges twice). */
    idempotencyKey: string;
    /** More of what the payment is for (an app top-up's user), kept with it at the provider. */
    metadata?: Record<string, string>;
    /** What the payment is, on the card holder's statement (else the subscription's). */
    description?: string;
  }): Promise<PaymentResult>;
  /** The payment as it is now; one that does not exist is `failed` with no metadata. */
  retrievePayment(paymentId: string): Promise<PaymentResult>;
  /** Gives back part of a succeeded payment (a downgrade's refund). */
  refund(input: { paymentId: string; amount: number; idempotencyKey: string }): Promise<RefundResult>;
  /** What the console's card element needs (never a secret). */
  payConfig(): { publishableKey: string; apiBase?: string };
}

/**
 * An idempotency key used again for another request (`inProgress` false: other parameters), or while its
 * first request is still running (`inProgress` true: asking again later answers it). Never a payment.
 */
export class PaymentKeyConflict extends Error {
  override name = 'PaymentKeyConflict';
  constructor(
    message: string,
    readonly inProgress: boolean,
  ) {
    super(message);
  }
}

let provider: PaymentProvider | undefined;

export function setPaymentProvider(p: PaymentProvider | undefined): void {
  provider = p;
}

export function paymentProvider(): PaymentProvider {
  if (!provider)
    throw Object.assign(new Error('No payment provider is configured'), { name: 'PaymentProviderMissing' });
  return provider;
}
