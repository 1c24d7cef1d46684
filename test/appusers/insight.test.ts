/**
 * CRM insight and the ops view on the local runtime, from sessions through the real order
 * pipeline: new, active, churned and retained app users over the churn windows, sessions per user, the
 * daily series and its Excel file; the ops view lists locked users, frozen balances and unpaid orders with
 * why, and another company sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUsers, createAppUser } from '@functions/accounts/app-users.ts';
import { takeHold } from '@functions/accounts/app-holds.ts';
import { readSheet } from '@functions/lib/excel.ts';
import { chargerContext } from '@functions/chargepoints/charger.ts';
import { companyWithAdmin, login, okCall } from '../helpers/identity.ts';
import { recordSession } from '../helpers/orders.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let other: string;
const ids = {} as Record<'stays' | 'leaves' | 'arrives', string>;

const ok = (token: string, path: string, body?: unknown) => okCall<Json>(rt.url, token, path, body);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 3_600_000).toISOString();

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  const admin = await login(rt.url, 'admin', 'Admin12345');
  other = (await companyWithAdmin(rt.url, admin, 'InsightOther', { subStatus: 1, featurePackageType: 1 }))
    .token;
  const tenant = (await appUsers.getAny('demo-app-user'))!.tenant;
  const make = async (key: keyof typeof ids, tag: string, balance: number) =>
    (ids[key] = (
      await createAppUser({ userName: `Insight ${key}`, cardNo: tag, accountBalance: balance }, tenant)
    ).id);
  await make('stays', 'INS-STAYS', 100);
  await make('leaves', 'INS-LEAVES', 100);
  await make('arrives', 'INS-ARRIVES', 0);
  const cp = (await chargerContext('DEMO-CP-002'))!;
  let n = 0;
  const charge = (idTag: string, days: number) =>
    recordSession(cp, {
      tx: `INS-${++n}`,
      connectorNo: 1,
      idTag,
      start: daysAgo(days),
      minutes: 20,
      wh: 5000,
    });
  // Stays: active 10 days ago and 2 days ago. Leaves: 10 days ago only. Arrives: yesterday, unpaid.
  await charge('INS-STAYS', 10);
  await charge('INS-LEAVES', 10);
  await charge('INS-STAYS', 2);
  await charge('INS-ARRIVES', 1);
}, 120_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

describe('app insight', () => {
  it('counts new, active, churned and retained users over the churn windows', async () => {
    const insight = await ok(operator, '/biz/appInsight/stat', { days: 14 });
    const [week, fortnight, month] = insight.windows;
    expect(week).toMatchObject({
      days: 7,
      against: 14,
      activeUsers: 2,
      previousActive: 2,
      churned: 1,
      retained: 1,
      churnRate: '50.00',
      retention: '50.00',
      sessions: 2,
      sessionsPerUser: '1.00',
    });
    // The seeded demo app user and the three made here signed up today.
    expect(week.newUsers).toBe(4);
    expect(insight.totalUsers).toBe(4);
    // Over 14 days everyone who charged is active; nobody charged in the 28 before.
    expect(fortnight).toMatchObject({
      activeUsers: 3,
      previousActive: 0,
      churned: 0,
      churnRate: null,
      sessions: 4,
    });
    expect(month).toMatchObject({ activeUsers: 3, sessions: 4, sessionsPerUser: '1.33' });
    expect(insight.series).toHaveLength(14);
    expect(insight.series.reduce((sum: number, d: Json) => sum + d.sessions, 0)).toBe(4);
    expect(insight.series.at(-1).newUsers).toBe(4);

    // Another company's insight holds none of it; a window outside the analytics windows is refused.
    const theirs = await ok(other, '/biz/appInsight/stat', {});
    expect(theirs).toMatchObject({ totalUsers: 0, days: 30 });
    expect(theirs.windows.every((w: Json) => w.activeUsers === 0)).toBe(true);
    const bad = await fetch(`${rt.url}/biz/appInsight/stat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}` },
      body: JSON.stringify({ days: 5 }),
    });
    expect(bad.status).toBe(400);
  });

  it('exports the windows and the days as an Excel file', async () => {
    const res = await fetch(`${rt.url}/biz/appInsight/download`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}` },
      body: JSON.stringify({ days: 7 }),
    });
    expect(res.status).toBe(200);
    const rows = (await readSheet(Buffer.from(await res.arrayBuffer()))).map((r) => r.values);
    expect(rows.filter((r) => r.section === 'window').map((r) => Number(r.days))).toEqual([7, 14, 30]);
    expect(rows.filter((r) => r.section === 'day')).toHaveLength(7);
  });
});

describe('ops users', () => {
  it('lists locked users, frozen balances and unpaid orders with why', async () => {
    await ok(operator, '/biz/appUser/lock', { id: ids.leaves, cause: 'Card reported stolen' });
    await takeHold(ids.stays, { chargePointId: 'DEMO-CP-001', connectorNo: 2 }, 12);
    const page = await ok(operator, '/biz/opsUser/list', { current: 1, size: 20 });
    const byId = new Map(page.records.map((r: Json) => [r.id, r]));
    expect(byId.get(ids.leaves)).toMatchObject({ reasons: ['locked'], cause: 'Card reported stolen' });
    expect(byId.get(ids.stays)).toMatchObject({ reasons: ['frozen'], frozenAmount: 12 });
    expect(byId.get(ids.arrives)).toMatchObject({ reasons: ['unpaid'], unpaidOrders: 1 });
    expect(String((byId.get(ids.arrives) as Json).unpaidAmount)).toMatch(/^\d+\.\d{2} [A-Z]{3}$/);
    // The seeded demo user holds 5 frozen: listed for it.
    expect((byId.get('demo-app-user') as Json).reasons).toEqual(['frozen']);
    expect(page.records.every((r: Json) => !('passwordHash' in r))).toBe(true);

    const locked = await ok(operator, '/biz/opsUser/list', { current: 1, size: 20, reason: 'locked' });
    expect(locked.records.map((r: Json) => r.id)).toEqual([ids.leaves]);
    expect((await ok(other, '/biz/opsUser/list', { current: 1, size: 20 })).total).toBe(0);
  });
});
