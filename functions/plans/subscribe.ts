/**
 * The subscribe calls (docs/product.md sections 2, 4, 5 and 7): the price calculation stores a `quoted`
 * subscription holding the computed figures; paying uses those, never the client's; payment runs as the
 * subscription-payment state machine (StartSyncExecution). A company only ever reaches its own subscriptions:
 * another company's id is "does not exist". A subscription is paid at most once: the pay request moves it
 * quoted|failed → pending and locks the company (`payingId`) in ONE transaction.
 */
import { StartSyncExecutionCommand } from '@aws-sdk/client-sfn';
import { POWER_TYPES } from '@shared/resources/site/charge-point.ts';
import { SUB_STATUS } from '@shared/schemas/admin.ts';
import {
  CODE_NEEDS_AUTHENTICATION,
  FEATURE_PACKAGE,
  MODE2_AC_CONNECTORS,
  PLAN_TYPE,
  SUBSCRIPTION_CURRENCY,
  type offlinePayBody,
  type PayBody,
  type PayConfig,
  type PayResult,
  type PriceQuery,
  type PriceResult,
  type PriceRow,
  type riskQuery,
  type RiskResult,
  type SubscriptionView,
} from '@shared/schemas/subscription.ts';
import { daysLeft, fromCents, quote, toCents, totalCents } from '@shared/subscription/pricing.ts';
import type { z } from 'zod';
import type { Identity } from '@functions/identity/access.ts';
import { operators } from '@functions/data/operators.ts';
import { sfnClient } from '@functions/lib/aws.ts';
import {
  lockForPayment as lockSubscriptionForPayment,
  setPayMethod as storePayMethod,
} from '@functions/data/plan-subscriptions.ts';
import { config } from '@functions/lib/config.ts';
import { AppError, badRequest, notFound, refused } from '@functions/lib/errors.ts';
import { type Envelope } from '@functions/api/http.ts';
import { logger } from '@functions/lib/logger.ts';
import { newId, visible } from '@functions/lib/records.ts';
import { chargePointRecords } from '@functions/data/charge-points.ts';
import { paymentProvider } from '@functions/payments/payment-provider.ts';
import type { PaymentInput } from './payment-steps.ts';
import { plans } from '@functions/data/plans.ts';
import { planByNumber } from './plans.ts';
import {
  companySubscriptions,
  getSubscription,
  putQuote,
  QUOTE_VALID_MS,
  subscriptionOfPayment,
  type SubscriptionRecord,
} from '@functions/accounts/plan-subscriptions.ts';
import { verifyWebhook } from './webhook.ts';
import { creditTopUpPayment } from '@functions/driverapp/wallet.ts';

/** Card data never reaches this server (the console sends the provider's payment method id). */
export const CARD_FIELDS = [
  'cardNo',
  'cvc',
  'expireYear',
  'expireMonth',
  'cardNumber',
  'number',
  'exp_month',
  'exp_year',
];
/** After this long another pay request of the company may take over a payment left waiting (an abandoned 2048). */
const PAYING_STALE_MS = 60 * 60_000;

/** The caller's own company: subscriptions are bought by a company for itself. */
function companyOf(identity: Identity) {
  if (!identity.operator) throw refused('subscriptionRes.companyOnly');
  return identity.operator;
}

/** A subscription the caller may see (its company's, or any for the platform); else "does not exist". */
async function visibleSubscription(identity: Identity, subscribeId: string | undefined) {
  const record = subscribeId ? await getSubscription(subscribeId) : undefined;
  if (!record || !visible(identity.scope, record.tenant))
    throw notFound('subscriptionRes.subscriptionNotFound');
  return record;
}

/** The caller company's own subscription (pay, offline pay): a sub- or other company's is "does not exist". */
async function ownSubscription(identity: Identity, subscribeId: string) {
  const company = companyOf(identity);
  const record = await getSubscription(subscribeId);
  if (!record || record.agentId !== company.id) throw notFound('subscriptionRes.subscriptionNotFound');
  return record;
}

