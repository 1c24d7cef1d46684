/**
 * Drivers, vehicles, the fleet wizard and the fleet account's reach, through the HTTP API on the local
 * runtime:
 * - a tag belongs to one driver or vehicle of a company (shared guard, case-folded, also under a race);
 * - drivers and vehicles import from Excel with a success count and each refused row;
 * - the wizard makes the fleet and its administrator's account together, or nothing;
 * - a fleet account reads and changes only its own fleet's drivers and vehicles, and no other call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putFleetAlert } from '@functions/data/fleet-alerts.ts';
import { fleetRollupUpdates } from '@functions/data/fleet-rollups.ts';
import { fleetToday } from '@functions/fleets/analysis.ts';
import { localDate } from '@shared/pricing/time-of-use.ts';
import { send } from '@functions/data/table.ts';
import { drivers } from '@functions/accounts/fleets.ts';
import { readSheet, writeSheet } from '@functions/lib/excel.ts';
import { api, companyWithAdmin, encrypt, login, okCall, type Answer } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
const tokens: Record<string, string> = {};
const fleetIds: Record<string, string> = {};

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const ok = (token: string, path: string, body?: unknown) => okCall<Json>(rt.url, token, path, body);

const settings = { warnBalance: 100, overdraftAmount: 50, status: 0 };

async function fleetLogin(name: string, password: string) {
  const res = await fetch(`${rt.url}/fleets/fleetsAdmin/pwdLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: await encrypt(rt.url, password), code: '', randomStr: '' }),
  });
  return (await res.json()) as { code: number; msg: string; data?: { token?: string } };
}

async function upload(token: string, path: string, rows: Record<string, unknown>[], columns: string[]) {
  const form = new FormData();
  const sheet = await writeSheet('import', columns, rows);
  form.append('file', new Blob([new Uint8Array(sheet)]), 'rows.xlsx');
  const res = await fetch(`${rt.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return (await res.json()) as Answer<Json>;
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'none' });
  admin = await login(rt.url, 'admin', 'Admin12345');
  for (const name of ['Memberco', 'Otherco'])
    tokens[name] = (
      await companyWithAdmin(rt.url, admin, name, { subStatus: 1, featurePackageType: 1, currency: 'EUR' })
    ).token;
  for (const name of ['Vans', 'Trucks'])
    fleetIds[name] = (await ok(tokens.Memberco!, '/biz/fleet/add', { ...settings, name })).id;
  fleetIds.Other = (await ok(tokens.Otherco!, '/biz/fleet/add', { ...settings, name: 'Other' })).id;
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

describe('drivers and vehicles', () => {
  it('keeps a tag to one driver or vehicle of a company, and names the fleet', async () => {
    const token = tokens.Memberco!;
    const driver = await ok(token, '/biz/driver/add', {
      fleetId: fleetIds.Vans,
      name: 'Ann',
      idTag: 'TAG-A',
    });
    expect(driver).toMatchObject({ name: 'Ann', fleetName: 'Vans', status: 0, idTag: 'TAG-A' });

    const taken = await api(rt.url, token, '/biz/vehicle/add', {
      fleetId: fleetIds.Trucks,
      name: 'Truck 1',
      idTag: 'tag-a',
    });
    expect(taken.code).not.toBe(0);
    expect(taken.msg).toMatch(/already belongs to a driver or vehicle/);
    // Another company's tags are its own.
    await ok(tokens.Otherco!, '/biz/vehicle/add', { fleetId: fleetIds.Other, name: 'O', idTag: 'TAG-A' });

    const noFleet = await api(rt.url, token, '/biz/driver/add', { name: 'Bob', idTag: 'TAG-B' });
    expect(noFleet.data).toMatchObject({ fleetId: expect.any(String) });
    const foreign = await api(rt.url, token, '/biz/driver/add', {
      fleetId: fleetIds.Other,
      name: 'Bob',
      idTag: 'TAG-B',
    });
    expect(foreign.data).toMatchObject({ fleetId: 'No such fleet' });
    const badVin = await api(rt.url, token, '/biz/vehicle/add', {
      fleetId: fleetIds.Vans,
      name: 'V',
      idTag: 'TAG-V',
      vin: 'IOQ45678901234567',
    });
    expect(badVin.data).toMatchObject({ vin: expect.stringMatching(/17 letters and digits/) });
    expect((await ok(token, '/biz/driver/list', {})).records.length).toBe(1);

    // An edit keeps the status and frees the old tag for others.
    const edited = await ok(token, '/biz/driver/update', {
      id: driver.id,
      version: driver.version,
      fleetId: fleetIds.Trucks,
      name: 'Ann B',
      idTag: 'TAG-A2',
    });
    expect(edited).toMatchObject({ fleetName: 'Trucks', status: 0, idTag: 'TAG-A2' });
    await ok(token, '/biz/vehicle/add', { fleetId: fleetIds.Vans, name: 'Van 1', idTag: 'TAG-A' });
    const vans = await ok(token, '/biz/vehicle/list', { fleetId: fleetIds.Vans });
    expect(vans.records.map((v: Json) => v.name)).toEqual(['Van 1']);
    expect(vans.total).toBe(1);

    // A member charging now is not deleted; parked again, it is.
    const stored = (await drivers.getAny(driver.id))!;
    await drivers.update(stored, { ...stored, status: 1 });
    const charging = await api(rt.url, token, `/biz/driver/del?id=${driver.id}`);
    expect(charging.msg).toMatch(/charging now/);
    const again = (await drivers.getAny(driver.id))!;
    await drivers.update(again, { ...again, status: 0 });
    await ok(token, `/biz/driver/del?id=${driver.id}`);
    expect((await api(rt.url, token, `/biz/driver/info?id=${driver.id}`)).code).not.toBe(0);
  });

  it("shows its fleet's name as it is now, after a rename", async () => {
    const token = tokens.Memberco!;
    const fleet = await ok(token, '/biz/fleet/add', { ...settings, name: 'Buses' });
    const bus = await ok(token, '/biz/vehicle/add', { fleetId: fleet.id, name: 'Bus 1', idTag: 'TAG-BUS1' });
    expect(bus.fleetName).toBe('Buses');
    const {
      createTime: _c,
      updateTime: _u,
      balance: _b,
      ...fields
    } = await ok(token, `/biz/fleet/info?id=${fleet.id}`);
    await ok(token, '/biz/fleet/update', { ...fields, name: 'Coaches' });
    const listed = await ok(token, '/biz/vehicle/list', { fleetId: fleet.id });
    expect(listed.records.map((v: Json) => v.fleetName)).toEqual(['Coaches']);
    expect((await ok(token, `/biz/vehicle/info?id=${bus.id}`)).fleetName).toBe('Coaches');
  });

  it('gives a tag to exactly one of many concurrent adds', async () => {
    const token = tokens.Memberco!;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api(rt.url, token, i % 2 ? '/biz/driver/add' : '/biz/vehicle/add', {
          fleetId: fleetIds.Vans,
          name: `Racer ${i}`,
          idTag: 'RACE-1',
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it('imports drivers from Excel with a success count and each refused row', async () => {
    const token = tokens.Memberco!;
    const report = await upload(
      token,
      '/biz/driver/import',
      [
        { fleetId: fleetIds.Vans, name: 'Imported 1', idTag: 'IMP-1' },
        { fleetId: fleetIds.Vans, name: '', idTag: 'IMP-2' },
        { fleetId: fleetIds.Vans, name: 'Imported 3', idTag: 'IMP-1' },
        { fleetId: fleetIds.Trucks, name: 'Imported 4', idTag: 'IMP-4', email: 'd4@example.com' },
      ],
      ['fleetId', 'name', 'driverId', 'email', 'address', 'idTag'],
    );
    expect(report.code).toBe(0);
    expect(report.data).toMatchObject({ total: 4, success: 2 });
    expect(report.data.failed.map((f: Json) => f.row)).toEqual([3, 4]);
    expect(report.data.failed[1].msg).toMatch(/already belongs/);
    const names = (await ok(token, '/biz/driver/list', { name: 'Imported' })).records.map(
      (d: Json) => d.name,
    );
    expect(names.sort()).toEqual(['Imported 1', 'Imported 4']);
  });
});

describe('the fleet wizard', () => {
  const wizard = async (token: string, body: Record<string, unknown>) =>
    api(rt.url, token, '/biz/fleet/activate', {
      ...settings,
      ...body,
      password: await encrypt(rt.url, String(body.password ?? 'Fleet12345')),
    });

  it('creates the fleet and its administrator, who signs in on the fleet tab to its dashboard', async () => {
    const token = tokens.Memberco!;
    const answer = await wizard(token, { name: 'Buses', admin: 'buses@memberco.example', balance: 250 });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toMatchObject({ username: 'buses@memberco.example' });
    expect(answer.data.fleet).toMatchObject({ name: 'Buses', balance: 250 });
    const signedIn = await fleetLogin('buses@memberco.example', 'Fleet12345');
    expect(signedIn.code, signedIn.msg).toBe(0);
    const dashboard = await ok(signedIn.data!.token!, '/biz/fleet/dashboard');
    expect(dashboard.fleet).toMatchObject({ id: answer.data.fleet.id, name: 'Buses', balance: 250 });
    expect(dashboard.funds.map((f: Json) => [f.operType, f.changeBalance])).toEqual([[2, 250]]);
  });

  it('leaves nothing behind when a step fails', async () => {
    const token = tokens.Memberco!;
    const before = (await ok(token, '/biz/fleet/list', {})).total;
    const taken = await wizard(token, { name: 'Dup', admin: 'buses@memberco.example', balance: 10 });
    expect(taken.code).not.toBe(0);
    expect(taken.msg).toMatch(/username/i);
    const weak = await wizard(token, { name: 'Weak', admin: 'weak@memberco.example', password: 'short' });
    expect(weak.data).toMatchObject({ password: expect.any(String) });
    const rule = await wizard(token, { name: 'Rule', admin: 'rule@memberco.example', warnBalance: 10 });
    expect(rule.data).toMatchObject({ warnBalance: expect.any(String) });
    expect((await ok(token, '/biz/fleet/list', {})).total).toBe(before);
    expect((await fleetLogin('weak@memberco.example', 'short')).code).not.toBe(0);
  });
});

describe("a fleet account's reach", () => {
  it('reads and changes only its own fleet, and calls nothing else', async () => {
    const token = tokens.Memberco!;
    await wizard(token, 'Reach', 'reach@memberco.example');
    const reach = (await ok(token, '/biz/fleet/list', { name: 'Reach' })).records.find(
      (f: Json) => f.name === 'Reach',
    );
    const fleet = (await fleetLogin('reach@memberco.example', 'Fleet12345')).data!.token!;
    const vansDriver = (await ok(token, '/biz/driver/list', { fleetId: fleetIds.Vans })).records[0];

    // Its own drivers only, whatever fleet it asks for.
    const mine = await ok(fleet, '/biz/driver/add', { name: 'Mine', idTag: 'REACH-1' });
    expect(mine).toMatchObject({ fleetId: reach.id, fleetName: 'Reach' });
    const listed = await ok(fleet, '/biz/driver/list', { fleetId: fleetIds.Vans });
    expect(listed.records.map((d: Json) => d.name)).toEqual(['Mine']);
    expect((await api(rt.url, fleet, `/biz/driver/info?id=${vansDriver.id}`)).code).not.toBe(0);
    const moved = await api(rt.url, fleet, '/biz/driver/add', {
      fleetId: fleetIds.Vans,
      name: 'Elsewhere',
      idTag: 'REACH-2',
    });
    expect(moved.msg).toMatch(/only with its own fleet/);
    const update = await api(rt.url, fleet, '/biz/driver/update', {
      id: vansDriver.id,
      version: vansDriver.version,
      name: 'Taken over',
      idTag: 'REACH-3',
    });
    expect(update.code).not.toBe(0);
    expect((await api(rt.url, fleet, `/biz/driver/del?id=${vansDriver.id}`)).code).not.toBe(0);
    expect((await ok(token, `/biz/driver/info?id=${vansDriver.id}`)).name).toBe(vansDriver.name);

    // Nothing of the company beyond its fleet, whatever its roles say.
    for (const path of [
      '/biz/fleet/list',
      '/biz/fleet/topUp',
      '/biz/fleet/activate',
      '/biz/card/list',
      '/biz/station/list',
      '/admin/user/list',
      '/biz/driver/export',
    ]) {
      const answer = await api(rt.url, fleet, path, {});
      expect(answer.status, path).toBe(403);
    }
    const menus = JSON.stringify((await api(rt.url, fleet, '/admin/menu/list')).data);
    expect(menus).toContain('/vehicle/dashbord');
    expect(menus).toContain('/driver');
    expect(menus).not.toContain('/fleets"');
    expect(menus).not.toContain('/equipment');
    const dashboard = await ok(fleet, `/biz/fleet/dashboard?id=${fleetIds.Vans}`);
    expect(dashboard.fleet.id).toBe(reach.id);
    expect(dashboard.drivers).toEqual({ total: 1, charging: 0 });
  });
});

describe("a fleet's alerts and fund history through the API", () => {
  it('lists alerts newest first with the unread count; one or all marked read, each once', async () => {
    const token = tokens.Memberco!;
    const fleetId = fleetIds.Trucks!;
    for (const type of [3, 4, 2])
      await putFleetAlert({
        fleetId,
        tenant: '/',
        type,
        subject: 'VIN',
        values: { name: 'T1', orderNo: 'O1' },
      });
    const page = await ok(token, '/biz/fleetAlert/list', { fleetId, current: 1, size: 2 });
    expect(page).toMatchObject({ total: 3, unread: 3 });
    expect(page.records.map((a: Json) => a.type)).toEqual([2, 4]);
    expect(page.records[0]).toMatchObject({ readFlag: 0, fleetName: 'Trucks' });
    expect(page.records[0].tenant).toBeUndefined();
    // Two marks of one alert at once lower the unread count once.
    const marks = await Promise.all(
      [1, 2].map(() => ok(token, '/biz/fleetAlert/read', { fleetId, id: page.records[0].id })),
    );
    expect(marks.filter((m: Json) => m.marked)).toHaveLength(1);
    const unread = await ok(token, '/biz/fleetAlert/list', { fleetId, readFlag: 0, current: 1, size: 10 });
    expect(unread).toMatchObject({ total: 2, unread: 2 });
    expect(unread.records.every((a: Json) => a.readFlag === 0)).toBe(true);
    // The "Read" filter lists only the alert marked read.
    const read = await ok(token, '/biz/fleetAlert/list', { fleetId, readFlag: 1, current: 1, size: 10 });
    expect(read).toMatchObject({ total: 1, unread: 2 });
    expect(read.records.map((a: Json) => [a.id, a.readFlag])).toEqual([[page.records[0].id, 1]]);
    expect(await ok(token, '/biz/fleetAlert/readAll', { fleetId })).toEqual({ marked: 2 });
    expect((await ok(token, '/biz/fleetAlert/list', { fleetId, current: 1, size: 10 })).unread).toBe(0);
    // Staff who have not picked a fleet see none; another company's fleet is not found.
    expect((await ok(token, '/biz/fleetAlert/list', {})).total).toBe(0);
    const foreign = await api(rt.url, tokens.Otherco!, '/biz/fleetAlert/list', { fleetId });
    expect(foreign.code).not.toBe(0);
  });

  it('pages the fund history newest first, filters by type, and exports it', async () => {
    const token = tokens.Memberco!;
    const fleetId = fleetIds.Vans!;
    for (const amount of [1, 2, 3]) await ok(token, '/biz/fleet/topUp', { id: fleetId, amount });
    await ok(token, `/biz/fleet/reset?id=${fleetId}`);
    const first = await ok(token, '/biz/fleetFund/list', { fleetId, current: 1, size: 3 });
    expect(first.total).toBe(4);
    expect(first.records.map((r: Json) => [r.operType, r.changeBalance])).toEqual([
      [1, -6],
      [2, 3],
      [2, 2],
    ]);
    const second = await ok(token, '/biz/fleetFund/list', { fleetId, current: 2, size: 3 });
    expect(second.records.map((r: Json) => r.changeBalance)).toEqual([1]);
    const resets = await ok(token, '/biz/fleetFund/list', { fleetId, operType: 1, current: 1, size: 10 });
    expect(resets.records).toHaveLength(1);
    const bad = await api(rt.url, token, '/biz/fleetFund/list', { fleetId, operType: 9 });
    expect(bad.code).not.toBe(0);

    const res = await fetch(`${rt.url}/biz/fleetFund/download`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fleetId }),
    });
    expect(res.headers.get('content-type')).toMatch(/spreadsheet/);
    const rows = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(rows.map((r) => Number(r.values.changeBalance))).toEqual([-6, 3, 2, 1]);
  });
});

describe("a fleet's analysis through the API", () => {
  it('sums the window by day and per vehicle from the rollups, a page of vehicles at a time', async () => {
    const token = tokens.Otherco!;
    const fleetId = fleetIds.Other!;
    const vans = await Promise.all(
      ['Alpha', 'Beta', 'Gamma'].map((name, i) =>
        ok(token, '/biz/vehicle/add', { fleetId, name, idTag: `AN-${i}` }),
      ),
    );
    // The fleet charges in Berlin: its days are Berlin's dates, and so is its "today".
    const timeZone = 'Europe/Berlin';
    const day = localDate(Date.now(), timeZone);
    const long = localDate(Date.now() - 40 * 86_400_000, timeZone);
    const add = (memberId: string, on: string, energyWh: number, costUnits: number) =>
      send.transact(
        fleetRollupUpdates({
          fleetId,
          memberId,
          day: on,
          timeZone,
          figures: { energyWh, costUnits, sessions: 1 },
        }),
      );
    await add(vans[0].id, day, 10_000, 45_000);
    await add(vans[0].id, day, 5_000, 22_500);
    await add(vans[1].id, long, 20_000, 90_000); // outside 7 days, inside 60

    const week = await ok(token, '/biz/fleet/analysis', {
      fleetId,
      days: 7,
      kind: 'vehicle',
      current: 1,
      size: 10,
    });
    expect(week.series).toHaveLength(7);
    expect(week.series.at(-1)).toMatchObject({ day, energyKwh: 15, cost: 6.75, sessions: 2 });
    expect(week.totals).toEqual({ energyKwh: 15, cost: 6.75, sessions: 2 });
    const byName = Object.fromEntries(
      week.records.map((r: Json) => [r.name, [r.sessions, r.energyKwh, r.cost]]),
    );
    expect(byName).toMatchObject({ Alpha: [2, 15, 6.75], Beta: [0, 0, 0], Gamma: [0, 0, 0] });
    const sixty = await ok(token, '/biz/fleet/analysis', { fleetId, days: 60, current: 1, size: 2 });
    expect(sixty.totals).toEqual({ energyKwh: 35, cost: 15.75, sessions: 3 });
    expect(sixty.records).toHaveLength(2);
    expect(sixty.total).toBeGreaterThanOrEqual(3);
    const bad = await api(rt.url, token, '/biz/fleet/analysis', { fleetId, days: 9 });
    expect(bad.code).not.toBe(0);
    const dashboard = await ok(token, `/biz/fleet/dashboard?id=${fleetId}`);
    expect(dashboard.today).toEqual({ energyKwh: 15, cost: 6.75, sessions: 2 });
    // A session ended at 23:27 UTC is on the next day in Berlin, and that day is the fleet's today then.
    const lateEvening = Date.parse('2020-02-29T23:27:00Z');
    await add(vans[2].id, '2020-03-01', 1_000, 4_500);
    expect((await fleetToday(fleetId, lateEvening)).today).toEqual({ energyKwh: 1, cost: 0.45, sessions: 1 });

    // The whole table of the window as Excel.
    const res = await fetch(`${rt.url}/biz/fleet/analysisDownload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fleetId, days: 60, kind: 'vehicle' }),
    });
    const rows = await readSheet(Buffer.from(await res.arrayBuffer()));
    const file = Object.fromEntries(rows.map((r) => [r.values.name, Number(r.values.cost)]));
    expect(file).toMatchObject({ Alpha: 6.75, Beta: 9, Gamma: 0 });
  });
});

async function wizard(token: string, name: string, email: string) {
  const answer = await api(rt.url, token, '/biz/fleet/activate', {
    ...settings,
    name,
    admin: email,
    password: await encrypt(rt.url, 'Fleet12345'),
  });
  expect(answer.code, answer.msg).toBe(0);
  return answer;
}
