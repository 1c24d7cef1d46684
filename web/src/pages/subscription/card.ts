/**
 * The card element of the payment step (web/src/lib/card-payments.ts): the card fields become a payment
 * method at the card provider (Stripe Elements when hosted; the local Stripe stand-in) and never reach our API.
 * The wizard reaches the provider only through here.
 */
import { cardPayments } from '@web/lib/card-payments.ts';

export { CardError, type CardField, type CardFields, type CardPayments } from '@web/lib/card-payments.ts';

/** The provider as one object the wizard calls through, so a test can stand in for it (vi.spyOn). */
export const cardProvider = { cardPayments };