/** The company's current subscription (the one a new purchase follows), if any. */
async function currentOf(agentId: string) {
  const company = await operators.getAny(agentId);
  if (!company?.subscribeId || company.subStatus !== SUB_STATUS.subscribed)
    return { company, current: undefined };
  const current = await getSubscription(company.subscribeId);
  return { company, current: current?.status === 'active' ? current : undefined };
}

export function toPriceResult(record: SubscriptionRecord): PriceResult {
  return {
    list: [record.row],
    totalFee: fromCents(record.totalFee),
    toPayFee: fromCents(record.toPayFee),
    firstFlag: record.firstFlag,
    refundFlag: record.refundFlag,
    refundFee: fromCents(record.refundFee),
    ...(record.lastSubscribeId ? { lastSubscribeId: record.lastSubscribeId } : {}),
    subscribeId: record.subscribeId,
  };
}

/** POST /admin/subscribe/overview: the price calculation; stores the quote and answers it. */
export async function overview(
  identity: Identity,
  query: PriceQuery,
  now = new Date(),
): Promise<PriceResult> {
  const company = companyOf(identity);
  if (company.subStatus === SUB_STATUS.notNeeded) throw refused('subscriptionRes.notNeeded');
  // A sub-company shares its parent's subscription (functions/admin/operators.ts): the parent buys it.
  if (company.parentId) throw refused('subscriptionRes.parentSubscribes');
  let row: PriceRow;
  let planId: string;
  let mode: 1 | 2;
  if (query.planId) {
    mode = 1;
    const plan = await plans.getAny(query.planId);
    if (!plan || plan.planType !== PLAN_TYPE.universal) throw notFound('subscriptionRes.planNotFound');
    if (plan.featurePackageType === FEATURE_PACKAGE.basic && query.dcConnectorNumber !== 0)
      throw badRequest('server.validation', { dcConnectorNumber: 'subscriptionRes.validation.basicNoDc' });
    if (query.acConnectorNumber + query.dcConnectorNumber === 0)
      throw badRequest('server.validation', { acConnectorNumber: 'subscriptionRes.validation.noConnectors' });
    planId = plan.id;
    row = {
      featurePackageType: plan.featurePackageType as 0 | 1,
      planType: PLAN_TYPE.universal,
      acConnectorPrice: plan.acConnectorPrice,
      acConnectorNumber: query.acConnectorNumber,
      acTransactionFee: plan.acTransactionFee,
      dcConnectorPrice: plan.featurePackageType === FEATURE_PACKAGE.basic ? '0.00' : plan.dcConnectorPrice,
      dcConnectorNumber: query.dcConnectorNumber,
      dcTransactionFee: plan.dcTransactionFee,
      validDays: plan.validDays,
    };
  } else {
    mode = 2;
    // docs/product.md section 5: mode 2 sends AC 2 and DC 0; the plan's own counts and prices are what is
    // bought.
    if (query.acConnectorNumber !== MODE2_AC_CONNECTORS || query.dcConnectorNumber !== 0)
      throw badRequest('server.validation', { acConnectorNumber: 'subscriptionRes.validation.mode2Counts' });
    const plan = await planByNumber(query.planNo!);
    // Another company's number is as unknown as a wrong one.
    if (!plan || plan.planType !== PLAN_TYPE.custom || (plan.agentId && plan.agentId !== company.id))
      throw refused('subscriptionRes.planNoUnknown');
    if (plan.usedFlag === 1) throw refused('subscriptionRes.planUsed');
    planId = plan.id;
    row = {
      featurePackageType: plan.featurePackageType as 0 | 1,
      planType: PLAN_TYPE.custom,
      acConnectorPrice: plan.acConnectorPrice,
      acConnectorNumber: plan.acConnectorNumber,
      acTransactionFee: plan.acTransactionFee,
      dcConnectorPrice: plan.dcConnectorPrice,
      dcConnectorNumber: plan.dcConnectorNumber,
      dcTransactionFee: plan.dcTransactionFee,
      validDays: plan.validDays,
      ...(plan.pdfUrl ? { pdfUrl: plan.pdfUrl } : {}),
    };
  }
  const { company: fresh, current } = await currentOf(company.id);
  if (fresh?.nextSubscribeId) throw refused('subscriptionRes.renewalScheduled');
  const figures = quote({
    totalFee: totalCents(row, row),
    validDays: row.validDays,
    current: current
      ? {
          paidFee: current.paidFee ?? 0,
          startAt: current.startAt ?? current.activatedAt ?? current.createdAt,
          expireAt: current.expireAt!,
          validDays: current.validDays,
        }
      : undefined,
    now,
  });
  const record: SubscriptionRecord = {
    subscribeId: newId(),
    agentId: company.id,
    tenant: company.path,
    status: 'quoted',
    mode,
    planId,
    ...(query.planNo ? { planNo: query.planNo } : {}),
    row,
    firstFlag: !current,
    refundFlag: figures.refundFlag,
    totalFee: figures.totalFee,
    toPayFee: figures.toPayFee,
    refundFee: figures.refundFee,
    credit: figures.credit,
    validDays: row.validDays,
    ...(current ? { lastSubscribeId: current.subscribeId, startAt: figures.startAt.toISOString() } : {}),
    createdAt: now.toISOString(),
  };
  await putQuote(record);
  return toPriceResult(record);
}

