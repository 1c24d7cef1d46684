/* eslint-disable @typescript-eslint/no-explicit-any -- OCPI and OCPP answers are loose JSON */
/**
 * Roaming drivers at the platform's chargers (docs/decisions/426), against the real runtime and the tests' own eMSP:
 * after the handshake the platform pulls the eMSP's tokens page by page; a charger presenting one is
 * authorised as the eMSP says (whitelisted, blocked, asked in real time, or unknown to it); a session with
 * one becomes an order of type and pay type eMsp, and its CDR reaches the eMSP exactly once, also when
 * deliveries are repeated at once and when the eMSP was down at first; running sessions are updated, sessions
 * and CDRs can be pulled; the eMSP's commands (start, stop, reserve, cancel) reach a test charger and the
 * project's simulator, and a reservation's time is billed to the eMSP by a CDR.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrder } from '@functions/data/orders.ts';
import { getCdr } from '@functions/data/roaming-cdrs.ts';
import { roamingTokensOf } from '@functions/data/roaming-tokens.ts';
import { chargePointById, stations } from '@functions/chargepoints/sites.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { getReservation, partnerReservationOrderId } from '@functions/data/reservations.ts';
import { deliverCdr, queueCdr, requeuePendingCdrs } from '@functions/ocpi/cdrs.ts';
import { deliverSessionUpdate, queueSessionUpdates } from '@functions/ocpi/sessions.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { PAY_TYPE } from '@shared/schemas/order.ts';
import { ORDER_TYPE } from '@functions/sessions/session-order.ts';
import { ocpiRequest, startTestEmsp, type TestEmsp } from '../helpers/emsp.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, energyRegister, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let hub: TestEmsp;
let cp: OcppClient;
let partnerId: string;
let admin: string;

const ok = async (token: string, path: string, body?: unknown) => {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
  return answer.data;
};
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const idTagStatus = async (idTag: string) =>
  ((await cp.call('Authorize', { idTag }))[2] as any).idTagInfo.status as string;

/** A whole 1.6 session of `idTag` on connector 1: its order number once the order is written. */
async function charge(
  idTag: string,
  wh: number,
  whileCharging: (orderNo: string) => Promise<void> = async () => undefined,
): Promise<{ orderNo: string; status: string }> {
  const started = (await cp.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 100_000,
    timestamp: minutesAgo(30),
  })) as any[];
  const transactionId = String(started[2].transactionId);
  await whileCharging(`${minutesAgo(30).slice(0, 10).replace(/-/g, '')}-DEMO-CP-003-${transactionId}`);
  await cp.call('StopTransaction', {
    transactionId: Number(transactionId),
    meterStop: 100_000 + wh,
    timestamp: minutesAgo(1),
    idTag,
    reason: 'Local',
  });
  const orderNo = `${minutesAgo(30).slice(0, 10).replace(/-/g, '')}-DEMO-CP-003-${transactionId}`;
  await waitFor(async () => Boolean(await getOrder(orderNo)), 20_000);
  return { orderNo, status: started[2].idTagInfo.status };
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  hub = await startTestEmsp({ countryCode: 'NL', partyId: 'HUB', name: 'Roaming hub' });
  // Five tokens: more than one page of the eMSP's tokens interface (two a page).
  hub.tokens.push(
    hub.token('HUB-ALWAYS', 'ALWAYS'),
    hub.token('HUB-ASK', 'NEVER'),
    hub.token('HUB-BLOCKED', 'ALWAYS', false),
    hub.token('HUB-DOWN-OK', 'ALLOWED'),
    hub.token('HUB-DOWN-NO', 'NEVER'),
  );
  hub.realtime.set('HUB-ASK', 'ALLOWED');
  hub.realtime.set('RT-ONLY', 'ALLOWED');
  admin = await login(rt.url, 'admin', 'Admin12345');
  const entry = await ok(admin, '/admin/emsp/add', {
    name: 'Roaming hub',
    countryCode: 'NL',
    partyId: 'HUB',
    requestUrl: hub.versionsUrl,
    cpoUrl: `${rt.url}/ocpi/versions`,
    emspToken: hub.tokenA,
  });
  partnerId = entry.id;
  const all = await stations.repo.list(PLATFORM_TENANT);
  const bound = ['Demo Berlin Central', 'Demo Munich Garage'].map(
    (name) => all.find((s) => s.name === name)!.id,
  );
  await ok(admin, '/admin/emsp/bind', { id: entry.id, stationIds: bound, version: entry.version });
  expect((await ok(admin, '/admin/emsp/register', { id: entry.id })).registered).toBe(true);
  cp = await connectCharger(rt.url, 'DEMO-CP-003', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
  await cp.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Roaming' });
}, 120_000);

