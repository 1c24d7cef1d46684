/**
 * Subscription price formulas (docs/decisions/291-subscription-price-and-credit.md; docs/product.md sections
 * 3, 4 and 9). Pure functions over integer cents: money never passes through a binary float. docs/payments.md
 * states them.
 *
 * - monthly = acPrice × acCount + dcPrice × dcCount (prices per connector per month);
 * - totalFee = BILLING_MONTHS (12) × monthly;
 * - a purchase while a subscription is current starts at that subscription's next monthly anniversary
 *   (activation + k × MONTH_DAYS days, the first one strictly after now), never after its expiry
 *   (docs/product.md section 4: "a newly bought plan takes effect after the next paid month");
 * - credit = the current subscription's paid amount × (days from that start to its expiry) / its validDays,
 *   rounded DOWN to the cent (the customer is never credited a fraction of a cent more than unused);
 * - toPayFee = max(0, totalFee − credit); refundFlag = credit > totalFee; refundFee = credit − totalFee then,
 *   else 0.
 */
import { BILLING_MONTHS, FEATURE_PACKAGE, MONTH_DAYS } from '../schemas/subscription.ts';

export const DAY_MS = 86_400_000;

/** "12.50" → 1250. Throws on anything that is not a non-negative amount with at most two decimals. */
export function toCents(amount: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not an amount: ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1250 → "12.50"; negative amounts keep their sign. */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface Counts {
  featurePackageType: number;
  acConnectorNumber: number;
  dcConnectorNumber: number;
}

export interface Prices {
  acConnectorPrice: string;
  dcConnectorPrice: string;
}

/** Basic is AC only (docs/product.md section 9): a DC count on Basic is refused, never silently dropped. */
export function checkCounts(counts: Counts): void {
  for (const n of [counts.acConnectorNumber, counts.dcConnectorNumber])
    if (!Number.isInteger(n) || n < 0) throw new Error('Connector counts are whole numbers from 0');
  if (counts.featurePackageType === FEATURE_PACKAGE.basic && counts.dcConnectorNumber !== 0)
    throw new Error('Basic has no DC connectors');
}

/** acPrice × acCount + dcPrice × dcCount, in cents. */
export function monthlyCents(prices: Prices, counts: Counts): number {
  checkCounts(counts);
  return (
    toCents(prices.acConnectorPrice) * counts.acConnectorNumber +
    toCents(prices.dcConnectorPrice) * counts.dcConnectorNumber
  );
}

/** 12 × monthly, in cents. */
export function totalCents(prices: Prices, counts: Counts): number {
  return BILLING_MONTHS * monthlyCents(prices, counts);
}

/** The subscription a purchase is compared with: what was paid for it and when it runs. */
export interface CurrentSubscription {
  /** Cents actually paid for it. */
  paidFee: number;
  /** When it started (its activation or scheduled start). */
  startAt: string;
  expireAt: string;
  validDays: number;
}

/**
 * When a new purchase starts: now without a current subscription (or one that already ended); otherwise the
 * current one's first monthly anniversary strictly after now, at most its expiry.
 */
export function startOfNew(current: CurrentSubscription | undefined, now: Date): Date {
  if (!current) return now;
  const start = Date.parse(current.startAt);
  const expire = Date.parse(current.expireAt);
  if (expire <= now.getTime()) return now;
  const month = MONTH_DAYS * DAY_MS;
  // k ≥ 1 with start + k × month > now (a purchase on an anniversary itself waits for the next one).
  const k = Math.max(1, Math.floor((now.getTime() - start) / month) + 1);
  return new Date(Math.min(start + k * month, expire));
}

/** paid × (whole days from `from` to the expiry) / validDays, rounded down to the cent; 0 after expiry. */
export function creditCents(current: CurrentSubscription | undefined, from: Date): number {
  if (!current || current.validDays <= 0 || current.paidFee <= 0) return 0;
  const days = Math.max(0, Math.floor((Date.parse(current.expireAt) - from.getTime()) / DAY_MS));
  const unused = Math.min(days, current.validDays);
  // Exact integer arithmetic: cents × days stays far below 2^53 (at most ~10^11 × 3660).
  return Math.floor((current.paidFee * unused) / current.validDays);
}

export interface Quote {
  totalFee: number;
  credit: number;
  toPayFee: number;
  refundFlag: boolean;
  refundFee: number;
  startAt: Date;
  expireAt: Date;
}

/** The whole price calculation of a purchase of `validDays` at `totalFee` cents. */
export function quote(input: {
  totalFee: number;
  validDays: number;
  current: CurrentSubscription | undefined;
  now: Date;
}): Quote {
  const startAt = startOfNew(input.current, input.now);
  const credit = creditCents(input.current, startAt);
  const refundFlag = credit > input.totalFee;
  return {
    totalFee: input.totalFee,
    credit,
    toPayFee: Math.max(0, input.totalFee - credit),
    refundFlag,
    refundFee: refundFlag ? credit - input.totalFee : 0,
    startAt,
    expireAt: new Date(startAt.getTime() + input.validDays * DAY_MS),
  };
}

/** Whole days left until `expireAt` (rounded up: a part of a day counts), 0 once passed. */
export function daysLeft(expireAt: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(expireAt) - now.getTime()) / DAY_MS));
}

/** User info's expireRemindDays: the days left when within the window, else null. */
export function remindDays(expireAt: string | undefined, now: Date, windowDays: number): number | null {
  if (!expireAt) return null;
  const left = daysLeft(expireAt, now);
  return left <= windowDays ? left : null;
}
