/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * The home dashboard against the real runtime: sessions through the real pipeline (now and ten
 * days ago), a charger connected over OCPP charging and faulted, and what the dashboard makes of them: the
 * window's KPIs against the one before, the last 24 hours by hour, the top chargers and stations over 7 days
 * against 30, chargers online / offline / faulted, sessions in progress and open alarms. Another company sees
 * none of it; a window docs/product.md does not list is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullPowerMs } from '@shared/pricing/metrics.ts';
import { PLATFORM_ROLLUPS, rebuildPlatformRollups } from '@functions/data/revenue-rollups.ts';
import {
  nextLiveTurn,
  putLiveFigures,
  removeStationLive,
  stationLivesIn,
} from '@functions/data/station-live.ts';
import { putAll, queryAll, send } from '@functions/data/table.ts';
import { setConnector } from '@functions/chargepoints/live.ts';
import { registerChargers } from '@functions/devices/registration.ts';
import { recountStation } from '@functions/chargepoints/sites.ts';
import { operators } from '@functions/data/operators.ts';
import { chargerContext } from '@functions/chargepoints/charger.ts';
import { handler as sweep } from '@functions/ocpp/offline-sweep.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { dayMapsAndMonths, stationLiveFigures } from '@infra/local/seed/upgrades.ts';
import { countDynamo } from '../helpers/dynamo-counter.ts';
import { api, companyWithAdmin, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { recordSession } from '../helpers/orders.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let cp: OcppClient;

const dashboard = async (token: string, body: unknown = {}) =>
  api(rt.url, token, '/biz/home/dashboard', body);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  const berlin = (await chargerContext('DEMO-CP-002'))!;
  const munich = (await chargerContext('DEMO-CP-004'))!;
  // Two sessions ending within the last hour on DEMO-CP-002, one ten days ago on DEMO-CP-004.
  await recordSession(berlin, {
    tx: 'H1',
    connectorNo: 1,
    idTag: 'SIM-TAG-001',
    start: minutesAgo(50),
    minutes: 30,
    wh: 10_000,
  });
  await recordSession(berlin, {
    tx: 'H2',
    connectorNo: 2,
    idTag: 'SIM-TAG-002',
    start: minutesAgo(40),
    minutes: 20,
    wh: 5_000,
  });
  await recordSession(munich, {
    tx: 'H3',
    connectorNo: 1,
    idTag: 'SIM-TAG-003',
    start: minutesAgo(10 * 24 * 60),
    minutes: 60,
    wh: 40_000,
  });
  cp = await connectCharger(rt.url, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
}, 120_000);

afterAll(async () => {
  await cp?.close();
  await rt?.cleanup();
});

