/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Renewable energy against the real runtime: sources are checked as the form is (peak power, share,
 * solar surplus for PV only, a station of the caller's); production comes from an energy box's register over
 * its reports, or from an Excel sheet (a bad row refuses the sheet and writes nothing); the report shares each
 * hour's production among the orders that charged in it, adds the green contract's share of the rest, and counts
 * CO2 avoided with the grid factor parameter; its Excel file has every order; solar-surplus mode limits a
 * transformer group to the PV surplus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionByHour } from '@functions/data/renewable-production.ts';
import { getLoadBalance } from '@functions/data/load-balance.ts';
import { balanceStation } from '@functions/energy/balancer.ts';
import { handler as telemetry } from '@functions/energybox/telemetry.ts';
import { readSheet, writeSheet } from '@functions/lib/excel.ts';
import { getOrder } from '@functions/data/orders.ts';
import { DEMO_CHARGER_PASSWORD, DEMO_ENERGY_BOX } from '@infra/local/seed/demo-chargers.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { SimulatedEnergyBox } from '@infra/local/simulator/energy-box.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

/** Adjusts the station now; a run an event started meanwhile holds it for a moment: tried until this one runs. */
const adjustNow = (stationId: string) => waitFor(() => balanceStation(stationId), 20_000);

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let berlin: string;
let cp: OcppClient;
let sim: SimulatedCharger | undefined;
const sources: Record<string, string> = {};

const ok = async (path: string, body?: unknown) => {
  const answer = await api(rt.url, operator, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
};

async function upload(path: string, bytes: Buffer) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }),
    'production.xlsx',
  );
  const res = await fetch(`${rt.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operator}` },
    body: form,
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

/** The hour three hours ago (UTC), as `YYYY-MM-DDTHH`. */
const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000).toISOString();
const at = (minutes: number) => new Date(Date.parse(hour) + minutes * 60_000).toISOString();

/** A 1.6 session on DEMO-CP-002 inside the hour: its order number once written. */
async function charge(connectorId: number, idTag: string, fromMin: number, toMin: number, wh: number) {
  const started = (await cp.call('StartTransaction', {
    connectorId,
    idTag,
    meterStart: 1_000_000,
    timestamp: at(fromMin),
  })) as any[];
  const tx = String(started[2].transactionId);
  await cp.call('StopTransaction', {
    transactionId: Number(tx),
    meterStop: 1_000_000 + wh,
    timestamp: at(toMin),
    reason: 'Local',
  });
  const orderNo = `${hour.slice(0, 10).replace(/-/g, '')}-DEMO-CP-002-${tx}`;
  await waitFor(async () => Boolean(await getOrder(orderNo)), 20_000);
  return orderNo;
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  const stations = (await ok('/biz/station/list', { current: 1, size: 50 })).records;
  berlin = stations.find((s: any) => s.name === 'Demo Berlin Central').id;
  cp = await connectCharger(rt.url, 'DEMO-CP-002', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
  await cp.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Renewable' });
}, 120_000);

afterAll(async () => {
  await sim?.stop();
  await cp?.close();
  await rt?.cleanup();
});

