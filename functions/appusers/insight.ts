/**
 * CRM insight (/appInsight; shared/schemas/app-insight.ts says what each figure is). Reads the app users of
 * the caller's scope (their sign-up times and locks) and the activity rollups of the last 90 days
 * (functions/data/app-activity.ts: who charged on which day), never the orders. Days are the orders' local
 * days; the window ends today (UTC) and also holds days a station's time zone has already begun.
 */
import { appActivitySince, type AppActivity } from '@functions/data/app-activity.ts';
import type { Identity } from '@functions/identity/access.ts';
import { tenantsInScope } from '@functions/identity/tenants.ts';
import { writeSheet } from '@functions/lib/excel.ts';
import { addDays } from '@shared/pricing/metrics.ts';
import {
  CHURN_WINDOWS,
  type AppInsight,
  type AppInsightQuery,
  type ChurnWindow,
  type InsightDay,
} from '@shared/schemas/app-insight.ts';
import { appUsers } from '@functions/accounts/app-users.ts';

/** The longest window and the period before it: how far back the activity is read. */
const HISTORY_DAYS = Math.max(...CHURN_WINDOWS.map((w) => w.days + w.against), 60);

const percent = (part: number, whole: number) => (whole ? ((part * 100) / whole).toFixed(2) : null);

function churnWindow(
  window: { days: number; against: number },
  today: string,
  activity: AppActivity[],
  signUps: string[],
): ChurnWindow {
  const start = addDays(today, 1 - window.days);
  const previousStart = addDays(start, -window.against);
  const current = new Set<string>();
  const previous = new Set<string>();
  let sessions = 0;
  for (const a of activity) {
    if (a.day >= start) {
      current.add(a.appUserId);
      sessions += a.sessions;
    } else if (a.day >= previousStart) previous.add(a.appUserId);
  }
  const retained = [...previous].filter((id) => current.has(id)).length;
  const churned = previous.size - retained;
  return {
    days: window.days,
    against: window.against,
    activeUsers: current.size,
    previousActive: previous.size,
    churned,
    retained,
    churnRate: percent(churned, previous.size),
    retention: percent(retained, previous.size),
    newUsers: signUps.filter((day) => day >= start).length,
    sessions,
    sessionsPerUser: current.size ? (sessions / current.size).toFixed(2) : null,
  };
}

function series(days: number, today: string, activity: AppActivity[], signUps: string[]): InsightDay[] {
  const out = new Map<string, InsightDay>();
  for (let i = days - 1; i >= 0; i--) {
    const day = addDays(today, -i);
    out.set(day, { day, newUsers: 0, activeUsers: 0, sessions: 0 });
  }
  for (const a of activity) {
    const entry = out.get(a.day);
    if (!entry) continue;
    entry.activeUsers += 1;
    entry.sessions += a.sessions;
  }
  for (const day of signUps) {
    const entry = out.get(day);
    if (entry) entry.newUsers += 1;
  }
  return [...out.values()];
}

export async function appInsight(identity: Identity, query: AppInsightQuery): Promise<AppInsight> {
  const today = new Date().toISOString().slice(0, 10);
  const from = addDays(today, 1 - HISTORY_DAYS);
  const [users, tenants] = await Promise.all([appUsers.list(identity.scope), tenantsInScope(identity.scope)]);
  const activity = (await Promise.all(tenants.map((t) => appActivitySince(t, from)))).flat();
  const signUps = users.map((u) => String(u.createTime ?? '').slice(0, 10));
  return {
    endDay: today,
    totalUsers: users.length,
    lockedUsers: users.filter((u) => u.lockFlag === 1).length,
    windows: CHURN_WINDOWS.map((w) => churnWindow(w, today, activity, signUps)),
    days: query.days,
    series: series(query.days, today, activity, signUps),
  };
}

/** The insight as an Excel sheet: the churn windows, then the chosen window's days. */
export async function appInsightFile(identity: Identity, query: AppInsightQuery) {
  const insight = await appInsight(identity, query);
  const columns = [
    'section',
    'days',
    'against',
    'day',
    'activeUsers',
    'previousActive',
    'churned',
    'retained',
    'churnRate',
    'retention',
    'newUsers',
    'sessions',
    'sessionsPerUser',
  ];
  const rows = [
    ...insight.windows.map((w) => ({ section: 'window', ...w })),
    ...insight.series.map((d) => ({ section: 'day', ...d })),
  ];
  return {
    name: `app-insight-${insight.endDay}.xlsx`,
    body: await writeSheet('insight', columns, rows),
  };
}
