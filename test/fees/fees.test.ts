/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Tariff resources through the real fees handlers against the local stand-ins: charging fees (time-of-use
 * periods, four decimals, the Pro gate on per-minute and per-use fees, the occupancy fee and its interval,
 * deletion refused while bound), occupancy and reservation fees (two decimals), the currency taken from the
 * company (refused when unsupported or missing), discounts (VIP users, stations of the company, enable,
 * disable, abandon and re-enable with version checks), and tenancy between companies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators } from '@functions/data/operators.ts';
import { forgetIdentities } from '@functions/identity/access.ts';
import { Repository } from '@functions/data/repository.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let admin: string;
let rival: string;
let basic: string;
let odd: string;

const FEE = '/biz/chargingFee';
const OCC = '/biz/occupancyFee';
const RES = '/biz/reserveFee';
const DIS = '/biz/discount';

const ENERGY = { name: 'Day and night', feeType: 1, unitPrice: '0.35', timeSharing: 0, periods: [] };
const p = (startTime: string, endTime: string, price = '0.3000') => ({ startTime, endTime, price });
const TWO_PERIODS = [p('00:00', '08:00', '0.2'), p('08:00', '24:00', '0.45')];

const STATION = {
  name: 'Rival depot',
  status: 1,
  address: '2 Quay',
  country: 'Germany',
  city: 'Hamburg',
  timeZone: 'Europe/Berlin',
  locationType: 'PARKING_LOT',
  type: 1,
  serviceHotline: '+49 40 1234',
  openFlag: 0,
  feeSetMode: 1,
  ownerType: 0,
};

const call = (token: string, path: string, body?: unknown) => api(rt.url, token, path, body);
const count = async (token: string, base: string) =>
  (await call(token, `${base}/list`, { current: 1, size: 1 })).data.total as number;

async function company(name: string, currency: string, subStatus: number, username: string) {
  const created = await call(admin, '/admin/operator/add', {
    operatorName: name,
    currency,
    contactMail: `ops@${username}.example`,
    subStatus,
  });
  expect(created.code, created.msg).toBe(0);
  await call(admin, '/admin/user/add', {
    username,
    password: await encrypt(rt.url, 'Company12345'),
    role: ['role-operator-admin'],
    agentId: created.data.id,
  });
  return { id: created.data.id as string, token: await login(rt.url, username, 'Company12345') };
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  [operator, admin] = await Promise.all([
    login(rt.url, 'operator', 'Operator12345'),
    login(rt.url, 'admin', 'Admin12345'),
  ]);
  rival = (await company('Rival Charging', 'EUR', 2, 'feerival')).token;
  // Subscribed without a package type: Basic, without the Pro code 3104.
  basic = (await company('Basic Charging', 'EUR', 1, 'feebasic')).token;
  // A company whose stored currency the platform does not support (an old record).
  const oddCompany = await company('Odd Currency', 'EUR', 2, 'feeodd');
  const record = await operators.getAny(oddCompany.id);
  await operators.update(record!, { ...record!, currency: 'XXX' as any });
  forgetIdentities();
  odd = oddCompany.token;
}, 120_000);

afterAll(async () => {
  await rt?.cleanup();
});

