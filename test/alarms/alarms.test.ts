/**
 * Alarms against the local runtime: the service raising, recovering and closing offline records (as the OCPP
 * side calls it), idempotent under repeats and concurrency; levels from the company's (or a parent's) alarm
 * template; alarm mail really sent through the SMTP sink to the consignees bound to the template; the list,
 * offline list and statistics calls with their filters, the 30-day window and tenancy.
 */
import { companyOwner, openAlarmCount } from '@functions/data/alarm-stats.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargerBack,
  chargerOffline,
  raiseAlarm,
  recoverAlarms,
  type ChargerRef,
} from '@functions/alarms/service.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
let operator: string;
let other: { id: string; token: string };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loose JSON, checked by the assertions
const ok = async <T = any>(token: string, route: string, body?: unknown) => {
  const res = await api<T>(rt.url, token, route, body);
  expect(res.code, `${route}: ${res.msg}`).toBe(0);
  return res.data;
};

async function company(name: string, parentId?: string) {
  const created = await ok(admin, '/admin/operator/add', {
    operatorName: name,
    currency: 'EUR',
    contactMail: `${name.toLowerCase()}@example.com`,
    parentId,
    subStatus: 2,
  });
  const username = `${name.toLowerCase()}-admin`;
  await ok(admin, '/admin/user/add', {
    username,
    password: await encrypt(rt.url, 'Secret12345'),
    role: ['role-operator-admin'],
    agentId: created.id,
  });
  return { id: created.id as string, token: await login(rt.url, username, 'Secret12345') };
}

const demo: ChargerRef = {
  tenant: '/demo-operator/',
  agentId: 'demo-operator',
  stationId: 'st-1',
  stationName: 'Harbour Car Park',
  chargePointId: 'DEMO-CP-001',
  chargePointName: 'Bay 1',
};

/** A time `minutes` ago, as the charger would stamp it. */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const mails = () => {
  const dir = rt.smtp.mailDir;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
};

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'demo' });
  admin = await login(rt.url, 'admin', 'Admin12345');
  operator = await login(rt.url, 'operator', 'Operator12345');
  other = await company('Volta');
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

