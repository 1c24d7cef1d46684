/**
 * The app balance's top-ups (docs/decisions/194-driver-app-api.md): paid by card through the payment provider
 * (Stripe; locally its stand-in and test cards), credited once the payment has succeeded, exactly once per
 * payment: the credit is written in one transaction with a guard item named after the payment, so a replayed
 * confirmation or a retried request never credits twice. A card that asks for extra authentication answers
 * code 2048 with the client secret; the app confirms with the provider and then calls confirm, which reads
 * the payment again.
 */
import type { z } from 'zod';
import { appBalanceWrites, appUsers, type AppUserRecord } from '@functions/accounts/app-users.ts';
import { claimTopUpRequest, noteTopUpPayment } from '@functions/data/app-top-ups.ts';
import { send } from '@functions/data/table.ts';
import { companyCurrency, companyOfTenant } from '@functions/identity/tenants.ts';
import { cancellationCodes } from '@functions/lib/conditional.ts';
import { badRequest, notFound, refused } from '@functions/lib/errors.ts';
import type { Stored } from '@functions/lib/records.ts';
import { toUnits, withRetries } from '@functions/accounts/fleet-balance.ts';
import { appLedger } from '@functions/data/app-users.ts';
import {
  PaymentKeyConflict,
  paymentProvider,
  type PaymentResult,
} from '@functions/payments/payment-provider.ts';
import { registerStripeProviderFromEnv } from '@functions/payments/stripe-provider.ts';
import { minorDigits } from '@shared/pricing/money.ts';
import { CODE_NEEDS_AUTHENTICATION } from '@shared/schemas/subscription.ts';
import type { appTopUpSchema } from '@shared/schemas/driver-app.ts';
import { shownAppUser } from '@functions/accounts/app-users.ts';

/** In Lambda the provider comes from the environment; the local runtime and tests set their own. */
function provider() {
  try {
    return paymentProvider();
  } catch {
    registerStripeProviderFromEnv();
    return paymentProvider();
  }
}

/** The currency of the user's company (the platform's app: EUR). */
const currencyOf = (user: AppUserRecord) => companyCurrency(companyOfTenant(user.tenant));

/** What the app's card form needs: the provider's publishable key and where to reach it, and the currency. */
export async function walletConfig(user: AppUserRecord & Stored) {
  return { ...provider().payConfig(), currency: await currencyOf(user) };
}

/** The guard of a payment's credit: one per payment, whoever confirms it and however often. */
const creditGuard = (paymentId: string, userId: string, at: string) =>
  appLedger.debitGuard(`TOPUP-${paymentId}`, userId, at);

/** Credits a succeeded payment to the user's balance once; later calls change nothing. */
async function credit(userId: string, payment: PaymentResult, amount: number) {
  return withRetries(async () => {
    const user = await appUsers.getAny(userId);
    if (!user) throw refused('server.notFound');
    const at = new Date().toISOString();
    const change = appBalanceWrites(user, toUnits(amount), 'recharge', at, { paymentId: payment.paymentId });
    try {
      await send.transact([...change.writes, creditGuard(payment.paymentId, user.id, at)]);
    } catch (error) {
      const codes = cancellationCodes(error);
      // The guard exists: this payment was credited before (the user as they are now, as the credit left them).
      if (codes?.at(-1) === 'ConditionalCheckFailed') return (await appUsers.getAny(userId)) ?? user;
      throw error;
    }
    return (await appUsers.getAny(userId))!;
  });
}

type TopUpAnswer =
  | { code: 0; msg: string; data: Record<string, unknown> }
  | { code: typeof CODE_NEEDS_AUTHENTICATION; msg: string; data: { paymentId: string } };

/** The answer to a payment as the provider reports it now. */
async function settle(
  user: AppUserRecord & Stored,
  payment: PaymentResult,
  amount: number,
): Promise<TopUpAnswer> {
  if (payment.status === 'requires_action' && payment.clientSecret)
    return {
      code: CODE_NEEDS_AUTHENTICATION,
      msg: payment.clientSecret,
      data: { paymentId: payment.paymentId },
    };
  if (payment.status === 'processing') throw refused('subscriptionRes.paymentProcessing');
  if (payment.status !== 'succeeded')
    throw refused('subscriptionRes.paymentFailed', { reason: payment.reason ?? '' });
  return { code: 0, msg: 'success', data: shownAppUser(await credit(user.id, payment, amount)) };
}

/** A payment id as the provider makes them; anything else names no payment. */
const PAYMENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;

