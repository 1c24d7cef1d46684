/**
 * Card checks and Stripe's test cards (https://docs.stripe.com/testing) for the local Stripe stand-in. A card is
 * reduced to its brand, last four digits and test behaviour when the payment method is made: the stand-in never
 * keeps a card number.
 */

/** What a confirmed payment with this card does. */
export type CardBehaviour =
  | { kind: 'succeed' }
  /** Extra authentication (3-D Secure) first; `after` is what happens once it is completed. */
  | { kind: 'authenticate'; after: CardBehaviour }
  | { kind: 'decline'; code: string; declineCode?: string; message: string };

export interface CardDecline {
  /** Stripe's `code` and `param` of the card error. */
  code: string;
  param: string;
  message: string;
  declineCode?: string;
}

export interface CheckedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  funding: 'credit' | 'debit';
  behaviour: CardBehaviour;
}

const DECLINED = 'Your card was declined.';
const succeed: CardBehaviour = { kind: 'succeed' };
const decline = (declineCode: string, message = DECLINED, code = 'card_declined'): CardBehaviour => ({
  kind: 'decline',
  code,
  declineCode,
  message,
});

/** Stripe's test card numbers and what each does (the ones a console user is likely to type). */
const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': succeed,
  '4000056655665556': succeed,
  '5555555555554444': succeed,
  '2223003122003222': succeed,
  '5200828282828210': succeed,
  '378282246310005': succeed,
  '371449635398431': succeed,
  '6011111111111117': succeed,
  '3056930009020004': succeed,
  '3566002020360505': succeed,
  '6200000000000005': succeed,
  // Extra authentication required on every payment.
  '4000002760003184': { kind: 'authenticate', after: succeed },
  '4000002500003155': { kind: 'authenticate', after: succeed },
  '4000000000003220': { kind: 'authenticate', after: succeed },
  '4000000000003063': { kind: 'authenticate', after: succeed },
  // Authentication succeeds, then the card is declined.
  '4000008260003178': {
    kind: 'authenticate',
    after: decline('insufficient_funds', 'Your card has insufficient funds.'),
  },
  '4000000000000002': decline('generic_decline'),
  '4000000000009995': decline('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000009987': decline('lost_card'),
  '4000000000009979': decline('stolen_card'),
  '4000000000000069': { kind: 'decline', code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': {
    kind: 'decline',
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  '4000000000000119': {
    kind: 'decline',
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|64[4-9]|65)/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/**
 * Checks card fields as Stripe does when a payment method is made, with Stripe's messages. `now` is injectable
 * so tests can pin the expiry check.
 */
export function checkCard(
  input: { number?: string; expMonth?: string; expYear?: string; cvc?: string },
  now = new Date(),
): CheckedCard | CardDecline {
  const digits = (input.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    return { code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' };
  const brand = brandOf(digits);

  const month = /^\d{1,2}$/.test(input.expMonth ?? '') ? Number(input.expMonth) : NaN;
  if (!(month >= 1 && month <= 12))
    return {
      code: 'invalid_expiry_month',
      param: 'exp_month',
      message: "Your card's expiration month is invalid.",
    };
  const rawYear = input.expYear ?? '';
  // Stripe takes two-digit years as 20YY.
  const year = /^\d{2}$/.test(rawYear)
    ? 2000 + Number(rawYear)
    : /^\d{4}$/.test(rawYear)
      ? Number(rawYear)
      : NaN;
  const thisYear = now.getUTCFullYear();
  if (!(year >= thisYear && year <= thisYear + 50))
    return {
      code: 'invalid_expiry_year',
      param: 'exp_year',
      message: "Your card's expiration year is invalid.",
    };
  if (year === thisYear && month < now.getUTCMonth() + 1)
    return {
      code: 'invalid_expiry_month',
      param: 'exp_month',
      message: "Your card's expiration month is invalid.",
    };

  const cvc = input.cvc ?? '';
  if (!(brand === 'amex' ? /^\d{3,4}$/ : /^\d{3}$/).test(cvc))
    return { code: 'invalid_cvc', param: 'cvc', message: "Your card's security code is invalid." };

  return {
    brand,
    last4: digits.slice(-4),
    expMonth: month,
    expYear: year,
    funding: digits === '4000056655665556' ? 'debit' : 'credit',
    // In test mode Stripe refuses real card numbers.
    behaviour:
      TEST_CARDS[digits] ??
      decline(
        'test_mode_live_card',
        'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      ),
  };
}

export function isDecline(c: CheckedCard | CardDecline): c is CardDecline {
  return 'param' in c;
}
