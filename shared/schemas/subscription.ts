/**
 * Company subscriptions (docs/product.md sections 2, 3, 4, 5, 7 and 9): plans, the universal plan entries,
 * the price calculation, payment and its extra authentication. The API validates with these and the console's
 * wizard and plan screens use the same ones. THIS FILE IS THE CONTRACT between the subscription back end
 * (functions/plans/) and the console (web/src/pages/subscription/); change both sides together.
 *
 * Money: decimal strings in US dollars with 2 decimals ("12.50"), computed in integer cents (never floats).
 */
import { z } from 'zod';
import { pageNumber } from './admin.ts';
import { moneyDecimal, optionalText } from './fields.ts';

/** docs/product.md section 9: a subscription is billed over 12 months. */
export const BILLING_MONTHS = 12;
/** Days of one billing month (a plan's validity and proration count in these). */
export const MONTH_DAYS = 30;
/** Validity of a universal plan: 12 billing months. */
export const UNIVERSAL_VALID_DAYS = BILLING_MONTHS * MONTH_DAYS;
/** docs/product.md section 9: connector counts in the wizard 0 to 2000; order (plan) number at most 32. */
export const CONNECTORS_MAX = 2000;
export const PLAN_NO_MAX = 32;
/** docs/product.md section 5: mode 2 (an order number) sends AC count 2 and DC 0. */
export const MODE2_AC_CONNECTORS = 2;
/** Days before expiry from which the expiry warning shows (user info's expireRemindDays). */
export const EXPIRE_REMIND_WINDOW_DAYS = 30;
/** docs/product.md section 4: the answer code of a card payment that needs extra authentication. */
export const CODE_NEEDS_AUTHENTICATION = 2048;
/** The currency of subscriptions (docs/product.md section 9: shown in dollars). */
export const SUBSCRIPTION_CURRENCY = 'USD';

/**
 * docs/product.md section 3: featurePackageType 0 Basic (AC only), 1 Pro (AC and DC, export, smart charging,
 * fleets).
 */
export const FEATURE_PACKAGE = { basic: 0, pro: 1 } as const;
/**
 * docs/product.md section 3: a plan is universal (the public Basic and Pro prices) or private/custom (a plan
 * number).
 */
export const PLAN_TYPE = { universal: 0, custom: 1 } as const;
/** docs/product.md section 2: mode 1 picks a universal plan, mode 2 enters an order (plan) number. */
export const SUBSCRIBE_MODE = { plan: 1, orderNo: 2 } as const;
/** Stored state of one subscription (a company's purchase). */
export const SUBSCRIBE_STATUS = ['quoted', 'pending', 'scheduled', 'active', 'expired', 'failed'] as const;
export type SubscribeStatus = (typeof SUBSCRIBE_STATUS)[number];

/** Dollars with at most 2 decimals, 0 to 9,999,999: the one strict money field, canonical ("12.50"). */
const PRICE = 'subscriptionRes.validation.price';
const money2 = moneyDecimal({
  scale: 2,
  min: 0,
  max: 9_999_999,
  messages: { format: PRICE, negative: PRICE, decimals: PRICE, range: PRICE, zero: PRICE },
});
const percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: 'subscriptionRes.validation.percent' })
  .refine((v) => Number(v.split('.')[0]) <= 100, { error: 'subscriptionRes.validation.percent' });
const connectors = z.coerce
  .number({ error: 'validation.required' })
  .int()
  .min(0, { error: 'subscriptionRes.validation.connectors' })
  .max(CONNECTORS_MAX, { error: 'subscriptionRes.validation.connectors' });

/** A plan (POST /admin/plan/add, /update; platform only). Universal plans are the two public entries. */
export const planForm = z
  .object({
    planNo: z.string().trim().min(1, { error: 'validation.required' }).max(PLAN_NO_MAX),
    planName: z.string().trim().min(1, { error: 'validation.required' }).max(64),
    planType: z.coerce.number().int().min(0).max(1),
    featurePackageType: z.coerce.number().int().min(0).max(1),
    acConnectorNumber: connectors,
    dcConnectorNumber: connectors,
    /** Per connector per month. */
    acConnectorPrice: money2,
    dcConnectorPrice: money2,
    /** Percent of each order's amount (the operator limit's revenueTariff once active). */
    acTransactionFee: percent,
    dcTransactionFee: percent,
    validDays: z.coerce.number().int().min(1).max(3660),
    /** The company a custom plan is for (its number is given to that company only). */
    agentId: optionalText(64),
    /** Key of the receipt PDF (POST /admin/plan/upload): a plan with one is paid off without a card. */
    pdfUrl: optionalText(255),
    remark: optionalText(255),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.featurePackageType === FEATURE_PACKAGE.basic && v.dcConnectorNumber !== 0)
      ctx.addIssue({
        code: 'custom',
        path: ['dcConnectorNumber'],
        message: 'subscriptionRes.validation.basicNoDc',
      });
  });
export type PlanForm = z.infer<typeof planForm>;

/** POST /admin/plan/list filters (all optional) with the page. */
export const planListQuery = z
  .object({
    current: pageNumber(),
    size: z.coerce.number().int().min(1).max(500).default(10),
    /** Sort field and direction (the list pages send them); newest first otherwise. */
    orderBy: z
      .string()
      .regex(/^\w{1,40}$/)
      .optional()
      .catch(undefined),
    order: z.enum(['asc', 'desc']).optional().catch(undefined),
    planNo: optionalText(PLAN_NO_MAX),
    planName: optionalText(64),
    planType: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number().int().min(0).max(1).optional(),
    ),
    featurePackageType: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number().int().min(0).max(1).optional(),
    ),
    agentId: optionalText(64),
  })
  .strict();
