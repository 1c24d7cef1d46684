/**
 * The driver-app API, through HTTP on the local runtime, with the Stripe stand-in and a real OCPP
 * charger:
 * - sign-up and sign-in by e-mail in a company's app, tokens of its own: an app token reaches no staff call
 *   and a staff token no app call; a wrong password and an unknown e-mail get one answer; a locked user is
 *   refused and signed out;
 * - a top-up by card is credited once, also after extra authentication and a replayed confirmation;
 * - a session started from the app reaches the charger as a remote start with the user's tag, freezes part
 *   of the balance while charging, becomes the user's order paid from the app balance, and gives the frozen
 *   amount back; a locked user's start is refused, and a start the charger refuses gives it back too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_ID, DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { PAY_TYPE } from '@shared/schemas/order.ts';
import { api, login, okCall } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { paymentMethod } from '../helpers/payments.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let cp: OcppClient;
let app: string;
let userId: string;
const EMAIL = 'rider@example.com';
const PASSWORD = 'Rider12345';
const TAG = 'APP-RIDER-1';

const ok = (token: string, path: string, body?: unknown) => okCall<Json>(rt.url, token, path, body);
const publicCall = async (path: string, body: unknown) => {
  const res = await fetch(`${rt.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: Json }) };
};
const profile = () => ok(app, '/app/user/profile');

const card = (number: string) => paymentMethod(rt.stripe, number);

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The charger's answer to the remote start the app asked for: the frame it got. */
async function answerStart(status: 'Accepted' | 'Rejected') {
  const call = await cp.next((f) => f[0] === 2 && f[2] === 'RemoteStartTransaction' && !handled.has(f[1]));
  handled.add(call[1]);
  cp.send([3, call[1], { status }]);
  return call[3] as { connectorId: number; idTag: string };
}
const handled = new Set<unknown>();

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  cp = await connectCharger(rt.url, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD);
  await cp.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'T1' });
}, 120_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await cp?.close();
  await rt?.cleanup();
});

describe('accounts', () => {
  it('signs up in the company’s app and is an app user of that company in the console', async () => {
    const signUp = {
      operatorId: DEMO_AGENT_ID,
      email: EMAIL,
      password: PASSWORD,
      userName: 'Rita Rider',
      source: 1,
    };
    for (const bad of [
      { password: 'short1' },
      { email: 'nope' },
      { source: 9 },
      { operatorId: 'no-such-co' },
    ])
      expect((await publicCall('/app/auth/signUp', { ...signUp, ...bad })).code).not.toBe(0);
    const made = await publicCall('/app/auth/signUp', signUp);
    expect(made.code).toBe(0);
    expect(made.data.user).toMatchObject({ email: EMAIL, accountBalance: 0, frozenAmount: 0, regSource: 1 });
    expect(made.data.user).not.toHaveProperty('passwordHash');
    userId = made.data.user.id;
    // One account per e-mail in a company's app (case-folded).
    expect((await publicCall('/app/auth/signUp', { ...signUp, email: EMAIL.toUpperCase() })).code).not.toBe(
      0,
    );

    const listed = await ok(operator, '/biz/appUser/list', { current: 1, size: 10, email: EMAIL });
    expect(listed.records).toEqual([expect.objectContaining({ id: userId, userName: 'Rita Rider' })]);
  });

  it('makes one account of ten sign-ups of one e-mail sent at once', async () => {
    const email = 'twins@example.com';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        publicCall('/app/auth/signUp', {
          operatorId: DEMO_AGENT_ID,
          email: i % 2 ? email : email.toUpperCase(),
          password: PASSWORD,
          userName: `Twin ${i}`,
          source: 1,
        }),
      ),
    );
    expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    const listed = await ok(operator, '/biz/appUser/list', { current: 1, size: 20, email });
    expect(listed.total).toBe(1);
  });

  it('signs in with its own tokens, which reach the app calls only', async () => {
    const wrong = await publicCall('/app/auth/signIn', {
      operatorId: DEMO_AGENT_ID,
      email: EMAIL,
      password: 'Wrong1234',
      source: 2,
    });
    const unknown = await publicCall('/app/auth/signIn', {
      operatorId: DEMO_AGENT_ID,
      email: 'nobody@example.com',
      password: PASSWORD,
      source: 2,
    });
    expect(wrong.code).not.toBe(0);
    expect(unknown.msg).toBe(wrong.msg);
    const signedIn = await publicCall('/app/auth/signIn', {
      operatorId: DEMO_AGENT_ID,
      email: EMAIL,
      password: PASSWORD,
      source: 2,
    });
    expect(signedIn.code).toBe(0);
    app = signedIn.data.token;
    expect(await profile()).toMatchObject({ id: userId, lastLoginSource: 2, lastIp: expect.any(String) });

    expect((await api(rt.url, app, '/biz/appUser/list', { current: 1, size: 10 })).status).toBe(401);
    expect((await api(rt.url, operator, '/app/user/profile')).status).toBe(401);
    expect((await api(rt.url, 'not-a-token', '/app/user/profile')).status).toBe(401);
    expect(await ok(app, '/app/user/update', { userName: 'Rita R.', phone: '+49 1' })).toMatchObject({
      userName: 'Rita R.',
      phone: '+49 1',
      accountBalance: 0,
    });
    expect((await api(rt.url, app, '/app/user/update', { userName: 'x', accountBalance: 99 })).code).not.toBe(
      0,
    );
  });
});

