/* eslint-disable @typescript-eslint/no-explicit-any -- OCPI and OCPP answers are loose JSON */
/**
 * OCPI 2.2.1 interoperability (docs/decisions/437-ocpi-interop-and-fail-closed-authorization.md, docs/ocpi.md),
 * against the real runtime, an OCPP test charger and the tests' own eMSP written the ways the standard allows
 * that the platform got wrong: its unset optionals sent as `null`, its endpoint URLs ending in a slash, ids
 * sent in another case; its real-time answers unreadable, or not given at all. Each defect an independent
 * eMSP found has its case here:
 * - `null` for an optional field is unset, not malformed (credentials both ways, tokens pushed, pulled and in
 *   commands, real-time answers), and nothing the platform sends holds a null;
 * - CiString ids match in any case (locations, EVSEs, connectors, tokens, reservations, sessions, parties);
 * - a CANCEL_RESERVATION of an unknown reservation is REJECTED (a CommandResponse, not a CommandResult);
 * - a limit above the maximum is served with the maximum, `X-Limit` saying so;
 * - a session started by START_SESSION, and its CDR, say auth_method COMMAND;
 * - real-time authorisation fails closed: an answer that cannot be read refuses the token; only an eMSP that
 *   cannot be reached lets the whitelist decide; one Authorize and its StartTransaction ask once;
 * - endpoint URLs ending in a slash are joined with one slash; an EVSE status equal to the last one pushed to a
 *   partner is not pushed again, also by concurrent deliveries;
 * - the roaming view lists each failed exchange (when, the call, the answer), a token dropped from a pull too.
 */
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getReservation, partnerReservationOrderId } from '@functions/data/reservations.ts';
import { roamingTokensOf } from '@functions/data/roaming-tokens.ts';
import { stations } from '@functions/chargepoints/sites.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { deliver } from '@functions/ocpi/push.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { ocpiRequest, startTestEmsp, type TestEmsp } from '../helpers/emsp.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
/** An eMSP that writes unset optionals as null and gives endpoint URLs ending in a slash. */
let nul: TestEmsp;
let partnerId: string;
let berlinId: string;
let cp: OcppClient;
/** An eMSP that registers itself with the platform, writing its unset optionals as null. */
let self: TestEmsp | undefined;

const ok = async (path: string, body?: unknown, token = admin) => {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
  return answer.data;
};
const versions = () => `${rt.url}/ocpi/versions`;
const roaming = () => ok('/admin/emsp/roaming', { id: partnerId });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
/** The nul eMSP's own base (`http://host:port/ocpi`), for its command response URLs. */
const nulBase = () => nul.versionsUrl.replace(/\/versions\/?$/, '');
const command = (type: string, body: object) =>
  ocpiRequest(`${nul.platformEndpoints.get('commands')}/${type}`, nul.ownToken(), 'POST', body);
const idTagStatus = async (idTag: string) =>
  ((await cp.call('Authorize', { idTag }))[2] as any).idTagInfo.status as string;

/** Answers the charger's next CALL of `action` not answered yet (and matching `also`) with `payload`. */
const answered = new Set<unknown>();
async function answerNext(action: string, payload: object, also: (p: any) => boolean = () => true) {
  const call = await cp.next(
    (f) => f[0] === 2 && f[2] === action && !answered.has(f[1]) && also(f[3]),
    20_000,
  );
  answered.add(call[1]);
  cp.send([3, call[1], payload]);
  return call[3] as any;
}

/** Every path of a JSON value that holds null (the platform never sends one). */
function nullsIn(value: unknown, path = '$'): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullsIn(v, `${path}[${i}]`));
  if (typeof value === 'object')
    return Object.entries(value as object).flatMap(([k, v]) => nullsIn(v, `${path}.${k}`));
  return [];
}

