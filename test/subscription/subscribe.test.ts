/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Subscriptions end to end against the local runtime: the subscription-payment state machine run by
 * aws-local-stepfunctions, card payments through the real `stripe` SDK against the local Stripe stand-in with
 * Stripe's test cards (4242… pays, 4000 0027 6000 3184 needs authentication, 4000 0000 0000 0002 is
 * declined). Success; 2048 then success (and a replayed intent); 2048 then failure; decline; pay-off without
 * a card; a downgrade refunded and started at the next anniversary; another company's quote and intent;
 * a wrong toPayFee; card fields refused; the expiry warning's days, the scheduled start and the expiry back
 * to subStatus 0.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetIdentities } from '@functions/identity/access.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { runSchedule } from '@functions/plans/activation.ts';
import { paymentProvider, setPaymentProvider } from '@functions/payments/payment-provider.ts';
import { getSubscription } from '@functions/accounts/plan-subscriptions.ts';
import { api, companyWithAdmin, encrypt, login } from '../helpers/identity.ts';
import { paymentMethod as cardAtProvider } from '../helpers/payments.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
const tokens: Record<string, string> = {};
const agents: Record<string, string> = {};

const CARD = { pays: '4242424242424242', authenticate: '4000002760003184', declined: '4000000000000002' };

async function ok(token: string, path: string, body?: unknown) {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

/** A company that has not subscribed yet and its administrator (signed in). */
async function company(name: string) {
  const { id, token } = await companyWithAdmin(rt.url, admin, name, { subStatus: 0 });
  agents[name] = id;
  tokens[name] = token;
}

/** What the console's card element does (checked: a payment method id came back). */
async function paymentMethod(number: string): Promise<string> {
  const id = await cardAtProvider(rt.stripe, number);
  expect(id).toMatch(/^pm_/);
  return id;
}

/** The bank's 3-D Secure page, answered as the customer would. */
async function authenticate(clientSecret: string, action: 'complete' | 'fail') {
  const res = await fetch(`${rt.stripe.url}/3ds/${clientSecret.split('_secret_')[0]}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_secret: clientSecret }).toString(),
  });
  expect(res.status).toBe(200);
}

const basicQuote = (token: string, ac = 10) =>
  ok(token, '/admin/subscribe/overview', {
    firstFlag: true,
    planId: 'plan-universal-basic',
    acConnectorNumber: ac,
    dcConnectorNumber: 0,
  });
const proQuote = (token: string, ac = 10, dc = 2) =>
  ok(token, '/admin/subscribe/overview', {
    firstFlag: true,
    planId: 'plan-universal-pro',
    acConnectorNumber: ac,
    dcConnectorNumber: dc,
  });
const payBody = (q: any, paymentMethodId?: string) => ({
  subscribeId: q.subscribeId,
  toPayFee: q.toPayFee,
  firstFlag: q.firstFlag,
  refundFlag: q.refundFlag,
  ...(q.lastSubscribeId ? { lastSubscribeId: q.lastSubscribeId } : {}),
  ...(paymentMethodId ? { paymentMethodId } : {}),
});
const pay = async (token: string, q: any, card?: string) =>
  api(rt.url, token, '/admin/subscribe/pay', payBody(q, card ? await paymentMethod(card) : undefined));

const operatorOf = async (agentId: string) =>
  (
    await dynamoDocument().send(
      new GetCommand({
        TableName: config.tableName('main'),
        Key: { pk: `OPERATOR#${agentId}`, sk: 'OPERATOR' },
      }),
    )
  ).Item as any;
const limitOf = async (agentId: string) =>
  (await ok(admin, '/admin/operatorLimit/list', { current: 1, size: 100 })).records.find(
    (l: any) => l.agentId === agentId,
  );
const userInfo = async (token: string) => {
  forgetIdentities();
  return (await api(rt.url, token, '/admin/user/info', undefined, { method: 'GET' })).data;
};

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  admin = await login(rt.url, 'admin', 'Admin12345');
  for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon']) await company(name);
  tokens.newco = await login(rt.url, 'newco', 'Newco12345');
  agents.newco = 'demo-newco';
}, 120_000);

