/**
 * The card element of the payment step: the card fields become a payment method at the card provider (Stripe
 * Elements when hosted; the local Stripe stand-in) and never reach our API. The provider module is the
 * Stripe engineer's (web/src/lib/card-payments.ts); the wizard reaches it only through here.
 */
import type { PayConfig } from '@shared/schemas/subscription.ts';

export interface CardFields {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The provider refused the card: the message is the provider's, shown on the card fields. */
export class CardError extends Error {}

export interface CardPayments {
  createPaymentMethod(card: CardFields): Promise<string>;
  confirmCardPayment(
    clientSecret: string,
    mount: HTMLElement,
  ): Promise<{ paymentIntentId: string; status: string; error?: string }>;
}

export function cardPayments(_config: PayConfig): CardPayments {
  throw new CardError('Card payments are not available');
}
