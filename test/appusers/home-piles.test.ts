/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * App users' personal (home) piles (docs/decisions/468-app-user-home-piles.md), through the HTTP API on the
 * local runtime, and the order type settlement gives their sessions:
 * - a pile that is not personal, or of another company, is refused with a field error and nothing linked;
 *   the charge point list's personalFlag filter lists the personal piles only (the console's pick);
 * - owner and shared user links show ownerFlag and userNum; the user's page says isHomePile;
 * - two owners linked at once: one wins, the other gets a field error;
 * - a linked user's session at the personal pile is order type 3 (home pile), another user's is not;
 * - unlink removes the link (and the ownership), a second unlink is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The charge point resource as the sites module declares it, loaded first (functions/chargepoints/sites.ts).
import '@functions/chargepoints/sites.ts';
import { newId } from '@functions/lib/records.ts';
import { createAppUser } from '@functions/accounts/app-users.ts';
import { orderOf } from '@functions/sessions/session-order.ts';
import { settleSession } from '@functions/orders/settlement.ts';
import { getOrder } from '@functions/data/orders.ts';
import type { Session } from '@functions/sessions/transactions.ts';
import { DEMO_AGENT_ID } from '@infra/local/seed/demo-chargers.ts';
import { DEMO_APP_USER } from '@infra/local/seed/demo-accounts.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let admin: string;
let stationId: string;
const TENANT = `/${DEMO_AGENT_ID}/`;
const CP = 'DEMO-CP-001';
const A = DEMO_APP_USER.id;
let B: string;
let C: string;

async function ok(token: string, path: string, body?: unknown) {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data as any;
}
async function refusedWith(token: string, path: string, body: unknown, field: string, message: string) {
  const answer: any = await api(rt.url, token, path, body);
  expect(answer.code).not.toBe(0);
  expect(JSON.stringify(answer)).toContain(field);
  expect(answer.msg ?? '').not.toMatch(/internal/i);
  return { answer, message };
}

async function setPersonal(personalFlag: boolean) {
  const current = await ok(operator, `/biz/chargePoint/info?id=${CP}`);
  // What the page shows but the form does not send: the derived fields (station name, whether a password is set).
  const {
    createTime: _c,
    updateTime: _u,
    tenant: _t,
    agentId: _a,
    stationName: _s,
    passwordHashSet: _p,
    ...fields
  } = current;
  await ok(operator, '/biz/chargePoint/update', {
    ...fields,
    id: CP,
    version: current.version,
    personalFlag,
  });
  stationId = current.stationId;
}

const piles = (id: string) => ok(operator, '/biz/appUser/piles', { id });
/** The ids of the charge points the console's pile pick lists (docs/decisions/468-app-user-home-piles.md). */
async function personalPiles(personalFlag: boolean | string): Promise<string[]> {
  const page = await ok(operator, '/biz/chargePoint/list', { personalFlag, current: 1, size: 100 });
  const flags = new Set(page.records.map((r: any) => r.personalFlag === true));
  expect([...flags]).toEqual(page.records.length ? [personalFlag === true || personalFlag === 'true'] : []);
  return page.records.map((r: any) => r.id);
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  admin = await login(rt.url, 'admin', 'Admin12345');
  B = (await createAppUser({ userName: 'Home B', cardNo: 'HOMEPILE-B' }, TENANT)).id;
  C = (await createAppUser({ userName: 'Home C', cardNo: 'HOMEPILE-C' }, TENANT)).id;
}, 120_000);

afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