afterAll(async () => {
  await rt?.cleanup();
});

describe('plans', () => {
  it('lists the universal entries to a company awaiting a subscription: index 0 Basic, 1 Pro', async () => {
    const info = await userInfo(tokens.newco!);
    expect(info.sysUser.subStatus).toBe(0);
    const list = await ok(tokens.newco!, '/admin/plan/universalList');
    // The other calls of the wizard are open to it too: its company, the card element's config.
    const company = await ok(tokens.newco!, '/admin/operator/info?id=demo-newco');
    expect(company.operatorName).toBe('New Company');
    const {
      id: _i,
      parentName: _p,
      subStatus: _s,
      version,
      createTime: _c,
      updateTime: _u,
      ...fields
    } = company;
    const saved = await api(rt.url, tokens.newco!, '/admin/operator/update', {
      ...fields,
      id: 'demo-newco',
      version,
      contactPerson: 'New Admin',
    });
    expect(saved.code, saved.msg).toBe(0);
    const config = await ok(tokens.newco!, '/admin/subscribe/payConfig');
    expect(config).toMatchObject({ provider: 'stripe', apiBase: rt.stripe.url });
    expect(config.publishableKey).toMatch(/^pk_test_/);
    expect(list.map((p: any) => [p.featurePackageType, p.acConnectorPrice, p.dcConnectorPrice])).toEqual([
      [0, '3.00', '0.00'],
      [1, '5.00', '15.00'],
    ]);
  });

  it('platform adds and edits plans; numbers are unique; companies see universal and their own only', async () => {
    const form = {
      planNo: 'ALPHA-ORDER-1',
      planName: 'Alpha custom',
      planType: 1,
      featurePackageType: 0,
      acConnectorNumber: 4,
      dcConnectorNumber: 0,
      acConnectorPrice: '2.50',
      dcConnectorPrice: '0.00',
      acTransactionFee: '2.00',
      dcTransactionFee: '0.00',
      validDays: 360,
      agentId: agents.Alpha,
    };
    const plan = await ok(admin, '/admin/plan/add', form);
    expect(plan.usedFlag).toBe(0);
    const taken = await api(rt.url, admin, '/admin/plan/add', { ...form, planName: 'again' });
    expect(taken.code).not.toBe(0);
    expect(taken.msg).toMatch(/already taken/);
    const basicDc = await api(rt.url, admin, '/admin/plan/add', {
      ...form,
      planNo: 'X-1',
      dcConnectorNumber: 1,
    });
    expect(basicDc.status).toBe(400);
    const updated = await ok(admin, '/admin/plan/update', {
      ...form,
      id: plan.id,
      planName: 'Alpha renamed',
    });
    expect(updated.planName).toBe('Alpha renamed');
    // A stale version, a universal entry naming a company: refused.
    expect(
      (await api(rt.url, admin, '/admin/plan/update', { ...form, id: plan.id, version: 1 })).code,
    ).not.toBe(0);
    const universalForCompany = await api(rt.url, admin, '/admin/plan/add', {
      ...form,
      planNo: 'X-3',
      planType: 0,
    });
    expect(universalForCompany.status).toBe(400);
    expect(universalForCompany.data).toHaveProperty('agentId');
    // A company may not add plans (6911 is platform only).
    expect((await api(rt.url, tokens.Alpha!, '/admin/plan/add', { ...form, planNo: 'X-2' })).status).toBe(
      403,
    );
    const alpha = await ok(tokens.Alpha!, '/admin/plan/list', { current: 1, size: 50 });
    expect(alpha.records.map((p: any) => p.planNo).sort()).toEqual([
      'ALPHA-ORDER-1',
      'UNIVERSAL-BASIC',
      'UNIVERSAL-PRO',
    ]);
    const beta = await ok(tokens.Beta!, '/admin/plan/list', { current: 1, size: 50 });
    expect(beta.records.map((p: any) => p.planNo)).not.toContain('ALPHA-ORDER-1');
    expect((await api(rt.url, tokens.Beta!, `/admin/plan/info?id=${plan.id}`)).code).not.toBe(0);
    const all = await ok(admin, '/admin/plan/list', { current: 1, size: 50 });
    expect(all.records.map((p: any) => p.planNo)).toEqual(
      expect.arrayContaining(['ALPHA-ORDER-1', 'DEMO-ORDER-001', 'UNIVERSAL-BASIC', 'UNIVERSAL-PRO']),
    );
  });

  it('uploads a receipt PDF only', async () => {
    const upload = (type: string, body: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(body)], { type }), 'receipt.pdf');
      return fetch(`${rt.url}/admin/plan/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      }).then((r) => r.json() as Promise<any>);
    };
    const good = await upload('application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(good.code).toBe(0);
    expect(good.data.pdfUrl).toMatch(/^receipts\/[a-f0-9]{32}\.pdf$/);
    expect((await upload('image/png', Buffer.from('%PDF-1.4'))).code).not.toBe(0);
    expect((await upload('application/pdf', Buffer.from('not a pdf'))).code).not.toBe(0);
  });
});

describe('price calculation', () => {
  it('prices Basic and Pro per connector per month over 12 months', async () => {
    const basic = await basicQuote(tokens.Alpha!);
    expect(basic).toMatchObject({
      totalFee: '360.00',
      toPayFee: '360.00',
      firstFlag: true,
      refundFlag: false,
    });
    expect(basic.list[0]).toMatchObject({
      featurePackageType: 0,
      acConnectorNumber: 10,
      acTransactionFee: '1.50',
    });
    const pro = await proQuote(tokens.Alpha!);
    expect(pro).toMatchObject({ totalFee: '960.00', toPayFee: '960.00' });
  });

  it('refuses every wizard rule on the server', async () => {
    const quote = (body: unknown) => api(rt.url, tokens.Alpha!, '/admin/subscribe/overview', body);
    const basicDc = await quote({
      planId: 'plan-universal-basic',
      acConnectorNumber: 1,
      dcConnectorNumber: 1,
    });
    expect(basicDc.status).toBe(400);
    expect(basicDc.data).toHaveProperty('dcConnectorNumber');
    expect(
      (await quote({ planId: 'plan-universal-pro', acConnectorNumber: 2001, dcConnectorNumber: 0 })).status,
    ).toBe(400);
    expect(
      (await quote({ planId: 'plan-universal-pro', acConnectorNumber: -1, dcConnectorNumber: 0 })).status,
    ).toBe(400);
    expect((await quote({ acConnectorNumber: 2, dcConnectorNumber: 0 })).status).toBe(400);
    expect((await quote({ planNo: 'x'.repeat(33), acConnectorNumber: 2, dcConnectorNumber: 0 })).status).toBe(
      400,
    );
    expect(
      (await quote({ planNo: 'DEMO-ORDER-001', acConnectorNumber: 5, dcConnectorNumber: 0 })).status,
    ).toBe(400);
    // Another company's order number is as unknown as a wrong one.
    const other = await quote({ planNo: 'DEMO-ORDER-001', acConnectorNumber: 2, dcConnectorNumber: 0 });
    expect(other.code).not.toBe(0);
    expect(other.msg).toMatch(/Unknown order number/);
    // A platform account has no company to subscribe.
    expect(
      (
        await api(rt.url, admin, '/admin/subscribe/overview', {
          planId: 'plan-universal-basic',
          acConnectorNumber: 1,
          dcConnectorNumber: 0,
        })
      ).code,
    ).not.toBe(0);
  });

  it('leaves a sub-company’s subscription to its parent', async () => {
    const sub = await ok(admin, '/admin/operator/add', {
      operatorName: 'AlphaBranch',
      currency: 'USD',
      contactMail: 'branch@example.com',
      parentId: agents.Alpha,
    });
    await ok(admin, '/admin/user/add', {
      username: 'branch-admin',
      password: await encrypt(rt.url, 'Secret12345'),
      role: ['role-operator-admin'],
      agentId: sub.id,
    });
    const token = await login(rt.url, 'branch-admin', 'Secret12345');
    const answer = await api(rt.url, token, '/admin/subscribe/overview', {
      planId: 'plan-universal-basic',
      acConnectorNumber: 1,
      dcConnectorNumber: 0,
    });
    expect(answer.msg).toMatch(/parent company subscribes/);
  });

  it('warns when fewer connectors than already added are requested', async () => {
    const risk = await ok(tokens.Alpha!, '/admin/subscribe/riskWarning', {
      acConnectorNumber: 0,
      dcConnectorNumber: 0,
    });
    expect(risk).toEqual({ acAdded: 0, dcAdded: 0, warn: false });
  });
});

describe('card payment through the state machine', () => {
  it('refuses card fields, a wrong toPayFee, a missing card and another company’s quote', async () => {
    const q = await basicQuote(tokens.Alpha!);
    const cardFields = await api(rt.url, tokens.Alpha!, '/admin/subscribe/pay', {
      ...payBody(q),
      cardNo: CARD.pays,
      expireYear: '2030',
      expireMonth: '12',
      cvc: '123',
    });
    expect(cardFields.status).toBe(400);
    expect(cardFields.data).toHaveProperty('cardNo');
    // Nor does the refused card number reach the audit log.
    const logs = await ok(admin, '/admin/log/list', { current: 1, size: 100, createBy: 'alpha-admin' });
    expect(JSON.stringify(logs.records)).toContain('subscribeId');
    expect(JSON.stringify(logs.records)).not.toContain(CARD.pays);
    // Never a 500 for bad input.
    for (const bad of ['x', [1], null, { subscribeId: q.subscribeId, toPayFee: '1.234' }])
      expect((await api(rt.url, tokens.Alpha!, '/admin/subscribe/pay', bad)).status).toBe(400);
    expect((await api(rt.url, tokens.Alpha!, '/admin/subscribe/overview', 'x')).status).toBe(400);
    expect((await api(rt.url, tokens.Alpha!, '/admin/subscribe/secure?paymentId=a%20b')).status).toBe(400);
    expect((await api(rt.url, tokens.Alpha!, '/admin/subscribe/info')).code).not.toBe(0);
    expect((await api(rt.url, tokens.Alpha!, '/admin/plan/info')).code).not.toBe(0);
    const wrong = await api(rt.url, tokens.Alpha!, '/admin/subscribe/pay', {
      ...payBody(q),
      toPayFee: '1.00',
    });
    expect(wrong.code).not.toBe(0);
    expect(wrong.msg).toMatch(/does not match.*360\.00/);
    expect((await api(rt.url, tokens.Alpha!, '/admin/subscribe/pay', payBody(q))).msg).toMatch(
      /Enter a card/,
    );
    const other = await pay(tokens.Beta!, q, CARD.pays);
    expect(other.code).not.toBe(0);
    expect(other.msg).toMatch(/does not exist/);
    expect((await api(rt.url, tokens.Beta!, `/admin/subscribe/info?id=${q.subscribeId}`)).code).not.toBe(0);
    expect((await getSubscription(q.subscribeId))!.status).toBe('quoted');
  });

  it('pays with 4242 and activates once: subStatus 1, package, gun limit, expiry', async () => {
    const q = await basicQuote(tokens.Alpha!);
    const paid = await pay(tokens.Alpha!, q, CARD.pays);
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.data).toMatchObject({ subscribeId: q.subscribeId, status: 'active' });
    const record = (await getSubscription(q.subscribeId))!;
    expect(record).toMatchObject({ status: 'active', paidFee: 36000, payMethod: 'card' });
    expect(Date.parse(record.expireAt!) - Date.parse(record.startAt!)).toBe(360 * 86_400_000);
    const company = await operatorOf(agents.Alpha!);
    expect(company).toMatchObject({ subStatus: 1, featurePackageType: 0, subscribeId: q.subscribeId });
    expect(company.payingId).toBeUndefined();
    expect(await limitOf(agents.Alpha!)).toMatchObject({ gunNum: 10, revenueTariff: '1.50' });
    // Paying the same quote again is refused: never a second charge.
    const again = await pay(tokens.Alpha!, q, CARD.pays);
    expect(again.code).not.toBe(0);
    expect(again.msg).toMatch(/already been paid/);
    // An older quote of the first purchase no longer fits the company's state.
    const info = await ok(tokens.Alpha!, '/admin/subscribe/info?newFlag=1');
    expect(info).toMatchObject({
      subscribeId: q.subscribeId,
      status: 'active',
      totalFee: '360.00',
      remainingDays: 360,
    });
    const user = await userInfo(tokens.Alpha!);
    expect(user.sysUser.subStatus).toBe(1);
    expect(user.sysUser.expireRemindDays).toBeNull();
    // Basic gates the Pro codes (export), but the devices are open now.
    expect(user.permissions).toContain('2100');
    expect(user.permissions).not.toContain('9100');
  });

  it('2048 with the client secret, then the confirmed intent activates; a replay changes nothing', async () => {
    const q = await proQuote(tokens.Beta!);
    const first = await pay(tokens.Beta!, q, CARD.authenticate);
    expect(first.status).toBe(200);
    expect(first.code).toBe(2048);
    expect(first.msg).toMatch(/^pi_.+_secret_/);
    expect(first.data).toMatchObject({ subscribeId: q.subscribeId });
    const paymentId = first.data.paymentId as string;
    expect(paymentId).toMatch(/^pi_/);
    expect((await operatorOf(agents.Beta!)).subStatus).toBe(0);
    // Another company cannot confirm it, nor an unknown intent.
    expect((await api(rt.url, tokens.Alpha!, `/admin/subscribe/secure?paymentId=${paymentId}`)).msg).toMatch(
      /Unknown payment/,
    );
    expect((await api(rt.url, tokens.Beta!, '/admin/subscribe/secure?paymentId=pi_unknown')).msg).toMatch(
      /Unknown payment/,
    );
    await authenticate(first.msg, 'complete');
    const secured = await api(rt.url, tokens.Beta!, `/admin/subscribe/secure?paymentId=${paymentId}`);
    expect(secured.code, secured.msg).toBe(0);
    expect(secured.data).toMatchObject({ subscribeId: q.subscribeId, status: 'active' });
    const record = (await getSubscription(q.subscribeId))!;
    expect(record).toMatchObject({ status: 'active', paymentId, paidFee: 96000 });
    const replay = await api(rt.url, tokens.Beta!, `/admin/subscribe/secure?paymentId=${paymentId}`);
    expect(replay.code).toBe(0);
    expect((await getSubscription(q.subscribeId))!.activatedAt).toBe(record.activatedAt);
    expect(await operatorOf(agents.Beta!)).toMatchObject({ subStatus: 1, featurePackageType: 1 });
    expect(await limitOf(agents.Beta!)).toMatchObject({ gunNum: 12, revenueTariff: '1.00' });
    expect((await userInfo(tokens.Beta!)).permissions).toContain('9100');
  });

  it('2048 then a failed authentication: the failure is answered and nothing is activated; another card pays', async () => {
    const q = await basicQuote(tokens.Gamma!, 3);
    const first = await pay(tokens.Gamma!, q, CARD.authenticate);
    expect(first.code).toBe(2048);
    await authenticate(first.msg, 'fail');
    const secured = await api(
      rt.url,
      tokens.Gamma!,
      `/admin/subscribe/secure?paymentId=${first.data.paymentId}`,
    );
    expect(secured.code).not.toBe(0);
    expect(secured.msg).toMatch(/Payment failed: .*authenticate/);
    expect((await getSubscription(q.subscribeId))!.status).toBe('failed');
    expect(await operatorOf(agents.Gamma!)).toMatchObject({ subStatus: 0 });
    expect((await operatorOf(agents.Gamma!)).payingId).toBeUndefined();
    // A second confirmation of the failed intent is the same failure.
    expect(
      (await api(rt.url, tokens.Gamma!, `/admin/subscribe/secure?paymentId=${first.data.paymentId}`)).msg,
    ).toMatch(/Payment failed/);
    const retry = await pay(tokens.Gamma!, q, CARD.pays);
    expect(retry.code, retry.msg).toBe(0);
    expect((await getSubscription(q.subscribeId))!).toMatchObject({ status: 'active', payAttempt: 2 });
  });

  it('a declined card: the provider’s message, nothing activated', async () => {
    const q = await basicQuote(tokens.Delta!, 2);
    const declined = await pay(tokens.Delta!, q, CARD.declined);
    expect(declined.code).not.toBe(0);
    expect(declined.msg).toMatch(/Payment failed: .*declined/i);
    expect((await getSubscription(q.subscribeId))!.status).toBe('failed');
    expect(await operatorOf(agents.Delta!)).toMatchObject({ subStatus: 0 });
    expect(await limitOf(agents.Delta!)).toBeUndefined();
  });
});

describe('concurrency', () => {
  it('two pay requests of one quote, or of two quotes of one company, charge and activate once', async () => {
    const q1 = await basicQuote(tokens.Epsilon!, 1);
    const q2 = await basicQuote(tokens.Epsilon!, 2);
    const [pm1, pm2, pm3] = await Promise.all([
      paymentMethod(CARD.pays),
      paymentMethod(CARD.pays),
      paymentMethod(CARD.pays),
    ]);
    const answers = await Promise.all([
      api(rt.url, tokens.Epsilon!, '/admin/subscribe/pay', payBody(q1, pm1)),
      api(rt.url, tokens.Epsilon!, '/admin/subscribe/pay', payBody(q1, pm2)),
      api(rt.url, tokens.Epsilon!, '/admin/subscribe/pay', payBody(q2, pm3)),
    ]);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    const records = await Promise.all([getSubscription(q1.subscribeId), getSubscription(q2.subscribeId)]);
    const active = records.filter((r) => r?.status === 'active');
    expect(active).toHaveLength(1);
    // One payment was created for the winner; the other quote was never charged.
    expect(active[0]!.payAttempt).toBe(1);
    const loser = records.find((r) => r?.status !== 'active')!;
    expect(loser.paymentId).toBeUndefined();
    expect((await operatorOf(agents.Epsilon!)).subscribeId).toBe(active[0]!.subscribeId);
  });
});

describe('pay-off without a card', () => {
  it('a first purchase by order number with a receipt pays off and activates the custom plan', async () => {
    const q = await ok(tokens.newco!, '/admin/subscribe/overview', {
      firstFlag: true,
      planNo: 'DEMO-ORDER-001',
      acConnectorNumber: 2,
      dcConnectorNumber: 0,
    });
    expect(q).toMatchObject({ firstFlag: true, totalFee: '864.00', toPayFee: '864.00' });
    expect(q.list[0]).toMatchObject({ planType: 1, acConnectorNumber: 10, dcConnectorNumber: 2 });
    expect(q.list[0].pdfUrl).toMatch(/^receipts\//);
    // Without a receipt row it is refused (a universal quote).
    const universal = await basicQuote(tokens.Delta!, 1);
    expect(
      (
        await api(rt.url, tokens.Delta!, '/admin/subscribe/offlinePay', {
          subscribeId: universal.subscribeId,
        })
      ).code,
    ).not.toBe(0);
    const paid = await ok(tokens.newco!, '/admin/subscribe/offlinePay', { subscribeId: q.subscribeId });
    expect(paid).toMatchObject({ status: 'active' });
    expect(await operatorOf('demo-newco')).toMatchObject({ subStatus: 1, featurePackageType: 1 });
    expect(await limitOf('demo-newco')).toMatchObject({ gunNum: 12, revenueTariff: '1.00' });
    const plan = await ok(admin, '/admin/plan/info?id=plan-demo-order-001');
    expect(plan).toMatchObject({ usedFlag: 1, expiredFlag: 0, remainingDays: 360 });
    // The receipt the seed stored is served to the company the plan is for.
    const receipt = await fetch(`${rt.url}/admin/plan/receipt?id=plan-demo-order-001`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.newco}` },
    });
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect((await receipt.text()).startsWith('%PDF-')).toBe(true);
    // A bought plan no longer changes.
    const {
      id: _id,
      version,
      usedFlag: _u,
      expiredFlag: _e,
      remainingDays: _r,
      agentName: _a,
      subscribeId: _s,
      expireTime: _t,
      tenant: _tn,
      createTime: _c,
      updateTime: _ut,
      ...fields
    } = plan;
    const edit = await api(rt.url, admin, '/admin/plan/update', {
      ...fields,
      id: 'plan-demo-order-001',
      version,
      planName: 'x',
    });
    expect(edit.msg).toMatch(/already been bought/);
    // The number is used: it cannot be bought again.
    const again = await api(rt.url, tokens.newco!, '/admin/subscribe/offlinePay', {
      subscribeId: q.subscribeId,
    });
    expect(again.msg).toMatch(/already been paid/);
  });
});

