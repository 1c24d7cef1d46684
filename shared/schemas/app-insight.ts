/**
 * CRM insight (/appInsight, code 7500; docs/decisions/193-app-users-and-ops-view.md): new, active and churned
 * app users. docs/product.md section 9: churn windows 7, 14 and 30 days against the 14, 28 and 60 before;
 * analytics windows 7, 14, 28, 30 and 60 days for the daily chart.
 *
 * For a window of W days against the P before it: active users charged at least once in the last W days;
 * the previous period's active users charged in the P days before those; churned users were active then and
 * not since; retained users were active then and again now; retention = retained / previous active × 100 %,
 * churn rate = churned / previous active × 100 % (none without previous active users); new users signed up
 * in the last W days; sessions per user = sessions in the window / active users.
 */
import { z } from 'zod';

export const CHURN_WINDOWS = [
  { days: 7, against: 14 },
  { days: 14, against: 28 },
  { days: 30, against: 60 },
] as const;

export const INSIGHT_WINDOWS = [7, 14, 28, 30, 60] as const;

export const appInsightQuery = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((n) => (INSIGHT_WINDOWS as readonly number[]).includes(n), { error: 'revenueRes.badWindow' })
      .default(30),
  })
  .strict();
export type AppInsightQuery = z.infer<typeof appInsightQuery>;

export interface ChurnWindow {
  days: number;
  against: number;
  activeUsers: number;
  previousActive: number;
  churned: number;
  retained: number;
  /** Percentages with two decimals as text; null without previous active users. */
  churnRate: string | null;
  retention: string | null;
  newUsers: number;
  sessions: number;
  /** Two decimals as text; null without active users. */
  sessionsPerUser: string | null;
}

export interface InsightDay {
  day: string;
  newUsers: number;
  activeUsers: number;
  sessions: number;
}

export interface AppInsight {
  endDay: string;
  totalUsers: number;
  lockedUsers: number;
  windows: ChurnWindow[];
  days: number;
  series: InsightDay[];
}
