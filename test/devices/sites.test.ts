/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Stations and charge points through the API against the local runtime: the rules of docs/product.md section
 * 5 on the server, the one-time OCPP password that really opens the OCPP endpoint, pictures checked by
 * content and kept per company, power balance rules, and tenancy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, encrypt, login } from '../helpers/identity.ts';
import { connectCharger } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let admin: string;
let other: string;

const STATION = {
  name: 'Harbour',
  status: 1,
  address: '1 Quay',
  country: 'Germany',
  countryCode: 'de',
  city: 'Hamburg',
  timeZone: 'Europe/Berlin',
  locationType: 'PARKING_LOT',
  type: 1,
  serviceHotline: '+49 40 1234',
  openFlag: 1,
  workDays: [1, 2, 3, 4, 5],
  openPeriods: [
    { start: '06:00', end: '12:00' },
    { start: '13:00', end: '24:00' },
  ],
  feeSetMode: 3,
  ownerType: 0,
};
const PILE = {
  name: 'Quay 1',
  protocol: 'ocpp1.6',
  maxPower: 22,
  powerType: 'AC_3_PHASE',
  connectorStandard: 'IEC_62196_T2',
  format: 'SOCKET',
  // Each with the station's charging fee (set in beforeAll): every connector needs a fee rule.
  connectors: [{ connectorNo: 1 }, { connectorNo: 2 }] as Record<string, unknown>[],
};
let feeRuleId = '';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(token: string, body: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)]), name);
  const res = await fetch(`${rt.url}/biz/station/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return (await res.json()) as { code: number; msg: string; data: { key: string } };
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  [operator, admin] = await Promise.all([
    login(rt.url, 'operator', 'Operator12345'),
    login(rt.url, 'admin', 'Admin12345'),
  ]);
  const company = await api(rt.url, admin, '/admin/operator/add', {
    operatorName: 'Rival Charging',
    currency: 'EUR',
    contactMail: 'ops@rival.example',
    subStatus: 2,
  });
  await api(rt.url, admin, '/admin/user/add', {
    username: 'rival',
    password: await encrypt(rt.url, 'Rival12345'),
    role: ['role-operator-admin'],
    agentId: company.data.id,
  });
  other = await login(rt.url, 'rival', 'Rival12345');
  const fee = { name: 'Harbour energy', feeType: 1, unitPrice: '0.39', timeSharing: 0, periods: [] };
  feeRuleId = (await api(rt.url, operator, '/biz/chargingFee/add', fee)).data.id;
  PILE.connectors = PILE.connectors.map((c) => ({ ...c, feeRuleId }));
}, 120_000);

afterAll(async () => {
  await rt?.cleanup();
});

describe('stations', () => {
  let station: any;

  it('refuses what docs/product.md section 5 refuses, writing nothing', async () => {
    const before = (await api(rt.url, operator, '/biz/station/list', { current: 1, size: 1 })).data.total;
    const bad = await api(rt.url, operator, '/biz/station/add', {
      ...STATION,
      longitude: 200,
      openPeriods: [
        { start: '08:00', end: '12:00' },
        { start: '11:00', end: '10:00' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      longitude: 'Longitude format is wrong (-180 to 180)',
      'openPeriods.1.end': 'The end must be after the start',
    });
    const overlap = await api(rt.url, operator, '/biz/station/add', {
      ...STATION,
      openPeriods: [
        { start: '08:00', end: '12:00' },
        { start: '11:00', end: '13:00' },
      ],
    });
    expect(Object.values(overlap.data)).toContain('Opening periods must not overlap');
    const noDays = await api(rt.url, operator, '/biz/station/add', { ...STATION, workDays: [] });
    expect(noDays.data.workDays).toBe('Choose the work days');
    expect((await api(rt.url, operator, '/biz/station/list', { current: 1, size: 1 })).data.total).toBe(
      before,
    );
  });

  it('adds a station with its opening hours; the name is unique within the company', async () => {
    const added = await api(rt.url, operator, '/biz/station/add', STATION);
    expect(added.code).toBe(0);
    station = added.data;
    expect(station).toMatchObject({ countryCode: 'DE', openFlag: 1, workDays: [1, 2, 3, 4, 5] });
    const again = await api(rt.url, operator, '/biz/station/add', STATION);
    expect(again.msg).toBe('A station with this name already exists');
    // Another company may use the name.
    expect((await api(rt.url, other, '/biz/station/add', STATION)).code).toBe(0);
  });

  it('keeps pictures by content, per company', async () => {
    const notImage = await upload(operator, Buffer.from('GIF89a not a png'), 'x.png');
    expect(notImage.msg).toBe('Only JPG or PNG pictures');
    const png = await upload(operator, PNG, 'site.png');
    expect(png.code).toBe(0);
    const updated = await api(rt.url, operator, '/biz/station/update', {
      ...STATION,
      id: station.id,
      version: station.version,
      images: [png.data.key],
    });
    expect(updated.data.images).toEqual([png.data.key]);
    station = updated.data;
    const mine = await fetch(`${rt.url}/biz/station/image?key=${png.data.key}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await mine.arrayBuffer()).equals(PNG)).toBe(true);
    const theirs = await api(rt.url, other, `/biz/station/image?key=${png.data.key}`);
    expect(theirs.code).not.toBe(0);
    // Another company cannot put this company's picture on its station.
    const rivalStation = (await api(rt.url, other, '/biz/station/list', { current: 1, size: 1 })).data
      .records[0];
    const stolen = await api(rt.url, other, '/biz/station/update', {
      ...STATION,
      id: rivalStation.id,
      version: rivalStation.version,
      images: [png.data.key],
    });
    expect(stolen.msg).toBe('A picture of this station was not uploaded by your company');
  });

  it('adds a pile whose one-time password opens the OCPP endpoint; a reset replaces it', async () => {
    const pile = await api(rt.url, operator, '/biz/chargePoint/add', {
      ...PILE,
      chargePointId: 'HBR-1',
      stationId: station.id,
    });
    expect(pile.code).toBe(0);
    expect(pile.data.ocppPassword).toMatch(/^\S{12,}$/);
    expect(pile.data.passwordHash).toBeUndefined();
    const info = await api(rt.url, operator, '/biz/chargePoint/info?id=HBR-1');
    expect(info.data.ocppPassword).toBeUndefined();
    expect(info.data.passwordHashSet).toBe(true);

    const charger = await connectCharger(rt.url, 'HBR-1', pile.data.ocppPassword);
    await charger.close();
    const reset = await api(rt.url, operator, '/biz/chargePoint/resetPassword?id=HBR-1');
    expect(reset.data.ocppPassword).not.toBe(pile.data.ocppPassword);
    await expect(connectCharger(rt.url, 'HBR-1', pile.data.ocppPassword)).rejects.toThrow(/HTTP 40/);
    await (await connectCharger(rt.url, 'HBR-1', reset.data.ocppPassword)).close();
  });

  it('refuses duplicate ids and gun numbers, an empty pile, min above max, another company station', async () => {
    const base = { ...PILE, stationId: station.id };
    expect(
      (await api(rt.url, operator, '/biz/chargePoint/add', { ...base, chargePointId: 'HBR-1' })).msg,
    ).toBe('A charge point with this id already exists');
    const guns = await api(rt.url, operator, '/biz/chargePoint/add', {
      ...base,
      chargePointId: 'HBR-2',
      connectors: [{ connectorNo: 3 }, { connectorNo: 3 }],
    });
    expect(guns.data['connectors.1.connectorNo']).toBe('Gun number already exists');
    const range = await api(rt.url, operator, '/biz/chargePoint/add', {
      ...base,
      chargePointId: 'HBR-2',
      connectors: [{ connectorNo: 1000 }],
      maxPower: 10_001,
    });
    expect(Object.keys(range.data)).toEqual(expect.arrayContaining(['connectors.0.connectorNo', 'maxPower']));
    const empty = await api(rt.url, operator, '/biz/chargePoint/add', {
      ...base,
      chargePointId: 'HBR-2',
      connectors: [],
    });
    expect(empty.data.connectors).toBe('Add at least one connector: a pile keeps at least one');
    const power = await api(rt.url, operator, '/biz/chargePoint/add', {
      ...base,
      chargePointId: 'HBR-2',
      minPower: 30,
    });
    expect(power.data.minPower).toBe('Min power must not be above max power');
    const rivalStation = (await api(rt.url, other, '/biz/station/list', { current: 1, size: 1 })).data
      .records[0];
    const foreign = await api(rt.url, operator, '/biz/chargePoint/add', {
      ...PILE,
      chargePointId: 'HBR-2',
      stationId: rivalStation.id,
    });
    expect(foreign.msg).toBe('The station does not exist');
    // Every connector needs a fee rule (the station sets fees per connector), and it must be the company's.
    const unpriced = await api(rt.url, operator, '/biz/chargePoint/add', {
      ...base,
      chargePointId: 'HBR-2',
      connectors: [{ connectorNo: 1, feeRuleId }, { connectorNo: 2 }],
    });
    expect(unpriced.data['connectors.1.feeRuleId']).toBe('Choose a fee rule: every connector needs one');
    const rivalFee = (
      await api(rt.url, other, '/biz/chargingFee/add', {
        name: 'Rival energy',
        feeType: 1,
        unitPrice: '0.5',
        timeSharing: 0,
        periods: [],
      })
    ).data.id;
    const borrowed = await api(rt.url, operator, '/biz/chargePoint/add', {
      ...base,
      chargePointId: 'HBR-2',
      connectors: [{ connectorNo: 1, feeRuleId: rivalFee }],
    });
    expect(borrowed.data['connectors.0.feeRuleId']).toBe('The fee rule does not exist');
    expect((await api(rt.url, operator, '/biz/chargePoint/info?id=HBR-2')).code).not.toBe(0);
    // The last connector cannot be removed by an update either.
    const current = (await api(rt.url, operator, '/biz/chargePoint/info?id=HBR-1')).data;
    const {
      passwordHashSet: _p,
      createTime: _c,
      updateTime: _u,
      id: _i,
      stationName: _s,
      agentId: _a,
      ...fields
    } = current;
    const removed = await api(rt.url, operator, '/biz/chargePoint/update', {
      ...fields,
      id: 'HBR-1',
      version: current.version,
      connectors: [],
    });
    expect(removed.status).toBe(400);
    expect((await api(rt.url, operator, '/biz/chargePoint/info?id=HBR-1')).data.connectors).toHaveLength(2);
  });

  it('checks the power balance plan and its transformer groups', async () => {
    const fresh = (await api(rt.url, operator, `/biz/station/info?id=${station.id}`)).data;
    const plan = {
      id: fresh.id,
      version: fresh.version,
      powerMode: 1,
      normalCycle: 60,
      alarmCycle: 30,
      samplingCycle: 10,
      offlineMaxPower: 7,
      groups: [{ name: 'T1', ratedPower: 100, alarmPower: 90, chargePointIds: ['HBR-1'] }],
    };
    const off = await api(rt.url, operator, '/biz/station/powerBalance', { ...plan, powerMode: 0 });
    expect(off.data.powerMode).toBe('Power balance is off: choose a power mode first');
    const cycles = await api(rt.url, operator, '/biz/station/powerBalance', { ...plan, alarmCycle: 60 });
    expect(cycles.data.alarmCycle).toBe('Normal adjust cycle > alarm adjust cycle > alarm sampling cycle');
    const names = await api(rt.url, operator, '/biz/station/powerBalance', {
      ...plan,
      groups: [plan.groups[0], { ...plan.groups[0], name: 't1', chargePointIds: ['DEMO-CP-001'] }],
    });
    expect(names.data['groups.1.name']).toBe('Transformer name already exists');
    const rated = await api(rt.url, operator, '/biz/station/powerBalance', {
      ...plan,
      groups: [{ ...plan.groups[0], alarmPower: 100 }],
    });
    expect(rated.data['groups.0.alarmPower']).toBe('Rated power must be greater than alarm power');
    const elsewhere = await api(rt.url, operator, '/biz/station/powerBalance', {
      ...plan,
      groups: [{ ...plan.groups[0], chargePointIds: ['DEMO-CP-001'] }],
    });
    expect(elsewhere.msg).toBe('Pile DEMO-CP-001 does not stand at this station');
    const saved = await api(rt.url, operator, '/biz/station/powerBalance', plan);
    expect(saved.data.powerBalance).toMatchObject({ powerMode: 1, groups: [{ name: 'T1' }] });
    // An ordinary update keeps the plan.
    const kept = await api(rt.url, operator, '/biz/station/update', {
      ...STATION,
      images: saved.data.images,
      id: station.id,
      version: saved.data.version,
    });
    expect(kept.data.powerBalance.groups).toHaveLength(1);
  });

  it('keeps every connector priced: a station rule its piles rely on is not removed', async () => {
    const added = await api(rt.url, operator, '/biz/station/add', {
      ...STATION,
      name: 'Harbour north',
      feeSetMode: 1,
      feeRuleId,
    });
    expect(added.code).toBe(0);
    const pile = await api(rt.url, operator, '/biz/chargePoint/add', {
      ...PILE,
      chargePointId: 'HBR-N1',
      stationId: added.data.id,
      connectors: [{ connectorNo: 1 }],
    });
    expect(pile.code).toBe(0);
    const current = (await api(rt.url, operator, `/biz/station/info?id=${added.data.id}`)).data;
    const { createTime: _c, updateTime: _u, agentId: _a, ...fields } = current;
    const cleared = await api(rt.url, operator, '/biz/station/update', { ...fields, feeRuleId: '' });
    expect(cleared.msg).toBe(
      'Every connector of the station needs a fee rule: bind the rules to its charge points first',
    );
    expect((await api(rt.url, operator, `/biz/station/info?id=${added.data.id}`)).data.feeRuleId).toBe(
      feeRuleId,
    );
    expect((await api(rt.url, operator, '/biz/chargePoint/del?id=HBR-N1')).code).toBe(0);
    expect((await api(rt.url, operator, `/biz/station/del?id=${added.data.id}`)).code).toBe(0);
  });

  it('asks for the pile rule as a field of the fee step when the station has none, writing nothing', async () => {
    // docs/decisions/457-pile-fee-rule-at-the-fee-step.md: the wizard places a field error on its step.
    const bare = await api(rt.url, operator, '/biz/station/add', {
      ...STATION,
      name: 'Harbour bare',
      feeSetMode: 1,
    });
    expect(bare.code).toBe(0);
    const unpriced = await api(rt.url, operator, '/biz/chargePoint/add', {
      ...PILE,
      chargePointId: 'HBR-B1',
      stationId: bare.data.id,
      connectors: [{ connectorNo: 1 }],
    });
    expect(unpriced.status).toBe(400);
    expect(unpriced.data).toEqual({ feeRuleId: 'Choose a fee rule: every connector needs one' });
    expect((await api(rt.url, operator, '/biz/chargePoint/info?id=HBR-B1')).code).not.toBe(0);
    // The pile's own rule covers its connectors whatever the station's mode.
    const priced = await api(rt.url, operator, '/biz/chargePoint/add', {
      ...PILE,
      chargePointId: 'HBR-B1',
      stationId: bare.data.id,
      feeRuleId,
      connectors: [{ connectorNo: 1 }],
    });
    expect(priced.code).toBe(0);
    expect((await api(rt.url, operator, '/biz/chargePoint/del?id=HBR-B1')).code).toBe(0);
    expect((await api(rt.url, operator, `/biz/station/del?id=${bare.data.id}`)).code).toBe(0);
  });

  it('shows the station with its piles and live states; a station with piles is not deleted', async () => {
    const detail = await api(rt.url, operator, `/biz/station/detail?id=${station.id}`);
    expect(detail.data.chargePoints.map((p: any) => p.id)).toEqual(['HBR-1']);
    expect(detail.data.counts.offline).toBe(2);
    expect((await api(rt.url, operator, `/biz/station/del?id=${station.id}`)).msg).toBe(
      'This station still has charge points: delete or move them first',
    );
    expect((await api(rt.url, other, `/biz/station/detail?id=${station.id}`)).code).not.toBe(0);
    expect((await api(rt.url, other, '/biz/chargePoint/detail?id=HBR-1')).code).not.toBe(0);
    expect((await api(rt.url, admin, '/biz/chargePoint/detail?id=HBR-1')).data.stationName).toBe('Harbour');
  });

  it("tells each pile's last message as its charger page does; the station's is the newest of them", async () => {
    const site = await api(rt.url, operator, '/biz/station/add', { ...STATION, name: 'Harbour live' });
    const pile = await api(rt.url, operator, '/biz/chargePoint/add', {
      ...PILE,
      chargePointId: 'HBR-L1',
      stationId: site.data.id,
    });
    expect(pile.code).toBe(0);
    const before = await api(rt.url, operator, `/biz/station/detail?id=${site.data.id}`);
    expect(before.data.lastMessageAt).toBeUndefined();
    const charger = await connectCharger(rt.url, 'HBR-L1', pile.data.ocppPassword);
    try {
      await charger.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Live' });
      const connectedAt = Date.now();
      // A message after the connect: the live item still holds the connect's time, the connection more.
      await waitFor(async () => Date.now() > connectedAt || undefined);
      const sentAfter = new Date().toISOString();
      await charger.call('Heartbeat', {});
      const charged = (await api(rt.url, operator, '/biz/chargePoint/detail?id=HBR-L1')).data;
      expect(charged.lastMessageAt >= sentAfter).toBe(true);
      const detail = (await api(rt.url, operator, `/biz/station/detail?id=${site.data.id}`)).data;
      expect(detail.chargePoints[0].lastMessageAt).toBe(charged.lastMessageAt);
      expect(detail.lastMessageAt).toBe(charged.lastMessageAt);
    } finally {
      await charger.close();
    }
    expect((await api(rt.url, operator, '/biz/chargePoint/del?id=HBR-L1')).code).toBe(0);
    expect((await api(rt.url, operator, `/biz/station/del?id=${site.data.id}`)).code).toBe(0);
  });
});