describe('top-ups', () => {
  it('credits a paid top-up once, also after extra authentication', async () => {
    const config = await ok(app, '/app/wallet/config');
    expect(config).toMatchObject({ publishableKey: rt.stripe.publishableKey, currency: expect.any(String) });
    const paid = await ok(app, '/app/wallet/topUp', {
      amount: 30,
      paymentMethodId: await card('4242424242424242'),
      requestId: 'r-1',
    });
    expect(paid.accountBalance).toBe(30);
    // Finer than cents and declined cards credit nothing.
    expect(
      (
        await api(rt.url, app, '/app/wallet/topUp', {
          amount: 1.005,
          paymentMethodId: 'pm_x',
          requestId: 'r-2',
        })
      ).code,
    ).not.toBe(0);
    const declined = await api(rt.url, app, '/app/wallet/topUp', {
      amount: 5,
      paymentMethodId: await card('4000000000000002'),
      requestId: 'r-3',
    });
    expect(declined.code).not.toBe(0);
    expect((await profile()).accountBalance).toBe(30);

    // 3-D Secure: 2048 with the client secret, then the customer authenticates and the app confirms twice.
    const asked = await api(rt.url, app, '/app/wallet/topUp', {
      amount: 12.5,
      paymentMethodId: await card('4000002760003184'),
      requestId: 'r-4',
    });
    expect(asked.code).toBe(2048);
    const clientSecret = asked.msg;
    const paymentId = (asked.data as Json).paymentId as string;
    const res = await fetch(`${rt.stripe.url}/3ds/${clientSecret.split('_secret_')[0]}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ client_secret: clientSecret }).toString(),
    });
    expect(res.status).toBe(200);
    const confirms = await Promise.all(
      [1, 2, 3].map(() => api(rt.url, app, '/app/wallet/confirm', { paymentId })),
    );
    expect(confirms.map((c) => c.code)).toEqual([0, 0, 0]);
    expect((await profile()).accountBalance).toBe(42.5);
    const detail = await ok(operator, `/biz/appUser/detail?id=${userId}`);
    expect(
      detail.ledger.filter((e: Json) => e.type === 'recharge').map((e: Json) => e.changeBalance),
    ).toEqual([12.5, 30]);
  });
});

describe('charging', () => {
  it('needs a tag, refuses another company’s charger and a locked user', async () => {
    const start = { chargePointId: 'DEMO-CP-001', connectorNo: 1, chargeType: 4 };
    expect((await api(rt.url, app, '/app/charge/start', start)).code).not.toBe(0);
    const user = await ok(operator, `/biz/appUser/info?id=${userId}`);
    await ok(operator, '/biz/appUser/update', {
      id: userId,
      version: user.version,
      userName: user.userName,
      email: user.email,
      userLevel: 0,
      cardNo: TAG,
    });
    for (const bad of [
      { ...start, chargePointId: 'NO-SUCH-CP' },
      { ...start, connectorNo: 9 },
      { ...start, chargeType: 1 },
      { ...start, chargeType: 3, chargeValue: '1000' },
    ])
      expect((await api(rt.url, app, '/app/charge/start', bad)).code).not.toBe(0);
    expect((await profile()).frozenAmount).toBe(0);
  });

  it('starts a session paid from the balance, with the amount frozen while charging', async () => {
    const started = await ok(app, '/app/charge/start', {
      chargePointId: 'DEMO-CP-001',
      connectorNo: 1,
      chargeType: 1,
      chargeValue: '5',
    });
    // Nothing is charged twice: the available 42.5 is frozen up to the cap.
    expect(started.frozen).toBe(42.5);
    const asked = await answerStart('Accepted');
    expect(asked).toMatchObject({ connectorId: 1, idTag: TAG });
    expect((await profile()).frozenAmount).toBe(42.5);
    // A second start on the same connector is refused while the first holds it.
    expect(
      (
        await api(rt.url, app, '/app/charge/start', {
          chargePointId: 'DEMO-CP-001',
          connectorNo: 1,
          chargeType: 4,
        })
      ).code,
    ).not.toBe(0);

    const begin = new Date(Date.now() - 20 * 60_000);
    const tx = (
      (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: TAG,
        meterStart: 1000,
        timestamp: begin.toISOString(),
      })) as Json[]
    )[2];
    expect(tx.idTagInfo.status).toBe('Accepted');
    // The app stops its own session: a remote stop reaches the charger.
    const stopping = await ok(app, '/app/charge/stop', { chargePointId: 'DEMO-CP-001', connectorNo: 1 });
    expect(stopping.commandId).toBeTruthy();
    const stop = await cp.next((f) => f[0] === 2 && f[2] === 'RemoteStopTransaction');
    expect(stop[3]).toEqual({ transactionId: tx.transactionId });
    cp.send([3, stop[1], { status: 'Accepted' }]);
    await cp.call('StopTransaction', {
      transactionId: tx.transactionId,
      meterStop: 5000,
      timestamp: new Date().toISOString(),
      reason: 'Remote',
    });

    const order = await waitFor(
      async () => (await ok(app, '/app/order/list', { current: 1, size: 10 })).records[0],
    );
    expect(order).toMatchObject({
      payFlag: 1,
      payType: PAY_TYPE.appBalance,
      chargePointId: 'DEMO-CP-001',
      totalElectricity: 4,
    });
    const fee = Number(order.actualFee);
    expect(fee).toBeGreaterThan(0);
    const after = await profile();
    expect(after.frozenAmount).toBe(0);
    expect(Math.round(after.accountBalance * 100)).toBe(Math.round((42.5 - fee) * 100));
    expect(order.appBalanceBefore).toBe(42.5);
    // The console's page counts it as the user's.
    const detail = await ok(operator, `/biz/appUser/detail?id=${userId}`);
    expect(detail.stats).toMatchObject({ count: 1, elec: '4.000' });
  });

  it('gives the frozen amount back when the charger refuses the start', async () => {
    const before = await profile();
    const started = await ok(app, '/app/charge/start', {
      chargePointId: 'DEMO-CP-001',
      connectorNo: 1,
      chargeType: 3,
      chargeValue: '2.50',
    });
    expect(started.frozen).toBe(2.5);
    expect((await profile()).frozenAmount).toBe(2.5);
    await answerStart('Rejected');
    await waitFor(async () => ((await profile()).frozenAmount === 0 ? true : undefined));
    expect((await profile()).accountBalance).toBe(before.accountBalance);
  });

  it('refuses a locked user: sign-in, start, and the tag at the charger', async () => {
    await ok(operator, '/biz/appUser/lock', { id: userId, cause: 'Disputed payment' });
    expect((await api(rt.url, app, '/app/user/profile')).status).toBe(401);
    const again = await publicCall('/app/auth/signIn', {
      operatorId: DEMO_AGENT_ID,
      email: EMAIL,
      password: PASSWORD,
      source: 1,
    });
    expect(again.code).not.toBe(0);
    const auth = ((await cp.call('Authorize', { idTag: TAG })) as Json[])[2];
    expect(auth.idTagInfo.status).toBe('Blocked');
    await ok(operator, '/biz/appUser/unlock', { id: userId });
    const back = await publicCall('/app/auth/signIn', {
      operatorId: DEMO_AGENT_ID,
      email: EMAIL,
      password: PASSWORD,
      source: 1,
    });
    expect(back.code).toBe(0);
  });
});
