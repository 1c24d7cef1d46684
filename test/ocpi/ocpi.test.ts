/* eslint-disable @typescript-eslint/no-explicit-any -- OCPI answers are loose JSON; the assertions check them */
/**
 * OCPI 2.2.1 as the CPO (docs/decisions/426) against the real runtime, with the tests' own eMSP (test/helpers/emsp.ts,
 * an OCPI server and client): the eMSP registers with the token the operator gave it, and the platform
 * registers at an eMSP from the console; both then pull the bound stations as locations and their fees as
 * tariffs, page by page. Wrong tokens, malformed objects and an eMSP without 2.2.1 get OCPI's status codes;
 * unregistering ends both tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations } from '@functions/chargepoints/sites.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { api, login } from '../helpers/identity.ts';
import { ocpiRequest, startTestEmsp, type TestEmsp } from '../helpers/emsp.ts';
import { connectCharger } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
let emsp: TestEmsp;
let partner: any;
let berlin: any;
const GIVEN = 'operator-given-token-a-1';

const ok = async (path: string, body?: unknown, token = admin) => {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
  return answer.data;
};
const versions = () => `${rt.url}/ocpi/versions`;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  admin = await login(rt.url, 'admin', 'Admin12345');
  emsp = await startTestEmsp();
  partner = await ok('/admin/emsp/add', {
    name: 'Test eMSP',
    countryCode: 'NL',
    partyId: 'TMS',
    requestUrl: 'https://placeholder.example.com/ocpi/versions',
    cpoUrl: versions(),
    cpoToken: GIVEN,
  });
  const all = await stations.repo.list(PLATFORM_TENANT);
  berlin = all.find((s) => s.name === 'Demo Berlin Central');
  await ok('/admin/emsp/bind', { id: partner.id, stationIds: [berlin.id], version: partner.version });
}, 120_000);

afterAll(async () => {
  await emsp?.close();
  await rt?.cleanup();
});

describe('OCPI: an eMSP registers with the platform', () => {
  it('refuses a call without a token, with a wrong one, and a pull before registering', async () => {
    const none = await ocpiRequest(versions(), undefined);
    expect(none.status).toBe(401);
    expect(none.body.status_code).toBe(2000);
    const wrong = await ocpiRequest(versions(), 'not-a-partner-token');
    expect(wrong.status).toBe(401);
    const early = await ocpiRequest(`${rt.url}/ocpi/2.2.1/locations`, GIVEN);
    expect(early.status).toBe(401);
    // The versions and their endpoints are open to the registration token.
    const listed = await ocpiRequest(versions(), GIVEN, 'GET', undefined, { 'X-Request-ID': 'req-1' });
    expect(listed.body.data).toEqual([{ version: '2.2.1', url: `${rt.url}/ocpi/2.2.1` }]);
    expect(listed.headers.get('x-request-id')).toBe('req-1');
    expect(listed.headers.get('x-correlation-id')).toBe('req-1');
  });

  it('answers malformed credentials with 2001 and changes nothing', async () => {
    const url = `${rt.url}/ocpi/2.2.1/credentials`;
    for (const body of [{}, { token: 'x', url: 'not a url', roles: [] }, '{"token":', 'plain text']) {
      const answer = await ocpiRequest(url, GIVEN, 'POST', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.status_code).toBe(2001);
    }
    const state = await ok('/admin/emsp/roaming', { id: partner.id });
    expect(state.registerFlag).toBe(0);
  });

  it('answers 3002 when the eMSP offers no OCPI 2.2.1', async () => {
    const old = await startTestEmsp({ countryCode: 'NL', partyId: 'OLD', name: 'Old eMSP' }, ['2.1.1']);
    try {
      const answer = await ocpiRequest(`${rt.url}/ocpi/2.2.1/credentials`, GIVEN, 'POST', {
        token: old.platformToken(),
        url: old.versionsUrl,
        roles: [{ role: 'EMSP', party_id: 'OLD', country_code: 'NL', business_details: { name: 'Old' } }],
      });
      expect(answer.body.status_code).toBe(3002);
      const state = await ok('/admin/emsp/roaming', { id: partner.id });
      expect(state).toMatchObject({ registerFlag: 0, lastError: expect.stringContaining('2.2.1') });
    } finally {
      await old.close();
    }
  });

  it('lets one of two registrations sent at once through, and the other is refused, not failed', async () => {
    const twin = await startTestEmsp({ countryCode: 'NL', partyId: 'TWN', name: 'Twin' });
    const admin2 = await login(rt.url, 'admin', 'Admin12345');
    const given = 'twin-given-token-a-1';
    const entry = (
      await api(rt.url, admin2, '/admin/emsp/add', {
        name: 'Twin',
        countryCode: 'NL',
        partyId: 'TWN',
        requestUrl: 'https://placeholder.example.com/ocpi/versions',
        cpoUrl: versions(),
        cpoToken: given,
      })
    ).data;
    try {
      const body = (token: string) => ({
        token,
        url: twin.versionsUrl,
        roles: [{ role: 'EMSP', party_id: 'TWN', country_code: 'NL', business_details: { name: 'Twin' } }],
      });
      const url = `${rt.url}/ocpi/2.2.1/credentials`;
      const answers = await Promise.all([
        ocpiRequest(url, given, 'POST', body(twin.platformToken())),
        ocpiRequest(url, given, 'POST', body(twin.platformToken())),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses[0]).toBe(200);
      expect(statuses[1]).toBeGreaterThanOrEqual(400);
      expect(statuses[1]).toBeLessThan(500);
      const winner = answers.find((a) => a.status === 200)!.body.data as any;
      expect((await ocpiRequest(versions(), winner.token)).status).toBe(200);
      expect((await ok('/admin/emsp/roaming', { id: entry.id })).registerFlag).toBe(1);
    } finally {
      await twin.close();
    }
  });

  it('registers: the eMSP gets a new token, the first one ends, and a second POST is 405', async () => {
    const answer = await emsp.register(versions(), GIVEN);
    expect(answer.body.status_code, answer.body.status_message).toBe(1000);
    const credentials = answer.body.data as any;
    expect(credentials).toMatchObject({
      url: versions(),
      roles: [{ role: 'CPO', country_code: 'DE', party_id: 'EVC' }],
    });
    expect(credentials.token).not.toBe(GIVEN);
    expect((await ocpiRequest(versions(), GIVEN)).status).toBe(401);
    const state = await ok('/admin/emsp/roaming', { id: partner.id });
    expect(state).toMatchObject({ registerFlag: 1, version: '2.2.1', lastError: '', stationCount: 1 });
    expect(state.modules).toEqual(expect.arrayContaining(['credentials', 'locations', 'sessions', 'cdrs']));
    const again = await ocpiRequest(`${rt.url}/ocpi/2.2.1/credentials`, emsp.ownToken(), 'POST', {
      token: 'x',
      url: emsp.versionsUrl,
      roles: credentials.roles,
    });
    expect(again.status).toBe(405);
    const held = await ocpiRequest(`${rt.url}/ocpi/2.2.1/credentials`, emsp.ownToken());
    expect((held.body.data as any).token).toBe(emsp.ownToken());
  });

  it('pulls the bound stations as locations, page by page, and one location, EVSE or connector', async () => {
    const { items, pages } = await emsp.pullAll('locations', 1);
    expect(items).toHaveLength(1);
    expect(pages[0]!.headers.get('x-total-count')).toBe('1');
    expect(pages[0]!.headers.get('x-limit')).toBe('1');
    const location = items[0] as any;
    expect(location).toMatchObject({
      country_code: 'DE',
      party_id: 'EVC',
      id: berlin.id,
      publish: true,
      name: 'Demo Berlin Central',
      country: 'DEU',
      time_zone: 'Europe/Berlin',
    });
    expect(location.coordinates.latitude).toMatch(/^-?\d{1,2}\.\d{6}$/);
    // DEMO-CP-001..003 are Berlin's piles, two guns each: six EVSEs with the Berlin tariff.
    expect(location.evses.map((e: any) => e.uid).sort()).toEqual([
      'DEMO-CP-001*1',
      'DEMO-CP-001*2',
      'DEMO-CP-002*1',
      'DEMO-CP-002*2',
      'DEMO-CP-003*1',
      'DEMO-CP-003*2',
    ]);
    const evse = location.evses.find((e: any) => e.uid === 'DEMO-CP-001*1');
    expect(evse).toMatchObject({ evse_id: 'DE*EVC*EDEMOCP001*1', status: 'UNKNOWN' });
    expect(evse.connectors[0]).toMatchObject({
      id: '1',
      standard: expect.any(String),
      power_type: expect.any(String),
    });
    expect(evse.connectors[0].tariff_ids).toHaveLength(1);

    const base = emsp.platformEndpoints.get('locations')!;
    const one = await ocpiRequest(`${base}/${berlin.id}/DEMO-CP-001*1/1`, emsp.ownToken());
    expect(one.body.data).toMatchObject({ id: '1' });
    for (const path of ['unknown-station', `${berlin.id}/NOPE*1`, `${berlin.id}/DEMO-CP-001*1/9`]) {
      const missing = await ocpiRequest(`${base}/${path}`, emsp.ownToken());
      expect(missing.status, path).toBe(404);
      expect(missing.body.status_code).toBe(2003);
    }
    const later = await ocpiRequest(`${base}?date_from=2999-01-01T00:00:00Z`, emsp.ownToken());
    expect(later.body.data).toEqual([]);
    for (const bad of ['limit=abc', 'offset=-1', 'date_from=yesterday']) {
      const answer = await ocpiRequest(`${base}?${bad}`, emsp.ownToken());
      expect(answer.status, bad).toBe(400);
      expect(answer.body.status_code).toBe(2001);
    }
  });

  it("pulls the stations' fees as tariffs: time of use and the occupancy fee as parking time", async () => {
    const { items } = await emsp.pullAll('tariffs');
    expect(items).toHaveLength(1);
    const tariff = items[0] as any;
    expect(tariff.currency).toBe('USD');
    const energy = tariff.elements.filter((e: any) => e.price_components[0].type === 'ENERGY');
    expect(
      energy.map((e: any) => [
        e.restrictions.start_time,
        e.restrictions.end_time,
        e.price_components[0].price,
      ]),
    ).toEqual([
      ['00:00', '07:00', 0.28],
      ['07:00', '22:00', 0.45],
      ['22:00', '00:00', 0.28],
    ]);
    const parking = tariff.elements.find((e: any) => e.price_components[0].type === 'PARKING_TIME');
    expect(parking).toEqual({
      price_components: [{ type: 'PARKING_TIME', price: 6, step_size: 900 }],
      restrictions: { min_duration: 1800 },
    });
  });

  it('unregisters: neither token is valid after, and the register flag is off', async () => {
    const token = emsp.ownToken()!;
    const gone = await ocpiRequest(`${rt.url}/ocpi/2.2.1/credentials`, token, 'DELETE');
    expect(gone.body.status_code).toBe(1000);
    expect((await ocpiRequest(versions(), token)).status).toBe(401);
    expect((await ok('/admin/emsp/roaming', { id: partner.id })).registerFlag).toBe(0);
    // Nothing to pull from a partner that is not registered.
    const pull = await api(rt.url, admin, '/admin/emsp/pullTokens', { id: partner.id });
    expect(pull.msg).toBe('The eMsp is not registered yet; register first');
  });
});

describe('OCPI: the platform registers at an eMSP from the console', () => {
  let hub: TestEmsp;
  let entry: any;

  beforeAll(async () => {
    hub = await startTestEmsp({ countryCode: 'BE', partyId: 'HUB', name: 'Test hub' });
    entry = await ok('/admin/emsp/add', {
      name: 'Test hub',
      countryCode: 'BE',
      partyId: 'HUB',
      requestUrl: hub.versionsUrl,
      cpoUrl: versions(),
      emspToken: hub.tokenA,
    });
    await ok('/admin/emsp/bind', { id: entry.id, stationIds: [berlin.id], version: entry.version });
  });
  afterAll(async () => hub?.close());

  it('registers, the eMSP pulls with the token it was given, and a second run updates the token', async () => {
    const first = await ok('/admin/emsp/register', { id: entry.id });
    expect(first).toMatchObject({
      registered: true,
      state: { registerFlag: 1, version: '2.2.1', lastError: '' },
    });
    const given = hub.ownToken()!;
    expect((await hub.pullAll('locations')).items).toHaveLength(1);
    const second = await ok('/admin/emsp/register', { id: entry.id });
    expect(second.registered).toBe(true);
    expect(hub.ownToken()).not.toBe(given);
    expect((await ocpiRequest(versions(), given)).status).toBe(401);
    expect((await hub.pullAll('tariffs')).items).toHaveLength(1);
  });

  it("pushes an EVSE's status when the charger comes and when a connector's state changes", async () => {
    const cp = await connectCharger(rt.url, 'DEMO-CP-002', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
    try {
      const pushed = (uid: string) =>
        hub.received.filter((r) => r.method === 'PATCH' && r.path === `locations/DE/EVC/${berlin.id}/${uid}`);
      // Connected: both guns, as the console shows them now.
      await waitFor(() => pushed('DEMO-CP-002*1').length >= 1 && pushed('DEMO-CP-002*2').length >= 1);
      await cp.call('StatusNotification', {
        connectorId: 1,
        status: 'Charging',
        errorCode: 'NoError',
        timestamp: new Date().toISOString(),
      });
      await waitFor(() => pushed('DEMO-CP-002*1').some((r) => (r.body as any).status === 'CHARGING'));
      expect(pushed('DEMO-CP-002*1').at(-1)!.body).toMatchObject({
        status: 'CHARGING',
        last_updated: expect.any(String),
      });
      // The location the eMSP pulls says the same.
      const evse = (
        await ocpiRequest(
          `${hub.platformEndpoints.get('locations')}/${berlin.id}/DEMO-CP-002*1`,
          hub.ownToken(),
        )
      ).body.data as any;
      expect(evse.status).toBe('CHARGING');
      // The first partner unregistered: it gets nothing.
      expect(emsp.received.filter((r) => r.method === 'PATCH')).toEqual([]);
    } finally {
      await cp.close();
    }
  });

  it('notes what went wrong when the eMSP cannot be reached, and keeps the registration', async () => {
    const info = await ok(`/admin/emsp/info?id=${String(entry.id)}`);
    await ok('/admin/emsp/update', {
      id: entry.id,
      version: info.version,
      name: 'Test hub',
      countryCode: 'BE',
      partyId: 'HUB',
      requestUrl: 'http://127.0.0.1:9/ocpi/versions',
      cpoUrl: versions(),
    });
    const failed = await ok('/admin/emsp/register', { id: entry.id });
    expect(failed.registered).toBe(true);
    expect(failed.error).toMatch(/127\.0\.0\.1:9/);
    expect(failed.state.lastError).toMatch(/127\.0\.0\.1:9/);
    // The token the eMSP holds still works.
    expect((await ocpiRequest(versions(), hub.ownToken())).status).toBe(200);
    const denied = await api(
      rt.url,
      await login(rt.url, 'operator', 'Operator12345'),
      '/admin/emsp/register',
      {
        id: entry.id,
      },
    );
    expect(denied.status).toBe(403);
  });
});