/** Waits until the OCPI push queue holds nothing, visible or in flight: every push queued so far was handled. */
async function pushesSettled() {
  const sqs = rt.queues.sqs;
  const url = rt.queues.queueUrls.ocpiPush!;
  await waitFor(
    async () => {
      const { Attributes } = await sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: url,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      );
      const left =
        Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
        Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
      return left === 0 ? true : undefined;
    },
    60_000,
    'the OCPI push queue to settle',
  );
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  admin = await login(rt.url, 'admin', 'Admin12345');
  nul = await startTestEmsp({ countryCode: 'NL', partyId: 'NUL', name: 'Null eMSP' }, ['2.2.1'], {
    nulls: true,
    trailingSlash: true,
  });
  // Its tokens interface: one with nulls for its unset optionals, one the platform cannot accept.
  nul.tokens.push(nul.token('NUL-PULLED-1', 'ALWAYS'), nul.token('NUL-BAD-WL', 'SOMETIMES'));
  const entry = await ok('/admin/emsp/add', {
    name: 'Null eMSP',
    countryCode: 'NL',
    partyId: 'NUL',
    requestUrl: nul.versionsUrl,
    cpoUrl: versions(),
    emspToken: nul.tokenA,
  });
  partnerId = entry.id;
  berlinId = String(
    (await stations.repo.list(PLATFORM_TENANT)).find((s) => s.name === 'Demo Berlin Central')!.id,
  );
  await ok('/admin/emsp/bind', { id: partnerId, stationIds: [berlinId], version: entry.version });
  // Reservations at Berlin (for RESERVE_NOW), with a fee.
  const operator = await login(rt.url, 'operator', 'Operator12345');
  const fee = await ok('/biz/reserveFee/add', { name: 'Interop hold', price: '0.10' }, operator);
  const current = await ok(`/biz/station/info?id=${berlinId}`, undefined, operator);
  const { createTime: _c, updateTime: _u, agentId: _a, ...fields } = current;
  const station: Record<string, unknown> = { ...fields, reserveFlag: true, reserveFeeId: fee.id };
  for (const k of Object.keys(station))
    if (k.endsWith('Set') || k === 'tenant' || k === 'version') delete station[k];
  await ok('/biz/station/update', { ...station, version: current.version }, operator);
  cp = await connectCharger(rt.url, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
  await cp.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Interop' });
}, 120_000);

afterAll(async () => {
  await cp?.close();
  await self?.close();
  await nul?.close();
  await rt?.cleanup();
});

describe('an optional field sent as null is unset, not malformed', () => {
  it('the platform registers at an eMSP whose credentials say website: null, and keeps the tokens it pulls', async () => {
    const registered = await ok('/admin/emsp/register', { id: partnerId });
    expect(registered.error).toBeUndefined();
    expect(registered).toMatchObject({ registered: true, state: { registerFlag: 1, version: '2.2.1' } });
    await waitFor(async () => ((await roamingTokensOf('NUL-PULLED-1')).length === 1 ? true : undefined));
  });

  it('an eMSP registers with the platform sending website: null', async () => {
    // Kept up to the end: the platform pulls its tokens after the handshake (queued).
    self = await startTestEmsp({ countryCode: 'NL', partyId: 'SLF', name: 'Self eMSP' }, ['2.2.1'], {
      nulls: true,
    });
    const given = 'self-given-token-a-1';
    await ok('/admin/emsp/add', {
      name: 'Self eMSP',
      countryCode: 'NL',
      partyId: 'SLF',
      requestUrl: 'https://placeholder.example.com/ocpi/versions',
      cpoUrl: versions(),
      cpoToken: given,
    });
    const answer = await self.register(versions(), given);
    expect(answer.body.status_code, answer.body.status_message).toBe(1000);
    // What the platform answered holds no null.
    expect(nullsIn(answer.body.data)).toEqual([]);
  });

  it('PUT tokens takes a token with visual_number: null', async () => {
    const put = await ocpiRequest(
      `${rt.url}/ocpi/2.2.1/tokens/NL/NUL/NUL-PUT-1`,
      nul.ownToken(),
      'PUT',
      nul.token('NUL-PUT-1', 'ALWAYS'),
    );
    expect(put.body.status_code, put.body.status_message).toBe(1000);
    expect((await roamingTokensOf('NUL-PUT-1')).map((t) => t.partnerId)).toEqual([partnerId]);
    // A PATCH may unset an optional with null, and may not null a required field.
    const patch = (body: object) =>
      ocpiRequest(`${rt.url}/ocpi/2.2.1/tokens/NL/NUL/NUL-PUT-1`, nul.ownToken(), 'PATCH', {
        ...body,
        last_updated: new Date(Date.now() + 1000).toISOString(),
      });
    expect((await patch({ visual_number: null })).body.status_code).toBe(1000);
    expect((await patch({ valid: null })).body.status_code).toBe(2001);
    const kept = await ocpiRequest(`${rt.url}/ocpi/2.2.1/tokens/NL/NUL/NUL-PUT-1`, nul.ownToken());
    expect(kept.body.data).toMatchObject({ uid: 'NUL-PUT-1', valid: true });
    expect(nullsIn(kept.body.data)).toEqual([]);
  });

  it('sends no null: locations, tariffs and its credentials leave unset optionals out', async () => {
    for (const module of ['locations', 'tariffs']) {
      const { items } = await nul.pullAll(module);
      expect(items.length, module).toBeGreaterThan(0);
      expect(nullsIn(items), module).toEqual([]);
    }
    const held = await ocpiRequest(`${rt.url}/ocpi/2.2.1/credentials`, nul.ownToken());
    expect(nullsIn(held.body)).toEqual([]);
  });
});