/** How often a request whose twin is still running at the provider is asked again, and how long apart. */
const IN_PROGRESS_TRIES = 10;
const IN_PROGRESS_PAUSE_MS = 300;

/**
 * Creates the payment of a request, or answers the one it already made: the same key gives the same payment
 * (a retried or concurrent request is one payment), and while the key's first request is still running at the
 * provider it is asked again after a pause.
 */
async function paymentOf(
  request: { appUserId: string; requestId: string },
  create: () => Promise<PaymentResult>,
): Promise<PaymentResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      const payment = await create();
      if (payment.paymentId) await noteTopUpPayment(request, payment.paymentId);
      return payment;
    } catch (error) {
      if (!(error instanceof PaymentKeyConflict)) throw error;
      if (!error.inProgress || attempt >= IN_PROGRESS_TRIES)
        throw refused(
          error.inProgress ? 'subscriptionRes.paymentProcessing' : 'driverApp.server.requestIdReused',
        );
      await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_PAUSE_MS));
    }
  }
}

/**
 * A top-up request. Its `requestId` is claimed first (functions/data/app-top-ups.ts, a conditional put): the
 * same id again with the same amount and card is the same request (one payment, one credit, the same answer,
 * however many arrive at once); with another amount or card it is refused before the provider is asked
 * (docs/decisions/434-one-sign-in-guard-and-strict-money.md).
 */
export async function topUp(user: AppUserRecord & Stored, input: z.infer<typeof appTopUpSchema>) {
  const currency = await currencyOf(user);
  // The card is charged in whole minor units of the currency (cents): an amount finer than that is refused.
  const step = 10n ** BigInt(4 - minorDigits(currency));
  const units = toUnits(input.amount);
  if (units % step !== 0n)
    throw badRequest('server.validation', { amount: 'driverApp.validation.wholeCents' });
  const minor = units / step;
  const request = { appUserId: user.id, requestId: input.requestId };
  const asked = { units: String(units), paymentMethodId: input.paymentMethodId };
  const earlier = await claimTopUpRequest(request, asked, Date.now());
  if (earlier && (earlier.units !== asked.units || earlier.paymentMethodId !== asked.paymentMethodId))
    throw refused('driverApp.server.requestIdReused');
  const payment = earlier?.paymentId
    ? await provider().retrievePayment(earlier.paymentId)
    : await paymentOf(request, () =>
        provider().createPayment({
          subscribeId: `topup-${user.id}`,
          agentId: user.tenant,
          amount: Number(minor),
          currency,
          paymentMethodId: input.paymentMethodId,
          idempotencyKey: `app-topup-${user.id}-${input.requestId}`,
          metadata: { appUserId: user.id, amount: String(input.amount) },
          description: `Top-up of ${user.email ?? user.userName}`,
        }),
      );
  return settle(user, payment, input.amount);
}

/**
 * A payment read again from the provider when it is an app top-up: the payment, whose user it credits and by
 * how much (the amount it was created for); undefined for an id that names no payment or another kind.
 */
async function topUpPayment(paymentId: string) {
  if (!PAYMENT_ID.test(paymentId)) return undefined;
  const payment = await provider().retrievePayment(paymentId);
  const userId = payment.metadata?.appUserId;
  const amount = payment.metadata?.amount;
  return userId && amount ? { payment, userId, amount: Number(amount) } : undefined;
}

/**
 * After extra authentication: the payment read again, credited once it has succeeded. An id that names no
 * payment of this user's (junk, unknown, another's) does not exist for them.
 */
export async function confirmTopUp(user: AppUserRecord & Stored, paymentId: string) {
  const topUp = await topUpPayment(paymentId);
  // Only the user's own top-up: the amount is the one the payment was created for.
  if (topUp?.userId !== user.id) throw notFound();
  return settle(user, topUp.payment, topUp.amount);
}

/**
 * A payment's signed webhook event (POST /admin/subscribe/webhook, functions/plans/subscribe.ts): a
 * succeeded top-up is credited even when the app never confirms it. The payment is read again from the
 * provider and credited through the same guard as topUp and confirm, so a replayed or redelivered event,
 * however often and however concurrent, credits once. False when the payment is no app top-up.
 */
export async function creditTopUpPayment(paymentId: string): Promise<boolean> {
  const topUp = await topUpPayment(paymentId);
  if (!topUp) return false;
  if (topUp.payment.status !== 'succeeded') return true;
  if (!(await appUsers.getAny(topUp.userId))) return true;
  await credit(topUp.userId, topUp.payment, topUp.amount);
  return true;
}