export type PlanListQuery = z.infer<typeof planListQuery>;

/** POST /admin/plan/update: the form plus the plan's id (and the version read, refused when stale). */
export const planKey = z.object({
  id: z.string().trim().min(1).max(64),
  version: z.coerce.number().int().optional(),
});

/** A plan as listed: its form plus id, usage and expiry facts. */
export interface PlanView extends PlanForm {
  id: string;
  /** 1 once a subscription was bought with it. */
  usedFlag: 0 | 1;
  /** 0 not expired, 1 expired (docs/product.md section 3). */
  expiredFlag: 0 | 1;
  expireTime?: string;
  remainingDays?: number;
  agentName?: string;
}

/** POST /admin/plan/universalList: index 0 Basic, index 1 Pro (docs/product.md section 3). */
export interface UniversalPlanEntry {
  id: string;
  featurePackageType: 0 | 1;
  acConnectorPrice: string;
  dcConnectorPrice: string;
  acTransactionFee: string;
  dcTransactionFee: string;
  validDays: number;
}

/**
 * POST /admin/subscribe/overview: the price calculation (docs/product.md section 7). Mode 1 sends planId (a
 * universal entry's id) with the connector counts (Basic: DC 0); mode 2 sends planNo with AC 2 and DC 0.
 * Prices sent by the client are ignored: the server prices from the stored plan.
 */
export const priceQuery = z
  .object({
    firstFlag: z.coerce.boolean().default(true),
    planNo: optionalText(PLAN_NO_MAX),
    planId: optionalText(64),
    acConnectorNumber: connectors,
    dcConnectorNumber: connectors,
    acConnectorPrice: z.unknown().optional(),
    dcConnectorPrice: z.unknown().optional(),
  })
  .strict()
  .refine((v) => Boolean(v.planNo) !== Boolean(v.planId), {
    path: ['planNo'],
    error: 'subscriptionRes.validation.planOrNumber',
  });
export type PriceQuery = z.infer<typeof priceQuery>;

/** One row of a price calculation (docs/product.md section 3). */
export interface PriceRow {
  featurePackageType: 0 | 1;
  planType: 0 | 1;
  acConnectorPrice: string;
  acConnectorNumber: number;
  acTransactionFee: string;
  dcConnectorPrice: string;
  dcConnectorNumber: number;
  dcTransactionFee: string;
  validDays: number;
  pdfUrl?: string;
}

/**
 * The price calculation result (docs/product.md section 3). The server stores it as a `quoted` subscription
 * (`subscribeId`); paying uses the stored figures, never the client's.
 * - totalFee: 12 × (AC price × AC count + DC price × DC count);
 * - toPayFee: totalFee minus the credit of the current subscription's unused part, at least 0;
 * - refundFlag: the credit is larger than the new total (a downgrade): the difference is refunded.
 */
export interface PriceResult {
  list: PriceRow[];
  totalFee: string;
  toPayFee: string;
  firstFlag: boolean;
  refundFlag: boolean;
  /** The refund a downgrade gives back (0.00 otherwise). */
  refundFee: string;
  lastSubscribeId?: string;
  subscribeId: string;
}

/**
 * POST /admin/subscribe/pay. The card never reaches this server: the console turns the card fields into a
 * payment method at the card provider (Stripe Elements when hosted; the local stand-in's equivalent) and
 * sends its id. Card fields (cardNo, cvc, ...) are refused.
 */
export const payBody = z
  .object({
    subscribeId: z.string().trim().min(1).max(64),
    toPayFee: money2,
    firstFlag: z.coerce.boolean(),
    refundFlag: z.coerce.boolean().default(false),
    lastSubscribeId: optionalText(64),
    /** The provider's payment method (`pm_...`); not needed when nothing is to pay. */
    paymentMethodId: optionalText(255),
  })
  .strict();
export type PayBody = z.infer<typeof payBody>;

/** Answer of pay and secure: paid (active now, or scheduled after the current month) ... */
export interface PayResult {
  subscribeId: string;
  status: SubscribeStatus;
  startAt?: string;
  expireAt?: string;
}
/** ... or code 2048 with `msg` = the client secret and data { paymentId, subscribeId }. */
export interface NeedsAuthentication {
  paymentId: string;
  subscribeId: string;
}

/** POST /admin/subscribe/offlinePay: pay-off without a card (the quote's first row has a pdfUrl). */
export const offlinePayBody = z.object({ subscribeId: z.string().trim().min(1).max(64) }).strict();

/**
 * POST /admin/subscribe/riskWarning: fewer connectors than already added warns (docs/product.md section 5).
 */
export const riskQuery = z.object({ acConnectorNumber: connectors, dcConnectorNumber: connectors }).strict();
export interface RiskResult {
  acAdded: number;
  dcAdded: number;
  /** True when a count is below the connectors already added: some would not work. */
  warn: boolean;
}

/** POST /admin/subscribe/payConfig: what the console's card element needs (no secret). */
export interface PayConfig {
  provider: 'stripe';
  publishableKey: string;
  /** The local Stripe stand-in's base URL (`http://127.0.0.1:PORT`); absent when hosted (Stripe.js). */
  apiBase?: string;
}

/** A subscription as POST /admin/subscribe/info answers (and /plan lists for a company). */
export interface SubscriptionView {
  subscribeId: string;
  agentId: string;
  status: SubscribeStatus;
  featurePackageType: 0 | 1;
  planType: 0 | 1;
  planNo?: string;
  acConnectorNumber: number;
  dcConnectorNumber: number;
  totalFee: string;
  toPayFee: string;
  refundFee: string;
  validDays: number;
  paymentId?: string;
  startAt?: string;
  expireAt?: string;
  remainingDays?: number;
  failure?: string;
  createdAt: string;
}
