/* eslint-disable @typescript-eslint/no-explicit-any -- OCPI answers are loose JSON */
/**
 * The platform behind a roaming hub (docs/decisions/438-ocpi-charging-profiles-and-hub-client-info.md), against
 * the real runtime, the tests' own eMSP acting as a hub and an OCPP test charger:
 * - the 2.2.1 details list hubclientinfo and chargingprofiles as receiver interfaces;
 * - after the handshake the platform pulls the hub's ClientInfo list, page by page;
 * - the hub PUTs a party's ClientInfo and GETs it back; an older copy changes nothing; bad input is 2001;
 * - a party the hub reports SUSPENDED has its token pushes refused and its commands REJECTED (the party of the
 *   token, or the one the routing headers name), and its kept tokens are Blocked at the chargers, until the hub
 *   reports it CONNECTED again;
 * - an exchange addressed to a party the hub reports OFFLINE is not attempted; CONNECTED again, it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getHubClientInfo, hubClientInfosOf } from '@functions/data/hub-client-infos.ts';
import { roamingTokensOf } from '@functions/data/roaming-tokens.ts';
import { stations } from '@functions/chargepoints/sites.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { partnerById } from '@functions/ocpi/partners.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { ocpiRequest, startTestEmsp, type TestEmsp } from '../helpers/emsp.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let hub: TestEmsp;
let partnerId: string;
let berlinId: string;
let cp: OcppClient;

const clientInfo = (countryCode: string, partyId: string, status: string, lastUpdated = new Date()) => ({
  country_code: countryCode,
  party_id: partyId,
  role: 'EMSP',
  status,
  last_updated: lastUpdated.toISOString(),
});
const infoUrl = (countryCode: string, partyId: string) =>
  `${hub.platformEndpoints.get('hubclientinfo')}/${countryCode}/${partyId}`;
const putInfo = (countryCode: string, partyId: string, body: unknown) =>
  ocpiRequest(infoUrl(countryCode, partyId), hub.ownToken(), 'PUT', body);
const command = (type: string, body: object, headers: Record<string, string> = {}) =>
  ocpiRequest(`${hub.platformEndpoints.get('commands')}/${type}`, hub.ownToken(), 'POST', body, headers);
const responseUrl = (name: string) => `${hub.versionsUrl.replace('/versions', '')}/2.2.1/commands/${name}`;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  hub = await startTestEmsp({ countryCode: 'NL', partyId: 'HBX', name: 'Test hub' }, ['2.2.1'], {
    hub: true,
  });
  // Three parties behind the hub: more than one page of its ClientInfo list (two a page).
  hub.clientInfos.push(
    clientInfo('NL', 'ABC', 'CONNECTED'),
    clientInfo('BE', 'XYZ', 'SUSPENDED'),
    clientInfo('DE', 'OFL', 'OFFLINE'),
  );
  const admin = await login(rt.url, 'admin', 'Admin12345');
  const ok = async (path: string, body: unknown) => {
    const answer = await api(rt.url, admin, path, body);
    expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
    return answer.data;
  };
  const entry = await ok('/admin/emsp/add', {
    name: 'Test hub',
    countryCode: 'NL',
    partyId: 'HBX',
    requestUrl: hub.versionsUrl,
    cpoUrl: `${rt.url}/ocpi/versions`,
    emspToken: hub.tokenA,
  });
  partnerId = entry.id;
  berlinId = String(
    (await stations.repo.list(PLATFORM_TENANT)).find((s) => s.name === 'Demo Berlin Central')!.id,
  );
  await ok('/admin/emsp/bind', { id: partnerId, stationIds: [berlinId], version: entry.version });
  expect((await ok('/admin/emsp/register', { id: partnerId })).registered).toBe(true);
}, 120_000);

afterAll(async () => {
  await cp?.close();
  await hub?.close();
  await rt?.cleanup();
});

describe('hub client info', () => {
  it('is offered with charging profiles as receiver interfaces in the 2.2.1 details', async () => {
    const details = await ocpiRequest(`${rt.url}/ocpi/2.2.1`, hub.ownToken());
    const endpoints = (details.body.data as any).endpoints as { identifier: string; role: string }[];
    expect(endpoints).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ identifier: 'hubclientinfo', role: 'RECEIVER' }),
        expect.objectContaining({ identifier: 'chargingprofiles', role: 'RECEIVER' }),
      ]),
    );
  });

  it("pulls the hub's ClientInfo list page by page after the handshake", async () => {
    await waitFor(async () => ((await hubClientInfosOf(partnerId)).length === 3 ? true : undefined));
    expect(await getHubClientInfo(partnerId, 'be', 'xyz')).toMatchObject({
      countryCode: 'BE',
      partyId: 'XYZ',
      role: 'EMSP',
      status: 'SUSPENDED',
    });
  });

  it('keeps what the hub PUTs and answers it to its GET; an older copy changes nothing; bad input is 2001', async () => {
    const now = new Date();
    const put = await putInfo('NL', 'NEW', clientInfo('NL', 'NEW', 'PLANNED', now));
    expect(put.body.status_code, put.body.status_message).toBe(1000);
    const read = await ocpiRequest(infoUrl('nl', 'new'), hub.ownToken());
    expect(read.body.data).toEqual(clientInfo('NL', 'NEW', 'PLANNED', now));
    // An older copy is taken (1000) and changes nothing.
    const older = await putInfo(
      'NL',
      'NEW',
      clientInfo('NL', 'NEW', 'SUSPENDED', new Date(now.getTime() - 60_000)),
    );
    expect(older.body.status_code).toBe(1000);
    expect((await getHubClientInfo(partnerId, 'NL', 'NEW'))?.status).toBe('PLANNED');
    // Malformed, or another party than the URL's: 2001, nothing kept.
    const bad: [string, string, unknown][] = [
      ['NL', 'BAD', { ...clientInfo('NL', 'BAD', 'CONNECTED'), status: 'ASLEEP' }],
      ['NL', 'BAD', { ...clientInfo('NL', 'BAD', 'CONNECTED'), role: null }],
      ['NL', 'BAD', { ...clientInfo('NL', 'BAD', 'CONNECTED'), last_updated: 'yesterday' }],
      ['NL', 'BAD', clientInfo('NL', 'OTH', 'CONNECTED')],
      ['NLD', 'BAD', clientInfo('NL', 'BAD', 'CONNECTED')],
      ['NL', 'BAD', 'not an object'],
    ];
    for (const [cc, pid, body] of bad) {
      const answer = await putInfo(cc, pid, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.status_code, JSON.stringify(body)).toBe(2001);
    }
    expect(await getHubClientInfo(partnerId, 'NL', 'BAD')).toBeUndefined();
    expect(await getHubClientInfo(partnerId, 'NL', 'OTH')).toBeUndefined();
    const unknown = await ocpiRequest(infoUrl('NL', 'BAD'), hub.ownToken());
    expect(unknown.status).toBe(404);
    expect(unknown.body.status_code).toBe(2000);
  });

  it('refuses the token pushes and commands of a party the hub reports SUSPENDED, until it is CONNECTED', async () => {
    const token = hub.token('HBX-SUS-1', 'ALWAYS');
    const tokenUrl = `${rt.url}/ocpi/2.2.1/tokens/NL/HBX/HBX-SUS-1`;
    expect((await putInfo('NL', 'HBX', clientInfo('NL', 'HBX', 'SUSPENDED'))).body.status_code).toBe(1000);
    const refused = await ocpiRequest(tokenUrl, hub.ownToken(), 'PUT', token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      status_code: 2000,
      status_message: expect.stringMatching(/SUSPENDED/),
    });
    const patched = await ocpiRequest(tokenUrl, hub.ownToken(), 'PATCH', {
      valid: false,
      last_updated: new Date().toISOString(),
    });
    expect(patched.body.status_code).toBe(2000);
    expect(await roamingTokensOf('HBX-SUS-1')).toEqual([]);
    // A command naming the suspended party's token: REJECTED, saying why.
    const start = await command('START_SESSION', {
      response_url: responseUrl('START_SESSION/sus'),
      token,
      location_id: berlinId,
      evse_uid: 'DEMO-CP-003*1',
    });
    expect(start.body.status_code).toBe(1000);
    expect(start.body.data).toMatchObject({
      result: 'REJECTED',
      message: [{ language: 'en', text: expect.stringMatching(/NL\*HBX SUSPENDED/) }],
    });
    expect(await roamingTokensOf('HBX-SUS-1')).toEqual([]);
    // A command the hub routes from a suspended party behind it (the pulled BE*XYZ): REJECTED too.
    const routed = await command(
      'STOP_SESSION',
      { response_url: responseUrl('STOP_SESSION/sus'), session_id: '20260101-NONE-1' },
      { 'ocpi-from-country-code': 'BE', 'ocpi-from-party-id': 'XYZ' },
    );
    expect(routed.body.data).toMatchObject({
      result: 'REJECTED',
      message: [{ text: expect.stringMatching(/BE\*XYZ SUSPENDED/) }],
    });
    // From a connected party the same command goes on (the session is unknown).
    const connected = await command(
      'STOP_SESSION',
      { response_url: responseUrl('STOP_SESSION/ok'), session_id: '20260101-NONE-1' },
      { 'ocpi-from-country-code': 'NL', 'ocpi-from-party-id': 'ABC' },
    );
    expect(connected.body.data).toMatchObject({ result: 'UNKNOWN_SESSION' });

    // CONNECTED again (a newer ClientInfo): the token is taken.
    const later = new Date(Date.now() + 1000);
    expect((await putInfo('NL', 'HBX', clientInfo('NL', 'HBX', 'CONNECTED', later))).body.status_code).toBe(
      1000,
    );
    const taken = await ocpiRequest(tokenUrl, hub.ownToken(), 'PUT', token);
    expect(taken.body.status_code, taken.body.status_message).toBe(1000);
    expect((await roamingTokensOf('HBX-SUS-1')).map((t) => t.partnerId)).toEqual([partnerId]);
  });

  it('does not attempt a push to a party the hub reports OFFLINE; CONNECTED again, it pushes', async () => {
    const patches = (status: string) =>
      hub.received.filter(
        (r) =>
          r.method === 'PATCH' &&
          r.path === `locations/DE/EVC/${berlinId}/DEMO-CP-003*1` &&
          (r.body as any).status === status,
      );
    cp = await connectCharger(rt.url, 'DEMO-CP-003', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
    await cp.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Hub' });
    const status = (value: string) =>
      cp.call('StatusNotification', {
        connectorId: 1,
        status: value,
        errorCode: 'NoError',
        timestamp: new Date().toISOString(),
      });
    await status('Available');
    await waitFor(() => (patches('AVAILABLE').length ? true : undefined), 45_000, 'the first push');

    const offline = new Date(Date.now() + 2000);
    expect((await putInfo('NL', 'HBX', clientInfo('NL', 'HBX', 'OFFLINE', offline))).body.status_code).toBe(
      1000,
    );
    await status('Faulted');
    // The push was handled (its refusal noted on the partner) and nothing reached the hub.
    await waitFor(
      async () =>
        /not attempted.*NL\*HBX OFFLINE/.test((await partnerById(partnerId))?.ocpi?.lastError ?? '')
          ? true
          : undefined,
      45_000,
      'the push not attempted',
    );
    expect(patches('OUTOFORDER')).toEqual([]);

    const back = new Date(Date.now() + 3000);
    expect((await putInfo('NL', 'HBX', clientInfo('NL', 'HBX', 'CONNECTED', back))).body.status_code).toBe(
      1000,
    );
    await status('Unavailable');
    await waitFor(
      () => (patches('INOPERATIVE').length ? true : undefined),
      45_000,
      'the push once connected',
    );
  });

  it('blocks at the charger a kept token of a party the hub reports SUSPENDED; CONNECTED again, it charges', async () => {
    const authorize = async () =>
      ((await cp.call('Authorize', { idTag: 'HBX-SUS-1' }))[2] as any).idTagInfo.status as string;
    expect(await authorize()).toBe('Accepted');
    const suspended = new Date(Date.now() + 4000);
    expect(
      (await putInfo('NL', 'HBX', clientInfo('NL', 'HBX', 'SUSPENDED', suspended))).body.status_code,
    ).toBe(1000);
    expect(await authorize()).toBe('Blocked');
    const back = new Date(Date.now() + 5000);
    expect((await putInfo('NL', 'HBX', clientInfo('NL', 'HBX', 'CONNECTED', back))).body.status_code).toBe(
      1000,
    );
    expect(await authorize()).toBe('Accepted');
  });
});
