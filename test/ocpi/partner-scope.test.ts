/* eslint-disable @typescript-eslint/no-explicit-any -- OCPI and OCPP answers are loose JSON */
/**
 * A roaming partner's scope (docs/decisions/432-one-payer-per-idtag-and-partner-scope.md), against the real
 * runtime, the tests' own eMSP and OCPP test chargers:
 * - START_SESSION and RESERVE_NOW with a local payer's tag of the station's company (a card, a fleet driver's
 *   tag, an app user's card number) or with another party's token are REJECTED with a reason; nothing is kept,
 *   nothing reaches the charger and no local balance moves;
 * - roaming's real-time authorisation never decides a local payer's tag, even one the partner pushed;
 * - a session the partner's own START_SESSION started is the partner's (order and pay type eMSP, its CDR owed)
 *   even when the uid has meanwhile become a local card: 1.6 (the remote start's mark) and 2.0.1 (its
 *   remoteStartId).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUsers, createAppUser } from '@functions/accounts/app-users.ts';
import { cards } from '@functions/biz/cards.ts';
import { getOrder } from '@functions/data/orders.ts';
import { getCdr } from '@functions/data/roaming-cdrs.ts';
import { roamingTokensOf } from '@functions/data/roaming-tokens.ts';
import { chargePointById, stations } from '@functions/chargepoints/sites.ts';
import { fleets } from '@functions/accounts/fleets.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { authorizeRoaming } from '@functions/ocpi/tokens.ts';
import { ORDER_TYPE } from '@functions/sessions/session-order.ts';
import { DEMO_FLEET } from '@infra/local/seed/demo-accounts.ts';
import { DEMO_AGENT_ID, DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { PAY_TYPE } from '@shared/schemas/order.ts';
import { ocpiRequest, startTestEmsp, type TestEmsp } from '../helpers/emsp.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, energyRegister, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

const TENANT = `/${DEMO_AGENT_ID}/`;
const CARD_TAG = 'SIM-TAG-002';
const APP_TAG = 'PS-APP-TAG-1';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let hub: TestEmsp;
let cp: OcppClient;
let partnerId: string;
let berlinId: string;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const dayOf = (iso: string) => iso.slice(0, 10).replace(/-/g, '');
const command = (type: string, body: object) =>
  ocpiRequest(`${hub.platformEndpoints.get('commands')}/${type}`, hub.ownToken(), 'POST', body);
const responseUrl = (name: string) => `${hub.versionsUrl.replace('/versions', '')}/2.2.1/commands/${name}`;

/** The local balances a misbilled roaming session would move. */
async function localBalances() {
  const card = (await cards.repo.getAny('demo-card-2'))!;
  const fleet = (await fleets.getAny(DEMO_FLEET.id))!;
  const user = (await appUsers.getAny('ps-app-user'))!;
  return { card: card.balance, fleet: fleet.balance, app: user.accountBalance };
}

/** A card of the station's company, with a balance, made with a number a partner's session already uses. */
const lateCard = (id: string, cardSn: string) =>
  cards.repo.create(
    {
      id,
      cardSn,
      receiveStatus: 2,
      status: 0,
      blackFlag: 0,
      type: 1,
      useScopeList: [],
      pileIds: [],
      balance: 100,
      tenant: TENANT,
    },
    TENANT,
  );

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  hub = await startTestEmsp({ countryCode: 'NL', partyId: 'SCP', name: 'Scope hub' });
  const admin = await login(rt.url, 'admin', 'Admin12345');
  const ok = async (path: string, body: unknown) => {
    const answer = await api(rt.url, admin, path, body);
    expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
    return answer.data;
  };
  const entry = await ok('/admin/emsp/add', {
    name: 'Scope hub',
    countryCode: 'NL',
    partyId: 'SCP',
    requestUrl: hub.versionsUrl,
    cpoUrl: `${rt.url}/ocpi/versions`,
    emspToken: hub.tokenA,
  });
  partnerId = entry.id;
  const all = await stations.repo.list(PLATFORM_TENANT);
  const bound = ['Demo Berlin Central', 'Demo Munich Garage'].map(
    (name) => all.find((s) => s.name === name)!.id,
  );
  berlinId = bound[0]!;
  await ok('/admin/emsp/bind', { id: entry.id, stationIds: bound, version: entry.version });
  expect((await ok('/admin/emsp/register', { id: entry.id })).registered).toBe(true);
  // An app user of the station's company, with money to lose.
  await createAppUser(
    { id: 'ps-app-user', userName: 'Scope app user', cardNo: APP_TAG, accountBalance: 50 },
    TENANT,
  );
  cp = await connectCharger(rt.url, 'DEMO-CP-003', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
  await cp.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Scope' });
}, 120_000);