/** POST /admin/subscribe/riskWarning: the connectors the company already added, by AC and DC. */
export async function riskWarning(identity: Identity, query: z.infer<typeof riskQuery>): Promise<RiskResult> {
  companyOf(identity);
  let acAdded = 0;
  let dcAdded = 0;
  for (const pile of await chargePointRecords.list(identity.scope)) {
    const n = Array.isArray(pile.connectors) ? pile.connectors.length : 0;
    // POWER_TYPES: AC_1_PHASE, AC_3_PHASE, DC.
    if (pile.powerType === POWER_TYPES[2]) dcAdded += n;
    else acAdded += n;
  }
  return {
    acAdded,
    dcAdded,
    warn: query.acConnectorNumber < acAdded || query.dcConnectorNumber < dcAdded,
  };
}

interface MachineAnswer {
  code: number | string;
  msg?: string;
  subscribeId?: string;
  paymentId?: string;
  reason?: string;
  /** A failure's record: which step failed (payment-steps.ts recordFailure). */
  failure?: { reason?: string; kind?: 'refund' | 'payment' };
  activation?: { status: PayResult['status']; startAt?: string; expireAt?: string };
}

async function runPayment(input: PaymentInput): Promise<MachineAnswer> {
  const out = await sfnClient().send(
    new StartSyncExecutionCommand({
      stateMachineArn: config.stateMachineArn('subscriptionPayment'),
      input: JSON.stringify(input),
    }),
  );
  if (out.status !== 'SUCCEEDED' || !out.output) {
    logger.error('Subscription payment workflow failed', { error: out.error, cause: out.cause });
    // Paid but not activated yet: the subscription keeps its payment and a replay activates it.
    throw refused('subscriptionRes.activationPending');
  }
  return JSON.parse(out.output) as MachineAnswer;
}

