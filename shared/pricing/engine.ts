/**
 * THE pricing engine (docs/decisions/260-pricing-money-and-rounding.md): a completed charging session and the
 * rules that applied to it in, the order's money out. Pure: no clock, no storage; the same input always gives
 * the same order.
 *
 * Order of the computation (docs/decisions/260-pricing-money-and-rounding.md):
 * 1. Charging fee (`elecFee`): by energy — the session's whole Wh shared among the time-of-use periods by the
 *    meter samples, each period's kWh × its price; by time — the seconds in each period × its price per
 *    minute / 60; per use — the price once. Each line is rounded half up to the currency's minor unit.
 * 2. Occupancy fee: from the end of charging (the last meter reading that rose) plus the grace minutes to the
 *    end of the session, billed in started steps of the interval, × the price per minute.
 * 3. Discount: the best applicable one's percentage of the charging fee (not of occupancy).
 * 4. Coupon: at most what is left.
 * 5. actualFee = charging + occupancy − discount − coupon; the platform's revenue tariff is its percentage
 *    of actualFee; profit shares are percentages of what remains; the operator (agent) keeps the rest,
 *    rounding remainders included, so the parts always add up to actualFee.
 */
import { divRound, formatMinor, maxBig, minBig, parseMinor, percentOf, priceTimes, scaled } from './money.ts';
import {
  energyBySegment,
  localTime,
  MINUTE_MS,
  minutesOf,
  splitByPeriods,
  type MeterPoint,
  type TimePeriod,
} from './time-of-use.ts';

/**
 * Charging fee type (docs/product.md section 3): 1 by energy (price per kWh), 2 by time (per minute), 3 per
 * use (per session). Defined here, where it is priced; the fee and order schemas re-export it.
 */
export const FEE_TYPE = { energy: 1, time: 2, perUse: 3 } as const;
export type FeeType = (typeof FEE_TYPE)[keyof typeof FEE_TYPE];

export interface Tariff {
  id: string;
  name: string;
  currency: string;
  feeType: FeeType;
  /** Per kWh, per minute or per use; the whole day's price without time sharing. */
  unitPrice: string;
  /** Time sharing: periods covering the day (shared/resources/fee rules); empty: unitPrice all day. */
  periods?: readonly TimePeriod[];
  occupancy?: {
    /** Per minute. */
    price: string;
    /** Grace minutes after charging ends. */
    afterMinutes: number;
    /** Billed in started steps of this many minutes. */
    intervalMinutes: number;
  };
}

export interface Discount {
  id: string;
  name: string;
  /** Percent off the charging fee. */
  discountElec: string;
  /** 1 common, 2 VIP (only for `userIds`). */
  type: number;
  stationIds?: readonly string[];
  userIds?: readonly string[];
  status: number;
  abandonedFlag?: number;
  validFrom?: string;
  validTo?: string;
  dailyStart?: string;
  dailyEnd?: string;
}

export interface ProfitShare {
  party: string;
  percent: string;
}

export interface PricingInput {
  /** None: charging is free here. */
  tariff?: Tariff;
  /** Used when there is no tariff. */
  currency: string;
  /** The station's IANA time zone (periods and daily discount windows are its wall-clock times). */
  timeZone: string;
  startTime: string;
  endTime: string;
  energyWh: number;
  meterStartWh: number;
  /** Energy register readings during the session. */
  samples: readonly { at: string; wh: number }[];
  stationId?: string;
  idTag?: string;
  discounts?: readonly Discount[];
  /** An app coupon's value (none from chargers). */
  coupon?: string;
  /** The platform's percentage of each order (operator limit `revenueTariff`). */
  revenueTariff?: string;
  profitShares?: readonly ProfitShare[];
}

export interface PriceLine {
  kind: 'energy' | 'time' | 'perUse' | 'occupancy';
  from?: string;
  to?: string;
  /** kWh (3 decimals), minutes (2 decimals) or uses. */
  quantity: string;
  unit: 'kWh' | 'min' | 'use';
  price: string;
  amount: string;
}