describe('fault alarms', () => {
  it('raises once per charger, connector and code, with the template level, and mails the consignees', async () => {
    const template = await ok(operator, '/biz/alarmTemplate/add', {
      name: 'Ground failure',
      code: 'GroundFailure',
      level: 1,
    });
    await ok(operator, '/biz/alarmMail/add', {
      name: 'Night shift',
      consignees: 'ops@demo.example, lead@demo.example',
      templateId: template.id,
    });

    const at = ago(10);
    const fault = { connectorId: 1, code: 'GroundFailure', vendorCode: 'E-12', info: 'RCD tripped', at };
    await raiseAlarm(demo, fault);
    // A repeat and concurrent repeats change nothing.
    await raiseAlarm(demo, { ...fault, at: ago(9) });
    await Promise.all([1, 2, 3, 4].map(() => raiseAlarm(demo, fault)));

    const list = await ok(operator, '/biz/alarm/list', { current: 1, size: 10 });
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({
      code: 'GroundFailure',
      vendorCode: 'E-12',
      info: 'RCD tripped',
      level: 1,
      templateId: template.id,
      templateName: 'Ground failure',
      offlineFlag: 0,
      recoverFlag: 0,
      status: 'open',
      chargePointId: 'DEMO-CP-001',
      chargePointName: 'Bay 1',
      stationId: 'st-1',
      stationName: 'Harbour Car Park',
      connectorId: 1,
      startTime: at,
      agentId: 'demo-operator',
    });
    expect(list.records[0].tenant).toBeUndefined();
    expect(list.records[0].openKey).toBeUndefined();

    const mail = await waitFor(
      () => mails().find((m) => m.includes('GroundFailure')),
      10_000,
      'the alarm mail',
    );
    expect(mail).toMatch(/X-Envelope-To: .*ops@demo\.example/);
    expect(mail).toMatch(/X-Envelope-To: .*lead@demo\.example/);
    expect(mail).toContain('Level: 1 (urgent fault)');
    expect(mail).toContain('Bay 1 (DEMO-CP-001)');
    expect(mail).toContain('Harbour Car Park');
    expect(mail).toContain('RCD tripped');
    // Only one mail for the one alarm.
    await new Promise((r) => setTimeout(r, 300));
    expect(mails().filter((m) => m.includes('GroundFailure'))).toHaveLength(1);
  });

  it('keeps every alarm when many chargers of one company fault at once', async () => {
    const burstCo = await company('Burst');
    const burst = Array.from({ length: 12 }, (_, i) => ({
      ...demo,
      tenant: `/${burstCo.id}/`,
      agentId: burstCo.id,
      chargePointId: `BURST-${i}`,
    }));
    await Promise.all(burst.map((ref) => raiseAlarm(ref, { connectorId: 1, code: 'PowerLoss', at: ago(9) })));
    const list = await ok(burstCo.token, '/biz/alarm/list', { current: 1, size: 50 });
    expect(new Set(list.records.map((r: { chargePointId: string }) => r.chargePointId)).size).toBe(
      burst.length,
    ); // Counted open exactly once each, in the alarm's own transaction; a repeat counts nothing; recovery
    // takes one off, a second recovery nothing.
    await Promise.all(burst.map((ref) => raiseAlarm(ref, { connectorId: 1, code: 'PowerLoss', at: ago(8) })));
    const owner = [companyOwner(`/${burstCo.id}/`)];
    expect(await openAlarmCount(owner)).toBe(burst.length);
    await Promise.all([
      recoverAlarms(burst[0]!, { connectorId: 1, at: ago(2) }),
      recoverAlarms(burst[0]!, { connectorId: 1, at: ago(1) }),
    ]);
    expect(await openAlarmCount(owner)).toBe(burst.length - 1);
  });

  it('keeps the alarm when its mail cannot be sent', async () => {
    const port = process.env.SMTP_PORT;
    process.env.SMTP_PORT = '1'; // nothing listens there
    try {
      await raiseAlarm(demo, { connectorId: 3, code: 'GroundFailure', at: ago(9) });
    } finally {
      process.env.SMTP_PORT = port;
    }
    const list = await ok(operator, '/biz/alarm/list', {
      chargePointId: 'DEMO-CP-001',
      code: 'GroundFailure',
    });
    expect(list.records.find((r: { connectorId: number }) => r.connectorId === 3)).toMatchObject({
      status: 'open',
      level: 1,
    });
    await recoverAlarms(demo, { connectorId: 3, at: ago(8) });
  });

  it('recovers every open alarm of the connector once; a later fault is a new alarm', async () => {
    await raiseAlarm(demo, { connectorId: 1, code: 'OverVoltage', at: ago(8) });
    await raiseAlarm(demo, { connectorId: 2, code: 'OverVoltage', at: ago(8) });
    const recoveredAt = ago(5);
    await recoverAlarms(demo, { connectorId: 1, at: recoveredAt });
    await recoverAlarms(demo, { connectorId: 1, at: ago(1) });

    const list = await ok(operator, '/biz/alarm/list', { current: 1, size: 10 });
    const byKey = (connectorId: number, code: string) =>
      list.records.filter(
        (r: { connectorId: number; code: string }) => r.connectorId === connectorId && r.code === code,
      );
    const ground = byKey(1, 'GroundFailure')[0];
    expect(ground).toMatchObject({ status: 'recovered', recoverFlag: 1, endTime: recoveredAt, version: 2 });
    const seconds = (row: { startTime: string; endTime: string }) =>
      Math.round((Date.parse(row.endTime) - Date.parse(row.startTime)) / 1000);
    expect(ground.duration).toBe(seconds(ground));
    expect(ground.duration).toBeGreaterThanOrEqual(299);
    const overVoltage = byKey(1, 'OverVoltage')[0];
    expect(overVoltage).toMatchObject({
      status: 'recovered',
      endTime: recoveredAt,
      duration: seconds(overVoltage),
    });
    // Connector 2 is untouched.
    expect(byKey(2, 'OverVoltage')[0]).toMatchObject({ status: 'open', recoverFlag: 0 });
    expect(byKey(2, 'OverVoltage')[0].endTime).toBeUndefined();

    await raiseAlarm(demo, { connectorId: 1, code: 'GroundFailure', at: ago(0.5) });
    const again = await ok(operator, '/biz/alarm/list', { code: 'GroundFailure', current: 1, size: 10 });
    expect(again.total).toBe(3);
    expect(again.records.map((r: { status: string }) => r.status)).toEqual([
      'open',
      'recovered',
      'recovered',
    ]);
  });

  it('takes the level of a parent company template, defaults to 4, and mails nobody without one', async () => {
    const parentTemplate = await ok(admin, '/biz/alarmTemplate/add', {
      name: 'Platform',
      code: 'Tamper',
      level: 2,
    });
    await raiseAlarm(demo, { connectorId: 0, code: 'Tamper', at: ago(3) });
    await raiseAlarm(demo, { connectorId: 0, code: 'SomethingNew', at: ago(3) });
    const list = await ok(operator, '/biz/alarm/list', { current: 1, size: 20 });
    const find = (code: string) => list.records.find((r: { code: string }) => r.code === code);
    expect(find('Tamper')).toMatchObject({ level: 2, templateId: parentTemplate.id });
    expect(find('SomethingNew')).toMatchObject({ level: 4 });
    expect(find('SomethingNew').templateId).toBeUndefined();
    expect(mails().some((m) => m.includes('SomethingNew'))).toBe(false);
  });

  it('filters by code, level, status and charger, and keeps companies apart', async () => {
    const voltaRef: ChargerRef = { tenant: `/${other.id}/`, agentId: other.id, chargePointId: 'VOLTA-1' };
    await raiseAlarm(voltaRef, { connectorId: 1, code: 'GroundFailure', at: ago(2) });

    const levelOne = await ok(operator, '/biz/alarm/list', { level: '1', current: 1, size: 10 });
    expect(levelOne.records.every((r: { level: number }) => r.level === 1)).toBe(true);
    expect(levelOne.total).toBe(3);
    const open = await ok(operator, '/biz/alarm/list', { status: 'open', current: 1, size: 10 });
    expect(open.records.every((r: { status: string }) => r.status === 'open')).toBe(true);
    const recovered = await ok(operator, '/biz/alarm/list', { status: 'recovered', current: 1, size: 10 });
    expect(recovered.total).toBe(3);
    expect(open.total + recovered.total).toBe(
      (await ok(operator, '/biz/alarm/list', { current: 1, size: 10 })).total,
    );

    // The operator never sees Volta's alarm, whatever it asks for; Volta sees only its own; the platform both.
    const mine = await ok(operator, '/biz/alarm/list', { chargePointId: 'VOLTA-1', current: 1, size: 10 });
    expect(mine.total).toBe(0);
    const volta = await ok(other.token, '/biz/alarm/list', { current: 1, size: 10 });
    expect(volta.records.map((r: { chargePointId: string }) => r.chargePointId)).toEqual(['VOLTA-1']);
    // Volta has no template for the code: the demo operator's is not Volta's.
    expect(volta.records[0].level).toBe(4);
    const all = await ok(admin, '/biz/alarm/list', { code: 'GroundFailure', current: 1, size: 10 });
    expect(all.total).toBe(4);

    // Sorting and paging.
    const page2 = await ok(operator, '/biz/alarm/list', {
      current: 2,
      size: 2,
      orderBy: 'code',
      order: 'asc',
    });
    expect(page2.records).toHaveLength(2);
    expect(page2.current).toBe(2);
  });

  it('refuses a window longer than 30 days or reversed, and reads a window', async () => {
    const long = await api(rt.url, operator, '/biz/alarm/list', {
      startTime: ago(31 * 24 * 60),
      endTime: ago(0),
      current: 1,
      size: 10,
    });
    expect(long.status).toBe(400);
    expect(long.msg).toBe('The time range can be at most 30 days');
    const german = await api(
      rt.url,
      operator,
      '/biz/alarm/offlineList',
      { startTime: ago(40 * 24 * 60), endTime: ago(0) },
      { language: 'de-de' },
    );
    expect(german.msg).toBe('Der Zeitraum darf höchstens 30 Tage umfassen');
    const reversed = await api(rt.url, operator, '/biz/alarm/list', { startTime: ago(0), endTime: ago(60) });
    expect(reversed.status).toBe(400);
    const stat = await api(rt.url, operator, '/biz/alarm/stat', {
      startTime: '2026-01-01',
      endTime: '2026-02-15',
    });
    expect(stat.status).toBe(400);

    // A window before the alarms finds none; one around them finds them.
    const before = await ok(operator, '/biz/alarm/list', { startTime: ago(60 * 24), endTime: ago(60) });
    expect(before.total).toBe(0);
    const around = await ok(operator, '/biz/alarm/list', { startTime: ago(9.5), endTime: ago(0) });
    expect(around.records.length).toBeGreaterThan(0);
    expect(around.records.every((r: { startTime: string }) => r.startTime >= ago(9.6))).toBe(true);
  });
});