/** The answer of pay / secure / offlinePay from the workflow's: paid, 2048, or the failure's reason. */
function answerOf(
  answer: MachineAnswer,
  subscribeId: string,
): Envelope<PayResult | { paymentId: string; subscribeId: string }> {
  if (answer.code === CODE_NEEDS_AUTHENTICATION)
    return {
      code: CODE_NEEDS_AUTHENTICATION,
      msg: answer.msg ?? '',
      data: { paymentId: answer.paymentId ?? '', subscribeId },
    };
  if (answer.code === 'processing') throw refused('subscriptionRes.paymentProcessing');
  // A refund that failed says so in the caller's language; the provider's text is only its detail
  // (docs/decisions/452-no-raw-values-in-the-console.md).
  if (answer.code !== 0 && answer.failure?.kind === 'refund')
    throw new AppError(200, 'messages.refundFailed', 1, { detail: answer.reason ?? '' });
  if (answer.code !== 0) throw refused('subscriptionRes.paymentFailed', { reason: answer.reason ?? '' });
  return {
    code: 0,
    msg: 'success',
    data: {
      subscribeId,
      status: answer.activation?.status ?? 'active',
      ...(answer.activation?.startAt ? { startAt: answer.activation.startAt } : {}),
      ...(answer.activation?.expireAt ? { expireAt: answer.activation.expireAt } : {}),
    },
  };
}

const paidAnswer = (record: SubscriptionRecord): Envelope<PayResult> => ({
  code: 0,
  msg: 'success',
  data: {
    subscribeId: record.subscribeId,
    status: record.status,
    ...(record.startAt ? { startAt: record.startAt } : {}),
    ...(record.expireAt ? { expireAt: record.expireAt } : {}),
  },
});

/**
 * quoted|failed → pending and the company's payment lock, in one transaction: refused when another payment
 * of the company is running, or when the company's subscription changed since the quote.
 */
async function lockForPayment(record: SubscriptionRecord, now: Date): Promise<SubscriptionRecord> {
  if (record.status === 'active' || record.status === 'scheduled' || record.status === 'expired')
    throw refused('subscriptionRes.alreadyPaid');
  if (record.status === 'pending') throw refused('subscriptionRes.paymentInProgress');
  const expired =
    Date.parse(record.createdAt) + QUOTE_VALID_MS < now.getTime() ||
    (record.lastSubscribeId && record.startAt && Date.parse(record.startAt) <= now.getTime());
  if (expired) throw refused('subscriptionRes.quoteExpired');
  const refusal = await lockSubscriptionForPayment({
    subscribeId: record.subscribeId,
    agentId: record.agentId,
    ...(record.lastSubscribeId ? { lastSubscribeId: record.lastSubscribeId } : {}),
    now: now.toISOString(),
    staleBefore: new Date(now.getTime() - PAYING_STALE_MS).toISOString(),
  });
  if (refusal === 'subscription') {
    const again = await getSubscription(record.subscribeId);
    if (again?.status === 'pending') throw refused('subscriptionRes.paymentInProgress');
    throw refused('subscriptionRes.alreadyPaid');
  }
  if (refusal === 'company') throw refused('subscriptionRes.subscriptionChanged');
  if (refusal === 'conflict') throw refused('server.conflict');
  return (await getSubscription(record.subscribeId))!;
}

/**
 * A pending pay-off (no card) whose activation did not complete: the company's lock is still its own, so the
 * same workflow may run again; anything else pending is a payment in progress.
 */
async function resumable(record: SubscriptionRecord, method: 'credit' | 'offline') {
  if (record.status !== 'pending' || record.payMethod !== method) return undefined;
  const company = await operators.getAny(record.agentId);
  return company?.payingId === record.subscribeId ? record : undefined;
}

/** The refund a downgrade gives back, from the payment of the subscription it follows (cents, payment). */
async function refundOf(
  record: SubscriptionRecord,
): Promise<{ refundAmount: number; refundPaymentId?: string }> {
  if (!record.refundFlag || record.refundFee <= 0 || !record.lastSubscribeId) return { refundAmount: 0 };
  const last = await getSubscription(record.lastSubscribeId);
  if (!last?.paymentId || last.payMethod === 'offline') return { refundAmount: 0 };
  return { refundAmount: record.refundFee, refundPaymentId: last.paymentId };
}