afterAll(async () => {
  await cp?.close();
  await hub?.close();
  await rt?.cleanup();
});

describe('roaming tokens at the chargers', () => {
  it("pulls the eMSP's tokens page by page after the handshake", async () => {
    await waitFor(async () => (await roamingTokensOf('HUB-DOWN-NO')).length === 1, 20_000);
    for (const uid of ['HUB-ALWAYS', 'HUB-ASK', 'HUB-BLOCKED', 'HUB-DOWN-OK'])
      expect((await roamingTokensOf(uid.toLowerCase())).map((t) => t.partnerId)).toEqual([partnerId]);
  });

  it('authorises as the eMSP says: whitelisted, blocked, in real time, or refused', async () => {
    expect(await idTagStatus('HUB-ALWAYS')).toBe('Accepted');
    expect(await idTagStatus('HUB-BLOCKED')).toBe('Blocked');
    expect(await idTagStatus('HUB-ASK')).toBe('Accepted');
    expect(hub.received.some((r) => r.path === 'tokens/HUB-ASK/authorize')).toBe(true);
    // Known to no one but the eMSP's real-time answer.
    expect(await idTagStatus('RT-ONLY')).toBe('Accepted');
    expect(await idTagStatus('NOBODY-KNOWS')).toBe('Invalid');
    // The eMSP cannot be reached (its server unavailable): ALLOWED is let through, NEVER is not.
    hub.failing.add('tokens');
    try {
      expect(await idTagStatus('HUB-DOWN-OK')).toBe('Accepted');
      expect(await idTagStatus('HUB-DOWN-NO')).toBe('Invalid');
    } finally {
      hub.failing.delete('tokens');
    }
  });

  it('pulls the tokens again from the console, and only for a registered partner', async () => {
    hub.tokens.push(hub.token('HUB-LATE', 'ALWAYS'));
    expect(await ok(admin, '/admin/emsp/pullTokens', { id: partnerId })).toEqual({ queued: true });
    await waitFor(async () => (await roamingTokensOf('HUB-LATE')).length === 1, 20_000);
    expect(await idTagStatus('HUB-LATE')).toBe('Accepted');
    const unknown = await api(rt.url, admin, '/admin/emsp/pullTokens', { id: 'no-such-partner' });
    expect(unknown.code).not.toBe(0);
  });

  it('keeps a token the eMSP pushes, and a later PATCH blocks it', async () => {
    const base = `${rt.url}/ocpi/2.2.1/tokens/NL/HUB`;
    const pushed = hub.token('HUB-PUSHED', 'ALWAYS');
    const put = await ocpiRequest(`${base}/HUB-PUSHED`, hub.ownToken(), 'PUT', pushed);
    expect(put.body.status_code).toBe(1000);
    expect(await idTagStatus('HUB-PUSHED')).toBe('Accepted');
    const later = new Date(Date.now() + 1000).toISOString();
    const patch = await ocpiRequest(`${base}/HUB-PUSHED`, hub.ownToken(), 'PATCH', {
      valid: false,
      last_updated: later,
    });
    expect(patch.body.status_code).toBe(1000);
    expect(await idTagStatus('HUB-PUSHED')).toBe('Blocked');
    // Another party's token, or a malformed one: 2001, nothing kept.
    const foreign = await ocpiRequest(`${rt.url}/ocpi/2.2.1/tokens/DE/XYZ/X1`, hub.ownToken(), 'PUT', {
      ...pushed,
      uid: 'X1',
    });
    expect(foreign.body.status_code).toBe(2001);
    const bad = await ocpiRequest(`${base}/HUB-BAD`, hub.ownToken(), 'PUT', { uid: 'HUB-BAD' });
    expect(bad.body.status_code).toBe(2001);
    expect(await roamingTokensOf('HUB-BAD')).toEqual([]);
    const unknown = await ocpiRequest(`${base}/NOPE`, hub.ownToken());
    expect(unknown.body.status_code).toBe(2004);
  });
});

