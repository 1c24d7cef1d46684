/**
 * App users in the console, through the HTTP API on the local runtime with a real OCPP charger:
 * - the list and the user's page show a company's own users only, with every server field, never the
 *   password hash; staff never add or delete one;
 * - an edit corrects the profile and keeps the money and the lock;
 * - a lock refuses the user's tag at the charger until the unlock, each with its cause;
 * - an adjustment changes the balance with a ledger entry naming its cause and who made it, never below
 *   what is frozen, and concurrent adjustments all land.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { DEMO_APP_USER } from '@infra/local/seed/demo-accounts.ts';
import { api, companyWithAdmin, login, okCall } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let otherCompany: string;
let cp: OcppClient;
const ID = DEMO_APP_USER.id;

const ok = (token: string, path: string, body?: unknown) => okCall<Json>(rt.url, token, path, body);
const refusedCall = async (token: string, path: string, body?: unknown) => {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code).not.toBe(0);
  return answer;
};
const info = () => ok(operator, `/biz/appUser/info?id=${ID}`);
const authorize = async (idTag: string) =>
  ((await cp.call('Authorize', { idTag }))[2] as Json).idTagInfo.status as string;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  const admin = await login(rt.url, 'admin', 'Admin12345');
  otherCompany = (await companyWithAdmin(rt.url, admin, 'CrmOther', { subStatus: 1, featurePackageType: 1 }))
    .token;
  cp = await connectCharger(rt.url, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD);
}, 120_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await cp?.close();
  await rt?.cleanup();
});

describe('the app user list and page', () => {
  it("lists a company's own users with their money and lock, never the password hash", async () => {
    const page = await ok(operator, '/biz/appUser/list', { current: 1, size: 10 });
    const user = page.records.find((u: Json) => u.id === ID);
    expect(user).toMatchObject({
      userName: DEMO_APP_USER.userName,
      email: DEMO_APP_USER.email,
      cardNo: DEMO_APP_USER.tag,
      accountBalance: DEMO_APP_USER.accountBalance,
      frozenAmount: DEMO_APP_USER.frozenAmount,
      lockFlag: 0,
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(user).not.toHaveProperty('tenant');
    const filtered = await ok(operator, '/biz/appUser/list', { current: 1, size: 10, email: 'APP@demo' });
    expect(filtered.records.map((u: Json) => u.id)).toEqual([ID]);
    // Another company sees none of them, not even by id.
    expect((await ok(otherCompany, '/biz/appUser/list', { current: 1, size: 10 })).total).toBe(0);
    await refusedCall(otherCompany, `/biz/appUser/info?id=${ID}`);
    await refusedCall(otherCompany, `/biz/appUser/detail?id=${ID}`);
    await refusedCall(otherCompany, '/biz/appUser/lock', { id: ID, cause: 'not mine' });
    await refusedCall(otherCompany, '/biz/appUser/adjust', { id: ID, amount: 100, cause: 'not mine' });
    expect((await info()).accountBalance).toBe(DEMO_APP_USER.accountBalance);
  });

  it('shows the page: statistics, ledger, and no card of the user’s tag', async () => {
    const detail = await ok(operator, `/biz/appUser/detail?id=${ID}`);
    expect(detail.user).toMatchObject({ id: ID, userName: DEMO_APP_USER.userName });
    expect(detail.stats).toEqual({ count: 0, elec: '0.000', actualFee: [], duration: 0 });
    // The opening balance was a recharge.
    expect(detail.ledger).toEqual([
      expect.objectContaining({ type: 'recharge', changeBalance: DEMO_APP_USER.accountBalance }),
    ]);
    // The user's tag is the user's only: no card of the company carries it (one payer per tag, decision 432).
    expect(detail.cards).toEqual([]);
  });

  it('never adds or deletes a user from the console', async () => {
    await refusedCall(operator, '/biz/appUser/add', { userName: 'Walk-in', userLevel: 0 });
    await refusedCall(operator, `/biz/appUser/del?id=${ID}`);
    expect((await ok(operator, '/biz/appUser/list', { current: 1, size: 10 })).total).toBe(1);
  });

  it('corrects the profile and keeps the money, the lock and the origin', async () => {
    const before = await info();
    const updated = await ok(operator, '/biz/appUser/update', {
      id: ID,
      version: before.version,
      userName: 'Demo driver',
      phone: '+49 30 1234',
      email: DEMO_APP_USER.email,
      userLevel: 1,
      cardNo: DEMO_APP_USER.tag,
      ticketNo: 'T-77',
    });
    expect(updated).toMatchObject({
      userName: 'Demo driver',
      userLevel: 1,
      ticketNo: 'T-77',
      accountBalance: before.accountBalance,
      frozenAmount: before.frozenAmount,
      lockFlag: 0,
      regSource: before.regSource,
    });
    // Bad input: a level that does not exist, a balance sent with the profile, a bad e-mail.
    for (const bad of [{ userLevel: 7 }, { accountBalance: 1000 }, { email: 'nope' }])
      await refusedCall(operator, '/biz/appUser/update', {
        id: ID,
        version: updated.version,
        userName: 'Demo driver',
        userLevel: 1,
        ...bad,
      });
    expect(await info()).toMatchObject({ version: updated.version, accountBalance: before.accountBalance });
  });
});

describe('lock and unlock', () => {
  it("refuses the locked user's tag at the charger until unlocked", async () => {
    expect(await authorize(DEMO_APP_USER.tag)).toBe('Accepted');
    await refusedCall(operator, '/biz/appUser/lock', { id: ID });
    await refusedCall(operator, '/biz/appUser/lock', { id: ID, cause: '   ' });
    const locked = await ok(operator, '/biz/appUser/lock', {
      id: ID,
      cause: 'Chargeback on the last top-up',
    });
    expect(locked).toMatchObject({ lockFlag: 1, cause: 'Chargeback on the last top-up' });
    expect(Date.parse(locked.lockTime)).toBeGreaterThan(Date.now() - 60_000);
    expect(await authorize(DEMO_APP_USER.tag)).toBe('Blocked');
    // A locked user listed by the lock filter.
    const lockedList = await ok(operator, '/biz/appUser/list', { current: 1, size: 10, lockFlag: '1' });
    expect(lockedList.records.map((u: Json) => u.id)).toEqual([ID]);

    const unlocked = await ok(operator, '/biz/appUser/unlock', {
      id: ID,
      cause: 'Bank confirmed the payment',
    });
    expect(unlocked).toMatchObject({ lockFlag: 0, unlockCause: 'Bank confirmed the payment' });
    expect(unlocked).not.toHaveProperty('lockTime');
    expect(await authorize(DEMO_APP_USER.tag)).toBe('Accepted');
    await refusedCall(operator, '/biz/appUser/unlock', { id: ID });
  });
});

describe('balance adjustments', () => {
  it('adds and takes away with a ledger entry, never below the frozen amount', async () => {
    const start = (await info()).accountBalance as number;
    const credited = await ok(operator, '/biz/appUser/adjust', { id: ID, amount: 10.5, cause: 'Goodwill' });
    expect(credited.accountBalance).toBe(start + 10.5);
    // 5 stays frozen: taking away all but 4.5 of the rest would go below it.
    const tooMuch = await refusedCall(operator, '/biz/appUser/adjust', {
      id: ID,
      amount: -(start + 10.5 - 4.5),
      cause: 'Correction',
    });
    expect(tooMuch.msg).toBeTruthy();
    for (const amount of [0, 1.00001, 'ten', 2_000_000])
      await refusedCall(operator, '/biz/appUser/adjust', { id: ID, amount, cause: 'Bad' });
    await refusedCall(operator, '/biz/appUser/adjust', { id: ID, amount: 1 });
    const taken = await ok(operator, '/biz/appUser/adjust', { id: ID, amount: -0.25, cause: 'Correction' });
    expect(taken.accountBalance).toBe(start + 10.25);
    const { ledger } = await ok(operator, `/biz/appUser/detail?id=${ID}`);
    expect(ledger.slice(0, 2)).toEqual([
      expect.objectContaining({
        type: 'adjust',
        changeBalance: -0.25,
        cause: 'Correction',
        operator: 'operator',
      }),
      expect.objectContaining({
        type: 'adjust',
        changeBalance: 10.5,
        beforeBalance: start,
        cause: 'Goodwill',
      }),
    ]);
  });

  it('loses no adjustment when many run at once', async () => {
    const start = (await info()).accountBalance as number;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api(rt.url, operator, '/biz/appUser/adjust', {
          id: ID,
          // Exact decimals: a float product (0.00030000000000000003) has too many (decision 434).
          amount: ((i + 1) / 10_000).toFixed(4),
          cause: `Race ${i}`,
        }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => 0));
    const after = await info();
    // 0.0001 × (1 + … + 12) = 0.0078, in whole units.
    expect(Math.round(after.accountBalance * 10_000)).toBe(Math.round(start * 10_000) + 78);
    const { ledger } = await ok(operator, `/biz/appUser/detail?id=${ID}`);
    expect(ledger.filter((e: Json) => String(e.cause).startsWith('Race '))).toHaveLength(12);
  });
});