/** POST /admin/subscribe/pay. */
export async function pay(identity: Identity, input: PayBody, now = new Date()) {
  const record = await ownSubscription(identity, input.subscribeId);
  // Refused before anything else: a paid quote is never charged again.
  if (record.status === 'active' || record.status === 'scheduled' || record.status === 'expired')
    throw refused('subscriptionRes.alreadyPaid');
  if (toCents(input.toPayFee) !== record.toPayFee)
    throw refused('subscriptionRes.feeMismatch', { expected: fromCents(record.toPayFee) });
  if (record.toPayFee > 0 && !input.paymentMethodId) throw refused('subscriptionRes.cardRequired');
  // A pay-off by credit whose activation did not complete is run again (every step is idempotent).
  const locked = (await resumable(record, 'credit')) ?? (await lockForPayment(record, now));
  if (locked.toPayFee === 0) {
    await setPayMethod(locked.subscribeId, 'credit');
    return answerOf(
      await runPayment({
        action: 'payOff',
        subscribeId: locked.subscribeId,
        agentId: locked.agentId,
        ...(await refundOf(locked)),
      }),
      locked.subscribeId,
    );
  }
  await setPayMethod(locked.subscribeId, 'card');
  return answerOf(
    await runPayment({
      action: 'pay',
      subscribeId: locked.subscribeId,
      agentId: locked.agentId,
      amount: locked.toPayFee,
      currency: SUBSCRIPTION_CURRENCY.toLowerCase(),
      paymentMethodId: input.paymentMethodId,
      payAttempt: locked.payAttempt ?? 1,
      ...(await refundOf(locked)),
    }),
    locked.subscribeId,
  );
}

async function setPayMethod(subscribeId: string, payMethod: NonNullable<SubscriptionRecord['payMethod']>) {
  await storePayMethod(subscribeId, payMethod);
}

/** POST /admin/subscribe/secure?paymentId=: the client confirmed (or failed to confirm) after 2048. */
export async function secure(identity: Identity, paymentId: string | undefined) {
  const company = companyOf(identity);
  if (!paymentId || !/^[\w-]{1,255}$/.test(paymentId))
    throw badRequest('server.validation', { paymentId: 'validation.required' });
  const record = await subscriptionOfPayment(paymentId);
  // Unknown and another company's intents read the same.
  if (!record || record.agentId !== company.id) throw refused('subscriptionRes.paymentUnknown');
  if (record.paymentId !== paymentId) throw refused('subscriptionRes.paymentUnknown');
  // A replay of an intent already activated: the existing result, no second activation.
  if (record.status === 'active' || record.status === 'scheduled' || record.status === 'expired')
    return paidAnswer(record);
  if (record.status === 'failed')
    throw refused('subscriptionRes.paymentFailed', { reason: record.failure ?? '' });
  if (record.status !== 'pending') throw refused('subscriptionRes.paymentUnknown');
  return answerOf(
    await runPayment({
      action: 'confirm',
      subscribeId: record.subscribeId,
      agentId: record.agentId,
      paymentId,
      ...(await refundOf(record)),
    }),
    record.subscribeId,
  );
}

/** POST /admin/subscribe/offlinePay: pay-off without a card, for a first purchase whose plan has a receipt. */
export async function offlinePay(
  identity: Identity,
  input: z.infer<typeof offlinePayBody>,
  now = new Date(),
) {
  const record = await ownSubscription(identity, input.subscribeId);
  if (record.status === 'active' || record.status === 'scheduled' || record.status === 'expired')
    throw refused('subscriptionRes.alreadyPaid');
  if (!record.firstFlag || !record.row.pdfUrl) throw refused('subscriptionRes.offlineNotAllowed');
  const locked = (await resumable(record, 'offline')) ?? (await lockForPayment(record, now));
  await setPayMethod(locked.subscribeId, 'offline');
  return answerOf(
    await runPayment({
      action: 'payOff',
      subscribeId: locked.subscribeId,
      agentId: locked.agentId,
      refundAmount: 0,
    }),
    locked.subscribeId,
  );
}

