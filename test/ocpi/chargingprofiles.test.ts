/* eslint-disable @typescript-eslint/no-explicit-any -- OCPI answers and OCPP payloads are loose JSON */
/**
 * A roaming partner's charging profiles on its sessions (docs/decisions/438-ocpi-charging-profiles-and-hub-client-info.md),
 * against the real runtime, the tests' own eMSPs and the project's simulator over a real WebSocket, OCPP 1.6
 * and 2.0.1, at stations under dynamic load management (a 10 kW group):
 * - PUT sets the profile: the charger gets a SetChargingProfile of the session with the partner's lower limit;
 *   a limit above what load management allows the connector is capped at it; the result is POSTed to the
 *   partner's `response_url`;
 * - GET asks the charger its composite schedule and posts it as the active profile;
 * - DELETE clears it: the charger gets ClearChargingProfile, and load management's own limit is back;
 * - load management sharing the station again keeps the partner's session within the partner's limit, gives
 *   what it leaves to the others, and tells the partner its session's new active profile (its chargingprofiles
 *   sender interface);
 * - another party's session, or a local driver's, is UNKNOWN_SESSION (through a hub too), a party the hub reports
 *   SUSPENDED is REJECTED; bad input is 2001 and changes nothing;
 *   null for an unset optional is taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLoadBalance } from '@functions/data/load-balance.ts';
import { getPartnerChargingProfile } from '@functions/data/partner-charging-profiles.ts';
import { stations } from '@functions/chargepoints/sites.ts';
import { PROFILE } from '@functions/energy/balancer.ts';
import { PARTNER_PROFILE } from '@functions/energy/partner-profiles.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { ocpiRequest, startTestEmsp, type OcpiAnswer, type TestEmsp } from '../helpers/emsp.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
/** The partner whose drivers charge; another partner, bound to the same stations. */
let emsp: TestEmsp;
let other: TestEmsp;
let operator: string;
const chargers: SimulatedCharger[] = [];

/** Volts of an AC pile's three phases, as the platform converts watts and amperes. */
const THREE_PHASES_V = 690;
/** What the charger gets for a limit of `watts` on a three-phase AC pile: tenths of amperes, rounded down. */
const amps = (watts: number) => Math.floor((watts * 10) / THREE_PHASES_V) / 10;

const base = (e: TestEmsp) => e.versionsUrl.replace('/versions', '');
const profilesUrl = (e: TestEmsp, sessionId: string) =>
  `${e.platformEndpoints.get('chargingprofiles')}/${encodeURIComponent(sessionId)}`;
const resultsAt = (e: TestEmsp, name: string) =>
  e.received
    .filter((r) => r.method === 'POST' && r.path === `chargingprofiles/${name}`)
    .map((r) => r.body as any);

/** A PUT of a profile in watts; TOO_OFTEN (a command of load management pending on the connector) is tried again. */
async function putProfile(
  e: TestEmsp,
  sessionId: string,
  name: string,
  profile: object,
  headers: Record<string, string> = {},
): Promise<OcpiAnswer> {
  for (let i = 0; ; i++) {
    const answer = await ocpiRequest(
      profilesUrl(e, sessionId),
      e.ownToken(),
      'PUT',
      { charging_profile: profile, response_url: `${base(e)}/2.2.1/chargingprofiles/${name}` },
      headers,
    );
    if ((answer.body.data as any)?.result !== 'TOO_OFTEN' || i >= 10) return answer;
    await new Promise((r) => setTimeout(r, 500));
  }
}
const watts = (limit: unknown, extra: object = {}) => ({
  charging_rate_unit: 'W',
  charging_profile_period: [{ start_period: 0, limit }],
  ...extra,
});

function simulate(id: string, ocpp: '1.6' | '2.0.1', connectors: number) {
  const charger = new SimulatedCharger({
    url: rt.url.replace(/^http/, 'ws'),
    id,
    password: DEMO_CHARGER_PASSWORD,
    ocpp,
    connectors,
    timeScale: 20,
    reconnect: { minMs: 50, maxMs: 200 },
    validate: true,
  });
  chargers.push(charger);
  return charger;
}