describe('roaming sessions become eMsp orders with one CDR each', () => {
  it('charges a whitelisted token as the eMSP’s, pushes its session and sends its CDR once', async () => {
    const sessionPuts = (id: string) =>
      hub.received.filter((r) => r.method === 'PUT' && r.path === `sessions/DE/EVC/${id}`);
    const { orderNo, status } = await charge('HUB-ALWAYS', 12_000, async (id) => {
      // While it charges, the eMSP has it as ACTIVE.
      await waitFor(() => sessionPuts(id).length > 0, 20_000);
      expect(sessionPuts(id)[0]!.body).toMatchObject({
        id,
        status: 'ACTIVE',
        location_id: expect.any(String),
        evse_uid: 'DEMO-CP-003*1',
        cdr_token: { uid: 'HUB-ALWAYS' },
      });
    });
    expect(status).toBe('Accepted');
    const order = (await getOrder<any>(orderNo))!;
    expect(order).toMatchObject({ orderType: ORDER_TYPE.emsp, payType: PAY_TYPE.emsp, emspId: partnerId });
    const cdrs = () => hub.received.filter((r) => r.method === 'POST' && r.path === 'cdrs');
    await waitFor(() => cdrs().some((r) => (r.body as any).id === orderNo), 20_000);
    const cdr = cdrs().find((r) => (r.body as any).id === orderNo)!.body as any;
    expect(cdr).toMatchObject({
      country_code: 'DE',
      party_id: 'EVC',
      session_id: orderNo,
      cdr_token: { uid: 'HUB-ALWAYS', country_code: 'NL', party_id: 'HUB', type: 'RFID' },
      auth_method: 'WHITELIST',
      cdr_location: { evse_uid: 'DEMO-CP-003*1', connector_id: '1', country: 'DEU' },
      currency: 'USD',
      total_energy: 12,
      total_cost: { excl_vat: Number(order.actualFee) },
    });
    expect(cdr.total_cost.excl_vat).toBeGreaterThan(0);
    // The CDR is marked sent once the eMSP's answer is read, a moment after the eMSP has it.
    await waitFor(async () => (await getCdr(orderNo))?.status === 'sent', 20_000);
    // The session's last state, COMPLETED with its figures, came before its CDR.
    const completed = hub.received.findIndex(
      (r) => r.path === `sessions/DE/EVC/${orderNo}` && (r.body as any).status === 'COMPLETED',
    );
    const billed = hub.received.findIndex((r) => r.path === 'cdrs' && (r.body as any).id === orderNo);
    expect(completed).toBeGreaterThanOrEqual(0);
    expect(completed).toBeLessThan(billed);
    expect(hub.received[completed]!.body).toMatchObject({
      kwh: 12,
      total_cost: { excl_vat: cdr.total_cost.excl_vat },
    });

    // Delivered again, at once and later: the eMSP still has it once.
    await Promise.all([deliverCdr(orderNo), deliverCdr(orderNo), queueCdr(orderNo)]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(cdrs().filter((r) => (r.body as any).id === orderNo)).toHaveLength(1);
  });

  it('keeps a CDR the eMSP could not take, and delivers it once when it can', async () => {
    hub.failing.add('cdrs');
    const { orderNo } = await charge('HUB-ASK', 5_000);
    const order = (await getOrder<any>(orderNo))!;
    expect(order).toMatchObject({ orderType: ORDER_TYPE.emsp, emspAuthorizationReference: 'REF-HUB-ASK' });
    // The first delivery failed (the partner notes why): still owed.
    await waitFor(
      async () => /503/.test(String((await ok(admin, '/admin/emsp/roaming', { id: partnerId })).lastError)),
      10_000,
    );
    expect((await getCdr(orderNo))?.status).toBe('pending');
    hub.failing.delete('cdrs');
    // The minute's sweep queues what is owed for a while.
    expect(await requeuePendingCdrs(Date.now() + 5 * 60_000)).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await getCdr(orderNo))?.status === 'sent', 20_000);
    const sent = hub.received.filter((r) => r.path === 'cdrs' && (r.body as any).id === orderNo);
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as any).authorization_reference).toBe('REF-HUB-ASK');
  });

  it('2.0.1: a TransactionEvent with the eMSP’s token is its order too, with its CDR, ids within 36', async () => {
    const cs = await connectCharger(rt.url, 'DEMO-CP-004', DEMO_CHARGER_PASSWORD, ['ocpp2.0.1']);
    // A charger's own transaction id: a UUID, so the order number is longer than OCPI's ids may be.
    const txId = randomUUID();
    try {
      const t0 = Date.now() - 25 * 60_000;
      const at = (ms: number) => new Date(ms).toISOString();
      const started = (await cs.call('TransactionEvent', {
        eventType: 'Started',
        timestamp: at(t0),
        triggerReason: 'Authorized',
        seqNo: 0,
        transactionInfo: { transactionId: txId, chargingState: 'Charging' },
        evse: { id: 1, connectorId: 1 },
        idToken: { idToken: 'HUB-ALWAYS', type: 'ISO14443' },
        meterValue: energyRegister(t0, 50_000),
      })) as any[];
      expect(started[2].idTokenInfo.status).toBe('Accepted');
      await cs.call('TransactionEvent', {
        eventType: 'Ended',
        timestamp: at(t0 + 20 * 60_000),
        triggerReason: 'StopAuthorized',
        seqNo: 1,
        transactionInfo: { transactionId: txId, stoppedReason: 'Local' },
        meterValue: energyRegister(t0 + 20 * 60_000, 58_000),
      });
      const orderNo = `${at(t0).slice(0, 10).replace(/-/g, '')}-DEMO-CP-004-${txId}`;
      await waitFor(async () => Boolean(await getOrder(orderNo)), 20_000);
      expect(await getOrder<any>(orderNo)).toMatchObject({
        orderType: ORDER_TYPE.emsp,
        payType: PAY_TYPE.emsp,
      });
      const cdrOf = () =>
        hub.received.find(
          (r) => r.path === 'cdrs' && (r.body as any).cdr_location.evse_uid === 'DEMO-CP-004*1',
        )?.body as any;
      await waitFor(() => Boolean(cdrOf()), 20_000);
      const cdr = cdrOf();
      expect(cdr).toMatchObject({ total_energy: 8, cdr_location: { evse_uid: 'DEMO-CP-004*1' } });
      // OCPI's ids are at most 36 characters: the session's and the CDR's are one, a digest of the order number.
      expect(orderNo.length).toBeGreaterThan(36);
      expect(cdr.id.length).toBeLessThanOrEqual(36);
      expect(cdr.session_id).toBe(cdr.id);
      expect(cdr.id.startsWith(orderNo.slice(0, 9))).toBe(true);
      const puts = hub.received.filter((r) => r.method === 'PUT' && r.path === `sessions/DE/EVC/${cdr.id}`);
      expect(puts.map((r) => (r.body as any).status)).toContain('COMPLETED');
    } finally {
      await cs.close();
    }
  });

  it('leaves the orders of the platform’s own cards as they were', async () => {
    const { orderNo } = await charge('SIM-TAG-001', 3_000);
    const order = (await getOrder<any>(orderNo))!;
    expect(order.orderType).toBe(ORDER_TYPE.operator);
    expect(order.payType).toBe(PAY_TYPE.cardBalance);
    expect(await getCdr(orderNo)).toBeUndefined();
  });
});

