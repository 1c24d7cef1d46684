/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Connector limits (docs/decisions/110-connector-limits.md) through the API against the local
 * runtime: companies that really subscribed (a card at the Stripe stand-in) may not hold more AC or DC
 * connectors than they bought, by the form, the import or concurrent adds; a Basic company gets no DC; a
 * downgraded company keeps its piles and is refused new ones; a company that needs no subscription is not
 * limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSheet } from '@functions/lib/excel.ts';
import { runSchedule } from '@functions/plans/activation.ts';
import { getSubscription } from '@functions/accounts/plan-subscriptions.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';
import { stationBody } from '../helpers/sites.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;

async function ok(token: string, path: string, body?: unknown) {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

async function paymentMethod(): Promise<string> {
  const res = await fetch(`${rt.stripe.url}/v1/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${rt.stripe.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getUTCFullYear() + 2),
      'card[cvc]': '123',
    }).toString(),
  });
  return ((await res.json()) as { id: string }).id;
}

async function buy(token: string, plan: 'basic' | 'pro', ac: number, dc: number, firstFlag = true) {
  const q = await ok(token, '/admin/subscribe/overview', {
    ...(firstFlag ? { firstFlag: true } : {}),
    planId: `plan-universal-${plan}`,
    acConnectorNumber: ac,
    dcConnectorNumber: dc,
  });
  const paid = await ok(token, '/admin/subscribe/pay', {
    subscribeId: q.subscribeId,
    toPayFee: q.toPayFee,
    firstFlag: q.firstFlag,
    refundFlag: q.refundFlag,
    ...(q.lastSubscribeId ? { lastSubscribeId: q.lastSubscribeId } : {}),
    ...(q.toPayFee === '0.00' ? {} : { paymentMethodId: await paymentMethod() }),
  });
  return { ...q, status: paid.status };
}

/** A company that subscribed to `plan` with its administrator signed in, a station with a fee rule. */
async function company(name: string, plan: 'basic' | 'pro', ac: number, dc: number) {
  const created = await ok(admin, '/admin/operator/add', {
    operatorName: name,
    currency: 'USD',
    contactMail: `${name.toLowerCase()}@example.com`,
    subStatus: 0,
  });
  await ok(admin, '/admin/user/add', {
    username: `${name.toLowerCase()}-admin`,
    password: await encrypt(rt.url, 'Secret12345'),
    role: ['role-operator-admin'],
    agentId: created.id,
  });
  let token = await login(rt.url, `${name.toLowerCase()}-admin`, 'Secret12345');
  await buy(token, plan, ac, dc);
  // Signed in again: the subscription's codes.
  token = await login(rt.url, `${name.toLowerCase()}-admin`, 'Secret12345');
  const fee = { name: `${name} energy`, feeType: 1, unitPrice: '0.39', timeSharing: 0, periods: [] };
  const feeRuleId = (await ok(token, '/biz/chargingFee/add', fee)).id;
  const station = await ok(token, '/biz/station/add', stationBody('Depot', { feeRuleId }));
  return { id: created.id as string, token, stationId: station.id as string };
}

const pile = (stationId: string, id: string, connectors: number, powerType = 'AC_3_PHASE') => ({
  chargePointId: id,
  name: id,
  stationId,
  protocol: 'ocpp1.6',
  maxPower: powerType === 'DC' ? 150 : 22,
  powerType,
  connectorStandard: powerType === 'DC' ? 'IEC_62196_T2_COMBO' : 'IEC_62196_T2',
  format: powerType === 'DC' ? 'CABLE' : 'SOCKET',
  connectors: Array.from({ length: connectors }, (_, i) => ({ connectorNo: i + 1 })),
});

const total = async (token: string) =>
  (await ok(token, '/biz/chargePoint/list', { current: 1, size: 100 })).total as number;

async function importPiles(token: string, rows: Record<string, unknown>[]) {
  const columns = ['chargePointId', 'name', 'stationId', 'protocol', 'maxPower', 'powerType'];
  const file = await writeSheet(
    'chargePoint',
    [...columns, 'connectorStandard', 'format', 'connectors'],
    rows,
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'piles.xlsx');
  const res = await fetch(`${rt.url}/biz/chargePoint/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return ((await res.json()) as any).data;
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  admin = await login(rt.url, 'admin', 'Admin12345');
}, 120_000);

afterAll(async () => {
  await rt?.cleanup();
});

describe('connector limits', () => {
  it('a Basic company gets no DC charge point, and no more AC connectors than it bought', async () => {
    const basic = await company('Basicco', 'basic', 3, 0);
    const dc = await api(rt.url, basic.token, '/biz/chargePoint/add', pile(basic.stationId, 'B-DC', 1, 'DC'));
    expect(dc.code).not.toBe(0);
    expect(dc.msg).toBe(
      'The Basic subscription has AC connectors only: a DC charge point needs the Pro plan',
    );
    const de = await api(
      rt.url,
      basic.token,
      '/biz/chargePoint/add',
      pile(basic.stationId, 'B-DC', 1, 'DC'),
      {
        language: 'de',
      },
    );
    expect(de.msg).toBe(
      'Das Basic-Abonnement umfasst nur AC-Anschlüsse: ein DC-Ladepunkt braucht den Pro-Tarif',
    );
    expect(await total(basic.token)).toBe(0);

    await ok(basic.token, '/biz/chargePoint/add', pile(basic.stationId, 'B-AC-1', 2));
    const over = await api(rt.url, basic.token, '/biz/chargePoint/add', pile(basic.stationId, 'B-AC-2', 2));
    expect(over.msg).toBe(
      'Your subscription allows 3 AC connectors: this would go beyond it. Buy more connectors on the plan page',
    );
    const zh = await api(rt.url, basic.token, '/biz/chargePoint/add', pile(basic.stationId, 'B-AC-2', 2), {
      language: 'zh-CN',
    });
    expect(zh.msg).toContain('3 个 AC 充电枪');
    expect(await total(basic.token)).toBe(1);
    // The third connector fits; a fourth does not, by a new pile or a connector more on an existing one.
    const third = await ok(basic.token, '/biz/chargePoint/add', pile(basic.stationId, 'B-AC-2', 1));
    const more = await api(rt.url, basic.token, '/biz/chargePoint/update', {
      ...pile(basic.stationId, 'B-AC-2', 2),
      id: third.id,
      version: third.version,
    });
    expect(more.msg).toMatch(/allows 3 AC connectors/);
    // The same pile turned DC: refused too.
    const toDc = await api(rt.url, basic.token, '/biz/chargePoint/update', {
      ...pile(basic.stationId, 'B-AC-2', 1, 'DC'),
      id: third.id,
      version: third.version,
    });
    expect(toDc.msg).toMatch(/Basic subscription has AC connectors only/);
    // An edit that adds nothing is fine.
    await ok(basic.token, '/biz/chargePoint/update', {
      ...pile(basic.stationId, 'B-AC-2', 1),
      name: 'Renamed',
      id: third.id,
      version: third.version,
    });

    // The import at the limit: each row refused with the message, nothing added.
    const report = await importPiles(basic.token, [
      { ...pile(basic.stationId, 'B-IMP-1', 1), connectors: 1 },
      { ...pile(basic.stationId, 'B-IMP-2', 1, 'DC'), connectors: 1 },
    ]);
    expect(report).toMatchObject({ total: 2, success: 0 });
    expect(report.failed.map((f: any) => f.msg)).toEqual([
      'Your subscription allows 3 AC connectors: this would go beyond it. Buy more connectors on the plan page',
      'The Basic subscription has AC connectors only: a DC charge point needs the Pro plan',
    ]);
    expect(await total(basic.token)).toBe(2);

    // A deleted pile gives its connectors back; then the import fits.
    await ok(basic.token, `/biz/chargePoint/del?id=${third.id}`);
    const again = await importPiles(basic.token, [
      { ...pile(basic.stationId, 'B-IMP-1', 1), connectors: 1 },
      { ...pile(basic.stationId, 'B-IMP-3', 1), connectors: 1 },
    ]);
    expect(again).toMatchObject({ total: 2, success: 1 });
    expect(await ok(basic.token, '/biz/chargePoint/usage')).toMatchObject({
      limited: true,
      used: { ac: 3, dc: 0 },
      allowed: { ac: 3, dc: 0 },
      basic: true,
      over: false,
    });
  });

  it('concurrent adds at the limit: exactly the allowed number succeed', async () => {
    const racer = await company('Racer', 'pro', 4, 1);
    await ok(racer.token, '/biz/chargePoint/add', pile(racer.stationId, 'R-0', 1));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api(rt.url, racer.token, '/biz/chargePoint/add', pile(racer.stationId, `R-${i + 1}`, 1)),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.code !== 0)) expect(refused.msg).toMatch(/allows 4 AC/);
    const dcs = await Promise.all(
      [1, 2, 3].map((i) =>
        api(rt.url, racer.token, '/biz/chargePoint/add', pile(racer.stationId, `R-DC-${i}`, 1, 'DC')),
      ),
    );
    expect(dcs.filter((a) => a.code === 0)).toHaveLength(1);
    expect(await total(racer.token)).toBe(5);
    expect(await ok(racer.token, '/biz/chargePoint/usage')).toMatchObject({
      used: { ac: 4, dc: 1 },
      allowed: { ac: 4, dc: 1 },
      over: false,
    });
  });

  it('a downgraded company keeps its charge points and may not add more', async () => {
    const shrink = await company('Shrink', 'pro', 2, 1);
    await ok(shrink.token, '/biz/chargePoint/add', pile(shrink.stationId, 'S-AC', 2));
    const dcPile = await ok(shrink.token, '/biz/chargePoint/add', pile(shrink.stationId, 'S-DC', 1, 'DC'));
    // Basic with one AC connector from the next anniversary.
    const q = await buy(shrink.token, 'basic', 1, 0, false);
    expect(q.status).toBe('scheduled');
    const next = (await getSubscription(q.subscribeId))!;
    expect((await runSchedule(new Date(Date.parse(next.startAt!) + 1000))).started).toContain(q.subscribeId);

    expect(await total(shrink.token)).toBe(2);
    expect(await ok(shrink.token, '/biz/chargePoint/usage')).toMatchObject({
      used: { ac: 2, dc: 1 },
      allowed: { ac: 1, dc: 0 },
      basic: true,
      over: true,
    });
    const ac = await api(rt.url, shrink.token, '/biz/chargePoint/add', pile(shrink.stationId, 'S-AC-2', 1));
    expect(ac.msg).toMatch(/allows 1 AC connectors/);
    const dc = await api(
      rt.url,
      shrink.token,
      '/biz/chargePoint/add',
      pile(shrink.stationId, 'S-DC-2', 1, 'DC'),
    );
    expect(dc.msg).toMatch(/Basic subscription has AC connectors only/);
    // What it has stays editable.
    await ok(shrink.token, '/biz/chargePoint/update', {
      ...pile(shrink.stationId, 'S-DC', 1, 'DC'),
      name: 'Kept',
      id: dcPile.id,
      version: dcPile.version,
    });
    expect(await total(shrink.token)).toBe(2);
  });

  it('a company that needs no subscription is not limited', async () => {
    const operator = await login(rt.url, 'operator', 'Operator12345');
    expect(await ok(operator, '/biz/chargePoint/usage')).toMatchObject({ limited: false, over: false });
  });
});