describe('personal piles of app users', () => {
  it('refuses a pile that is not personal, or of another company, with a field error', async () => {
    await setPersonal(false);
    await refusedWith(
      operator,
      '/biz/appUser/pileLink',
      { id: A, chargePointId: CP, ownerFlag: 1 },
      'chargePointId',
      'notPersonal',
    );
    // The console's pick of personal piles: the list's personalFlag filter (a boolean, or a select's text).
    expect(await personalPiles(true)).not.toContain(CP);
    expect(await personalPiles('false')).toContain(CP);
    await setPersonal(true);
    expect(await personalPiles(true)).toContain(CP);
    expect(await personalPiles('true')).toContain(CP);
    expect(await personalPiles(false)).not.toContain(CP);
    // A user of another company (seen by the platform's admin) and the demo company's pile.
    const other = await createAppUser({ userName: 'Elsewhere', cardNo: 'HOMEPILE-X' }, '/elsewhere/');
    await refusedWith(
      admin,
      '/biz/appUser/pileLink',
      { id: other.id, chargePointId: CP, ownerFlag: 1 },
      'chargePointId',
      'otherCompany',
    );
    // Bad input: an ownerFlag that does not exist, no pile.
    await refusedWith(
      operator,
      '/biz/appUser/pileLink',
      { id: A, chargePointId: CP, ownerFlag: 7 },
      'ownerFlag',
      '',
    );
    await refusedWith(
      operator,
      '/biz/appUser/pileLink',
      { id: A, chargePointId: 'NO-SUCH', ownerFlag: 0 },
      'chargePointId',
      'noPile',
    );
    expect(await piles(A)).toEqual([]);
    expect((await ok(operator, `/biz/appUser/detail?id=${A}`)).user.isHomePile).toBe(false);
  });

  it('links one owner even when two are linked at once, and shared users; shows userNum and isHomePile', async () => {
    const answers = await Promise.all(
      [A, B].map((id) =>
        api(rt.url, operator, '/biz/appUser/pileLink', { id, chargePointId: CP, ownerFlag: 1 }),
      ),
    );
    expect(answers.map((a: any) => a.code).sort()).toEqual([0, 1]);
    const loser = answers[0]!.code === 0 ? B : A;
    const winner = loser === A ? B : A;
    expect(JSON.stringify(answers.find((a: any) => a.code !== 0))).toContain('ownerFlag');
    expect(await piles(loser)).toEqual([]);
    // The loser shares the pile instead.
    await ok(operator, '/biz/appUser/pileLink', { id: loser, chargePointId: CP, ownerFlag: 0 });
    expect(await piles(winner)).toEqual([
      expect.objectContaining({ chargePointId: CP, ownerFlag: 1, userNum: 2 }),
    ]);
    expect(await piles(loser)).toEqual([
      expect.objectContaining({ chargePointId: CP, ownerFlag: 0, userNum: 2 }),
    ]);
    // Linked twice: refused.
    await refusedWith(
      operator,
      '/biz/appUser/pileLink',
      { id: loser, chargePointId: CP, ownerFlag: 0 },
      'chargePointId',
      'alreadyLinked',
    );
    expect((await ok(operator, `/biz/appUser/detail?id=${A}`)).user.isHomePile).toBe(true);
    expect((await ok(operator, `/biz/appUser/detail?id=${C}`)).user.isHomePile).toBe(false);
  });

  it("makes a linked user's session at the personal pile a home-pile order (type 3), another's not", async () => {
    const session = (idTag: string): Session => ({
      chargePointId: CP,
      transactionId: `home-${newId()}`,
      connectorNo: 1,
      protocol: 'ocpp1.6',
      tenant: TENANT,
      agentId: DEMO_AGENT_ID,
      stationId,
      idTag,
      startMode: 2,
      startTime: '2026-09-02T10:00:00.000Z',
      endTime: '2026-09-02T11:00:00.000Z',
      meterStartWh: 0,
      meterStopWh: 1000,
      energyWh: 1000,
      durationSeconds: 3600,
      status: 'completed',
      stopReason: 'Local',
    });
    const settle = async (s: Session) => {
      const base = Object.fromEntries(Object.entries(orderOf(s)).filter(([, v]) => v !== undefined));
      await settleSession(s, base);
      return (await getOrder<{ orderType: number }>(String(base.orderNo)))?.orderType;
    };
    expect(await settle(session('HOMEPILE-B'))).toBe(3);
    expect(await settle(session('HOMEPILE-C'))).toBe(1);
  });

  it('unlinks, once', async () => {
    await ok(operator, '/biz/appUser/pileUnlink', { id: B, chargePointId: CP });
    await refusedWith(
      operator,
      '/biz/appUser/pileUnlink',
      { id: B, chargePointId: CP },
      'chargePointId',
      'notLinked',
    );
    expect(await piles(B)).toEqual([]);
    // Unlinking the owner frees the pile for a new owner.
    const owners = [A, B];
    for (const id of owners)
      await api(rt.url, operator, '/biz/appUser/pileUnlink', { id, chargePointId: CP });
    await ok(operator, '/biz/appUser/pileLink', { id: C, chargePointId: CP, ownerFlag: 1 });
    expect(await piles(C)).toEqual([expect.objectContaining({ ownerFlag: 1, userNum: 1 })]);
  });
});