/** An EV that draws all it is allowed for the whole test (so load management's limits stay put). */
const bigEv = { batteryWh: 10_000_000, socPct: 10, targetSocPct: 100, maxPowerW: 22_000 };

/** The limit the charger applies on a connector now (W) and its partner profile, if any. */
const partnerProfileOn = (sim: SimulatedCharger, connectorNo: number) =>
  sim.connector(connectorNo)!.profiles.get(PARTNER_PROFILE.id(connectorNo));

/** Load management's limit for a connector as it last sent it. */
async function lmLimit(stationId: string, chargePointId: string, connectorNo: number) {
  const state = await getLoadBalance(stationId);
  return state?.connectors.find((c) => c.chargePointId === chargePointId && c.connectorNo === connectorNo);
}

const ok = async (token: string, path: string, body?: unknown) => {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
};

/** A plan of one 10 kW group on one pile of a station. */
async function savePlan(stationName: string, pile: string) {
  const list = (await ok(operator, '/biz/station/list', { current: 1, size: 50 })).records;
  const station = list.find((s: any) => s.name === stationName);
  const fresh = await ok(operator, `/biz/station/info?id=${station.id}`);
  await ok(operator, '/biz/station/powerBalance', {
    id: fresh.id,
    version: fresh.version,
    powerMode: 1,
    normalCycle: 60,
    alarmCycle: 30,
    samplingCycle: 10,
    stopElectricity: false,
    offlineMaxPower: 11,
    groups: [{ name: 'T1', ratedPower: 10, alarmPower: 9.9, chargePointIds: [pile] }],
  });
  return String(station.id);
}

/** A partner's driver charging on a simulated connector: the OCPI session id the partner was given. */
async function partnerSession(e: TestEmsp, sim: SimulatedCharger, connectorNo: number, uid: string) {
  const put = await ocpiRequest(
    `${rt.url}/ocpi/2.2.1/tokens/NL/${uid.slice(0, 3)}/${uid}`,
    e.ownToken(),
    'PUT',
    e.token(uid, 'ALWAYS'),
  );
  expect(put.body.status_code, put.body.status_message).toBe(1000);
  await sim.startSession(connectorNo, uid, { ev: bigEv });
  const session = await waitFor(
    () =>
      e.received.find(
        (r) =>
          r.method === 'PUT' &&
          r.path.startsWith('sessions/') &&
          (r.body as any).cdr_token?.uid === uid &&
          (r.body as any).status === 'ACTIVE',
      )?.body as any,
    45_000,
    `the session of ${uid} pushed`,
  );
  return String(session.id);
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  const admin = await login(rt.url, 'admin', 'Admin12345');
  const all = await stations.repo.list(PLATFORM_TENANT);
  const bound = ['Demo Berlin Central', 'Demo Munich Garage'].map(
    (name) => all.find((s) => s.name === name)!.id,
  );
  const partner = async (partyId: string, name: string, options: { smartCharging?: boolean } = {}) => {
    const e = await startTestEmsp({ countryCode: 'NL', partyId, name }, ['2.2.1'], options);
    const entry = await ok(admin, '/admin/emsp/add', {
      name,
      countryCode: 'NL',
      partyId,
      requestUrl: e.versionsUrl,
      cpoUrl: `${rt.url}/ocpi/versions`,
      emspToken: e.tokenA,
    });
    await ok(admin, '/admin/emsp/bind', { id: entry.id, stationIds: bound, version: entry.version });
    expect((await ok(admin, '/admin/emsp/register', { id: entry.id })).registered).toBe(true);
    return e;
  };
  // It offers the chargingprofiles sender interface: the platform tells it when load management changes a limit.
  emsp = await partner('CPA', 'Smart eMSP', { smartCharging: true });
  other = await partner('CPB', 'Other eMSP');
}, 120_000);

afterAll(async () => {
  await Promise.all(chargers.map((c) => c.stop()));
  await emsp?.close();
  await other?.close();
  await rt?.cleanup();
});