describe('offline records', () => {
  it('records one per outage, closes it once when the charger is back', async () => {
    const since = ago(20);
    await chargerOffline(demo, { since });
    await chargerOffline(demo, { since });
    let list = await ok(operator, '/biz/alarm/offlineList', { current: 1, size: 10 });
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({
      code: 'Offline',
      offlineFlag: 1,
      status: 'open',
      startTime: since,
      chargePointId: 'DEMO-CP-001',
      level: 4,
    });
    // The alarm list has them too, as offline records (decision 460); asked for fault alarms, it has none.
    const all = await ok(operator, '/biz/alarm/list', { code: 'Offline', current: 1, size: 10 });
    expect(all.total).toBe(1);
    expect(all.records[0]).toMatchObject({ id: list.records[0].id, offlineFlag: 1 });
    const faults = await ok(operator, '/biz/alarm/list', {
      code: 'Offline',
      offlineFlag: 0,
      current: 1,
      size: 10,
    });
    expect(faults.total).toBe(0);

    const back = ago(5);
    await chargerBack(demo, { at: back });
    await chargerBack(demo, { at: ago(1) });
    // The sweep reporting the same outage late changes nothing.
    await chargerOffline(demo, { since });
    list = await ok(operator, '/biz/alarm/offlineList', { current: 1, size: 10 });
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ status: 'recovered', recoverFlag: 1, endTime: back });
    expect(list.records[0].duration).toBe(Math.round((Date.parse(back) - Date.parse(since)) / 1000));

    // A new outage is a new record.
    await chargerOffline(demo, { since: ago(2) });
    list = await ok(operator, '/biz/alarm/offlineList', { status: 'open', current: 1, size: 10 });
    expect(list.total).toBe(1);
    expect((await ok(other.token, '/biz/alarm/offlineList', {})).total).toBe(0);
  });
});