export interface PricedOrder {
  currency: string;
  feeRuleId?: string;
  feeRuleName?: string;
  feeType?: FeeType;
  elecFee: string;
  occupancyFee: string;
  discountFee: string;
  couponFee: string;
  actualFee: string;
  tariffFee: string;
  profitFee: string;
  agentFee: string;
  profits: { party: string; percent: string; amount: string }[];
  priceDetail: {
    lines: PriceLine[];
    discount?: { id: string; name: string; rate: string };
    revenueTariff?: string;
    chargingEndedAt?: string;
  };
  /** actualFee in minor units, for settlement and rollups. */
  actualMinor: bigint;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ms = (text: string) => Date.parse(text);

/** Thousandths as a decimal string: 12345n → "12.345". */
const thousandths = (n: bigint) => `${n / 1000n}.${(n % 1000n).toString().padStart(3, '0')}`;
/** Seconds as minutes with two decimals, rounded half up. */
const minutesText = (seconds: bigint) => {
  const hundredths = divRound(seconds * 100n, 60n);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
};

/** The time charging stopped: the last reading that rose (none rose: the start; no readings: the end). */
export function chargingEndedAt(
  input: Pick<PricingInput, 'samples' | 'startTime' | 'endTime' | 'energyWh' | 'meterStartWh'>,
) {
  const points = meterPoints(input);
  if (points.length <= 2 && input.samples.length === 0) return ms(input.endTime);
  let ended = ms(input.startTime);
  for (let k = 1; k < points.length; k++) if (points[k]!.wh > points[k - 1]!.wh) ended = points[k]!.at;
  return ended;
}

/** The readings in the session, framed by the start and stop registers. */
function meterPoints(
  input: Pick<PricingInput, 'samples' | 'startTime' | 'endTime' | 'energyWh' | 'meterStartWh'>,
) {
  const start = ms(input.startTime);
  const end = ms(input.endTime);
  const inside: MeterPoint[] = input.samples
    .map((s) => ({ at: ms(s.at), wh: s.wh }))
    .filter((p) => Number.isFinite(p.at) && Number.isFinite(p.wh) && p.at >= start && p.at <= end)
    .sort((a, b) => a.at - b.at);
  return [
    { at: start, wh: input.meterStartWh },
    ...inside,
    { at: end, wh: input.meterStartWh + input.energyWh },
  ];
}

/** Is the discount for this session? */
export function discountApplies(d: Discount, input: PricingInput): boolean {
  if (d.status !== 0 || d.abandonedFlag === 1) return false;
  if (d.stationIds?.length && (!input.stationId || !d.stationIds.includes(input.stationId))) return false;
  if (d.type === 2) {
    const tag = input.idTag?.toLowerCase();
    if (!tag || !d.userIds?.some((u) => u.toLowerCase() === tag)) return false;
  }
  const start = ms(input.startTime);
  if (d.validFrom && start < ms(d.validFrom)) return false;
  if (d.validTo && start >= ms(d.validTo)) return false;
  if (d.dailyStart && d.dailyEnd) {
    const minute = localTime(start, input.timeZone).minutes;
    if (minute < minutesOf(d.dailyStart) || minute >= minutesOf(d.dailyEnd)) return false;
  }
  return true;
}

/** The applicable discount with the highest rate (ties: the smaller id, so the choice is stable). */
export function bestDiscount(input: PricingInput): Discount | undefined {
  return (input.discounts ?? [])
    .filter((d) => discountApplies(d, input))
    .sort((a, b) => {
      const diff = scaled(b.discountElec) - scaled(a.discountElec);
      return diff !== 0n ? (diff > 0n ? 1 : -1) : a.id < b.id ? -1 : 1;
    })[0];
}

function chargingLines(input: PricingInput, tariff: Tariff): { lines: PriceLine[]; minor: bigint[] } {
  const { currency } = tariff;
  const start = ms(input.startTime);
  const end = Math.max(start, ms(input.endTime));
  if (tariff.feeType === FEE_TYPE.perUse) {
    const amount = priceTimes(tariff.unitPrice, 1n, 1n, currency);
    const line: PriceLine = {
      kind: 'perUse',
      quantity: '1',
      unit: 'use',
      price: tariff.unitPrice,
      amount: formatMinor(amount, currency),
    };
    return { lines: [line], minor: [amount] };
  }
  const periods = tariff.periods?.length ? tariff.periods : [];
  const segments = splitByPeriods(start, end, periods, input.timeZone);
  const priceOf = (period: number) => periods[period]?.price ?? tariff.unitPrice;
  const lines: PriceLine[] = [];
  const minor: bigint[] = [];
  if (tariff.feeType === FEE_TYPE.energy) {
    const energy = energyBySegment(segments, meterPoints(input), input.energyWh);
    segments.forEach((s, i) => {
      const wh = energy[i]!;
      const amount = priceTimes(priceOf(s.period), wh, 1000n, currency);
      minor.push(amount);
      lines.push({
        kind: 'energy',
        from: iso(s.from),
        to: iso(s.to),
        quantity: thousandths(wh),
        unit: 'kWh',
        price: priceOf(s.period),
        amount: formatMinor(amount, currency),
      });
    });
  } else {
    for (const s of segments) {
      const seconds = BigInt(Math.floor((s.to - s.from) / 1000));
      const amount = priceTimes(priceOf(s.period), seconds, 60n, currency);
      minor.push(amount);
      lines.push({
        kind: 'time',
        from: iso(s.from),
        to: iso(s.to),
        quantity: minutesText(seconds),
        unit: 'min',
        price: priceOf(s.period),
        amount: formatMinor(amount, currency),
      });
    }
  }
  return { lines, minor };
}

function occupancyLine(
  input: PricingInput,
  tariff: Tariff,
  endedAt: number,
): { line?: PriceLine; minor: bigint } {
  const rule = tariff.occupancy;
  if (!rule || rule.intervalMinutes <= 0) return { minor: 0n };
  const from = endedAt + rule.afterMinutes * MINUTE_MS;
  const to = ms(input.endTime);
  if (to <= from) return { minor: 0n };
  const step = BigInt(rule.intervalMinutes * MINUTE_MS);
  const steps = (BigInt(to - from) + step - 1n) / step;
  const minutes = steps * BigInt(rule.intervalMinutes);
  const amount = priceTimes(rule.price, minutes, 1n, tariff.currency);
  return {
    minor: amount,
    line: {
      kind: 'occupancy',
      from: iso(from),
      to: iso(to),
      quantity: `${minutes}.00`,
      unit: 'min',
      price: rule.price,
      amount: formatMinor(amount, tariff.currency),
    },
  };
}

export function priceSession(input: PricingInput): PricedOrder {
  const tariff = input.tariff;
  const currency = tariff?.currency ?? input.currency;
  const lines: PriceLine[] = [];
  let elec = 0n;
  let occupancy = 0n;
  let endedAt: number | undefined;
  if (tariff) {
    const charging = chargingLines(input, tariff);
    lines.push(...charging.lines);
    elec = charging.minor.reduce((a, b) => a + b, 0n);
    endedAt = chargingEndedAt(input);
    const occupied = occupancyLine(input, tariff, endedAt);
    if (occupied.line) lines.push(occupied.line);
    occupancy = occupied.minor;
  }
  const discount = tariff ? bestDiscount(input) : undefined;
  const discountMinor = discount ? minBig(elec, percentOf(elec, discount.discountElec)) : 0n;
  const beforeCoupon = elec + occupancy - discountMinor;
  const coupon = input.coupon ? minBig(beforeCoupon, parseMinor(input.coupon, currency)) : 0n;
  const actual = maxBig(0n, beforeCoupon - coupon);
  const tariffMinor = input.revenueTariff ? percentOf(actual, input.revenueTariff) : 0n;
  const shareBase = actual - tariffMinor;
  let left = shareBase;
  const profits = (input.profitShares ?? []).map((share) => {
    const amount = minBig(left, percentOf(shareBase, share.percent));
    left -= amount;
    return { party: share.party, percent: share.percent, amount: formatMinor(amount, currency) };
  });
  const profitMinor = shareBase - left;
  return {
    currency,
    ...(tariff ? { feeRuleId: tariff.id, feeRuleName: tariff.name, feeType: tariff.feeType } : {}),
    elecFee: formatMinor(elec, currency),
    occupancyFee: formatMinor(occupancy, currency),
    discountFee: formatMinor(discountMinor, currency),
    couponFee: formatMinor(coupon, currency),
    actualFee: formatMinor(actual, currency),
    tariffFee: formatMinor(tariffMinor, currency),
    profitFee: formatMinor(profitMinor, currency),
    agentFee: formatMinor(actual - tariffMinor - profitMinor, currency),
    profits,
    priceDetail: {
      lines,
      ...(discount
        ? { discount: { id: discount.id, name: discount.name, rate: discount.discountElec } }
        : {}),
      ...(input.revenueTariff ? { revenueTariff: input.revenueTariff } : {}),
      ...(endedAt !== undefined ? { chargingEndedAt: iso(endedAt) } : {}),
    },
    actualMinor: actual,
  };
}
