/**
 * Revenue statistics (/statRevenue) and transaction insight (/transcationInsight) (docs/product.md sections
 * 3, 5 and 9): the requests, their limits and the answers. The API validates with these; the console's
 * screens use the same ones. Days are the stations' local dates (the revenue rollups' days), YYYY-MM-DD.
 */
import { z } from 'zod';
import { daysBetween, isDay } from '@shared/pricing/metrics.ts';
import { CODE } from '@shared/permissions/menus.ts';

/** docs/product.md section 5: revenue statistics cover at most 60 days. */
export const REVENUE_WINDOW_DAYS = 60;
/**
 * docs/product.md section 9: the analytics windows (1 is the 24-hour view, at the rollups' day granularity).
 */
export const INSIGHT_WINDOWS = [1, 7, 14, 28, 30, 60] as const;
export const REVENUE_GROUPS = ['day', 'station', 'operator'] as const;
export type RevenueGroup = (typeof REVENUE_GROUPS)[number];

/** Codes (shared/permissions/menus.ts): statistics 4400, insight 4600, the Pro file export 9100. */
export const REVENUE_CODE = {
  stat: CODE.revenue,
  insight: CODE.transactionInsight,
  export: CODE.fileExport,
} as const;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const day = z.string().refine(isDay, { error: 'validation.dateFormat' });

/** Why a range of days cannot be asked for (an i18n key), or null. */
export function revenueRangeProblem(startDay: string, endDay: string): string | null {
  if (!isDay(startDay) || !isDay(endDay)) return 'validation.dateFormat';
  const days = daysBetween(startDay, endDay);
  if (days < 1) return 'revenueRes.reversed';
  if (days > REVENUE_WINDOW_DAYS) return 'revenueRes.tooLong';
  return null;
}

export const revenueStatQuery = z
  .object({
    startDay: day,
    endDay: day,
    groupBy: z.enum(REVENUE_GROUPS).default('day'),
    stationId: optional(z.string().trim().max(64)),
    agentId: optional(z.string().trim().max(64)),
  })
  .strict();
export type RevenueStatQuery = z.infer<typeof revenueStatQuery>;

export const insightQuery = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((n) => (INSIGHT_WINDOWS as readonly number[]).includes(n), { error: 'revenueRes.badWindow' })
      .default(30),
    /** The last day of the window (the stations' date); today in UTC by default. */
    endDay: optional(day),
    stationId: optional(z.string().trim().max(64)),
    agentId: optional(z.string().trim().max(64)),
  })
  .strict();
export type InsightQuery = z.infer<typeof insightQuery>;

/** The figures of a row: energy in kWh and money as decimal strings in the row's currency. */
export interface RevenueFigures {
  currency: string;
  /** Sessions (orders). */
  orders: number;
  /** kWh, three decimals. */
  energyKwh: string;
  durationSeconds: number;
  /** What the drivers paid (actual fee). */
  pay: string;
  /** The company's share after the platform's tariff (agent-received fee). */
  revenue: string;
  discount: string;
  profit: string;
  coupon: string;
  /** The platform's revenue tariff. */
  tariff: string;
  elecFee: string;
  occupancyFee: string;
}

export interface RevenueRow extends RevenueFigures {
  /** The group: the day, the station id or the company id. */
  key: string;
  day?: string;
  stationId?: string;
  stationName?: string;
  agentId?: string;
  operatorName?: string;
}

export interface RevenueStat {
  startDay: string;
  endDay: string;
  groupBy: RevenueGroup;
  rows: RevenueRow[];
  /** One per currency. */
  totals: RevenueFigures[];
}

export interface Growth {
  current: string | number;
  previous: string | number;
  /** Percent, two decimals (docs/product.md section 9). */
  growth: number;
}

export interface InsightPoint {
  day: string;
  energyKwh: string;
  orders: number;
  /** Per currency: revenue as a decimal string. */
  revenue: Record<string, string>;
  /**
   * Percent, docs/product.md section 9 as it reads (docs/decisions/181): Σ energy / the order's connector's
   * rated power, over 24 h (the sum of the connectors' utilizations); null without a rated connector.
   */
  utilization: number | null;
  /** The same averaged over the rated connectors: over (rated connectors × 24 h); null without one. */
  utilizationPerConnector: number | null;
  /** The peak-power variant: energy / (the stations' rated peak × 24 h); null without it. */
  peakUtilization: number | null;
}

export interface StationUtilization {
  stationId: string;
  stationName?: string;
  agentId?: string;
  /** The rated peak: every rated connector at its rating. */
  ratedPowerKw: number;
  /** Connectors with a rated power. */
  connectors: number;
  energyKwh: string;
  orders: number;
  utilization: number | null;
  utilizationPerConnector: number | null;
  peakUtilization: number | null;
}

export interface Insight {
  days: number;
  /** The current window and the one before it (chain / month-on-month comparison). */
  current: { startDay: string; endDay: string };
  previous: { startDay: string; endDay: string };
  chain: { energyKwh: Growth; orders: Growth; revenue: (Growth & { currency: string })[] };
  /** The last 7 days against the same weekdays 52 weeks before (year-on-year by week). */
  yearOnYear: {
    current: { startDay: string; endDay: string };
    previous: { startDay: string; endDay: string };
    energyKwh: Growth;
    orders: Growth;
    revenue: (Growth & { currency: string })[];
  };
  series: InsightPoint[];
  /** Of all stations in view over the window (as InsightPoint, over the window's hours). */
  utilization: number | null;
  utilizationPerConnector: number | null;
  peakUtilization: number | null;
  ratedPowerKw: number;
  connectors: number;
  stations: StationUtilization[];
}