describe('renewable sources', () => {
  it('checks a source as the form does, and keeps it with its station', async () => {
    const pvWithoutPeak = await api(rt.url, operator, '/biz/renewableSource/add', {
      name: 'Roof',
      stationId: berlin,
      sourceType: 'PV',
    });
    expect(pvWithoutPeak.data).toMatchObject({ peakPower: expect.any(String) });
    const contractWithoutShare = await api(rt.url, operator, '/biz/renewableSource/add', {
      name: 'Green',
      stationId: berlin,
      sourceType: 'GREEN_CONTRACT',
    });
    expect(contractWithoutShare.data).toMatchObject({ share: expect.any(String) });
    const windSurplus = await api(rt.url, operator, '/biz/renewableSource/add', {
      name: 'Mill',
      stationId: berlin,
      sourceType: 'WIND',
      peakPower: 5,
      surplusMode: true,
      surplusGroup: 'T1',
    });
    expect(windSurplus.data).toMatchObject({ surplusMode: 'Solar-surplus mode is for PV arrays only' });
    const elsewhere = await api(rt.url, operator, '/biz/renewableSource/add', {
      name: 'Roof',
      stationId: 'no-such-station',
      sourceType: 'PV',
      peakPower: 10,
    });
    expect(elsewhere.msg).toBe('The site does not exist');

    const pv = await ok('/biz/renewableSource/add', {
      name: 'Car park roof',
      stationId: berlin,
      sourceType: 'PV',
      peakPower: 50,
      energyBoxCode: DEMO_ENERGY_BOX,
    });
    expect(pv).toMatchObject({ stationName: 'Demo Berlin Central', surplusMode: false });
    sources.pv = pv.id;
    sources.green = (
      await ok('/biz/renewableSource/add', {
        name: 'Green tariff',
        stationId: berlin,
        sourceType: 'GREEN_CONTRACT',
        share: 50,
      })
    ).id;
    const list = await ok('/biz/renewableSource/list', { current: 1, size: 10, stationId: berlin });
    expect(list.records.map((r: any) => r.name).sort()).toEqual(['Car park roof', 'Green tariff']);
  });

  it('records what an energy box’s register grew by, in the hour of the report', async () => {
    await telemetry({ code: DEMO_ENERGY_BOX, pvEnergyWh: 100_000, pvPowerW: 9_000 });
    await telemetry({ code: DEMO_ENERGY_BOX, pvEnergyWh: 112_500, pvPowerW: 9_000 });
    // A register that went back (a reset) adds nothing.
    await telemetry({ code: DEMO_ENERGY_BOX, pvEnergyWh: 10, pvPowerW: 9_000 });
    const now = new Date().toISOString();
    const produced = await productionByHour(sources.pv!, now.slice(0, 10), now.slice(0, 10));
    expect(produced.get(now.slice(0, 13))).toBe(12_500);
  });

  it('imports hourly production from Excel, refusing a sheet with a bad row and writing none of it', async () => {
    const bad = await writeSheet(
      'production',
      ['hour', 'kwh'],
      [
        { hour: at(0), kwh: 6 },
        { hour: 'yesterday', kwh: 3 },
      ],
    );
    const refused = await upload(`/biz/renewable/importProduction?sourceId=${sources.pv}`, bad);
    expect(refused.msg).toBe('Row 3: enter the hour (a date and time) and the kWh (0 or more)');
    expect(
      (await productionByHour(sources.pv!, hour.slice(0, 10), hour.slice(0, 10))).get(hour.slice(0, 13)),
    ).toBeUndefined();
    const contract = await upload(`/biz/renewable/importProduction?sourceId=${sources.green}`, bad);
    expect(contract.msg).toBe('A green supply contract has no production to import');

    const good = await writeSheet('production', ['hour', 'kwh'], [{ hour: at(0), kwh: 6 }]);
    expect((await upload(`/biz/renewable/importProduction?sourceId=${sources.pv}`, good)).data).toEqual({
      imported: 1,
    });
    // Imported again: replaced, not added.
    expect((await upload(`/biz/renewable/importProduction?sourceId=${sources.pv}`, good)).data).toEqual({
      imported: 1,
    });
    expect(
      (await productionByHour(sources.pv!, hour.slice(0, 10), hour.slice(0, 10))).get(hour.slice(0, 13)),
    ).toBe(6_000);
  });
});

describe('the renewable report', () => {
  it('shares an hour’s production among its orders, adds the green share, counts the CO2 avoided', async () => {
    // 10 kWh and 5 kWh charged in the hour the array produced 6 kWh: 40 % from the roof, half the rest green.
    const first = await charge(1, 'SIM-TAG-001', 5, 35, 10_000);
    const second = await charge(2, 'SIM-TAG-002', 10, 40, 5_000);
    const query = {
      stationId: berlin,
      from: new Date(Date.now() - 86_400_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    };
    const report = await ok('/biz/renewable/report', query);
    const byNo = Object.fromEntries(report.orders.map((o: any) => [o.orderNo, o]));
    expect(byNo[first]).toMatchObject({
      energyWh: 10_000,
      renewableWh: 7_000,
      sharePct: 70,
      co2AvoidedG: 2_660,
    });
    expect(byNo[second]).toMatchObject({ energyWh: 5_000, renewableWh: 3_500, sharePct: 70 });
    expect(report.totals).toMatchObject({ energyWh: 15_000, renewableWh: 10_500, sharePct: 70, orders: 2 });
    expect(report.totals.producedWh).toBe(6_000 + 12_500);
    expect(report.stations).toEqual([
      expect.objectContaining({ stationId: berlin, energyWh: 15_000, renewableWh: 10_500, sources: 2 }),
    ]);
    expect(report.days.find((d: any) => d.day === hour.slice(0, 10))).toMatchObject({
      energyWh: 15_000,
      renewableWh: 10_500,
    });

    // The grid factor is the operator's to set (a system parameter).
    const admin = await login(rt.url, 'admin', 'Admin12345');
    const param = await api(rt.url, admin, '/admin/parameter/add', {
      type: 'energy',
      code: 'CO2_GRID_FACTOR',
      name: 'Grid CO2 factor (g/kWh)',
      value: '500',
      enable: true,
      sort: 1,
    });
    expect(param.code, JSON.stringify(param)).toBe(0);
    const again = await ok('/biz/renewable/report', query);
    expect(again.gridFactor).toBe(500);
    expect(again.totals.co2AvoidedG).toBe(5_250);

    // Its Excel file: every order with its figures.
    const res = await fetch(`${rt.url}/biz/renewable/download`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      body: JSON.stringify(query),
    });
    expect(res.status).toBe(200);
    const rows = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(rows.map((r) => r.values.orderNo).sort()).toEqual([first, second].sort());
    expect(rows.find((r) => r.values.orderNo === first)?.values).toMatchObject({
      energyKwh: 10,
      renewableKwh: 7,
      sharePct: 70,
    });

    // A period the report does not take.
    const reversed = await api(rt.url, operator, '/biz/renewable/report', { from: query.to, to: query.from });
    expect(reversed.status).toBe(400);
  });
});