describe('CiString ids match in any case', () => {
  it('finds a location by its id in capitals, an EVSE by its uid in lower case, and its connector', async () => {
    const base = nul.platformEndpoints.get('locations')!;
    const location = await ocpiRequest(`${base}/${berlinId.toUpperCase()}`, nul.ownToken());
    expect(location.body.status_code, location.body.status_message).toBe(1000);
    expect((location.body.data as any).id).toBe(berlinId);
    const evse = await ocpiRequest(`${base}/${berlinId.toUpperCase()}/demo-cp-001*1`, nul.ownToken());
    expect(evse.body.status_code).toBe(1000);
    expect((evse.body.data as any).uid).toBe('DEMO-CP-001*1');
    const connector = await ocpiRequest(`${base}/${berlinId}/Demo-Cp-001*1/1`, nul.ownToken());
    expect((connector.body.data as any).id).toBe('1');
  });

  it("takes a token whose uid differs from its URL's only in case, its party in lower case", async () => {
    const put = await ocpiRequest(
      `${rt.url}/ocpi/2.2.1/tokens/nl/nul/nul-case-1`,
      nul.ownToken(),
      'PUT',
      nul.token('NUL-CASE-1', 'ALWAYS'),
    );
    expect(put.body.status_code, put.body.status_message).toBe(1000);
    const read = await ocpiRequest(`${rt.url}/ocpi/2.2.1/tokens/NL/NUL/Nul-Case-1`, nul.ownToken());
    expect(read.body.data).toMatchObject({ uid: 'NUL-CASE-1' });
    expect(await roamingTokensOf('nul-case-1')).toHaveLength(1);
  });

  it('START_SESSION, STOP_SESSION and UNLOCK_CONNECTOR name ids in another case; the session and its CDR say COMMAND', async () => {
    const uid = 'NUL-CMD-1';
    const started = command('START_SESSION', {
      response_url: `${nulBase()}/2.2.1/commands/START_SESSION/ci1`,
      token: nul.token(uid, 'NEVER'),
      location_id: berlinId.toUpperCase(),
      evse_uid: 'demo-cp-001*1',
      connector_id: null,
      authorization_reference: null,
    });
    expect(await answerNext('RemoteStartTransaction', { status: 'Accepted' })).toEqual({
      connectorId: 1,
      idTag: uid,
    });
    expect((await started).body.data).toMatchObject({ result: 'ACCEPTED' });
    const start = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: uid,
      meterStart: 10_000,
      timestamp: minutesAgo(10),
    })) as any[];
    expect(start[2].idTagInfo.status).toBe('Accepted');
    const transactionId = Number(start[2].transactionId);
    const sessionId = `${minutesAgo(10).slice(0, 10).replace(/-/g, '')}-DEMO-CP-001-${transactionId}`;
    const put = await waitFor(
      () => nul.received.find((r) => r.method === 'PUT' && r.path === `sessions/DE/EVC/${sessionId}`),
      45_000,
      'the session pushed',
    );
    expect(put.body).toMatchObject({ status: 'ACTIVE', auth_method: 'COMMAND', evse_uid: 'DEMO-CP-001*1' });

    const stopped = command('STOP_SESSION', {
      response_url: `${nulBase()}/2.2.1/commands/STOP_SESSION/ci2`,
      session_id: sessionId.toLowerCase(),
    });
    expect(await answerNext('RemoteStopTransaction', { status: 'Accepted' })).toEqual({ transactionId });
    expect((await stopped).body.data).toMatchObject({ result: 'ACCEPTED' });
    await cp.call('StopTransaction', {
      transactionId,
      meterStop: 14_000,
      timestamp: minutesAgo(1),
      reason: 'Remote',
    });
    const cdr = await waitFor(
      () => nul.received.find((r) => r.path === 'cdrs' && (r.body as any).id === sessionId)?.body as any,
      45_000,
      'the CDR',
    );
    expect(cdr).toMatchObject({ auth_method: 'COMMAND', session_id: sessionId, total_energy: 4 });
    expect(nullsIn(cdr)).toEqual([]);
    expect(nullsIn(put.body)).toEqual([]);
    // The sessions pull says the same.
    const pulled = await ocpiRequest(nul.platformEndpoints.get('sessions')!, nul.ownToken());
    expect((pulled.body.data as any[]).find((s) => s.id === sessionId)).toMatchObject({
      auth_method: 'COMMAND',
    });

    const unlocked = command('UNLOCK_CONNECTOR', {
      response_url: `${nulBase()}/2.2.1/commands/UNLOCK_CONNECTOR/ci3`,
      location_id: berlinId.toUpperCase(),
      evse_uid: 'demo-cp-001*2',
      connector_id: '1',
    });
    expect(await answerNext('UnlockConnector', { status: 'Unlocked' })).toEqual({ connectorId: 2 });
    expect((await unlocked).body.data).toMatchObject({ result: 'ACCEPTED' });
  });

  it('RESERVE_NOW booked as R906733, with a token of nulls, is cancelled as r906733', async () => {
    const reserved = command('RESERVE_NOW', {
      response_url: `${nulBase()}/2.2.1/commands/RESERVE_NOW/ci4`,
      token: nul.token('NUL-RES-1', 'ALWAYS'),
      expiry_date: new Date(Date.now() + 30 * 60_000).toISOString(),
      reservation_id: 'R906733',
      location_id: berlinId,
      evse_uid: 'demo-cp-001*2',
      authorization_reference: null,
    });
    expect(await answerNext('ReserveNow', { status: 'Accepted' })).toMatchObject({
      connectorId: 2,
      idTag: 'NUL-RES-1',
    });
    expect((await reserved).body.data).toMatchObject({ result: 'ACCEPTED' });
    const orderId = (await partnerReservationOrderId(partnerId, 'r906733'))!;
    expect(orderId).toBeDefined();
    await waitFor(async () => ((await getReservation<any>(orderId))?.status === 2 ? true : undefined));
    const cancelled = command('CANCEL_RESERVATION', {
      response_url: `${nulBase()}/2.2.1/commands/CANCEL_RESERVATION/ci5`,
      reservation_id: 'r906733',
    });
    await answerNext('CancelReservation', { status: 'Accepted' });
    expect((await cancelled).body.data).toMatchObject({ result: 'ACCEPTED' });
    // The same id in any case is the same reservation: booked again, it is refused.
    const again = await command('RESERVE_NOW', {
      response_url: `${nulBase()}/2.2.1/commands/RESERVE_NOW/ci6`,
      token: nul.token('NUL-RES-1', 'ALWAYS'),
      expiry_date: new Date(Date.now() + 30 * 60_000).toISOString(),
      reservation_id: 'r906733',
      location_id: berlinId,
      evse_uid: 'DEMO-CP-001*2',
    });
    expect(again.body.data).toMatchObject({ result: 'REJECTED' });
  });
});

