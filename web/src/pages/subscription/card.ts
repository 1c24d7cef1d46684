/**
 * The card element of the payment step (web/src/lib/card-payments.ts): the card fields become a payment
 * method at the card provider (Stripe Elements when hosted; the local Stripe stand-in) and never reach our API.
 * The wizard reaches the provider only through here.
 */
export {
  CardError,
  cardPayments,
  type CardField,
  type CardFields,
  type CardPayments,
} from '@web/lib/card-payments.ts';
