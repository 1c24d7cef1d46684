/**
 * The subscription price formulas (shared/subscription/pricing.ts; docs/payments.md): cents in and
 * out, 12 × monthly, Basic without DC, the start of a renewal at the next monthly anniversary (capped at the
 * expiry), the credit rounded down, toPayFee at least 0, the refund of a downgrade, and the expiry warning's
 * days. Every boundary is tested.
 */
import { describe, expect, it } from 'vitest';
import { MONTH_DAYS, UNIVERSAL_VALID_DAYS } from '@shared/schemas/subscription.ts';
import {
  checkCounts,
  creditCents,
  DAY_MS,
  daysLeft,
  fromCents,
  monthlyCents,
  quote,
  remindDays,
  startOfNew,
  toCents,
  totalCents,
  type CurrentSubscription,
} from '@shared/subscription/pricing.ts';

const basic = (ac: number, dc = 0) => ({
  featurePackageType: 0,
  acConnectorNumber: ac,
  dcConnectorNumber: dc,
});
const pro = (ac: number, dc: number) => ({
  featurePackageType: 1,
  acConnectorNumber: ac,
  dcConnectorNumber: dc,
});
const prices = (ac: string, dc: string) => ({ acConnectorPrice: ac, dcConnectorPrice: dc });

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const at = (days: number, ms = 0) => new Date(T0 + days * DAY_MS + ms);
const sub = (paidFee: number, validDays = UNIVERSAL_VALID_DAYS): CurrentSubscription => ({
  paidFee,
  startAt: at(0).toISOString(),
  expireAt: at(validDays).toISOString(),
  validDays,
});

describe('cents', () => {
  it('reads amounts with 0, 1 or 2 decimals exactly', () => {
    expect(toCents('0')).toBe(0);
    expect(toCents('3')).toBe(300);
    expect(toCents('3.5')).toBe(350);
    expect(toCents('3.05')).toBe(305);
    expect(toCents(' 15.00 ')).toBe(1500);
    // 0.1 + 0.2 style errors cannot happen: no float is involved.
    expect(toCents('0.29')).toBe(29);
    expect(toCents('1234567.89')).toBe(123456789);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '-1', '1.234', '1,00', 'abc', '.5', '1e3']) expect(() => toCents(bad)).toThrow();
  });

  it('writes cents with exactly two decimals', () => {
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(50)).toBe('0.50');
    expect(fromCents(1250)).toBe('12.50');
    expect(fromCents(-1250)).toBe('-12.50');
    expect(fromCents(123456789)).toBe('1234567.89');
    expect(() => fromCents(1.5)).toThrow();
  });
});

describe('monthly and total', () => {
  it('monthly = AC price × AC count + DC price × DC count', () => {
    expect(monthlyCents(prices('3.00', '0.00'), basic(10))).toBe(3000);
    expect(monthlyCents(prices('5.00', '15.00'), pro(10, 2))).toBe(5000 + 3000);
    expect(monthlyCents(prices('4.99', '14.99'), pro(3, 7))).toBe(3 * 499 + 7 * 1499);
  });

  it('totalFee = 12 × monthly', () => {
    expect(totalCents(prices('3.00', '0.00'), basic(10))).toBe(36000);
    expect(totalCents(prices('5.00', '15.00'), pro(10, 2))).toBe(96000);
    expect(totalCents(prices('0.01', '0.01'), pro(1, 1))).toBe(24);
  });

  it('zero connectors or zero prices cost nothing', () => {
    expect(totalCents(prices('3.00', '15.00'), pro(0, 0))).toBe(0);
    expect(totalCents(prices('0.00', '0.00'), pro(5, 5))).toBe(0);
  });

  it('handles the largest counts (2000 each) exactly', () => {
    expect(totalCents(prices('9999999.99', '9999999.99'), pro(2000, 2000))).toBe(12 * 4000 * 999999999);
  });

  it('Basic refuses DC connectors; Pro takes both', () => {
    expect(() => checkCounts(basic(1, 1))).toThrow(/Basic/);
    expect(() => monthlyCents(prices('3.00', '15.00'), basic(1, 1))).toThrow();
    expect(() => checkCounts(pro(1, 1))).not.toThrow();
    expect(() => checkCounts(basic(-1))).toThrow();
    expect(() => checkCounts(basic(1.5))).toThrow();
  });
});

describe('start of a new purchase', () => {
  it('is now without a current subscription, or after it ended', () => {
    expect(startOfNew(undefined, at(5)).getTime()).toBe(at(5).getTime());
    expect(startOfNew(sub(36000), at(360)).getTime()).toBe(at(360).getTime());
    expect(startOfNew(sub(36000), at(400)).getTime()).toBe(at(400).getTime());
  });

  it('is the first monthly anniversary strictly after now', () => {
    expect(startOfNew(sub(36000), at(0)).getTime()).toBe(at(MONTH_DAYS).getTime());
    expect(startOfNew(sub(36000), at(1)).getTime()).toBe(at(30).getTime());
    expect(startOfNew(sub(36000), at(29, DAY_MS - 1)).getTime()).toBe(at(30).getTime());
    // On the anniversary itself the month just started: it waits for the next one.
    expect(startOfNew(sub(36000), at(30)).getTime()).toBe(at(60).getTime());
    expect(startOfNew(sub(36000), at(30, 1)).getTime()).toBe(at(60).getTime());
    expect(startOfNew(sub(36000), at(329)).getTime()).toBe(at(330).getTime());
  });

  it('never after the current expiry', () => {
    // 360 days = 12 anniversaries: at day 331 the next one (360) is the expiry itself.
    expect(startOfNew(sub(36000), at(331)).getTime()).toBe(at(360).getTime());
    // A validity that is not whole months: the cap applies before the next anniversary.
    expect(startOfNew(sub(1000, 45), at(31)).getTime()).toBe(at(45).getTime());
    expect(startOfNew(sub(1000, 45), at(44, DAY_MS - 1)).getTime()).toBe(at(45).getTime());
  });
});