afterAll(async () => {
  await cp?.close();
  await hub?.close();
  await rt?.cleanup();
});

describe("a partner's commands name only its own tokens", () => {
  it("refuses START_SESSION with a local card's, a fleet driver's or an app user's tag; nothing is charged", async () => {
    const before = await localBalances();
    for (const uid of [CARD_TAG, DEMO_FLEET.driverTag, APP_TAG, APP_TAG.toLowerCase()]) {
      const answer = await command('START_SESSION', {
        response_url: responseUrl(`START_SESSION/local-${uid}`),
        token: hub.token(uid, 'ALWAYS'),
        location_id: berlinId,
        evse_uid: 'DEMO-CP-003*1',
      });
      expect(answer.body.status_code, uid).toBe(1000);
      expect(answer.body.data, uid).toMatchObject({
        result: 'REJECTED',
        message: [{ language: 'en', text: expect.stringMatching(/account of the charge point operator/) }],
      });
      // Nothing kept for the partner under that uid, nothing sent to the charger.
      expect(await roamingTokensOf(uid), uid).toEqual([]);
    }
    expect(
      cp.received.filter((f) => f[0] === 2 && f[2] === 'RemoteStartTransaction'),
      'no remote start reached the charger',
    ).toEqual([]);
    // The charger then starting with such a tag is the local payer's own session, never the partner's: and the
    // refused commands moved no money.
    expect(await localBalances()).toEqual(before);
  });

  it('refuses RESERVE_NOW with a local tag, and a token of another party', async () => {
    const reserve = (uid: string, token = hub.token(uid, 'ALWAYS')) =>
      command('RESERVE_NOW', {
        response_url: responseUrl(`RESERVE_NOW/${uid}`),
        token,
        expiry_date: new Date(Date.now() + 30 * 60_000).toISOString(),
        reservation_id: `ps-${uid}`,
        location_id: berlinId,
        evse_uid: 'DEMO-CP-003*1',
      });
    for (const uid of [CARD_TAG, DEMO_FLEET.vehicleTag, APP_TAG])
      expect((await reserve(uid)).body.data, uid).toMatchObject({
        result: 'REJECTED',
        message: [{ text: expect.stringMatching(/account of the charge point operator/) }],
      });
    const foreign = { ...hub.token('PS-FOREIGN-1', 'ALWAYS'), country_code: 'DE', party_id: 'XYZ' };
    const refused = await reserve('PS-FOREIGN-1', foreign);
    expect(refused.body.data).toMatchObject({
      result: 'REJECTED',
      message: [{ text: expect.stringMatching(/another party/) }],
    });
    const start = await command('START_SESSION', {
      response_url: responseUrl('START_SESSION/foreign'),
      token: foreign,
      location_id: berlinId,
      evse_uid: 'DEMO-CP-003*1',
    });
    expect(start.body.data).toMatchObject({ result: 'REJECTED' });
    expect(await roamingTokensOf('PS-FOREIGN-1')).toEqual([]);
    expect(cp.received.filter((f) => f[0] === 2 && f[2] === 'ReserveNow')).toEqual([]);
  });

  it("never lets roaming decide a local payer's tag, even one the partner pushed as its own", async () => {
    const pushed = hub.token('SIM-TAG-003', 'ALWAYS');
    const put = await ocpiRequest(
      `${rt.url}/ocpi/2.2.1/tokens/NL/SCP/SIM-TAG-003`,
      hub.ownToken(),
      'PUT',
      pushed,
    );
    expect(put.body.status_code).toBe(1000);
    expect((await roamingTokensOf('SIM-TAG-003')).map((t) => t.partnerId)).toEqual([partnerId]);
    expect(await authorizeRoaming('SIM-TAG-003', { stationId: berlinId, tenant: TENANT })).toBeUndefined();
    // A token of the partner only: roaming decides it.
    hub.tokens.push(hub.token('PS-OWN-1', 'ALWAYS'));
    const own = hub.token('PS-OWN-1', 'ALWAYS');
    await ocpiRequest(`${rt.url}/ocpi/2.2.1/tokens/NL/SCP/PS-OWN-1`, hub.ownToken(), 'PUT', own);
    expect(await authorizeRoaming('PS-OWN-1', { stationId: berlinId, tenant: TENANT })).toEqual({
      status: 'Accepted',
      partnerId,
      authMethod: 'WHITELIST',
    });
    // At the charger the card is the card's, as before.
    const started = (await cp.call('Authorize', { idTag: 'SIM-TAG-003' })) as any[];
    expect(started[2].idTagInfo.status).toBe('Accepted');
  });
});

