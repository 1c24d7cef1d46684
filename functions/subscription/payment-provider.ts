/**
 * The card payment provider behind the subscription-payment workflow (Stripe in production, its local
 * stand-in in `npm start`). The subscription issue supplies the implementation; with none configured, a card
 * payment fails cleanly with this reason and nothing is activated.
 */
export interface PaymentResult {
  paymentId: string;
  status: 'succeeded' | 'requires_action' | 'failed';
  clientSecret?: string;
  reason?: string;
}

export interface PaymentProvider {
  createPayment(input: {
    subscribeId: string;
    amount: number;
    currency: string;
    card: unknown;
  }): Promise<PaymentResult>;
  retrievePayment(paymentId: string): Promise<PaymentResult>;
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