describe.each([
  ['1.6', 'Demo Berlin Central', 'DEMO-CP-001', 'CPA-16'],
  ['2.0.1', 'Demo Munich Garage', 'DEMO-CP-004', 'CPA-201'],
] as const)('OCPP %s: a partner session at %s under load management', (ocpp, stationName, pileId, uid) => {
  let sim: SimulatedCharger;
  let stationId: string;
  let sessionId: string;

  it('sets the partner’s lower limit on the charger, caps a higher one at load management’s, posts the results', async () => {
    sim = simulate(pileId, ocpp, 2);
    await sim.start();
    await sim.whenBooted();
    stationId = await savePlan(stationName, pileId);
    sessionId = await partnerSession(emsp, sim, 1, uid);
    // Load management gives the only session the group's 10 kW.
    await waitFor(async () => ((await lmLimit(stationId, pileId, 1))?.limitW === 10_000 ? true : undefined));

    // 6 kW, with its unset optionals as null: below the ceiling, the charger gets it.
    const lower = await putProfile(
      emsp,
      sessionId,
      `set-low-${ocpp}`,
      watts(6_000, { start_date_time: null, duration: null, min_charging_rate: null }),
    );
    expect(lower.body.status_code, lower.body.status_message).toBe(1000);
    expect(lower.body.data).toEqual({ result: 'ACCEPTED', timeout: expect.any(Number) });
    const low = await waitFor(() => partnerProfileOn(sim, 1), 45_000, 'the partner profile at the charger');
    expect(low).toMatchObject({ purpose: 'TxProfile', stackLevel: PARTNER_PROFILE.stackLevel, unit: 'A' });
    expect(low.periods[0]!.limit).toBe(amps(6_000));
    expect(sim.limitW(sim.connector(1)!)).toBeLessThanOrEqual(6_000);
    await waitFor(() => resultsAt(emsp, `set-low-${ocpp}`).length === 1 || undefined);
    expect(resultsAt(emsp, `set-low-${ocpp}`)).toEqual([{ result: 'ACCEPTED' }]);

    // 40 A (27.6 kW): above what load management allows the connector, capped at it.
    const higher = await putProfile(emsp, sessionId, `set-high-${ocpp}`, {
      charging_rate_unit: 'A',
      charging_profile_period: [{ start_period: 0, limit: 40 }],
    });
    expect(higher.body.data).toMatchObject({ result: 'ACCEPTED' });
    await waitFor(() => resultsAt(emsp, `set-high-${ocpp}`).length === 1 || undefined);
    expect(resultsAt(emsp, `set-high-${ocpp}`)).toEqual([{ result: 'ACCEPTED' }]);
    // Load management shares the station again at once: the partner's profile at its 10 kW, never above.
    await waitFor(async () => {
      const limit = await lmLimit(stationId, pileId, 1);
      return limit?.partner && limit.limitW === 10_000 && limit.sentAt ? true : undefined;
    });
    await waitFor(() => (partnerProfileOn(sim, 1)?.periods[0]?.limit === amps(10_000) ? true : undefined));
    expect(sim.limitW(sim.connector(1)!)).toBeLessThanOrEqual(10_000);
    const sent = (
      await ok(operator, '/biz/command/list', { current: 1, size: 100, chargePointId: pileId })
    ).records
      .filter(
        (c: any) =>
          c.command === 'setChargingProfile' && c.params?.chargingProfileId === PARTNER_PROFILE.id(1),
      )
      .flatMap((c: any) => c.params.periods.map((p: any) => p.limit));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...sent)).toBeLessThanOrEqual(amps(10_000));
    // Kept for load management, in watts.
    expect(
      await getPartnerChargingProfile(pileId, String(sim.connector(1)!.session!.transactionId)),
    ).toMatchObject({
      sessionId,
      periods: [{ startS: 0, limitW: 27_600 }],
    });
  });

  it('answers GET with the charger’s composite schedule as the active profile', async () => {
    // Back to 6 kW, then the composite.
    await putProfile(emsp, sessionId, `set-again-${ocpp}`, watts(6_000));
    await waitFor(() => (partnerProfileOn(sim, 1)?.periods[0]?.limit === amps(6_000) ? true : undefined));
    const url = `${base(emsp)}/2.2.1/chargingprofiles/get-${ocpp}`;
    const answer = await ocpiRequest(
      `${profilesUrl(emsp, sessionId)}?duration=900&response_url=${encodeURIComponent(url)}`,
      emsp.ownToken(),
    );
    expect(answer.body.data).toMatchObject({ result: 'ACCEPTED' });
    const [result] = await waitFor(() => {
      const r = resultsAt(emsp, `get-${ocpp}`);
      return r.length ? r : undefined;
    });
    expect(result).toMatchObject({
      result: 'ACCEPTED',
      profile: {
        start_date_time: expect.any(String),
        charging_profile: {
          duration: 900,
          charging_rate_unit: 'W',
          charging_profile_period: [{ start_period: 0 }],
        },
      },
    });
    const limit = result.profile.charging_profile.charging_profile_period[0].limit;
    expect(limit).toBeGreaterThan(5_500);
    expect(limit).toBeLessThanOrEqual(6_000);
  });

  it('clears the profile on DELETE: the charger gets ClearChargingProfile, load management’s limit is back', async () => {
    const transactionId = String(sim.connector(1)!.session!.transactionId);
    const url = `${base(emsp)}/2.2.1/chargingprofiles/clear-${ocpp}`;
    const answer = await ocpiRequest(
      `${profilesUrl(emsp, sessionId)}?response_url=${encodeURIComponent(url)}`,
      emsp.ownToken(),
      'DELETE',
    );
    expect(answer.body.data).toMatchObject({ result: 'ACCEPTED' });
    await waitFor(() => (partnerProfileOn(sim, 1) ? undefined : true), 45_000, 'the profile cleared');
    await waitFor(() => resultsAt(emsp, `clear-${ocpp}`).length === 1 || undefined);
    expect(resultsAt(emsp, `clear-${ocpp}`)).toEqual([{ result: 'ACCEPTED' }]);
    expect(await getPartnerChargingProfile(pileId, transactionId)).toBeUndefined();
    // Load management's own profile of the session applies again: its share, no longer capped.
    await waitFor(async () => {
      const limit = await lmLimit(stationId, pileId, 1);
      return limit?.partner === undefined && limit?.limitW === 10_000 && limit.sentAt ? true : undefined;
    });
    await waitFor(() => (sim.connector(1)!.profiles.has(PROFILE.txId(1)) ? true : undefined));
    await waitFor(() => ((sim.limitW(sim.connector(1)!) ?? 0) > 9_000 ? true : undefined));
  });
});

