/**
 * The calls of the subscription wizard and the plan screens (docs/product.md section 7;
 * shared/schemas/subscription.ts is the contract). Pay answers code 2048 (CODE_NEEDS_AUTHENTICATION) with the
 * client secret in `msg`, so it is read as a raw envelope rather than through `call`, which turns any
 * non-zero code into an ApiError.
 */
import { API } from '@shared/api/paths.ts';
import {
  CODE_NEEDS_AUTHENTICATION,
  type NeedsAuthentication,
  type PayConfig,
  type PayResult,
  type PriceResult,
  type RiskResult,
  type SubscriptionView,
  type UniversalPlanEntry,
} from '@shared/schemas/subscription.ts';
import { ApiError, call, request } from '@web/lib/api.ts';
import type { Row } from '@web/resources/types.ts';

/** docs/product.md section 3: the operator (company) fields the wizard's first step shows and saves. */
export interface OperatorRecord {
  id: string;
  operatorName?: string;
  parentId?: string | null;
  parentName?: string | null;
  currency?: string;
  contactMail?: string;
  contactPerson?: string;
  contactPhone?: string;
  servicePhone?: string;
  address?: string;
  url?: string;
  postalCode?: string;
  payId?: string | null;
  payUuid?: string | null;
  payName?: string | null;
  mailId?: string | null;
  mailName?: string | null;
  subStatus?: number;
}

export function loadOperator(id: string): Promise<OperatorRecord> {
  return call<OperatorRecord>(API.admin.operator.info, undefined, { id });
}

/** docs/product.md section 7: the wizard's operator update body, exactly these fields. */
export function saveOperator(op: OperatorRecord): Promise<unknown> {
  return call(API.admin.operator.update, {
    id: op.id,
    operatorName: op.operatorName,
    contactPerson: op.contactPerson,
    contactPhone: op.contactPhone,
    servicePhone: op.servicePhone,
    contactMail: op.contactMail,
    address: op.address,
    url: op.url,
    postalCode: op.postalCode,
    payUuid: op.payUuid,
    payName: op.payName,
    payId: op.payId,
    mailId: op.mailId,
    currency: op.currency,
    parentId: op.parentId,
  });
}

/** Index 0 Basic, index 1 Pro (docs/product.md section 3). */
export async function loadUniversalPlans(): Promise<UniversalPlanEntry[]> {
  const data = await call<UniversalPlanEntry[] | null>(API.admin.plan.universalList);
  return Array.isArray(data) ? data : [];
}

export function riskWarning(acConnectorNumber: number, dcConnectorNumber: number): Promise<RiskResult> {
  return call<RiskResult>(API.admin.subscribe.riskWarning, { acConnectorNumber, dcConnectorNumber });
}

export interface PriceRequest {
  firstFlag: boolean;
  planNo?: string;
  planId?: string;
  acConnectorNumber: number;
  dcConnectorNumber: number;
  acConnectorPrice?: string;
  dcConnectorPrice?: string;
}

export function priceCalculation(body: PriceRequest): Promise<PriceResult> {
  return call<PriceResult>(API.admin.subscribe.overview, body);
}

export function loadPayConfig(): Promise<PayConfig> {
  return call<PayConfig>(API.admin.subscribe.payConfig);
}

export type PayOutcome =
  | { kind: 'paid'; result: PayResult }
  | { kind: 'authenticate'; clientSecret: string; data: NeedsAuthentication };

/** POST /admin/subscribe/pay: paid, or code 2048 (the client secret in msg); any other code is an ApiError. */
export async function pay(body: {
  toPayFee: string;
  firstFlag: boolean;
  refundFlag: boolean;
  lastSubscribeId?: string;
  subscribeId: string;
  paymentMethodId?: string;
}): Promise<PayOutcome> {
  const envelope = await request<PayResult | NeedsAuthentication>(API.admin.subscribe.pay, {
    body,
    silent: true,
  });
  if (envelope.code === 0) return { kind: 'paid', result: envelope.data as PayResult };
  if (envelope.code === CODE_NEEDS_AUTHENTICATION)
    return { kind: 'authenticate', clientSecret: envelope.msg, data: envelope.data as NeedsAuthentication };
  // A failed refund's detail (the provider's text) comes as data.detail (decision 452).
  const fields =
    envelope.data && typeof envelope.data === 'object'
      ? (envelope.data as unknown as Record<string, string>)
      : undefined;
  throw new ApiError(envelope.code, envelope.msg, envelope.code, fields);
}

/** POST /admin/subscribe/secure?paymentId=: reports the payment intent after the card's authentication. */
export function secure(paymentId: string): Promise<PayResult> {
  return call<PayResult>(API.admin.subscribe.secure, undefined, { paymentId });
}

/** Pay-off without a card (the price row has a receipt pdfUrl). */
export function offlinePay(subscribeId: string): Promise<PayResult> {
  return call<PayResult>(API.admin.subscribe.offlinePay, { subscribeId });
}

/** POST /admin/subscribe/info?newFlag=1: the company's current (newest) subscription. */
export async function currentSubscriptions(): Promise<SubscriptionView[]> {
  const data = await call<SubscriptionView | SubscriptionView[] | Row | null>(
    API.admin.subscribe.info,
    undefined,
    { newFlag: 1 },
  );
  if (!data) return [];
  if (Array.isArray(data)) return data;
  const page = data as Row;
  if (Array.isArray(page.records)) return page.records as SubscriptionView[];
  return [data as SubscriptionView];
}