describe('the home dashboard', () => {
  it('shows the window against the one before, the last 24 hours and the top chargers and stations', async () => {
    const seven = (await dashboard(operator, { days: 7 })).data;
    expect(seven.kpis.orders).toMatchObject({ current: 2, previous: 1, growth: 100 });
    expect(seven.kpis.energyKwh).toMatchObject({ current: '15.000', previous: '40.000', growth: -62.5 });
    expect(seven.kpis.revenue.map((r: any) => r.currency)).toEqual(['USD']);
    // Utilization as docs/product.md section 9 reads (decision 181): Σ energy / the order's connector's rating
    // (22 kW), over the window's hours, with no divisor for the demo company's 9 rated connectors.
    const pct = (ms: number, hours: number) => Math.round((ms / (hours * 3_600_000)) * 10_000) / 100;
    expect(seven.kpis.utilization).toMatchObject({
      current: pct(fullPowerMs(15_000, 22_000), 7 * 24),
      previous: pct(fullPowerMs(40_000, 22_000), 7 * 24),
    });
    expect(seven.kpis.utilization.current).toBe(0.41);
    expect(seven.series).toHaveLength(7);
    const thirty = (await dashboard(operator, { days: 30 })).data;
    expect(thirty.kpis.orders).toMatchObject({ current: 3, previous: 0, growth: 100 });

    // 24 hourly buckets; the two recent sessions end in the last two.
    expect(seven.hours).toHaveLength(24);
    const recent = seven.hours.slice(-2).reduce((n: number, h: any) => n + h.orders, 0);
    expect(recent).toBe(2);
    expect(seven.hours.slice(0, -2).every((h: any) => h.orders === 0)).toBe(true);
    expect(seven.energy30).toHaveLength(30);
    expect(seven.energy30.reduce((kwh: number, d: any) => kwh + Number(d.energyKwh), 0)).toBe(55);

    // Top over 7 days: DEMO-CP-002 with its 30 days beside; DEMO-CP-004 charged only ten days ago, so it is
    // not on the list (nor its station).
    expect(seven.topChargers.map((c: any) => [c.id, c.orders7, c.orders30, c.stationName])).toEqual([
      ['DEMO-CP-002', 2, 2, 'Demo Berlin Central'],
    ]);
    expect(seven.topStations.map((s: any) => [s.name, s.orders7, s.energyKwh7, s.energyKwh30])).toEqual([
      ['Demo Berlin Central', 2, '15.000', '15.000'],
    ]);
  });

  it('counts chargers, sessions in progress and open alarms now', async () => {
    // The connected charger is counted after its connect's answer (docs/decisions/440-ocpp-answers-before-bookkeeping.md).
    const before = await waitFor(async () => {
      const live = (await dashboard(operator)).data.live;
      return live.chargers.online === 1 ? live : undefined;
    });
    expect(before.chargers).toMatchObject({ total: 5, online: 1, offline: 4, faulted: 0 });
    expect(before.activeSessions).toBe(0);
    const status = (connectorId: number, s: string, errorCode = 'NoError') =>
      cp.call('StatusNotification', {
        connectorId,
        status: s,
        errorCode,
        timestamp: new Date().toISOString(),
      });
    await status(1, 'Charging');
    await status(2, 'Faulted', 'GroundFailure');
    const live = await waitFor(async () => {
      const now = (await dashboard(operator)).data.live;
      return now.openAlarms === before.openAlarms + 1 &&
        now.activeSessions === 1 &&
        now.chargers.faulted === 1
        ? now
        : undefined;
    });
    expect(live).toMatchObject({ activeSessions: 1, chargers: { online: 1, faulted: 1 } });
    await status(2, 'Available');
    await waitFor(async () =>
      (await dashboard(operator)).data.live.openAlarms === before.openAlarms ? true : undefined,
    );
  });

  it('shows another company none of it, and refuses a window docs/product.md does not list', async () => {
    const admin = await login(rt.url, 'admin', 'Admin12345');
    const other = await companyWithAdmin(rt.url, admin, 'Homeless', { subStatus: 1, currency: 'EUR' });
    const theirs = (await dashboard(other.token, { days: 30 })).data;
    expect(theirs.kpis.orders.current).toBe(0);
    expect(theirs.topChargers).toEqual([]);
    expect(theirs.live.chargers.total).toBe(0);
    expect(theirs.hours.every((h: any) => h.orders === 0)).toBe(true);
    const bad = await dashboard(operator, { days: 5 });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toBeTruthy();
    expect((await dashboard(operator, { days: 7, extra: 1 })).code).not.toBe(0);
  });

  it("gives the platform administrator every company's, from the platform's own partition, rebuilt alike", async () => {
    const admin = await login(rt.url, 'admin', 'Admin12345');
    const euro = await companyWithAdmin(rt.url, admin, 'EuroCharge', { subStatus: 1, currency: 'EUR' });
    await registerChargers({
      tenant: `/${euro.id}/`,
      station: { name: 'Euro Station' },
      password: 'euro-secret-1',
      chargePoints: [{ chargePointId: 'EURO-CP-1', protocol: 'ocpp1.6', connectors: 1 }],
    });
    await recordSession((await chargerContext('EURO-CP-1'))!, {
      tx: 'E1',
      connectorNo: 1,
      idTag: 'EURO-TAG-1',
      start: minutesAgo(30),
      minutes: 20,
      wh: 30_000,
    });
    const platform = (await dashboard(admin, { days: 7 })).data;
    // The demo company's two sessions of the week and the new company's, each in its own currency.
    expect(platform.kpis.orders.current).toBe(3);
    expect(platform.kpis.revenue.map((r: any) => r.currency).sort()).toEqual(['EUR', 'USD']);
    expect(platform.hours.slice(-2).reduce((n: number, h: any) => n + h.orders, 0)).toBe(3);
    expect(platform.topChargers.map((c: any) => [c.id, c.orders7, c.energyKwh30, c.stationName])).toEqual([
      ['EURO-CP-1', 1, '30.000', 'Euro Station'],
      ['DEMO-CP-002', 2, '15.000', 'Demo Berlin Central'],
    ]);
    expect(platform.topStations.map((s: any) => s.name)).toEqual(['Euro Station', 'Demo Berlin Central']);
    expect(platform.energy30.reduce((kwh: number, d: any) => kwh + Number(d.energyKwh), 0)).toBe(85);

    // The partition rebuilt from the companies' rollups (an older data folder's upgrade) is the same.
    const partition = async () =>
      queryAll({
        TableName: 'main',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `REVENUE#${PLATFORM_ROLLUPS}` },
      });
    const companies = await operators.list('/');
    // The companies' station and charger months (the top five's 30 days), as settlement added to them.
    const months = async () =>
      (
        await Promise.all(
          companies.map((c) =>
            queryAll({
              TableName: 'main',
              KeyConditionExpression: 'pk = :pk',
              ExpressionAttributeValues: { ':pk': `REVENUE#${c.id}` },
            }),
          ),
        )
      )
        .flat()
        .filter((i) => /^(ST|CP)MONTH#/.test(String(i.sk)));
    const settled = await partition();
    const settledMonths = await months();
    expect(settledMonths.length).toBeGreaterThanOrEqual(4);
    await rebuildPlatformRollups(companies.map((c) => c.id));
    await rebuildPlatformRollups(companies.map((c) => c.id));
    const rebuilt = await partition();
    const bySk = (items: Record<string, unknown>[]) =>
      Object.fromEntries(
        items.map((i) => [
          `${i.pk} ${i.sk}`,
          Object.fromEntries(Object.entries(i).filter(([k]) => !k.startsWith('__'))),
        ]),
      );
    expect(bySk(rebuilt)).toEqual(bySk(settled));
    expect(bySk(await months())).toEqual(bySk(settledMonths));
    const again = (await dashboard(admin, { days: 7 })).data;
    expect({ ...again, at: 0, live: 0 }).toEqual({ ...platform, at: 0, live: 0 });

    // A folder of the version before: day maps keyed shard first (`CPMAP#{shard}#{day}`), no months. The
    // upgrade step keys them day first, leaves none of the old behind, writes the months, and a second run
    // changes nothing.
    const maps = rebuilt.filter((i) => /^(ST|CP)MAP#/.test(String(i.sk)));
    expect(maps.length).toBeGreaterThan(0);
    for (const item of maps) {
      const [kind, day, shard] = String(item.sk).split('#');
      await putAll([{ ...item, sk: `${kind}#${shard}#${day}` }]);
      await send.delete({ TableName: 'main', Key: { pk: item.pk, sk: item.sk } });
    }
    for (const item of settledMonths)
      await send.delete({ TableName: 'main', Key: { pk: item.pk, sk: item.sk } });
    await dayMapsAndMonths.run();
    await dayMapsAndMonths.run();
    expect(bySk(await partition())).toEqual(bySk(settled));
    expect(bySk(await months())).toEqual(bySk(settledMonths));
    const upgraded = (await dashboard(admin, { days: 7 })).data;
    expect({ ...upgraded, at: 0, live: 0 }).toEqual({ ...platform, at: 0, live: 0 });
  });
});

describe("the stations' live figures behind the live tiles (decision 196)", () => {
  let company: { id: string; token: string };
  let tenant: string;
  let first: string;
  let second: string;
  const chargers: OcppClient[] = [];
  const figuresOf = async (stationId: string) =>
    (await stationLivesIn(tenant)).find((s) => s.stationId === stationId);
  /** Waits until the station's figures hold `expected` (what chargers report is counted after its answer). */
  const figuresBecome = (stationId: string, expected: Record<string, number>) =>
    waitFor(async () => {
      const figures = (await figuresOf(stationId)) as Record<string, unknown> | undefined;
      return figures && Object.entries(expected).every(([k, v]) => figures[k] === v) ? figures : undefined;
    });
  const ok = async (path: string, body: object) => {
    const res = await api(rt.url, company.token, path, body);
    expect(res.code, res.msg).toBe(0);
    return res.data;
  };
  const statusOf = (c: OcppClient, connectorId: number, status: string, errorCode = 'NoError') =>
    c.call('StatusNotification', { connectorId, status, errorCode, timestamp: new Date().toISOString() });

  beforeAll(async () => {
    const admin = await login(rt.url, 'admin', 'Admin12345');
    company = await companyWithAdmin(rt.url, admin, 'LiveCount', { subStatus: 1 });
    tenant = `/${company.id}/`;
    const fee = await ok('/biz/chargingFee/add', {
      name: 'Flat',
      feeType: 1,
      unitPrice: '0.5',
      timeSharing: 0,
      periods: [],
    });
    const register = (name: string, ids: string[]) =>
      registerChargers({
        tenant,
        station: { name, feeRuleId: fee.id },
        password: 'live-count-secret',
        chargePoints: ids.map((chargePointId) => ({ chargePointId, protocol: 'ocpp1.6', connectors: 2 })),
      });
    first = (await register('Live North', ['LIVE-1', 'LIVE-2', 'LIVE-3'])).stationId;
    second = (await register('Live South', ['LIVE-4'])).stationId;
  });

  afterAll(async () => {
    await Promise.all(chargers.map((c) => c.close()));
  });

  it('follow chargers as they come, charge, fault and go, from many reports at once', async () => {
    expect(await figuresOf(first)).toMatchObject({ chargers: 3, online: 0, faulted: 0, sessions: 0 });
    expect((await dashboard(company.token)).data.live).toMatchObject({
      chargers: { total: 4, online: 0, offline: 4, faulted: 0 },
      activeSessions: 0,
    });
    for (const id of ['LIVE-1', 'LIVE-2', 'LIVE-3'])
      chargers.push(await connectCharger(rt.url, id, 'live-count-secret', ['ocpp1.6']));
    // Six connectors of one station report at once: every recount races the others; the last one stored
    // counts them all.
    const [a, b, c] = chargers as [OcppClient, OcppClient, OcppClient];
    await Promise.all([
      statusOf(a, 1, 'Charging'),
      statusOf(a, 2, 'Charging'),
      statusOf(b, 1, 'SuspendedEV'),
      statusOf(b, 2, 'Faulted', 'GroundFailure'),
      statusOf(c, 1, 'Faulted', 'OverVoltage'),
      statusOf(c, 2, 'Available'),
    ]);
    // Counted after the answers (docs/decisions/440-ocpp-answers-before-bookkeeping.md).
    await figuresBecome(first, { chargers: 3, online: 3, faulted: 2, sessions: 3 });
    expect((await dashboard(company.token)).data.live).toMatchObject({
      chargers: { total: 4, online: 3, offline: 1, faulted: 2 },
      activeSessions: 3,
    });
    // A charger that goes away shows offline with its sessions and fault (its connectors show offline).
    await chargers.shift()!.close();
    await waitFor(async () => ((await figuresOf(first))?.online === 2 ? true : undefined));
    expect(await figuresOf(first)).toMatchObject({ online: 2, faulted: 2, sessions: 1 });
  });

  it('follow a pile moved to another station or removed, and only the caller sees its own', async () => {
    const pile = await ok('/biz/chargePoint/info?id=LIVE-3', {});
    const {
      passwordHashSet: _p,
      createTime: _c,
      updateTime: _u,
      stationName: _s,
      agentId: _a,
      ...fields
    } = pile;
    await ok('/biz/chargePoint/update', { ...fields, stationId: second });
    expect(await figuresOf(first)).toMatchObject({ chargers: 2, online: 1, faulted: 1, sessions: 1 });
    expect(await figuresOf(second)).toMatchObject({ chargers: 2, online: 1, faulted: 1, sessions: 0 });
    await ok('/biz/chargePoint/del?id=LIVE-4', {});
    expect(await figuresOf(second)).toMatchObject({ chargers: 1, online: 1 });
    // The demo company's figures are not this company's, nor this company's the demo's.
    expect((await stationLivesIn(tenant)).map((s) => s.stationId).sort()).toEqual([first, second].sort());
    expect((await dashboard(operator)).data.live.chargers.total).toBe(5);
  });

  it('are counted once for many changes at once, and see every change made before the count was asked', async () => {
    // Fifty recounts asked at once (a station's chargers reporting together): a few runs, not fifty; each
    // caller's change is in the figures once its recount resolved.
    const at = new Date().toISOString();
    const counter = countDynamo({ keep: true });
    try {
      await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          if (i === 49) await setConnector('LIVE-2', 2, { status: 'Charging', at }, 'ocpp1.6');
          await recountStation(tenant, first);
        }),
      );
      expect(await figuresOf(first)).toMatchObject({ faulted: 0, sessions: 2 });
      const turns = counter.take().writes.filter((w) => w.json.includes(':seq_u0')).length;
      expect(turns).toBeGreaterThanOrEqual(1);
      expect(turns).toBeLessThanOrEqual(3);
    } finally {
      counter.stop();
    }
    const back = { status: 'Faulted', errorCode: 'GroundFailure', at: new Date().toISOString() };
    await setConnector('LIVE-2', 2, back, 'ocpp1.6');
    await recountStation(tenant, first);
    expect(await figuresOf(first)).toMatchObject({ chargers: 2, online: 1, faulted: 1, sessions: 1 });
  });

  it('refuse an older recount over a newer one, and are right again after a crash by the sweep', async () => {
    // Two recounts: the later turn is stored first; the earlier one (older reads) is refused.
    const older = await nextLiveTurn(tenant, first);
    const newer = await nextLiveTurn(tenant, first);
    const figures = { chargers: 2, online: 1, faulted: 1, sessions: 1 };
    expect(await putLiveFigures(tenant, first, newer, figures)).toBe(true);
    expect(await putLiveFigures(tenant, first, older, { ...figures, sessions: 9 })).toBe(false);
    expect(await figuresOf(first)).toMatchObject(figures);

    // The live state written and the process gone before the station was counted again: the figures are
    // those of before until the minute's sweep counts the station again.
    await setConnector('LIVE-2', 1, { status: 'Available', at: new Date().toISOString() }, 'ocpp1.6');
    expect(await figuresOf(first)).toMatchObject({ sessions: 1 });
    // Counted by the sweep once the figures are old enough (ten minutes; no wait here).
    expect((await sweep()).recounted).toBe(0);
    expect(await figuresOf(first)).toMatchObject({ sessions: 1 });
    process.env.LIVE_RECOUNT_SECONDS = '0';
    const swept = await sweep().finally(() => delete process.env.LIVE_RECOUNT_SECONDS);
    expect(swept.recounted).toBeGreaterThanOrEqual(2);
    expect(await figuresOf(first)).toMatchObject({ chargers: 2, online: 1, faulted: 1, sessions: 0 });

    // A data folder from before the figures has none: its upgrade step counts every station once.
    await removeStationLive(tenant, second);
    expect(await figuresOf(second)).toBeUndefined();
    await stationLiveFigures.run();
    expect(await figuresOf(second)).toMatchObject({ chargers: 1, online: 1, faulted: 1, sessions: 0 });
  });
});