describe("a session the partner's START_SESSION started is the partner's", () => {
  it('1.6: billed to the partner even when its uid has become a local card meanwhile', async () => {
    const uid = 'PS-BIND-16';
    const answer = command('START_SESSION', {
      response_url: responseUrl('START_SESSION/bind16'),
      token: hub.token(uid, 'NEVER'),
      location_id: berlinId,
      evse_uid: 'DEMO-CP-003*1',
    });
    const call = await cp.next(
      (f) => f[0] === 2 && f[2] === 'RemoteStartTransaction' && (f[3] as any).idTag === uid,
      10_000,
    );
    cp.send([3, call[1], { status: 'Accepted' }]);
    expect((await answer).body.data).toMatchObject({ result: 'ACCEPTED' });
    await waitFor(
      () => hub.received.some((r) => r.path === 'commands/START_SESSION/bind16'),
      20_000,
      'the command result',
    );
    // Meanwhile the same number becomes a card of the station's company, with a balance.
    await lateCard('ps-late-card', uid);
    const start = minutesAgo(20);
    const started = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: uid,
      meterStart: 500_000,
      timestamp: start,
    })) as any[];
    expect(started[2].idTagInfo.status).toBe('Accepted');
    const transactionId = Number(started[2].transactionId);
    await cp.call('StopTransaction', {
      transactionId,
      meterStop: 506_000,
      timestamp: minutesAgo(1),
      idTag: uid,
      reason: 'Local',
    });
    const orderNo = `${dayOf(start)}-DEMO-CP-003-${transactionId}`;
    const order = await waitFor(() => getOrder<any>(orderNo), 20_000, 'the order');
    expect(order).toMatchObject({
      orderType: ORDER_TYPE.emsp,
      payType: PAY_TYPE.emsp,
      payFlag: 1,
      emspId: partnerId,
      startMode: 1,
    });
    expect(order.cardId).toBeUndefined();
    expect(Number(order.actualFee)).toBeGreaterThan(0);
    expect((await cards.repo.getAny('ps-late-card'))!.balance).toBe(100);
    expect(await getCdr(orderNo)).toBeDefined();
  });

  it('2.0.1: billed to the partner by the remoteStartId its Started event names', async () => {
    const cs = await connectCharger(rt.url, 'DEMO-CP-004', DEMO_CHARGER_PASSWORD, ['ocpp2.0.1']);
    try {
      const uid = 'PS-BIND-201';
      const munich = String((await chargePointById('DEMO-CP-004'))!.stationId);
      const answer = command('START_SESSION', {
        response_url: responseUrl('START_SESSION/bind201'),
        token: hub.token(uid, 'NEVER'),
        location_id: munich,
        evse_uid: 'DEMO-CP-004*1',
      });
      const call = await cs.next(
        (f) => f[0] === 2 && f[2] === 'RequestStartTransaction' && (f[3] as any).idToken?.idToken === uid,
        10_000,
      );
      const remoteStartId = (call[3] as any).remoteStartId as number;
      cs.send([3, call[1], { status: 'Accepted' }]);
      expect((await answer).body.data).toMatchObject({ result: 'ACCEPTED' });
      await lateCard('ps-late-card-201', uid);
      const txId = `ps-tx-${Date.now()}`;
      const t0 = Date.now() - 20 * 60_000;
      const at = (ms: number) => new Date(ms).toISOString();
      const started = (await cs.call('TransactionEvent', {
        eventType: 'Started',
        timestamp: at(t0),
        triggerReason: 'RemoteStart',
        seqNo: 0,
        transactionInfo: { transactionId: txId, chargingState: 'Charging', remoteStartId },
        evse: { id: 1, connectorId: 1 },
        idToken: { idToken: uid, type: 'Central' },
        meterValue: energyRegister(t0, 10_000),
      })) as any[];
      expect(started[2].idTokenInfo.status).toBe('Accepted');
      await cs.call('TransactionEvent', {
        eventType: 'Ended',
        timestamp: at(t0 + 15 * 60_000),
        triggerReason: 'StopAuthorized',
        seqNo: 1,
        transactionInfo: { transactionId: txId, stoppedReason: 'Local' },
        meterValue: energyRegister(t0 + 15 * 60_000, 15_000),
      });
      const orderNo = `${dayOf(at(t0))}-DEMO-CP-004-${txId}`;
      const order = await waitFor(() => getOrder<any>(orderNo), 20_000, 'the order');
      expect(order).toMatchObject({
        orderType: ORDER_TYPE.emsp,
        payType: PAY_TYPE.emsp,
        emspId: partnerId,
      });
      expect(order.cardId).toBeUndefined();
      expect((await cards.repo.getAny('ps-late-card-201'))!.balance).toBe(100);
    } finally {
      await cs.close();
    }
  });
});
