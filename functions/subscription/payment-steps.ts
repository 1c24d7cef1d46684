/** Task handlers of the subscription-payment state machine (infra/topology/subscription-payment.asl.ts). */
import { paymentProvider, type PaymentResult } from './payment-provider.ts';
import { activate, recordFailure as storeFailure, type SubscriptionRecord } from './store.ts';

interface PaymentInput {
  subscribeId: string;
  agentId?: string;
  amount?: number;
  currency?: string;
  paymentMethodId?: string;
  paymentId?: string;
  payment?: PaymentResult;
  error?: { Error?: string; Cause?: string };
}

export async function createPayment(input: PaymentInput): Promise<PaymentResult> {
  return paymentProvider().createPayment({
    subscribeId: input.subscribeId,
    agentId: input.agentId ?? '',
    amount: input.amount ?? 0,
    currency: input.currency ?? 'usd',
    paymentMethodId: input.paymentMethodId ?? '',
    idempotencyKey: `pay-${input.subscribeId}`,
  });
}

export async function confirmPayment(input: PaymentInput): Promise<PaymentResult> {
  if (!input.paymentId) throw new Error('paymentId is required to confirm a payment');
  return paymentProvider().retrievePayment(input.paymentId);
}

export async function activateSubscription(
  input: PaymentInput,
): Promise<Pick<SubscriptionRecord, 'status' | 'expireAt'>> {
  const record = await activate(input.subscribeId);
  return { status: record.status, expireAt: record.expireAt };
}

export async function recordFailure(input: PaymentInput): Promise<{ reason: string }> {
  const reason =
    input.error?.Cause ??
    input.error?.Error ??
    input.payment?.reason ??
    `Payment ${input.payment?.status ?? 'failed'}`;
  await storeFailure(input.subscribeId, reason);
  return { reason };
}