describe('charging fees', () => {
  let fee: any;

  it('refuses every broken period list with a message on the period, writing nothing', async () => {
    const before = await count(operator, FEE);
    const cases: [unknown[], Record<string, string>][] = [
      // a gap
      [
        [p('00:00', '08:00'), p('09:00', '24:00')],
        { 'periods.1.startTime': 'Starts after the previous period ends: leave no gap' },
      ],
      // an overlap
      [
        [p('00:00', '08:00'), p('07:00', '24:00')],
        { 'periods.1.startTime': 'Starts before the previous period ends: periods must not overlap' },
      ],
      // not starting at 00:00
      [[p('01:00', '24:00')], { 'periods.0.startTime': 'The first period starts at 00:00' }],
      // not ending at 24:00
      [[p('00:00', '12:00'), p('12:00', '23:00')], { 'periods.1.endTime': 'The last period ends at 24:00' }],
      // an end before its start
      [
        [p('00:00', '10:00'), p('10:00', '09:00'), p('09:00', '24:00')],
        { 'periods.1.endTime': 'The end must be after the start' },
      ],
      // none at all with time sharing on
      [[], { periods: 'Add at least one period' }],
      // a time that is not HH:mm
      [[p('00:00', '25:00')], { 'periods.0.endTime': 'Enter a time as HH:mm' }],
    ];
    for (const [periods, errors] of cases) {
      const res = await call(operator, `${FEE}/add`, { ...ENERGY, timeSharing: 1, periods });
      expect(res.status, JSON.stringify(periods)).toBe(400);
      expect(res.data).toMatchObject(errors);
    }
    // 49 periods of one minute and the rest of the day.
    const many = Array.from({ length: 48 }, (_, i) =>
      p(`00:${String(i).padStart(2, '0')}`, `00:${String(i + 1).padStart(2, '0')}`),
    );
    many.push(p('00:48', '24:00'));
    const tooMany = await call(operator, `${FEE}/add`, { ...ENERGY, timeSharing: 1, periods: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.periods).toBe('At most 48 periods');
    // Periods without time sharing.
    const off = await call(operator, `${FEE}/add`, { ...ENERGY, periods: TWO_PERIODS });
    expect(off.data.periods).toBe('Periods apply only with time sharing on');
    expect(await count(operator, FEE)).toBe(before);
  });

  it('accepts exactly 48 contiguous periods', async () => {
    const periods = Array.from({ length: 48 }, (_, i) => {
      const at = (m: number) =>
        `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      return p(at(i * 30), i === 47 ? '24:00' : at((i + 1) * 30));
    });
    const res = await call(operator, `${FEE}/add`, {
      ...ENERGY,
      name: 'Half hours',
      timeSharing: 1,
      periods,
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.periods).toHaveLength(48);
    expect((await call(operator, `${FEE}/del?id=${res.data.id}`)).code).toBe(0);
  });

  it('refuses five decimals, negative prices and numbers sent as floats', async () => {
    const five = await call(operator, `${FEE}/add`, { ...ENERGY, unitPrice: '0.12345' });
    expect(five.status).toBe(400);
    expect(five.data.unitPrice).toBe('At most four decimals');
    const negative = await call(operator, `${FEE}/add`, { ...ENERGY, unitPrice: '-0.10' });
    expect(negative.data.unitPrice).toBe('The value cannot be negative');
    const periodPrice = await call(operator, `${FEE}/add`, {
      ...ENERGY,
      timeSharing: 1,
      periods: [p('00:00', '24:00', '-1')],
    });
    expect(periodPrice.data['periods.0.price']).toBe('The value cannot be negative');
    const float = await call(operator, `${FEE}/add`, { ...ENERGY, unitPrice: 0.35 });
    expect(float.data.unitPrice).toBe('Enter a decimal number, e.g. 0.35');
    const huge = await call(operator, `${FEE}/add`, { ...ENERGY, unitPrice: '100000' });
    expect(huge.data.unitPrice).toBe('Enter a price from 0 to 99999');
  });

  it('stores money as canonical decimal strings and the currency of the company', async () => {
    const res = await call(operator, `${FEE}/add`, {
      ...ENERGY,
      currency: undefined,
      timeSharing: 1,
      periods: TWO_PERIODS,
    });
    expect(res.code, res.msg).toBe(0);
    fee = res.data;
    expect(fee).toMatchObject({
      currency: 'USD',
      feeType: 1,
      unitPrice: '0.3500',
      timeSharing: 1,
      periods: [
        { startTime: '00:00', endTime: '08:00', price: '0.2000' },
        { startTime: '08:00', endTime: '24:00', price: '0.4500' },
      ],
    });
    // The currency is not the caller's to choose.
    const chosen = await call(operator, `${FEE}/add`, { ...ENERGY, currency: 'EUR' });
    expect(chosen.status).toBe(400);
    expect(chosen.data.currency).toBe('This field is not accepted');
    const info = await call(operator, `${FEE}/info?id=${fee.id}`);
    expect(info.data.unitPrice).toBe('0.3500');
  });

  it('refuses fees when the company has no supported currency, or there is no company', async () => {
    for (const [token, path, body] of [
      [odd, FEE, ENERGY],
      [odd, OCC, { name: 'Occ', price: '0.10', afterTime: 5 }],
      [odd, RES, { name: 'Res', price: '0.10' }],
      [admin, FEE, ENERGY],
    ] as const) {
      const res = await call(token, `${path}/add`, body);
      expect(res.code, path).not.toBe(0);
      expect(res.msg).toBe("The company's currency is not supported; fees cannot be added");
    }
    expect(await count(odd, FEE)).toBe(0);
  });

  it('gates per-minute and per-use fees behind the Pro code 3104', async () => {
    for (const feeType of [2, 3]) {
      const refused = await call(basic, `${FEE}/add`, { ...ENERGY, feeType });
      expect(refused.status).toBe(403);
      expect(refused.msg).toBe('Per-minute and per-use fees need the Pro package');
    }
    expect((await call(basic, `${FEE}/add`, ENERGY)).data.currency).toBe('EUR');
    const time = await call(operator, `${FEE}/add`, { ...ENERGY, name: 'Per minute', feeType: 2 });
    expect(time.code, time.msg).toBe(0);
    // Per use has no time of use.
    const perUse = await call(operator, `${FEE}/add`, {
      ...ENERGY,
      feeType: 3,
      timeSharing: 1,
      periods: TWO_PERIODS,
    });
    expect(perUse.data.timeSharing).toBe('A per-use fee cannot have time sharing');
    // An edit may not turn a Basic company's fee into a per-minute one either.
    const own = (await call(basic, `${FEE}/list`, { current: 1, size: 10 })).data.records[0];
    const edit = await call(basic, `${FEE}/update`, {
      ...ENERGY,
      id: own.id,
      version: own.version,
      feeType: 2,
    });
    expect(edit.status).toBe(403);
  });

  it("needs the interval with an occupancy fee, and only the company's own occupancy fee", async () => {
    const occupancy = await call(operator, `${OCC}/add`, { name: 'Blocking', price: '0.50', afterTime: 15 });
    expect(occupancy.code, occupancy.msg).toBe(0);
    const noInterval = await call(operator, `${FEE}/add`, { ...ENERGY, occupancyFeeId: occupancy.data.id });
    expect(noInterval.status).toBe(400);
    expect(noInterval.data.occupancyInterval).toBe('Enter the occupancy interval (1 to 1440 minutes)');
    const tooLong = await call(operator, `${FEE}/add`, {
      ...ENERGY,
      occupancyFeeId: occupancy.data.id,
      occupancyInterval: 1441,
    });
    expect(tooLong.status).toBe(400);
    const foreign = await call(rival, `${OCC}/add`, { name: 'Theirs', price: '0.20', afterTime: 0 });
    const theirs = await call(operator, `${FEE}/add`, {
      ...ENERGY,
      occupancyFeeId: foreign.data.id,
      occupancyInterval: 10,
    });
    expect(theirs.status).toBe(400);
    expect(theirs.data.occupancyFeeId).toBe('Choose an occupancy fee of your company');
    const updated = await call(operator, `${FEE}/update`, {
      ...ENERGY,
      timeSharing: 1,
      periods: TWO_PERIODS,
      id: fee.id,
      version: fee.version,
      occupancyFeeId: occupancy.data.id,
      occupancyInterval: 10,
    });
    expect(updated.code, updated.msg).toBe(0);
    expect(updated.data).toMatchObject({
      occupancyFeeId: occupancy.data.id,
      occupancyFeeName: 'Blocking',
      occupancyInterval: 10,
      currency: 'USD',
    });
    fee = updated.data;

    // In use by the charging fee: the occupancy fee stays.
    const inUse = await call(operator, `${OCC}/del?id=${occupancy.data.id}`);
    expect(inUse.msg).toBe('This occupancy fee is used by a charging fee; remove it there first');
    expect((await call(operator, `${OCC}/info?id=${occupancy.data.id}`)).data.price).toBe('0.50');
  });

  it('exports the filtered list as an Excel file with the money as stored', async () => {
    const queued = await call(operator, `${FEE}/export`, { name: 'Day' });
    expect(queued.code, queued.msg).toBe(0);
    const task = await waitFor(async () => {
      const page = await call(operator, '/biz/fileExport/list', { current: 1, size: 10 });
      const found = page.data.records.find((t: any) => t.taskId === queued.data.taskId);
      return found?.status === 'done' ? found : undefined;
    });
    expect(task.fileName).toMatch(/^chargingFee-\d{14}\.xlsx$/);
  });

  it('cannot be read or changed by another company', async () => {
    const list = await call(rival, `${FEE}/list`, { current: 1, size: 100 });
    expect(list.data.records.some((r: any) => r.id === fee.id)).toBe(false);
    expect((await call(rival, `${FEE}/info?id=${fee.id}`)).msg).toBe(
      'The record does not exist or you cannot access it',
    );
    const change = await call(rival, `${FEE}/update`, { ...ENERGY, id: fee.id, version: fee.version });
    expect(change.code).not.toBe(0);
    expect((await call(rival, `${FEE}/del?id=${fee.id}`)).code).not.toBe(0);
    expect((await call(operator, `${FEE}/info?id=${fee.id}`)).data.version).toBe(fee.version);
  });

  it('cannot be deleted while a station, charge point or connector is bound to it', async () => {
    const piles = new Repository<any>({ type: 'CHARGEPOINT', idField: 'id' });
    const stations = new Repository<any>({ type: 'STATION', idField: 'id' });
    const bound = 'This charging fee is bound to a station, charge point or connector; unbind it first';

    let pile = await piles.getAny('DEMO-CP-001');
    const connectors = pile.connectors.map((c: any, i: number) =>
      i === 0 ? { ...c, feeRuleId: fee.id } : c,
    );
    pile = await piles.update(pile, { ...pile, connectors });
    expect((await call(operator, `${FEE}/del?id=${fee.id}`)).msg).toBe(bound);
    pile = await piles.update(pile, {
      ...pile,
      connectors: pile.connectors.map(({ feeRuleId: _, ...c }: any) => c),
      feeRuleId: fee.id,
    });
    expect((await call(operator, `${FEE}/del?id=${fee.id}`)).msg).toBe(bound);
    pile = await piles.update(pile, { ...pile, feeRuleId: undefined });

    let station = await stations.getAny(pile.stationId);
    station = await stations.update(station, { ...station, feeRuleId: fee.id });
    expect((await call(operator, `${FEE}/del?id=${fee.id}`)).msg).toBe(bound);
    await stations.update(station, { ...station, feeRuleId: undefined });

    expect((await call(operator, `${FEE}/del?id=${fee.id}`)).code).toBe(0);
    // Unused now, the occupancy fee goes too.
    expect((await call(operator, `${OCC}/del?id=${fee.occupancyFeeId}`)).code).toBe(0);
  });
});

describe('occupancy and reservation fees', () => {
  it('keep two decimals at most and take the company currency', async () => {
    const three = await call(operator, `${RES}/add`, { name: 'Hold', price: '0.125' });
    expect(three.status).toBe(400);
    expect(three.data.price).toBe('At most two decimals');
    const negative = await call(operator, `${RES}/add`, { name: 'Hold', price: '-1' });
    expect(negative.data.price).toBe('The value cannot be negative');
    const ok = await call(operator, `${RES}/add`, { name: 'Hold', price: '0.5' });
    expect(ok.data).toMatchObject({ price: '0.50', currency: 'USD' });

    const occ = await call(operator, `${OCC}/add`, { name: 'Block', price: '1.001', afterTime: 2000 });
    expect(occ.status).toBe(400);
    expect(occ.data).toMatchObject({
      price: 'At most two decimals',
      afterTime: 'This value is out of range',
    });
    const occOk = await call(operator, `${OCC}/add`, { name: 'Block', price: '0.1', afterTime: 10 });
    expect(occOk.data).toMatchObject({ price: '0.10', afterTime: 10, currency: 'USD' });

    // Another company sees neither.
    expect((await call(rival, `${RES}/info?id=${ok.data.id}`)).code).not.toBe(0);
    expect((await call(rival, `${OCC}/del?id=${occOk.data.id}`)).code).not.toBe(0);
    expect((await call(operator, `${RES}/info?id=${ok.data.id}`)).data.name).toBe('Hold');
  });
});

describe('discounts', () => {
  let discount: any;
  let stationId: string;
  const COMMON = { name: 'Weekend', discountElec: '12.5', type: 1, stationIds: [], userIds: [] };

  beforeAll(async () => {
    stationId = (await call(operator, '/biz/station/list', { current: 1, size: 1 })).data.records[0].id;
  });

  it('needs users for VIP, none for common, a percentage in range and the windows in order', async () => {
    const vip = await call(operator, `${DIS}/add`, { ...COMMON, type: 2 });
    expect(vip.status).toBe(400);
    expect(vip.data.userIds).toBe('A VIP discount needs at least one card or idTag');
    const common = await call(operator, `${DIS}/add`, { ...COMMON, userIds: ['TAG-1'] });
    expect(common.data.userIds).toBe('A common discount is for everybody: leave the cards empty');
    for (const [value, message] of [
      ['0', 'Enter a percentage above 0 and at most 100'],
      ['100.01', 'Enter a percentage above 0 and at most 100'],
      ['10.001', 'At most two decimals'],
      ['-5', 'The value cannot be negative'],
    ])
      expect((await call(operator, `${DIS}/add`, { ...COMMON, discountElec: value })).data.discountElec).toBe(
        message,
      );
    const windows = await call(operator, `${DIS}/add`, {
      ...COMMON,
      validFrom: '2026-06-02T00:00:00Z',
      validTo: '2026-06-01T00:00:00Z',
      dailyStart: '18:00',
    });
    expect(windows.data).toMatchObject({
      validTo: 'The end must be after the start',
      dailyEnd: 'Give both the daily start and end, or neither',
    });
    const daily = await call(operator, `${DIS}/add`, { ...COMMON, dailyStart: '18:00', dailyEnd: '08:00' });
    expect(daily.data.dailyEnd).toBe('The end must be after the start');
  });

  it("takes only the company's stations", async () => {
    const theirs = await call(rival, '/biz/station/add', STATION);
    expect(theirs.code, theirs.msg).toBe(0);
    for (const id of [theirs.data.id, 'NO-SUCH-STATION']) {
      const res = await call(operator, `${DIS}/add`, { ...COMMON, stationIds: [id] });
      expect(res.status).toBe(400);
      expect(res.data.stationIds).toBe('Choose stations of your company');
    }
    const res = await call(operator, `${DIS}/add`, {
      ...COMMON,
      type: 2,
      userIds: ['TAG-1', 'TAG-2', 'TAG-1'],
      stationIds: [stationId],
      validFrom: '2026-06-01T00:00:00Z',
      validTo: '2026-12-31T23:59:59Z',
      dailyStart: '08:00',
      dailyEnd: '24:00',
    });
    expect(res.code, res.msg).toBe(0);
    discount = res.data;
    expect(discount).toMatchObject({
      discountElec: '12.50',
      type: 2,
      userIds: ['TAG-1', 'TAG-2'],
      stationIds: [stationId],
      status: 0,
      abandonedFlag: 0,
    });
    expect((await call(rival, `${DIS}/info?id=${discount.id}`)).code).not.toBe(0);
    expect((await call(rival, `${DIS}/disable?id=${discount.id}`)).code).not.toBe(0);
  });

  it('disables, enables, abandons and re-enables, each on the version it saw', async () => {
    const disabled = await call(operator, `${DIS}/disable?id=${discount.id}`);
    expect(disabled.data).toMatchObject({ status: 1, abandonedFlag: 0 });
    const enabled = await call(operator, `${DIS}/enable`, {
      id: discount.id,
      version: disabled.data.version,
    });
    expect(enabled.data).toMatchObject({ status: 0, abandonedFlag: 0 });
    // A toggle on a version someone else already changed is refused.
    const stale = await call(operator, `${DIS}/disable`, { id: discount.id, version: disabled.data.version });
    expect(stale.msg).toBe(
      'Someone else changed this record after you opened it; please reload and try again',
    );

    const abandoned = await call(operator, `${DIS}/abandon?id=${discount.id}`);
    expect(abandoned.data).toMatchObject({ status: 1, abandonedFlag: 1 });
    expect((await call(operator, `${DIS}/disable?id=${discount.id}`)).msg).toBe(
      'This discount is abandoned; enable it to use it again',
    );
    // An edit does not change the state.
    const edited = await call(operator, `${DIS}/update`, {
      ...COMMON,
      type: 2,
      userIds: ['TAG-3'],
      status: 0,
      id: discount.id,
      version: abandoned.data.version,
    });
    expect(edited.data).toMatchObject({ status: 1, abandonedFlag: 1, userIds: ['TAG-3'] });
    const reEnabled = await call(operator, `${DIS}/enable?id=${discount.id}`);
    expect(reEnabled.data).toMatchObject({ status: 0, abandonedFlag: 0 });

    // Two concurrent toggles from the same version: one applies, the other is refused.
    const both = await Promise.all([
      call(operator, `${DIS}/disable`, { id: discount.id, version: reEnabled.data.version }),
      call(operator, `${DIS}/abandon`, { id: discount.id, version: reEnabled.data.version }),
    ]);
    expect(both.filter((r) => r.code === 0)).toHaveLength(1);
    const final = await call(operator, `${DIS}/info?id=${discount.id}`);
    expect(final.data.version).toBe(reEnabled.data.version + 1);
  });

  it('lists by state', async () => {
    const other = await call(operator, `${DIS}/add`, { ...COMMON, name: 'Another' });
    await call(operator, `${DIS}/abandon?id=${discount.id}`);
    const ids = async (filter: Record<string, string>) =>
      (await call(operator, `${DIS}/list`, { current: 1, size: 50, ...filter })).data.records.map(
        (r: any) => r.id,
      );
    expect(await ids({ abandonedFlag: '1' })).toEqual([discount.id]);
    expect(await ids({ status: '0' })).toEqual([other.data.id]);
    expect(await ids({ type: '2' })).toEqual([discount.id]);
  });
});