describe('a CommandResponse is one of the CommandResponseType values', () => {
  it('answers CANCEL_RESERVATION of an unknown reservation REJECTED, saying why', async () => {
    const answer = await command('CANCEL_RESERVATION', {
      response_url: `${nulBase()}/2.2.1/commands/CANCEL_RESERVATION/none`,
      reservation_id: 'never-booked-1',
    });
    expect(answer.body.status_code).toBe(1000);
    expect(answer.body.data).toMatchObject({
      result: 'REJECTED',
      message: [{ language: 'en', text: expect.stringMatching(/Unknown reservation never-booked-1/) }],
    });
  });
});

describe('a limit above the maximum is served with the maximum', () => {
  it('answers limit=2000 with the first 100 at most, X-Limit 100; negative or not a number stays 2001', async () => {
    for (const module of ['locations', 'tariffs', 'sessions', 'cdrs']) {
      const answer = await ocpiRequest(`${nul.platformEndpoints.get(module)}?limit=2000`, nul.ownToken());
      expect(answer.status, module).toBe(200);
      expect(answer.body.status_code, module).toBe(1000);
      expect(answer.headers.get('x-limit'), module).toBe('100');
    }
    const base = nul.platformEndpoints.get('locations')!;
    for (const bad of ['limit=-1', 'limit=abc', 'limit=0', 'limit=1e3', 'limit=2.5']) {
      const answer = await ocpiRequest(`${base}?${bad}`, nul.ownToken());
      expect(answer.status, bad).toBe(400);
      expect(answer.body.status_code, bad).toBe(2001);
    }
  });
});