export function toView(record: SubscriptionRecord, now = new Date()): SubscriptionView {
  return {
    subscribeId: record.subscribeId,
    agentId: record.agentId,
    status: record.status,
    featurePackageType: record.row.featurePackageType,
    planType: record.row.planType,
    ...(record.planNo ? { planNo: record.planNo } : {}),
    acConnectorNumber: record.row.acConnectorNumber,
    dcConnectorNumber: record.row.dcConnectorNumber,
    totalFee: fromCents(record.totalFee),
    toPayFee: fromCents(record.toPayFee),
    refundFee: fromCents(record.refundFee),
    validDays: record.validDays,
    ...(record.paymentId ? { paymentId: record.paymentId } : {}),
    ...(record.startAt ? { startAt: record.startAt } : {}),
    ...(record.expireAt ? { expireAt: record.expireAt } : {}),
    ...(record.expireAt && (record.status === 'active' || record.status === 'scheduled')
      ? { remainingDays: daysLeft(record.expireAt, now) }
      : {}),
    ...(record.failure ? { failure: record.failure } : {}),
    createdAt: record.createdAt,
  };
}

/**
 * POST /admin/subscribe/info?id=&newFlag=: one subscription; newFlag=1 → the caller company's current one
 * (active), else its newest that is more than a quote; null when it has none.
 */
export async function info(identity: Identity, id: string | undefined, newFlag: string | undefined) {
  if (newFlag === '1' || newFlag === 'true') {
    const company = companyOf(identity);
    const fresh = await operators.getAny(company.id);
    const current = fresh?.subscribeId ? await getSubscription(fresh.subscribeId) : undefined;
    if (current?.status === 'active') return toView(current);
    const latest = (await companySubscriptions(company.id)).find((r) => r.status !== 'quoted');
    return latest ? toView(latest) : null;
  }
  return toView(await visibleSubscription(identity, id));
}

/** POST /admin/subscribe/payConfig: what the console's card element needs. */
export function payConfig(): PayConfig {
  try {
    return { provider: 'stripe', ...paymentProvider().payConfig() };
  } catch {
    throw refused('subscriptionRes.noProvider');
  }
}

/**
 * POST /admin/subscribe/webhook (public; Stripe signs it): payment_intent.succeeded activates the
 * subscription (idempotently, through the same workflow), payment_intent.payment_failed records the failure;
 * a driver app's succeeded top-up is credited, once per payment (functions/driverapp/wallet.ts).
 * Events about payments that are not ours, or already handled, are acknowledged and change nothing.
 */
export async function webhook(rawBody: string, signature: string | undefined) {
  let event: ReturnType<typeof verifyWebhook>;
  try {
    event = verifyWebhook(rawBody, signature);
  } catch (error) {
    logger.warn('Webhook refused', { error: String(error) });
    throw new AppError(400, 'subscriptionRes.webhookSignature');
  }
  // A driver app's top-up: credited once per payment whatever is replayed (docs/decisions/434-one-sign-in-guard-and-strict-money.md).
  if (event.type === 'payment_intent.succeeded' && (await creditTopUpPayment(event.payment.paymentId)))
    return { received: true };
  const record = await subscriptionOfPayment(event.payment.paymentId);
  if (!record || record.paymentId !== event.payment.paymentId || record.status !== 'pending')
    return { received: true };
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    await runPayment({
      action: 'confirm',
      subscribeId: record.subscribeId,
      agentId: record.agentId,
      paymentId: record.paymentId,
      ...(await refundOf(record)),
    }).catch((error: unknown) => {
      // Stripe retries a delivery that was not acknowledged: let it.
      if (error instanceof AppError) return undefined;
      throw error;
    });
  }
  return { received: true };
}