describe("the eMSP's commands reach the charger and their results come back", () => {
  const command = (type: string, body: object) =>
    ocpiRequest(`${hub.platformEndpoints.get('commands')}/${type}`, hub.ownToken(), 'POST', body);
  const resultsAt = (path: string) => hub.received.filter((r) => r.method === 'POST' && r.path === path);
  /** Answers the next CALL of `action` the charger gets with `payload`; the CALL's payload. */
  async function answer(action: string, payload: object) {
    const call = await cp.next((f) => f[0] === 2 && f[2] === action, 10_000);
    cp.send([3, call[1], payload]);
    return call[3] as any;
  }

  it('starts a session by START_SESSION, stops it by STOP_SESSION, and posts both results', async () => {
    const berlin = (await stations.repo.list(PLATFORM_TENANT)).find(
      (st) => st.name === 'Demo Berlin Central',
    )!;
    const startAnswer = command('START_SESSION', {
      response_url: `${hub.versionsUrl.replace('/versions', '')}/2.2.1/commands/START_SESSION/s1`,
      token: hub.token('HUB-APP-1', 'NEVER'),
      location_id: berlin.id,
      evse_uid: 'DEMO-CP-003*1',
    });
    const remoteStart = await answer('RemoteStartTransaction', { status: 'Accepted' });
    expect(remoteStart).toEqual({ connectorId: 1, idTag: 'HUB-APP-1' });
    expect((await startAnswer).body.data).toMatchObject({ result: 'ACCEPTED', timeout: expect.any(Number) });
    await waitFor(() => resultsAt('commands/START_SESSION/s1').length === 1, 20_000);
    expect(resultsAt('commands/START_SESSION/s1')[0]!.body).toEqual({ result: 'ACCEPTED' });

    // The charger starts it with the eMSP's token (asked in real time: the eMSP allows it).
    hub.realtime.set('HUB-APP-1', 'ALLOWED');
    const started = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'HUB-APP-1',
      meterStart: 200_000,
      timestamp: minutesAgo(20),
    })) as any[];
    expect(started[2].idTagInfo.status).toBe('Accepted');
    const sessionId = `${minutesAgo(20).slice(0, 10).replace(/-/g, '')}-DEMO-CP-003-${String(started[2].transactionId)}`;
    // The eMSP knows the session by its push.
    await waitFor(() => hub.received.some((r) => r.path === `sessions/DE/EVC/${sessionId}`), 20_000);

    const stopAnswer = command('STOP_SESSION', {
      response_url: `${hub.versionsUrl.replace('/versions', '')}/2.2.1/commands/STOP_SESSION/s2`,
      session_id: sessionId,
    });
    const remoteStop = await answer('RemoteStopTransaction', { status: 'Accepted' });
    expect(remoteStop).toEqual({ transactionId: Number(started[2].transactionId) });
    expect((await stopAnswer).body.data).toMatchObject({ result: 'ACCEPTED' });
    await waitFor(() => resultsAt('commands/STOP_SESSION/s2').length === 1, 20_000);
    await cp.call('StopTransaction', {
      transactionId: Number(started[2].transactionId),
      meterStop: 207_500,
      timestamp: minutesAgo(1),
      reason: 'Remote',
    });
    await waitFor(
      () => hub.received.some((r) => r.path === 'cdrs' && (r.body as any).id === sessionId),
      20_000,
    );
    expect((await getOrder<any>(sessionId))!.orderType).toBe(ORDER_TYPE.emsp);
  });

  it('answers what it cannot do: unknown session or reservation, unbound location, bad bodies', async () => {
    const url = `${hub.versionsUrl.replace('/versions', '')}/2.2.1/commands/x`;
    expect(
      (await command('STOP_SESSION', { response_url: url, session_id: '20260101-NOPE-1' })).body.data,
    ).toMatchObject({
      result: 'UNKNOWN_SESSION',
    });
    expect(
      (
        await command('START_SESSION', {
          response_url: url,
          token: hub.token('HUB-APP-2', 'ALWAYS'),
          location_id: 'not-bound',
          evse_uid: 'DEMO-CP-003*1',
        })
      ).body.data,
    ).toMatchObject({ result: 'REJECTED' });
    // A CommandResponse is REJECTED (UNKNOWN_RESERVATION is a CommandResult value; decision 437).
    expect(
      (await command('CANCEL_RESERVATION', { response_url: url, reservation_id: 'never-made' })).body.data,
    ).toMatchObject({
      result: 'REJECTED',
      message: [{ text: expect.stringMatching(/Unknown reservation/) }],
    });
    // A reservation needs an EVSE, and an expiry within a day.
    const reserveAt = (extra: object) =>
      command('RESERVE_NOW', {
        response_url: url,
        token: hub.token('HUB-APP-2', 'ALWAYS'),
        expiry_date: new Date(Date.now() + 30 * 60_000).toISOString(),
        reservation_id: 'bad-1',
        location_id: 'not-bound',
        ...extra,
      });
    expect((await reserveAt({})).body.data).toMatchObject({ result: 'REJECTED' });
    expect((await command('RESERVE_NOW', { response_url: url })).body.status_code).toBe(2001);
    const unknown = await command('SELF_DESTRUCT', { response_url: url });
    expect(unknown.body.status_code).toBe(2001);
    const malformed = await command('UNLOCK_CONNECTOR', { response_url: 'not a url' });
    expect(malformed.body.status_code).toBe(2001);
  });
});

