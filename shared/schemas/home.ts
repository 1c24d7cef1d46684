/**
 * The home dashboard (/home, code 1100; docs/decisions/183-home-dashboard.md): the request and the answer.
 * docs/product.md section 9: the analytics windows (7, 14, 28, 30 and 60 days), the 24-hour view by hour, the
 * top five over 7 days against 30 days, 30-day energy use, growth as (current − previous) / previous × 100 %
 * (100 % from a zero base).
 */
import { z } from 'zod';
import type { Growth, InsightPoint } from './revenue.ts';

export const HOME_WINDOWS = [7, 14, 28, 30, 60] as const;
/** How many stations and chargers the top lists show. */
export const HOME_TOP = 5;

export const homeQuery = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((n) => (HOME_WINDOWS as readonly number[]).includes(n), { error: 'revenueRes.badWindow' })
      .default(7),
  })
  .strict();
export type HomeQuery = z.infer<typeof homeQuery>;

/** A station's or charger's energy and sessions over the last 7 and the last 30 days. */
export interface TopEntry {
  id: string;
  name: string;
  stationName?: string;
  energyKwh7: string;
  orders7: number;
  energyKwh30: string;
  orders30: number;
}

export interface HomeDashboard {
  days: number;
  current: { startDay: string; endDay: string };
  previous: { startDay: string; endDay: string };
  /** The window against the one before it. */
  kpis: {
    energyKwh: Growth;
    orders: Growth;
    revenue: (Growth & { currency: string })[];
    utilization: { current: number | null; previous: number | null; growth: number | null };
  };
  /** Now: chargers by connection and fault, sessions charging, alarms open. */
  live: {
    chargers: { total: number; online: number; offline: number; faulted: number };
    activeSessions: number;
    openAlarms: number;
  };
  series: InsightPoint[];
  /** The last 30 days' energy by day. */
  energy30: { day: string; energyKwh: string }[];
  /** The last 24 UTC hours, oldest first (`hour` is the hour's start, ISO). */
  hours: { hour: string; energyKwh: string; orders: number; revenue: Record<string, string> }[];
  topStations: TopEntry[];
  topChargers: TopEntry[];
  at: string;
}