describe('real-time authorisation fails closed', () => {
  const keep = async (uid: string, whitelist: string) => {
    const put = await ocpiRequest(
      `${rt.url}/ocpi/2.2.1/tokens/NL/NUL/${uid}`,
      nul.ownToken(),
      'PUT',
      nul.token(uid, whitelist),
    );
    expect(put.body.status_code, uid).toBe(1000);
  };
  const envelope = (data: unknown, code = 1000) =>
    JSON.stringify({ data, status_code: code, timestamp: new Date().toISOString() });

  it('refuses a token whose eMSP answered what cannot be read, and lists each failed exchange', async () => {
    const unreadable: Record<string, { status: number; body: string }> = {
      'FC-BAD-JSON': { status: 200, body: 'allowed, surely' },
      'FC-NO-ENVELOPE': { status: 200, body: JSON.stringify({ allowed: 'ALLOWED' }) },
      'FC-STATUS': { status: 200, body: envelope(undefined, 3000) },
      'FC-BAD-INFO': { status: 200, body: envelope({ allowed: 'MAYBE', token: { uid: 'FC-BAD-INFO' } }) },
    };
    for (const [uid, answer] of Object.entries(unreadable)) {
      await keep(uid, 'ALLOWED');
      nul.rawRealtime.set(uid, answer);
      expect(await idTagStatus(uid), uid).toBe('Invalid');
    }
    const { failures } = await roaming();
    const failed = (uid: string) =>
      failures.find((f: any) => f.call.includes(`/tokens/${uid}/authorize`)) as any;
    expect(failed('FC-BAD-JSON')).toMatchObject({
      call: expect.stringMatching(/^POST http/),
      answer: expect.stringMatching(/not JSON.*allowed, surely/),
      at: expect.any(String),
    });
    expect(failed('FC-NO-ENVELOPE').answer).toMatch(/no envelope/);
    expect(failed('FC-STATUS').answer).toMatch(/OCPI 3000/);
    expect(failed('FC-BAD-INFO').answer).toMatch(/AuthorizationInfo.*allowed/);
  });

  it('takes BLOCKED as BLOCKED when the answer writes its unset optionals as null', async () => {
    await keep('FC-BLOCKED', 'ALLOWED');
    nul.realtime.set('FC-BLOCKED', 'BLOCKED');
    expect(await idTagStatus('FC-BLOCKED')).toBe('Blocked');
  });

  it("lets the token's whitelist decide only when the eMSP cannot be reached", async () => {
    await keep('FC-DOWN-ALLOWED', 'ALLOWED');
    await keep('FC-DOWN-OFFLINE', 'ALLOWED_OFFLINE');
    await keep('FC-DOWN-NEVER', 'NEVER');
    nul.cut.add('tokens');
    try {
      expect(await idTagStatus('FC-DOWN-ALLOWED')).toBe('Accepted');
      expect(await idTagStatus('FC-DOWN-OFFLINE')).toBe('Accepted');
      expect(await idTagStatus('FC-DOWN-NEVER')).toBe('Invalid');
    } finally {
      nul.cut.delete('tokens');
    }
    const { failures } = await roaming();
    expect(failures.some((f: any) => f.call.includes('/tokens/FC-DOWN-NEVER/authorize'))).toBe(true);
  });

  it('asks the eMSP once for an Authorize and the StartTransaction that follows it', async () => {
    const uid = 'FC-ONCE';
    await keep(uid, 'NEVER');
    nul.realtime.set(uid, 'ALLOWED');
    const asked = () => nul.received.filter((r) => r.path === `tokens/${uid}/authorize`).length;
    expect(await idTagStatus(uid)).toBe('Accepted');
    const start = (await cp.call('StartTransaction', {
      connectorId: 2,
      idTag: uid,
      meterStart: 20_000,
      timestamp: minutesAgo(5),
    })) as any[];
    expect(start[2].idTagInfo.status).toBe('Accepted');
    expect(asked()).toBe(1);
    const transactionId = Number(start[2].transactionId);
    const sessionId = `${minutesAgo(5).slice(0, 10).replace(/-/g, '')}-DEMO-CP-001-${transactionId}`;
    const put = await waitFor(
      () => nul.received.find((r) => r.method === 'PUT' && r.path === `sessions/DE/EVC/${sessionId}`),
      45_000,
      'the session pushed',
    );
    expect(put.body).toMatchObject({ auth_method: 'AUTH_REQUEST', authorization_reference: `REF-${uid}` });
    await cp.call('StopTransaction', {
      transactionId,
      meterStop: 21_000,
      timestamp: minutesAgo(1),
      reason: 'Local',
    });
  });
});

