/**
 * The fleet calls through the HTTP API on the local runtime: a Pro company lists, adds, edits,
 * enables and disables its fleets, tops them up and resets them, each balance change with its fund record;
 * the balance never changes through an edit; a fleet is never deleted; another company sees and changes
 * none of them; a Basic company is refused with the Pro message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, companyWithAdmin, login, okCall } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
const tokens: Record<string, string> = {};

const ok = (token: string, path: string, body?: unknown, query = '') =>
  okCall(rt.url, token, `${path}${query}`, body);

/** A subscribed company on the given package (0 Basic, 1 Pro) and its signed-in administrator. */
async function company(name: string, featurePackageType: 0 | 1) {
  tokens[name] = (
    await companyWithAdmin(rt.url, admin, name, { subStatus: 1, featurePackageType, currency: 'EUR' })
  ).token;
}

const vans = { name: 'Vans', admin: 'vans@example.com', warnBalance: 100, overdraftAmount: 50, status: 0 };

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'none' });
  admin = await login(rt.url, 'admin', 'Admin12345');
  await company('Fleetco', 1);
  await company('Otherco', 1);
  await company('Basicco', 0);
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

describe('fleets through the API', () => {
  it('adds a fleet with its opening balance, tops it up and resets it, each with its fund record', async () => {
    const token = tokens.Fleetco!;
    const refused = await api(rt.url, token, '/biz/fleet/add', { ...vans, warnBalance: 50, balance: 10 });
    expect(refused.code).not.toBe(0);
    expect(refused.data).toMatchObject({ warnBalance: expect.stringMatching(/higher than the overdraft/) });

    const fleet = await ok(token, '/biz/fleet/add', { ...vans, balance: 120.5 });
    expect(fleet).toMatchObject({ name: 'Vans', balance: 120.5, status: 0 });
    expect(fleet.tenant).toBeUndefined();
    const list = await ok(token, '/biz/fleet/list', {});
    expect(list.records.map((f: { name: string }) => f.name)).toEqual(['Vans']);

    const badAmount = await api(rt.url, token, '/biz/fleet/topUp', { id: fleet.id, amount: 1.00001 });
    expect(badAmount.code).not.toBe(0);
    expect((await ok(token, '/biz/fleet/topUp', { id: fleet.id, amount: 10.0001 })).balance).toBe(130.5001);
    expect((await ok(token, '/biz/fleet/reset', undefined, `?id=${fleet.id}`)).balance).toBe(0);

    const funds = await ok(token, '/biz/fleet/funds', undefined, `?id=${fleet.id}`);
    expect(
      funds.map((r: Record<string, number>) => [
        r.operType,
        r.beforeBalance,
        r.afterBalance,
        r.changeBalance,
      ]),
    ).toEqual([
      [1, 130.5001, 0, -130.5001],
      [2, 120.5, 130.5001, 10.0001],
      [2, 0, 120.5, 120.5],
    ]);
    for (const record of funds) {
      expect(Object.keys(record).filter((k) => /^(pk|sk|gsi|__edb|tenant$)/.test(k))).toEqual([]);
    }
  });

  it('keeps the balance and status through an edit; enables, disables and never deletes', async () => {
    const token = tokens.Fleetco!;
    const fleet = await ok(token, '/biz/fleet/add', { ...vans, name: 'Trucks', balance: 40 });
    const edited = await ok(token, '/biz/fleet/update', {
      ...vans,
      id: fleet.id,
      version: fleet.version,
      name: 'Heavy trucks',
      balance: 9999,
      status: 1,
    });
    expect(edited).toMatchObject({ name: 'Heavy trucks', balance: 40, status: 0 });
    expect((await ok(token, '/biz/fleet/disable', undefined, `?id=${fleet.id}`)).status).toBe(1);
    expect((await ok(token, '/biz/fleet/enable', undefined, `?id=${fleet.id}`)).status).toBe(0);
    const deleted = await api(rt.url, token, `/biz/fleet/del?id=${fleet.id}`);
    expect(deleted.code).not.toBe(0);
    expect(deleted.msg).toMatch(/cannot be deleted/);
    expect((await ok(token, '/biz/fleet/info', undefined, `?id=${fleet.id}`)).name).toBe('Heavy trucks');
  });

  it("shows another company none of a company's fleets and lets it change none", async () => {
    const fleet = await ok(tokens.Fleetco!, '/biz/fleet/add', { ...vans, name: 'Private', balance: 5 });
    const other = tokens.Otherco!;
    expect((await ok(other, '/biz/fleet/list', {})).records).toEqual([]);
    for (const [path, body, query] of [
      ['/biz/fleet/info', undefined, `?id=${fleet.id}`],
      ['/biz/fleet/topUp', { id: fleet.id, amount: 1 }, ''],
      ['/biz/fleet/reset', undefined, `?id=${fleet.id}`],
      ['/biz/fleet/disable', undefined, `?id=${fleet.id}`],
      ['/biz/fleet/funds', undefined, `?id=${fleet.id}`],
      ['/biz/fleet/update', { ...vans, id: fleet.id, version: fleet.version }, ''],
    ] as const) {
      const answer = await api(rt.url, other, `${path}${query}`, body);
      expect(answer.code, path).not.toBe(0);
    }
    const stored = await ok(tokens.Fleetco!, '/biz/fleet/info', undefined, `?id=${fleet.id}`);
    expect(stored).toMatchObject({ name: 'Private', balance: 5, status: 0, version: fleet.version });
    // The platform sees every company's fleets.
    const all = await ok(admin, '/biz/fleet/list', {});
    expect(all.records.map((f: { name: string }) => f.name)).toContain('Private');
  });

  it('refuses a Basic company with the Pro message', async () => {
    const answer = await api(rt.url, tokens.Basicco!, '/biz/fleet/list', {});
    expect(answer.status).toBe(403);
    expect(answer.msg).toMatch(/Pro feature/);
  });
});