describe('solar-surplus mode', () => {
  it('limits a transformer group to what its PV array produces beyond the other load', async () => {
    sim = new SimulatedCharger({
      url: rt.url.replace(/^http/, 'ws'),
      id: 'DEMO-CP-001',
      password: DEMO_CHARGER_PASSWORD,
      ocpp: '1.6',
      connectors: 2,
      timeScale: 200,
      reconnect: { minMs: 50, maxMs: 200 },
    });
    await sim.start();
    await sim.whenBooted();
    const source = await ok(`/biz/renewableSource/info?id=${sources.pv}`);
    const { createTime: _c, updateTime: _u, stationName: _s, tenant: _t, ...fields } = source;
    await ok('/biz/renewableSource/update', { ...fields, surplusGroup: 'Roof group', surplusMode: true });
    const fresh = await ok(`/biz/station/info?id=${berlin}`);
    await ok('/biz/station/powerBalance', {
      id: fresh.id,
      version: fresh.version,
      powerMode: 1,
      normalCycle: 60,
      alarmCycle: 30,
      samplingCycle: 10,
      offlineMaxPower: 11,
      groups: [{ name: 'Roof group', ratedPower: 30, alarmPower: 29, chargePointIds: ['DEMO-CP-001'] }],
    });
    // The array makes 9 kW; the site's other load is 2 A a phase (1.4 kW): 7.6 kW to charge with.
    await telemetry({
      code: DEMO_ENERGY_BOX,
      pvEnergyWh: 200_000,
      pvPowerW: 9_000,
      l1Load: 2,
      l2Load: 2,
      l3Load: 2,
    });
    await sim.startSession(1, 'SIM-TAG-001', { ev: { maxPowerW: 22_000 } });
    await waitFor(async () => {
      const s = await getLoadBalance(berlin);
      return s?.connectors.some((c) => c.purpose === 'TxProfile' && c.sentAt) ? s : undefined;
    }, 30_000);
    const group = await adjustNow(berlin);
    // What the box measures beyond the charging is the other load (1.4 kW, less what the EV drew then).
    const roof = group.groups[0]!;
    expect(roof.otherW).toBeLessThanOrEqual(1_380);
    expect(roof.surplusW).toBe(9_000 - roof.otherW);
    expect(roof.availableW).toBe(roof.surplusW);
    const tx = group.connectors.find((c) => c.purpose === 'TxProfile')!;
    expect(tx.limitW).toBeLessThanOrEqual(roof.availableW);
    expect(tx.limitW).toBeGreaterThan(7_000);
    // The sun goes: nothing to charge with.
    await telemetry({
      code: DEMO_ENERGY_BOX,
      pvEnergyWh: 200_100,
      pvPowerW: 0,
      l1Load: 2,
      l2Load: 2,
      l3Load: 2,
    });
    const dark = await adjustNow(berlin);
    expect(dark.groups[0]!.availableW).toBe(0);
    expect(dark.connectors.find((c) => c.purpose === 'TxProfile')!.limitW).toBe(0);
    await sim.stopSession(1, 'Local');
  });
});

describe('production over MQTT', () => {
  it('records what a PV array measured by an energy box produced, from the box’s own reports', async () => {
    const box = await api(rt.url, operator, '/biz/energyBox/add', {
      code: 'EB-PV-T',
      name: 'Roof meter',
      ratedCurrent: 63,
      loadLimit: 80,
      phases: 3,
      chargePointIds: [],
    });
    expect(box.code, JSON.stringify(box)).toBe(0);
    const roof = await ok('/biz/renewableSource/add', {
      name: 'Workshop roof',
      stationId: berlin,
      sourceType: 'PV',
      peakPower: 20,
      energyBoxCode: 'EB-PV-T',
    });
    // Noon, sped up: ten minutes of sun for every second.
    const start = Date.now();
    const noon = Math.floor(start / 86_400_000) * 86_400_000 + 12 * 3_600_000;
    const meter = new SimulatedEnergyBox({
      url: `mqtt://127.0.0.1:${rt.iot.mqttPort}`,
      code: 'EB-PV-T',
      intervalMs: 100,
      pvPeakW: 20_000,
      now: () => noon + (Date.now() - start) * 600,
    });
    await meter.start();
    try {
      const hourNow = () => new Date().toISOString().slice(0, 13);
      const produced = async () =>
        (await productionByHour(roof.id, hourNow().slice(0, 10), hourNow().slice(0, 10))).get(hourNow()) ?? 0;
      await waitFor(async () => ((await produced()) > 1_000 ? true : undefined), 20_000);
      // Never more than the box's register counted (it reports whole Wh).
      expect(await produced()).toBeLessThanOrEqual(Math.round(meter.pvEnergyWh));
    } finally {
      await meter.stop();
    }
  });
});