describe('statistics', () => {
  it('counts per day, level, code and charger from the rollups, per scope', async () => {
    const stat = await ok(operator, '/biz/alarm/stat', {});
    const today = new Date().toISOString().slice(0, 10);
    expect(stat.days).toHaveLength(30);
    expect(stat.endDay).toBe(today);
    // Demo operator: GroundFailure x3, OverVoltage x2, Tamper, SomethingNew, and two offline records.
    expect(stat.total).toBe(9);
    expect(stat.offline).toBe(2);
    const todayCounts = stat.days.find((d: { day: string }) => d.day === today);
    // (alarms a few minutes old may fall on yesterday just after midnight UTC)
    expect(todayCounts.total + (stat.days.at(-2)?.total ?? 0)).toBe(9);
    expect(stat.levels).toEqual([
      { level: 1, count: 3 },
      { level: 2, count: 1 },
      { level: 3, count: 0 },
      { level: 4, count: 5 },
    ]);
    expect(stat.codes.slice(0, 3)).toEqual([
      { code: 'GroundFailure', count: 3 },
      { code: 'Offline', count: 2 },
      { code: 'OverVoltage', count: 2 },
    ]);
    expect(stat.chargers).toEqual([
      { chargePointId: 'DEMO-CP-001', chargePointName: 'Bay 1', stationName: 'Harbour Car Park', count: 9 },
    ]);

    const platform = await ok(admin, '/biz/alarm/stat', { startTime: today, endTime: today });
    expect(platform.days).toHaveLength(1);
    const volta = await ok(other.token, '/biz/alarm/stat', {});
    expect(volta.total).toBe(1);
    expect(volta.chargers.map((c: { chargePointId: string }) => c.chargePointId)).toEqual(['VOLTA-1']);
    expect(volta.codes).toEqual([{ code: 'GroundFailure', count: 1 }]);
  });
});

describe('stop reasons', () => {
  it('are seeded as the platform catalogue every company reads', async () => {
    const list = await ok(operator, '/biz/stopReason/list', {
      code: 'EV_DISCONNECTED',
      current: 1,
      size: 10,
    });
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({
      code: 'EV_DISCONNECTED',
      displayName: 'Vehicle disconnected',
      typeCode: 'USER',
      invalidCode: 0,
      finishCode: 'ACTIVE_STOP',
    });
    const abnormal = await ok(operator, '/biz/stopReason/list', { invalidCode: '1', current: 1, size: 50 });
    expect(abnormal.records.map((r: { code: string }) => r.code)).toContain('EMERGENCY_STOP');
  });
});
