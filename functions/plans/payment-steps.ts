/** Task handlers of the subscription-payment state machine (shared/topology/subscription-payment.asl.ts). */
import { SUBSCRIPTION_CURRENCY } from '@shared/schemas/subscription.ts';
import { releasePaymentLock } from '@functions/data/plan-subscriptions.ts';
import { activate } from './activation.ts';
import { paymentProvider, type PaymentResult } from '@functions/payments/payment-provider.ts';
import { registerStripeProviderFromEnv } from '@functions/payments/stripe-provider.ts';
import {
  getSubscription,
  recordFailure as storeFailure,
  recordPayment,
  recordRefund,
  type SubscriptionRecord,
} from '@functions/accounts/plan-subscriptions.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

/**
 * In Lambda the provider comes from the environment (Stripe's keys); a host that already plugged one in (the
 * local runtime, a test) keeps its own. Called at module load by the handler and the workflow's tasks.
 */
export function ensurePaymentProvider(): void {
  try {
    paymentProvider();
  } catch {
    registerStripeProviderFromEnv();
  }
}
ensurePaymentProvider();

export interface PaymentInput {
  action?: 'pay' | 'confirm' | 'payOff';
  subscribeId: string;
  agentId?: string;
  amount?: number;
  currency?: string;
  paymentMethodId?: string;
  payAttempt?: number;
  paymentId?: string;
  refundAmount?: number;
  refundPaymentId?: string;
  payment?: PaymentResult;
  error?: { Error?: string; Cause?: string };
}

async function createPaymentStep(input: PaymentInput): Promise<PaymentResult> {
  const result = await paymentProvider().createPayment({
    subscribeId: input.subscribeId,
    agentId: input.agentId ?? '',
    amount: input.amount ?? 0,
    currency: (input.currency ?? SUBSCRIPTION_CURRENCY).toLowerCase(),
    paymentMethodId: input.paymentMethodId ?? '',
    // One key per pay request: a retried step never charges twice, a new attempt (another card) may.
    idempotencyKey: `pay-${input.subscribeId}-${input.payAttempt ?? 1}`,
  });
  if (result.paymentId) await recordPayment(input.subscribeId, result.paymentId, result.status);
  return result;
}

async function confirmPaymentStep(input: PaymentInput): Promise<PaymentResult> {
  if (!input.paymentId) throw new Error('paymentId is required to confirm a payment');
  const result = await paymentProvider().retrievePayment(input.paymentId);
  // The intent must be the one this subscription was paid with (the handler found it by our own pointer).
  const record = await getSubscription(input.subscribeId);
  if (!record || record.paymentId !== result.paymentId)
    throw new Error('The payment is not this subscription’s');
  return result;
}

async function refundStep(input: PaymentInput): Promise<{ refundId: string; status: string }> {
  if (!input.refundPaymentId || !input.refundAmount) throw new Error('Nothing to refund');
  const result = await paymentProvider().refund({
    paymentId: input.refundPaymentId,
    amount: input.refundAmount,
    idempotencyKey: `refund-${input.subscribeId}`,
  });
  if (result.status === 'failed') {
    throw Object.assign(new Error(result.reason ?? 'Refund failed'), { name: 'RefundFailed' });
  }
  await recordRefund(input.subscribeId, result.refundId, result.status);
  return { refundId: result.refundId, status: result.status };
}

async function activateSubscriptionStep(
  input: PaymentInput,
): Promise<Pick<SubscriptionRecord, 'status' | 'startAt' | 'expireAt'>> {
  const record = await activate(input.subscribeId);
  return { status: record.status, startAt: record.startAt, expireAt: record.expireAt };
}

/** Why the step failed, for the answer and the record: the provider's message when it gave one. */
function reasonOf(input: PaymentInput): string {
  const cause = input.error?.Cause;
  if (cause) {
    try {
      const parsed = JSON.parse(cause) as { errorMessage?: string; message?: string };
      return parsed.errorMessage ?? parsed.message ?? cause;
    } catch {
      return cause;
    }
  }
  return input.error?.Error ?? input.payment?.reason ?? `Payment ${input.payment?.status ?? 'failed'}`;
}

/**
 * Records the failure; `kind` says which step failed, so the answer is "refund failed" with the provider's
 * text as its detail only, not "payment failed: <provider text>" (docs/decisions/452-no-raw-values-in-the-console.md).
 */
async function recordFailureStep(
  input: PaymentInput,
): Promise<{ reason: string; kind: 'refund' | 'payment' }> {
  const reason = reasonOf(input);
  const kind = input.error?.Error === 'RefundFailed' ? 'refund' : 'payment';
  const paymentId = input.payment?.paymentId || input.paymentId || undefined;
  if (!(await storeFailure(input.subscribeId, reason, paymentId))) return { reason, kind };
  const record = await getSubscription(input.subscribeId);
  if (record) {
    // The company may pay again (another card, a new quote).
    await releasePaymentLock(record.agentId, input.subscribeId);
  }
  return { reason, kind };
}

// The state machine's tasks, each a Lambda entry: traced, its metrics published at its end
// (functions/lib/tracing.ts).
export const createPayment = lambdaEntry(createPaymentStep);
export const confirmPayment = lambdaEntry(confirmPaymentStep);
export const refund = lambdaEntry(refundStep);
export const activateSubscription = lambdaEntry(activateSubscriptionStep);
export const recordFailure = lambdaEntry(recordFailureStep);