describe('running sessions are updated, and the eMSP can pull its sessions and CDRs', () => {
  const pull = (module: string, query = '') =>
    ocpiRequest(`${hub.platformEndpoints.get(module)}${query}`, hub.ownToken());

  it('sends a running session again with its energy and cost so far, then keeps it COMPLETED', async () => {
    const since = new Date().toISOString();
    const started = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'HUB-ALWAYS',
      meterStart: 300_000,
      timestamp: minutesAgo(15),
    })) as any[];
    const transactionId = String(started[2].transactionId);
    const id = `${minutesAgo(15).slice(0, 10).replace(/-/g, '')}-DEMO-CP-003-${transactionId}`;
    const puts = () =>
      hub.received
        .filter((r) => r.method === 'PUT' && r.path === `sessions/DE/EVC/${id}`)
        .map((r) => r.body as any);
    await waitFor(() => puts().length === 1, 20_000);
    expect(puts()[0]).toMatchObject({ status: 'ACTIVE', kwh: 0 });
    await cp.call('MeterValues', {
      connectorId: 1,
      transactionId: Number(transactionId),
      meterValue: [
        {
          timestamp: minutesAgo(2),
          sampledValue: [{ value: '306000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
        },
      ],
    });
    // Not yet due: nothing queued for it. Due (the sweep's clock 10 minutes on): updated with what it has used.
    await queueSessionUpdates();
    expect(await queueSessionUpdates(Date.now() + 10 * 60_000)).toBeGreaterThanOrEqual(1);
    await waitFor(() => puts().length >= 2, 20_000);
    expect(puts()[1]).toMatchObject({ status: 'ACTIVE', kwh: 6, currency: 'USD' });
    expect(puts()[1].total_cost.excl_vat).toBeGreaterThan(0);

    await cp.call('StopTransaction', {
      transactionId: Number(transactionId),
      meterStop: 309_000,
      timestamp: minutesAgo(1),
      reason: 'Local',
    });
    await waitFor(() => hub.received.some((r) => r.path === 'cdrs' && (r.body as any).id === id), 20_000);
    // A late running update changes nothing: the session stays COMPLETED for the eMSP and for the pull.
    await deliverSessionUpdate('DEMO-CP-003', transactionId);
    expect(puts().at(-1)).toMatchObject({ status: 'COMPLETED', kwh: 9 });

    const sessions = await pull('sessions', `?date_from=${encodeURIComponent(since)}`);
    expect(sessions.body.status_code).toBe(1000);
    const pulled = (sessions.body.data as any[]).find((s) => s.id === id);
    expect(pulled).toMatchObject({ status: 'COMPLETED', kwh: 9 });
    expect(Number(sessions.headers.get('x-total-count'))).toBe((sessions.body.data as any[]).length);

    const cdrs = await pull('cdrs', `?date_from=${encodeURIComponent(since)}`);
    const posted = hub.received.find((r) => r.path === 'cdrs' && (r.body as any).id === id)!.body;
    expect((cdrs.body.data as any[]).find((c) => c.id === id)).toEqual(posted);
    // Pages: one at a time, the total and the next page's link.
    const all = await pull('cdrs');
    const first = await pull('cdrs', '?limit=1');
    expect(first.body.data as any[]).toHaveLength(1);
    expect(Number(first.headers.get('x-total-count'))).toBe((all.body.data as any[]).length);
    expect(first.headers.get('link')).toMatch(/offset=1/);
    // Nothing after now; a window in the future is empty.
    const later = await pull(
      'sessions',
      `?date_from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(later.body.data).toEqual([]);
    // A limit above the maximum is served with the maximum (decision 437).
    const most = await pull('sessions', '?limit=1000');
    expect(most.body.status_code).toBe(1000);
    expect(most.headers.get('x-limit')).toBe('100');
  });
});

describe("an eMSP's reservations", () => {
  const command = (type: string, body: object) =>
    ocpiRequest(`${hub.platformEndpoints.get('commands')}/${type}`, hub.ownToken(), 'POST', body);
  const responseUrl = (name: string) => `${hub.versionsUrl.replace('/versions', '')}/2.2.1/commands/${name}`;
  const resultsAt = (name: string) =>
    hub.received.filter((r) => r.method === 'POST' && r.path === `commands/${name}`).map((r) => r.body);

  it('reserves an EVSE by RESERVE_NOW, cancels it by CANCEL_RESERVATION and bills the time by a CDR', async () => {
    // The operator offers reservations at the station (with a fee of 0.60 a minute).
    const operator = await login(rt.url, 'operator', 'Operator12345');
    const fee = await ok(operator, '/biz/reserveFee/add', { name: 'Roaming hold', price: '0.60' });
    const berlin = (await stations.repo.list(PLATFORM_TENANT)).find(
      (st) => st.name === 'Demo Berlin Central',
    )!;
    const current = await ok(operator, `/biz/station/info?id=${berlin.id}`);
    const { createTime: _c, updateTime: _u, agentId: _a, ...fields } = current;
    const body: Record<string, unknown> = { ...fields, reserveFlag: true, reserveFeeId: fee.id };
    for (const k of Object.keys(body))
      if (k.endsWith('Set') || k === 'tenant' || k === 'version') delete body[k];
    await ok(operator, '/biz/station/update', { ...body, version: current.version });

    const reserveNow = {
      response_url: responseUrl('RESERVE_NOW/r1'),
      token: hub.token('HUB-APP-3', 'ALWAYS'),
      expiry_date: new Date(Date.now() + 30 * 60_000).toISOString(),
      reservation_id: 'hub-res-1',
      location_id: berlin.id,
      evse_uid: 'DEMO-CP-003*1',
      authorization_reference: 'HUB-AUTH-9',
    };
    const answer = command('RESERVE_NOW', reserveNow);
    const call = await cp.next((f) => f[0] === 2 && f[2] === 'ReserveNow', 10_000);
    expect(call[3]).toMatchObject({ connectorId: 1, idTag: 'HUB-APP-3' });
    cp.send([3, call[1], { status: 'Accepted' }]);
    expect((await answer).body.data).toMatchObject({ result: 'ACCEPTED' });
    await waitFor(() => resultsAt('RESERVE_NOW/r1').length === 1, 20_000);
    expect(resultsAt('RESERVE_NOW/r1')[0]).toEqual({ result: 'ACCEPTED' });
    const orderId = (await partnerReservationOrderId(partnerId, 'hub-res-1'))!;
    await waitFor(async () => (await getReservation<any>(orderId))?.status === 2, 10_000);
    expect(await getReservation<any>(orderId)).toMatchObject({ emspId: partnerId, idTag: 'HUB-APP-3' });

    // One reservation per reservation id: the same id again is refused, nothing sent to the charger.
    const again = await command('RESERVE_NOW', {
      ...reserveNow,
      response_url: responseUrl('RESERVE_NOW/r2'),
    });
    expect(again.body.data).toMatchObject({ result: 'REJECTED' });

    await new Promise((r) => setTimeout(r, 2_000));
    const cancelled = command('CANCEL_RESERVATION', {
      response_url: responseUrl('CANCEL_RESERVATION/c1'),
      reservation_id: 'hub-res-1',
    });
    const cancel = await cp.next((f) => f[0] === 2 && f[2] === 'CancelReservation', 10_000);
    cp.send([3, cancel[1], { status: 'Accepted' }]);
    expect((await cancelled).body.data).toMatchObject({ result: 'ACCEPTED' });
    await waitFor(() => resultsAt('CANCEL_RESERVATION/c1').length === 1, 20_000);
    await waitFor(async () => (await getReservation<any>(orderId))?.status === 4, 10_000);
    const ended = (await getReservation<any>(orderId))!;
    // Billed to the eMSP, not to any card: its CDR carries the time held and the fee.
    expect(ended).toMatchObject({ payType: PAY_TYPE.emsp, endReason: 'cancelled' });
    expect(Number(ended.fee)).toBeGreaterThan(0);
    expect(ended.cardId).toBeUndefined();
    const cdrOf = () =>
      hub.received.find((r) => r.path === 'cdrs' && (r.body as any).id === `R${orderId}`)?.body as any;
    await waitFor(() => Boolean(cdrOf()), 20_000);
    expect(cdrOf()).toMatchObject({
      authorization_reference: 'HUB-AUTH-9',
      cdr_token: { uid: 'HUB-APP-3' },
      total_energy: 0,
      total_cost: { excl_vat: Number(ended.fee) },
      total_reservation_cost: { excl_vat: Number(ended.fee) },
      charging_periods: [{ dimensions: [{ type: 'RESERVATION_TIME' }] }],
    });
    expect(cdrOf().session_id).toBeUndefined();
    expect((await getCdr(`R${orderId}`))?.status).toBe('sent');
    // Cancelled already: a second cancel is refused.
    const twice = await command('CANCEL_RESERVATION', {
      response_url: responseUrl('c2'),
      reservation_id: 'hub-res-1',
    });
    expect(twice.body.data).toMatchObject({ result: 'REJECTED' });
  });
});

describe("the project's simulator charges an eMSP's driver by command", () => {
  it('2.0.1: START_SESSION starts it, the eMSP gets the session, STOP_SESSION ends it, the CDR follows', async () => {
    const sim = new SimulatedCharger({
      url: rt.url.replace(/^http/, 'ws'),
      id: 'DEMO-CP-004',
      password: DEMO_CHARGER_PASSWORD,
      ocpp: '2.0.1',
      connectors: 2,
      timeScale: 200,
      reconnect: { minMs: 50, maxMs: 200 },
      validate: true,
    });
    try {
      await sim.start();
      await sim.whenBooted();
      const base = hub.versionsUrl.replace('/versions', '');
      const command = (type: string, body: object) =>
        ocpiRequest(`${hub.platformEndpoints.get('commands')}/${type}`, hub.ownToken(), 'POST', body);
      const location = String((await chargePointById('DEMO-CP-004'))!.stationId);
      const started = await command('START_SESSION', {
        response_url: `${base}/2.2.1/commands/START_SESSION/sim`,
        token: hub.token('HUB-SIM-1', 'ALWAYS'),
        location_id: location,
        evse_uid: 'DEMO-CP-004*1',
      });
      expect(started.body.data).toMatchObject({ result: 'ACCEPTED' });
      const put = await waitFor(
        () =>
          hub.received.find(
            (r) =>
              r.method === 'PUT' &&
              (r.body as any).evse_uid === 'DEMO-CP-004*1' &&
              (r.body as any).cdr_token?.uid === 'HUB-SIM-1',
          )?.body as any,
        20_000,
      );
      expect(put).toMatchObject({ status: 'ACTIVE' });
      expect(put.id.length).toBeLessThanOrEqual(36);
      await new Promise((r) => setTimeout(r, 800));
      const stopped = await command('STOP_SESSION', {
        response_url: `${base}/2.2.1/commands/STOP_SESSION/sim`,
        session_id: put.id,
      });
      expect(stopped.body.data).toMatchObject({ result: 'ACCEPTED' });
      const cdr = await waitFor(
        () => hub.received.find((r) => r.path === 'cdrs' && (r.body as any).id === put.id)?.body as any,
        30_000,
      );
      expect(cdr.session_id).toBe(put.id);
      expect(cdr.total_energy).toBeGreaterThan(0);
      expect(
        hub.received
          .filter((r) => r.path.startsWith('commands/') && r.path.endsWith('/sim'))
          .map((r) => r.body),
      ).toEqual([{ result: 'ACCEPTED' }, { result: 'ACCEPTED' }]);
    } finally {
      await sim.stop();
    }
  });
});
