/**
 * A call naming another company's record by id answers "does not exist", as every other route answers it,
 * never the caller's own figures (decision 435); with the caller's own id it answers the figures. And an
 * integer list filter beyond what its field holds is a validation answer, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, companyWithAdmin, login, type Answer } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';
import { stationBody } from '../helpers/sites.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
const company: Record<
  'A' | 'B',
  { id: string; token: string; station: string; fleet: string; pile: string }
> = {} as never;
const NOT_FOUND = 'The record does not exist or you cannot access it';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loose JSON, checked by the assertions
const ok = async <T = any>(token: string, path: string, body?: unknown) => {
  const res = await api<T>(rt.url, token, path, body);
  expect(res.code, `${path}: ${res.msg}`).toBe(0);
  return res.data;
};
const missing = (res: Answer) => {
  expect(res.status).toBe(200);
  expect(res.code).not.toBe(0);
  expect(res.msg).toBe(NOT_FOUND);
};

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'none' });
  admin = await login(rt.url, 'admin', 'Admin12345');
  for (const name of ['A', 'B'] as const) {
    const { id, token } = await companyWithAdmin(rt.url, admin, `Foreign${name}`, {
      subStatus: 2,
      featurePackageType: 1,
      currency: 'EUR',
    });
    const fee = { name: `${name} energy`, feeType: 1, unitPrice: '0.39', timeSharing: 0, periods: [] };
    const feeRuleId = (await ok(token, '/biz/chargingFee/add', fee)).id as string;
    const station = (await ok(token, '/biz/station/add', stationBody(`Station ${name}`, { feeRuleId })))
      .id as string;
    const fleet = (
      await ok(token, '/biz/fleet/add', {
        name: `Fleet ${name}`,
        warnBalance: 100,
        overdraftAmount: 50,
        status: 0,
      })
    ).id as string;
    const pile = `FOREIGN-${name}-1`;
    await ok(token, '/biz/chargePoint/add', {
      chargePointId: pile,
      name: pile,
      stationId: station,
      protocol: 'ocpp1.6',
      maxPower: 22,
      powerType: 'AC_3_PHASE',
      connectorStandard: 'IEC_62196_T2',
      format: 'SOCKET',
      connectors: [{ connectorNo: 1 }],
    });
    company[name] = { id, token, station, fleet, pile };
  }
}, 120_000);
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

const today = new Date().toISOString().slice(0, 10);

describe('a record of another company named by id', () => {
  it('is "does not exist" on the fleet figures and lists, by ?id= or by fleetId', async () => {
    const { token } = company.A;
    const calls: [path: string, body: Record<string, unknown>][] = [
      ['/biz/fleet/analysis', { days: 7 }],
      ['/biz/fleetOrder/list', { current: 1, size: 10 }],
      ['/biz/fleetFund/list', { current: 1, size: 10 }],
      ['/biz/fleetAlert/list', { current: 1, size: 10 }],
    ];
    for (const [path, body] of calls) {
      missing(await api(rt.url, token, `${path}?id=${company.B.fleet}`, body));
      missing(await api(rt.url, token, path, { ...body, fleetId: company.B.fleet }));
      // Two different fleets at once name none.
      missing(
        await api(rt.url, token, `${path}?id=${company.A.fleet}`, { ...body, fleetId: company.B.fleet }),
      );
      expect((await api(rt.url, token, `${path}?id=${company.A.fleet}`, body)).code, path).toBe(0);
      expect((await api(rt.url, token, path, { ...body, fleetId: company.A.fleet })).code, path).toBe(0);
    }
    const own = await ok(token, `/biz/fleet/analysis?id=${company.A.fleet}`, { days: 7 });
    expect(own.series).toHaveLength(7);
  });

  it('is "does not exist" on the connector usage', async () => {
    missing(await api(rt.url, company.A.token, `/biz/chargePoint/usage?id=${company.B.pile}`));
    missing(await api(rt.url, company.A.token, '/biz/chargePoint/usage', { id: company.B.pile }));
    missing(await api(rt.url, company.A.token, '/biz/chargePoint/usage?id=NO-SUCH-PILE'));
    const own = await ok(company.A.token, `/biz/chargePoint/usage?id=${company.A.pile}`);
    expect(own).toMatchObject({ limited: false, used: { ac: 1, dc: 0 } });
    // Without an id: the company's figures, as the console asks.
    expect(await ok(company.A.token, '/biz/chargePoint/usage')).toHaveProperty('used');
  });

  it('is "does not exist" on the revenue statistics, its export and the transaction insight', async () => {
    const { token } = company.A;
    const stat = { startDay: today, endDay: today };
    for (const named of [{ stationId: company.B.station }, { agentId: company.B.id }]) {
      missing(await api(rt.url, token, '/biz/revenue/stat', { ...stat, ...named }));
      missing(await api(rt.url, token, '/biz/revenue/export', { ...stat, ...named }));
      missing(await api(rt.url, token, '/biz/transactionInsight/stat', { days: 7, ...named }));
    }
    for (const named of [{ stationId: company.A.station }, { agentId: company.A.id }]) {
      expect(await ok(token, '/biz/revenue/stat', { ...stat, ...named })).toHaveProperty('rows');
      expect(await ok(token, '/biz/transactionInsight/stat', { days: 7, ...named })).toBeTruthy();
    }
  });
});

describe('integer list filters', () => {
  it('answers a value beyond a safe integer or outside the field with a validation answer', async () => {
    for (const protocolType of [9007199254740992, 1e308, -1, 'OCPP9']) {
      const res = await api(rt.url, admin, '/biz/model/list', { current: 1, size: 10, protocolType });
      expect(res.status, JSON.stringify(protocolType)).toBe(400);
    }
    expect(
      (await api(rt.url, admin, '/biz/model/list', { current: 1, size: 10, protocolType: 'OCPP1.6' })).code,
    ).toBe(0);
  });
});