// The queue's pushes are waited for: generous time on a busy machine (docs/testing.md).
describe('endpoint URLs and EVSE status pushes', { timeout: 180_000 }, () => {
  const patches = (uid: string, status?: string) =>
    nul.received.filter(
      (r) =>
        r.method === 'PATCH' &&
        r.path === `locations/DE/EVC/${berlinId}/${uid}` &&
        (!status || (r.body as any).status === status),
    );
  const status = (connectorId: number, value: string) =>
    cp.call('StatusNotification', {
      connectorId,
      status: value,
      errorCode: 'NoError',
      timestamp: new Date().toISOString(),
    });
  /** The push of DEMO-CP-001's gun 2 to the nul eMSP, as the queue carries it. */
  const evse2 = () =>
    ({ kind: 'evse', partnerId, stationId: berlinId, chargePointId: 'DEMO-CP-001', connectorNo: 2 }) as const;

  it("joins an endpoint URL ending in a slash with one slash (the eMSP's own example style)", async () => {
    await status(1, 'Faulted');
    await waitFor(() => (patches('DEMO-CP-001*1', 'OUTOFORDER').length ? true : undefined));
    await pushesSettled();
  });

  it('pushes a status once: the same status again, or concurrent deliveries of it, push nothing more', async () => {
    await status(2, 'Faulted');
    await waitFor(() => (patches('DEMO-CP-001*2', 'OUTOFORDER').length ? true : undefined));
    await pushesSettled();
    const push = evse2();
    // Delivered again, six at once: the status is the last one pushed, so nothing is pushed.
    await Promise.all(Array.from({ length: 6 }, () => deliver(push)));
    // The charger says it again: queued, delivered, not pushed.
    await status(2, 'Faulted');
    await pushesSettled();
    expect(patches('DEMO-CP-001*2', 'OUTOFORDER')).toHaveLength(1);
    // A new status, delivered by the queue and six deliveries at once: pushed once.
    const before = patches('DEMO-CP-001*2').length;
    await status(2, 'Available');
    await Promise.all(Array.from({ length: 6 }, () => deliver(push)));
    await pushesSettled();
    expect(
      patches('DEMO-CP-001*2')
        .slice(before)
        .map((r) => (r.body as any).status),
    ).toEqual(['AVAILABLE']);
  });

  it('pushes a status again when the delivery that claimed it failed', async () => {
    nul.failing.add('locations');
    const since = new Date().toISOString();
    await status(2, 'Unavailable');
    // The queue's delivery claimed the status, was answered 503, and gave the claim back.
    await waitFor(async () =>
      (await roaming()).failures.some(
        (f: any) => f.at >= since && f.call.startsWith('PATCH') && /503/.test(f.answer),
      )
        ? true
        : undefined,
    );
    nul.failing.delete('locations');
    expect(patches('DEMO-CP-001*2', 'INOPERATIVE')).toEqual([]);
    await deliver(evse2());
    expect(patches('DEMO-CP-001*2', 'INOPERATIVE').length).toBeGreaterThanOrEqual(1);
  });
});

describe('the roaming view lists every failed exchange', () => {
  it('shows a token dropped from a pull (one the platform cannot accept) with its reason', async () => {
    const state = await roaming();
    const dropped = state.failures.find((f: any) => /NUL-BAD-WL/.test(f.answer));
    expect(dropped).toMatchObject({
      call: expect.stringMatching(/^GET http.*\/tokens/),
      answer: expect.stringMatching(/Token NUL-BAD-WL not kept: whitelist/),
      at: expect.any(String),
    });
    expect(await roamingTokensOf('NUL-BAD-WL')).toEqual([]);
    // Newest first, each with when, the call and the answer.
    const times = state.failures.map((f: any) => f.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