describe('credit', () => {
  it('is paid × unused days / validDays', () => {
    expect(creditCents(sub(36000), at(30))).toBe(33000);
    expect(creditCents(sub(36000), at(180))).toBe(18000);
    expect(creditCents(sub(36000), at(0))).toBe(36000);
  });

  it('rounds down to the cent', () => {
    // 1000 × 359 / 360 = 997.22… → 997.
    expect(creditCents(sub(1000), at(1))).toBe(997);
    // 1 × 359 / 360 → 0.
    expect(creditCents(sub(1), at(1))).toBe(0);
    // 35999 × 330 / 360 = 32999.08… → 32999.
    expect(creditCents(sub(35999), at(30))).toBe(32999);
  });

  it('counts whole days only: a part of a day is not credited', () => {
    expect(creditCents(sub(36000), at(30, 1))).toBe(creditCents(sub(36000), at(31)));
  });

  it('is 0 at or after the expiry, without a subscription, or when nothing was paid', () => {
    expect(creditCents(sub(36000), at(360))).toBe(0);
    expect(creditCents(sub(36000), at(361))).toBe(0);
    expect(creditCents(undefined, at(0))).toBe(0);
    expect(creditCents(sub(0), at(30))).toBe(0);
  });

  it('never exceeds what was paid', () => {
    expect(creditCents(sub(36000), at(-10))).toBe(36000);
  });
});

describe('quote', () => {
  it('first purchase: pays the total, starts now, no refund', () => {
    const q = quote({ totalFee: 36000, validDays: 360, current: undefined, now: at(0) });
    expect(q).toMatchObject({ totalFee: 36000, credit: 0, toPayFee: 36000, refundFlag: false, refundFee: 0 });
    expect(q.startAt.getTime()).toBe(at(0).getTime());
    expect(q.expireAt.getTime()).toBe(at(360).getTime());
  });

  it('upgrade: pays the total minus the credit, from the next anniversary', () => {
    // Paid 360.00; on day 10 an upgrade to 960.00 starts at day 30 with 330 days unused = 330.00 credit.
    const q = quote({ totalFee: 96000, validDays: 360, current: sub(36000), now: at(10) });
    expect(q.startAt.getTime()).toBe(at(30).getTime());
    expect(q).toMatchObject({ credit: 33000, toPayFee: 63000, refundFlag: false, refundFee: 0 });
    expect(q.expireAt.getTime()).toBe(at(390).getTime());
  });

  it('credit equal to the total: nothing to pay, no refund', () => {
    const q = quote({ totalFee: 33000, validDays: 360, current: sub(36000), now: at(10) });
    expect(q).toMatchObject({ credit: 33000, toPayFee: 0, refundFlag: false, refundFee: 0 });
  });

  it('downgrade: the credit above the total is refunded', () => {
    const q = quote({ totalFee: 12000, validDays: 360, current: sub(96000), now: at(10) });
    expect(q).toMatchObject({ credit: 88000, toPayFee: 0, refundFlag: true, refundFee: 76000 });
  });

  it('one cent of difference either way', () => {
    expect(quote({ totalFee: 32999, validDays: 360, current: sub(36000), now: at(10) })).toMatchObject({
      toPayFee: 0,
      refundFlag: true,
      refundFee: 1,
    });
    expect(quote({ totalFee: 33001, validDays: 360, current: sub(36000), now: at(10) })).toMatchObject({
      toPayFee: 1,
      refundFlag: false,
      refundFee: 0,
    });
  });

  it('renewal in the last month: starts at the expiry with no credit', () => {
    const q = quote({ totalFee: 36000, validDays: 360, current: sub(36000), now: at(340) });
    expect(q.startAt.getTime()).toBe(at(360).getTime());
    expect(q).toMatchObject({ credit: 0, toPayFee: 36000, refundFlag: false });
  });

  it('a free total with no current subscription costs nothing', () => {
    expect(quote({ totalFee: 0, validDays: 360, current: undefined, now: at(0) })).toMatchObject({
      toPayFee: 0,
      refundFlag: false,
      refundFee: 0,
    });
  });
});

describe('expiry warning days', () => {
  it('whole days left, a started day counting', () => {
    expect(daysLeft(at(30).toISOString(), at(0))).toBe(30);
    expect(daysLeft(at(30).toISOString(), at(0, 1))).toBe(30);
    expect(daysLeft(at(30).toISOString(), at(29, 1))).toBe(1);
    expect(daysLeft(at(30).toISOString(), at(30))).toBe(0);
    expect(daysLeft(at(30).toISOString(), at(31))).toBe(0);
  });

  it('remind days within the window only', () => {
    expect(remindDays(at(30).toISOString(), at(0), 30)).toBe(30);
    expect(remindDays(at(31).toISOString(), at(0), 30)).toBeNull();
    expect(remindDays(at(30, 1).toISOString(), at(0), 30)).toBeNull();
    expect(remindDays(at(1).toISOString(), at(0), 30)).toBe(1);
    expect(remindDays(undefined, at(0), 30)).toBeNull();
  });
});
