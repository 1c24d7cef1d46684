/**
 * The app balance's top-ups (issue 19): paid by card through the payment provider (Stripe; locally its
 * stand-in and test cards), credited once the payment has succeeded, exactly once per payment: the credit is
 * written in one transaction with a guard item named after the payment, so a replayed confirmation or a
 * retried request never credits twice. A card that asks for extra authentication answers code 2048 with the
 * client secret; the app confirms with the provider and then calls confirm, which reads the payment again.
 */
import type { z } from 'zod';
import { appBalanceWrites, appUsers, type AppUserRecord } from '@functions/appusers/accounts.ts';
import { send } from '@functions/data/table.ts';
import { companyCurrency, companyOfTenant } from '@functions/identity/tenants.ts';
import { cancellationCodes } from '@functions/lib/conditional.ts';
import { badRequest, refused } from '@functions/lib/errors.ts';
import type { Stored } from '@functions/lib/store.ts';
import { debitGuard, toUnits, withRetries } from '@functions/fleets/balance.ts';
import { paymentProvider, type PaymentResult } from '@functions/subscription/payment-provider.ts';
import { registerStripeProviderFromEnv } from '@functions/subscription/stripe-provider.ts';
import { minorDigits } from '@shared/pricing/money.ts';
import { CODE_NEEDS_AUTHENTICATION } from '@shared/schemas/subscription.ts';
import type { appTopUpSchema } from '@shared/schemas/driver-app.ts';
import { shownAppUser } from '@functions/appusers/accounts.ts';

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
  debitGuard(`TOPUP-${paymentId}`, `APPUSER#${userId}`, at);

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
      // The guard exists: this payment was credited before.
      if (codes?.at(-1) === 'ConditionalCheckFailed') return user;
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

export async function topUp(user: AppUserRecord & Stored, input: z.infer<typeof appTopUpSchema>) {
  const currency = await currencyOf(user);
  // The card is charged in whole minor units of the currency (cents): an amount finer than that is refused.
  const step = 10n ** BigInt(4 - minorDigits(currency));
  const units = toUnits(input.amount);
  if (units % step !== 0n)
    throw badRequest('server.validation', { amount: 'driverApp.validation.wholeCents' });
  const minor = units / step;
  const payment = await provider().createPayment({
    subscribeId: `topup-${user.id}`,
    agentId: user.tenant,
    amount: Number(minor),
    currency,
    paymentMethodId: input.paymentMethodId,
    idempotencyKey: `app-topup-${user.id}-${input.requestId}`,
    metadata: { appUserId: user.id, amount: String(input.amount) },
    description: `Top-up of ${user.email ?? user.userName}`,
  });
  return settle(user, payment, input.amount);
}

/** After extra authentication: the payment read again, credited once it has succeeded. */
export async function confirmTopUp(user: AppUserRecord & Stored, paymentId: string) {
  const payment = await provider().retrievePayment(paymentId);
  // Only the user's own top-up: the amount is the one the payment was created for.
  if (payment.metadata?.appUserId !== user.id || !payment.metadata.amount) throw refused('server.notFound');
  return settle(user, payment, Number(payment.metadata.amount));
}