describe('OCPP 1.6: load management shares the station again within the partner’s limit', () => {
  let sim: SimulatedCharger;
  let stationId: string;
  let sessionId: string;

  it('keeps the partner’s session within its limit, tells the partner when it shares the station again, and gives the rest to the others', async () => {
    sim = chargers.find((c) => c.id === 'DEMO-CP-001')!;
    stationId = String(
      (await stations.repo.list(PLATFORM_TENANT)).find((s) => s.name === 'Demo Berlin Central')!.id,
    );
    sessionId = (
      emsp.received.find((r) => r.method === 'PUT' && (r.body as any).cdr_token?.uid === 'CPA-16')!
        .body as any
    ).id;
    const told = () =>
      emsp.received
        .filter((r) => r.method === 'PUT' && r.path === `chargingprofiles/${sessionId}`)
        .map((r) => r.body as any);
    const limits = async () => [
      await lmLimit(stationId, 'DEMO-CP-001', 1),
      await lmLimit(stationId, 'DEMO-CP-001', 2),
    ];
    // 8 kW: within the 10 kW the session has alone.
    const eight = await putProfile(emsp, sessionId, 'set-8kw', watts(8_000));
    expect(eight.body.data).toMatchObject({ result: 'ACCEPTED' });
    await waitFor(async () => {
      const [one] = await limits();
      return one?.partner && one.limitW === 8_000 && one.sentAt ? true : undefined;
    });
    await waitFor(() => (partnerProfileOn(sim, 1)?.periods[0]?.limit === amps(8_000) ? true : undefined));
    const toldBefore = told().length;

    // A local driver starts on the other connector: the station is shared again, 5 kW each, below the
    // partner's 8 kW.
    await sim.startSession(2, 'SIM-TAG-001', { ev: bigEv });
    await waitFor(async () => {
      const [one, two] = await limits();
      return one?.limitW === 5_000 && one.partner && two?.limitW === 5_000 && two.sentAt ? true : undefined;
    });
    await waitFor(() => (partnerProfileOn(sim, 1)?.periods[0]?.limit === amps(5_000) ? true : undefined));
    // The partner is told its session's new active profile on its chargingprofiles sender interface.
    const update = await waitFor(
      () =>
        told()
          .slice(toldBefore)
          .find((b) => b.charging_profile?.charging_profile_period?.[0]?.limit === amps(5_000)),
      45_000,
      'the active profile told',
    );
    expect(update).toMatchObject({
      start_date_time: expect.any(String),
      charging_profile: {
        start_date_time: update.start_date_time,
        charging_rate_unit: 'A',
        duration: 180,
        charging_profile_period: [{ start_period: 0, limit: amps(5_000) }],
      },
    });

    // 3 kW: the other session gets what the partner leaves.
    const set = await putProfile(emsp, sessionId, 'set-3kw', watts(3_000));
    expect(set.body.data).toMatchObject({ result: 'ACCEPTED' });
    await waitFor(() => (partnerProfileOn(sim, 1)?.periods[0]?.limit === amps(3_000) ? true : undefined));
    const shared = await waitFor(async () => {
      const [one, two] = await limits();
      return one?.limitW === 3_000 &&
        one.partner &&
        two?.purpose === 'TxProfile' &&
        two.limitW === 7_000 &&
        two.sentAt
        ? { one: one!, two: two! }
        : undefined;
    });
    expect(shared.one.limitW + shared.two.limitW).toBeLessThanOrEqual(10_000);
    // The charger has the partner's limit on its session and load management's on the other.
    await waitFor(() => (sim.connector(2)!.profiles.has(PROFILE.txId(2)) ? true : undefined));
    expect(partnerProfileOn(sim, 1)!.periods[0]!.limit).toBe(amps(3_000));
    expect(sim.limitW(sim.connector(1)!)).toBeLessThanOrEqual(3_000);
    expect(sim.limitW(sim.connector(2)!)).toBeLessThanOrEqual(7_000);
  });

  it('answers UNKNOWN_SESSION for another party’s session and for a local driver’s', async () => {
    // The other partner names the first partner's session.
    const foreign = await putProfile(other, sessionId, 'foreign', watts(1_000));
    expect(foreign.body.data).toMatchObject({ result: 'UNKNOWN_SESSION' });
    // The local driver's session (by its order number) is no partner's.
    const local = sim.connector(2)!.session!;
    const day = local.startedAt.toISOString().slice(0, 10).replace(/-/g, '');
    for (const e of [emsp, other]) {
      const answer = await putProfile(e, `${day}-DEMO-CP-001-${local.transactionId}`, 'local', watts(1_000));
      expect(answer.body.data).toMatchObject({ result: 'UNKNOWN_SESSION' });
    }
    const del = await ocpiRequest(
      `${profilesUrl(other, sessionId)}?response_url=${encodeURIComponent(`${base(other)}/2.2.1/x`)}`,
      other.ownToken(),
      'DELETE',
    );
    expect(del.body.data).toMatchObject({ result: 'UNKNOWN_SESSION' });
    // Nothing changed: the partner's profile is still 3 kW.
    expect(partnerProfileOn(sim, 1)!.periods[0]!.limit).toBe(amps(3_000));
  });

  it('through a hub: another party’s session is UNKNOWN_SESSION, a SUSPENDED party’s request REJECTED', async () => {
    // Routed from a party behind the partner that is not the session token's.
    const routed = await putProfile(emsp, sessionId, 'routed', watts(1_000), {
      'ocpi-from-country-code': 'NL',
      'ocpi-from-party-id': 'XYZ',
    });
    expect(routed.body.data).toMatchObject({ result: 'UNKNOWN_SESSION' });
    // The token's own party, routed: taken.
    const own = await putProfile(emsp, sessionId, 'own-3kw', watts(3_000), {
      'ocpi-from-country-code': 'nl',
      'ocpi-from-party-id': 'cpa',
    });
    expect(own.body.data).toMatchObject({ result: 'ACCEPTED' });
    await waitFor(() => resultsAt(emsp, 'own-3kw').length === 1 || undefined);
    // The partner's hub reports the token's party SUSPENDED: REJECTED, nothing sent; CONNECTED again: taken.
    const info = (status: string, at: number) => ({
      country_code: 'NL',
      party_id: 'CPA',
      role: 'EMSP',
      status,
      last_updated: new Date(at).toISOString(),
    });
    const hubInfo = `${emsp.platformEndpoints.get('hubclientinfo')}/NL/CPA`;
    const at = Date.now();
    expect((await ocpiRequest(hubInfo, emsp.ownToken(), 'PUT', info('SUSPENDED', at))).body.status_code).toBe(
      1000,
    );
    const suspended = await putProfile(emsp, sessionId, 'suspended', watts(1_000));
    expect(suspended.body.data).toMatchObject({ result: 'REJECTED' });
    expect(partnerProfileOn(sim, 1)!.periods[0]!.limit).toBe(amps(3_000));
    expect(
      (await ocpiRequest(hubInfo, emsp.ownToken(), 'PUT', info('CONNECTED', at + 1))).body.status_code,
    ).toBe(1000);
    const back = await putProfile(emsp, sessionId, 'back-3kw', watts(3_000));
    expect(back.body.data).toMatchObject({ result: 'ACCEPTED' });
    await waitFor(() => resultsAt(emsp, 'back-3kw').length === 1 || undefined);
    expect(resultsAt(emsp, 'suspended')).toEqual([]);
  });

  it('refuses bad input with 2001 and changes nothing', async () => {
    const transactionId = String(sim.connector(1)!.session!.transactionId);
    const kept = await getPartnerChargingProfile('DEMO-CP-001', transactionId);
    const url = `${base(emsp)}/2.2.1/chargingprofiles/bad`;
    const bodies: unknown[] = [
      { charging_profile: watts(8.15), response_url: url },
      { charging_profile: watts(-1), response_url: url },
      { charging_profile: watts('6000'), response_url: url },
      { charging_profile: { ...watts(6_000), charging_rate_unit: 'kW' }, response_url: url },
      { charging_profile: { charging_rate_unit: 'W', charging_profile_period: [] }, response_url: url },
      { charging_profile: { charging_rate_unit: 'W', charging_profile_period: null }, response_url: url },
      {
        charging_profile: {
          charging_rate_unit: 'W',
          charging_profile_period: [{ start_period: 60, limit: 1 }],
        },
        response_url: url,
      },
      {
        charging_profile: {
          charging_rate_unit: 'W',
          charging_profile_period: [
            { start_period: 0, limit: 1 },
            { start_period: 0, limit: 2 },
          ],
        },
        response_url: url,
      },
      { charging_profile: { ...watts(6_000), duration: 0 }, response_url: url },
      { charging_profile: { ...watts(6_000), start_date_time: 'soon' }, response_url: url },
      { charging_profile: watts(6_000) },
      { charging_profile: watts(6_000), response_url: 'not a url' },
      { response_url: url },
      'not json at all',
    ];
    for (const body of bodies) {
      const answer = await ocpiRequest(profilesUrl(emsp, sessionId), emsp.ownToken(), 'PUT', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.status_code, JSON.stringify(body)).toBe(2001);
    }
    const queries = [
      '',
      'duration=900',
      `duration=abc&response_url=${encodeURIComponent(url)}`,
      `duration=0&response_url=${encodeURIComponent(url)}`,
      `duration=1e3&response_url=${encodeURIComponent(url)}`,
    ];
    for (const query of queries) {
      const answer = await ocpiRequest(`${profilesUrl(emsp, sessionId)}?${query}`, emsp.ownToken());
      expect(answer.body.status_code, query).toBe(2001);
    }
    const noUrl = await ocpiRequest(profilesUrl(emsp, sessionId), emsp.ownToken(), 'DELETE');
    expect(noUrl.body.status_code).toBe(2001);
    const long = await ocpiRequest(profilesUrl(emsp, 'x'.repeat(37)), emsp.ownToken(), 'PUT', {
      charging_profile: watts(6_000),
      response_url: url,
    });
    expect(long.body.status_code).toBe(2001);
    expect(await getPartnerChargingProfile('DEMO-CP-001', transactionId)).toEqual(kept);
    expect(partnerProfileOn(sim, 1)!.periods[0]!.limit).toBe(amps(3_000));
    expect(resultsAt(emsp, 'bad')).toEqual([]);
  });
});