describe('downgrade and the schedule', () => {
  it('a refused refund fails the downgrade and changes nothing', async () => {
    const before = await operatorOf(agents.Gamma!);
    const q = await basicQuote(tokens.Gamma!, 1);
    expect(q).toMatchObject({ toPayFee: '0.00', refundFlag: true, refundFee: '63.00' });
    // The provider refuses this one refund (the rest of it is the stand-in's).
    const real = paymentProvider();
    setPaymentProvider({
      ...real,
      createPayment: (input) => real.createPayment(input),
      retrievePayment: (id) => real.retrievePayment(id),
      payConfig: () => real.payConfig(),
      refund: async () => ({ refundId: '', status: 'failed', reason: 'The refund was declined.' }),
    });
    try {
      const paid = await api(rt.url, tokens.Gamma!, '/admin/subscribe/pay', payBody(q));
      expect(paid.code).not.toBe(0);
      // A message of its own, in the caller's language; the provider's text only as its detail (decision 452).
      expect(paid.msg).toMatch(/^Refund failed: the subscription was not changed/);
      expect(paid.msg).not.toMatch(/declined/);
      expect(paid.data).toEqual({ detail: 'The refund was declined.' });
      const german = await api(rt.url, tokens.Gamma!, '/admin/subscribe/pay', payBody(q), {
        language: 'de',
      });
      expect(german.msg).toMatch(/^Erstattung fehlgeschlagen/);
    } finally {
      setPaymentProvider(real);
    }
    expect((await getSubscription(q.subscribeId))!.status).toBe('failed');
    const after = await operatorOf(agents.Gamma!);
    expect(after).toMatchObject({ subStatus: 1, featurePackageType: 0, subscribeId: before.subscribeId });
    expect(after.nextSubscribeId).toBeUndefined();
    expect(after.payingId).toBeUndefined();
    expect(await limitOf(agents.Gamma!)).toMatchObject({ gunNum: 3 });
  });

  it('a downgrade refunds the unused part and starts at the next anniversary', async () => {
    const current = (await operatorOf(agents.Beta!)).subscribeId as string;
    const q = await basicQuote(tokens.Beta!, 1);
    // Paid 960.00 for 360 days; from day 30 on, 330 days are unused: 880.00 credit; Basic 1 AC = 36.00.
    expect(q).toMatchObject({
      totalFee: '36.00',
      toPayFee: '0.00',
      refundFlag: true,
      refundFee: '844.00',
      lastSubscribeId: current,
      firstFlag: false,
    });
    const paid = await api(rt.url, tokens.Beta!, '/admin/subscribe/pay', payBody(q));
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.data.status).toBe('scheduled');
    const record = (await getSubscription(q.subscribeId))!;
    expect(record).toMatchObject({ status: 'scheduled', refundStatus: 'succeeded' });
    expect(record.refundId).toMatch(/^re_/);
    const old = (await getSubscription(current))!;
    expect(Date.parse(record.startAt!) - Date.parse(old.startAt!)).toBe(30 * 86_400_000);
    // Still Pro until the start.
    expect(await operatorOf(agents.Beta!)).toMatchObject({
      featurePackageType: 1,
      nextSubscribeId: q.subscribeId,
      // Subscribed until the renewal's end: no warning at the current one's end.
      subscribeExpireAt: record.expireAt,
    });
    const refund = await fetch(`${rt.stripe.url}/v1/refunds/${record.refundId}`, {
      headers: { authorization: `Bearer ${rt.stripe.secretKey}` },
    }).then((r) => r.json() as Promise<any>);
    expect(refund).toMatchObject({ amount: 84400, payment_intent: old.paymentId, status: 'succeeded' });
    // Another purchase while a renewal waits is refused.
    expect(
      (
        await api(rt.url, tokens.Beta!, '/admin/subscribe/overview', {
          planId: 'plan-universal-basic',
          acConnectorNumber: 1,
          dcConnectorNumber: 0,
        })
      ).code,
    ).not.toBe(0);

    // The schedule at the start: Basic with 1 gun from then on; the old one ended.
    const { started } = await runSchedule(new Date(Date.parse(record.startAt!) + 1000));
    expect(started).toContain(q.subscribeId);
    expect(await operatorOf(agents.Beta!)).toMatchObject({
      subStatus: 1,
      featurePackageType: 0,
      subscribeId: q.subscribeId,
    });
    expect(await limitOf(agents.Beta!)).toMatchObject({ gunNum: 1, revenueTariff: '1.50' });
    expect((await getSubscription(current))!).toMatchObject({
      status: 'expired',
      supersededBy: q.subscribeId,
    });
    expect((await getSubscription(q.subscribeId))!.status).toBe('active');
  });

  it('warns within 30 days of the end, then expiry sends the company back to the wizard', async () => {
    const subscribeId = (await operatorOf(agents.Alpha!)).subscribeId as string;
    const soon = new Date(Date.now() + 10 * 86_400_000 - 60_000).toISOString();
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.tableName('main'),
        Key: { pk: `OPERATOR#${agents.Alpha}`, sk: 'OPERATOR' },
        UpdateExpression: 'SET subscribeExpireAt = :e',
        ExpressionAttributeValues: { ':e': soon },
      }),
    );
    expect((await userInfo(tokens.Alpha!)).sysUser.expireRemindDays).toBe(10);
    const record = (await getSubscription(subscribeId))!;
    const { expired } = await runSchedule(new Date(Date.parse(record.expireAt!) + 1000));
    expect(expired).toContain(subscribeId);
    expect((await getSubscription(subscribeId))!.status).toBe('expired');
    const company = await operatorOf(agents.Alpha!);
    expect(company.subStatus).toBe(0);
    expect(company.subscribeId).toBeUndefined();
    const user = await userInfo(tokens.Alpha!);
    expect(user.sysUser.subStatus).toBe(0);
    expect(user.sysUser.expireRemindDays).toBeNull();
    // Only the wizard's codes are left.
    expect(user.permissions).not.toContain('2100');
    expect(user.permissions).toContain('sys_planoper_edit');
    // A second run changes nothing; the other companies keep theirs.
    expect((await runSchedule(new Date(Date.parse(record.expireAt!) + 2000))).expired).not.toContain(
      subscribeId,
    );
    // Alpha can subscribe again as a first purchase.
    expect(await basicQuote(tokens.Alpha!, 1)).toMatchObject({ firstFlag: true, toPayFee: '36.00' });
  });
});

describe('webhook', () => {
  it('activates a payment confirmed at the provider by itself (Stripe’s signed event)', async () => {
    const q = await basicQuote(tokens.Delta!, 4);
    const first = await pay(tokens.Delta!, q, CARD.authenticate);
    expect(first.code).toBe(2048);
    await authenticate(first.msg, 'complete');
    // No secure call: the stand-in's payment_intent.succeeded reaches /admin/subscribe/webhook.
    await rt.stripe.settled();
    await waitFor(
      async () => (await getSubscription(q.subscribeId))?.status === 'active',
      10_000,
      'activation',
    );
    expect(await operatorOf(agents.Delta!)).toMatchObject({ subStatus: 1, subscribeId: q.subscribeId });
    const secured = await api(
      rt.url,
      tokens.Delta!,
      `/admin/subscribe/secure?paymentId=${first.data.paymentId}`,
    );
    expect(secured.code).toBe(0);
    expect(secured.data.status).toBe('active');
  });

  it('refuses a bad signature with 400', async () => {
    const res = await fetch(`${rt.url}/admin/subscribe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      body: JSON.stringify({ type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } }),
    });
    expect(res.status).toBe(400);
  });
});
