/* eslint-disable @typescript-eslint/no-explicit-any -- OCPP, OCPI and console answers are loose JSON */
/**
 * A 2.0.1 remote start whose station reports no idToken in its TransactionEvents
 * (docs/decisions/441-remote-start-token-and-reused-transaction-ids.md), against the real runtime with OCPP
 * test chargers over a WebSocket:
 * - the RequestStartTransaction's note keeps the token the platform sent; the Started event that names the
 *   remoteStartId without an idToken takes it: the order has the idTag and is paid by its card;
 * - the Started event lost, the first Updated event naming the remoteStartId opens the session with that
 *   token: the order is paid by the app user the tag is;
 * - a roaming partner's START_SESSION whose Started event has no idToken is still the partner's (decision
 *   432): order and pay type eMSP, no local account charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUsers } from '@functions/accounts/app-users.ts';
import { cards } from '@functions/biz/cards.ts';
import { getOrder } from '@functions/data/orders.ts';
import { stations } from '@functions/chargepoints/sites.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { START_MODE } from '@functions/sessions/transactions.ts';
import { ORDER_TYPE } from '@functions/sessions/session-order.ts';
import { DEMO_APP_USER } from '@infra/local/seed/demo-accounts.ts';
import { DEMO_AGENT_ID, DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { PAY_TYPE } from '@shared/schemas/order.ts';
import { ocpiRequest, startTestEmsp, type TestEmsp } from '../helpers/emsp.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, energyRegister, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

const TENANT = `/${DEMO_AGENT_ID}/`;
const CARD_TAG = 'RST-CARD-201';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let hub: TestEmsp;
const open: OcppClient[] = [];

const at = (ms: number) => new Date(ms).toISOString();
const dayOf = (iso: string) => iso.slice(0, 10).replace(/-/g, '');
const orderOf = (chargePointId: string, transactionId: string, startedAt: number) =>
  waitFor(
    () => getOrder<any>(`${dayOf(at(startedAt))}-${chargePointId}-${transactionId}`),
    60_000,
    `the order of ${transactionId}`,
  );

async function station(id: string) {
  const client = await connectCharger(rt.url, id, DEMO_CHARGER_PASSWORD, ['ocpp2.0.1']);
  open.push(client);
  return client;
}

/** A CALL answered with a CALLRESULT: its payload. */
async function result(client: OcppClient, action: string, payload: object) {
  const frame = await client.call(action, payload);
  expect(frame[0], `${action} answered ${JSON.stringify(frame)}`).toBe(3);
  return frame[2] as Record<string, any>;
}

/** The console's remote start of `idTag` on EVSE 1, accepted by the station: its remoteStartId. */
async function remoteStart(cs: OcppClient, chargePointId: string, idTag: string) {
  const sent = await api(rt.url, operator, '/biz/command/send', {
    chargePointId,
    command: 'remoteStart',
    params: { idTag },
    connectorNo: 1,
  });
  expect(sent.code, `remote start: ${sent.msg}`).toBe(0);
  const call = await cs.next(
    (f) => f[0] === 2 && f[2] === 'RequestStartTransaction' && (f[3] as any).idToken?.idToken === idTag,
    60_000,
  );
  cs.send([3, call[1], { status: 'Accepted' }]);
  return (call[3] as any).remoteStartId as number;
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  await cards.repo.create(
    {
      id: 'rst-card-201',
      cardSn: CARD_TAG,
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
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await hub?.close();
  await rt?.cleanup();
});

describe('a 2.0.1 remote start whose station reports no idToken', () => {
  it('the Started event names the remoteStartId only: the order has the token sent and its card pays', async () => {
    const cs = await station('DEMO-CP-004');
    const remoteStartId = await remoteStart(cs, 'DEMO-CP-004', CARD_TAG);
    const t0 = Date.now() - 20 * 60_000;
    const txId = `rst-card-${Date.now()}`;
    const started = await result(cs, 'TransactionEvent', {
      eventType: 'Started',
      timestamp: at(t0),
      triggerReason: 'RemoteStart',
      seqNo: 0,
      transactionInfo: { transactionId: txId, chargingState: 'Charging', remoteStartId },
      evse: { id: 1, connectorId: 1 },
      meterValue: energyRegister(t0, 10_000),
    });
    // The platform decided the token it sent; the station hears the decision.
    expect(started.idTokenInfo?.status).toBe('Accepted');
    await result(cs, 'TransactionEvent', {
      eventType: 'Ended',
      timestamp: at(t0 + 15 * 60_000),
      triggerReason: 'StopAuthorized',
      seqNo: 1,
      transactionInfo: { transactionId: txId, stoppedReason: 'Local' },
      meterValue: energyRegister(t0 + 15 * 60_000, 15_000),
    });
    const order = await orderOf('DEMO-CP-004', txId, t0);
    expect(order).toMatchObject({
      idTag: CARD_TAG,
      startMode: START_MODE.app,
      energyWh: 5000,
      orderType: ORDER_TYPE.operator,
      payType: PAY_TYPE.cardBalance,
      payFlag: 1,
      cardId: 'rst-card-201',
    });
    expect(order.unpaidReason).toBeUndefined();
    expect(Number(order.actualFee)).toBeGreaterThan(0);
    const card = (await cards.repo.getAny('rst-card-201'))!;
    expect(Math.round((100 - Number(card.balance)) * 100)).toBe(Math.round(Number(order.actualFee) * 100));
  }, 240_000);

  it('the Started event lost, an Updated event naming the remoteStartId opens it: the app user pays', async () => {
    const cs = await station('DEMO-CP-005');
    const before = Number((await appUsers.getAny(DEMO_APP_USER.id))!.accountBalance);
    const remoteStartId = await remoteStart(cs, 'DEMO-CP-005', DEMO_APP_USER.tag);
    const t0 = Date.now() - 10 * 60_000;
    const txId = `rst-app-${Date.now()}`;
    await result(cs, 'TransactionEvent', {
      eventType: 'Updated',
      timestamp: at(t0),
      triggerReason: 'MeterValuePeriodic',
      seqNo: 1,
      transactionInfo: { transactionId: txId, chargingState: 'Charging', remoteStartId },
      evse: { id: 1, connectorId: 1 },
      meterValue: energyRegister(t0, 2_000),
    });
    await result(cs, 'TransactionEvent', {
      eventType: 'Ended',
      timestamp: at(t0 + 5 * 60_000),
      triggerReason: 'EVCommunicationLost',
      seqNo: 2,
      transactionInfo: { transactionId: txId, stoppedReason: 'EVDisconnected' },
      meterValue: energyRegister(t0 + 5 * 60_000, 3_000),
    });
    const order = await orderOf('DEMO-CP-005', txId, t0);
    expect(order).toMatchObject({
      idTag: DEMO_APP_USER.tag,
      startMode: START_MODE.app,
      energyWh: 1000,
      payType: PAY_TYPE.appBalance,
      payFlag: 1,
      appUserId: DEMO_APP_USER.id,
    });
    const after = Number((await appUsers.getAny(DEMO_APP_USER.id))!.accountBalance);
    expect(Math.round((before - after) * 100)).toBe(Math.round(Number(order.actualFee) * 100));
  }, 240_000);

  it("a roaming partner's START_SESSION without an idToken in the Started event stays the partner's", async () => {
    hub = await startTestEmsp({ countryCode: 'NL', partyId: 'RST', name: 'Token hub' });
    const admin = await login(rt.url, 'admin', 'Admin12345');
    const ok = async (path: string, body: unknown) => {
      const answer = await api(rt.url, admin, path, body);
      expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
      return answer.data;
    };
    const entry = await ok('/admin/emsp/add', {
      name: 'Token hub',
      countryCode: 'NL',
      partyId: 'RST',
      requestUrl: hub.versionsUrl,
      cpoUrl: `${rt.url}/ocpi/versions`,
      emspToken: hub.tokenA,
    });
    const munich = (await stations.repo.list(PLATFORM_TENANT)).find((s) => s.name === 'Demo Munich Garage')!;
    await ok('/admin/emsp/bind', { id: entry.id, stationIds: [munich.id], version: entry.version });
    expect((await ok('/admin/emsp/register', { id: entry.id })).registered).toBe(true);

    const cs = await station('DEMO-CP-004');
    const uid = 'RST-ROAM-201';
    const answer = ocpiRequest(
      `${hub.platformEndpoints.get('commands')}/START_SESSION`,
      hub.ownToken(),
      'POST',
      {
        response_url: `${hub.versionsUrl.replace('/versions', '')}/2.2.1/commands/START_SESSION/rst`,
        token: hub.token(uid, 'NEVER'),
        location_id: munich.id,
        evse_uid: 'DEMO-CP-004*1',
      },
    );
    const call = await cs.next(
      (f) => f[0] === 2 && f[2] === 'RequestStartTransaction' && (f[3] as any).idToken?.idToken === uid,
      60_000,
    );
    const remoteStartId = (call[3] as any).remoteStartId as number;
    cs.send([3, call[1], { status: 'Accepted' }]);
    expect((await answer).body.data).toMatchObject({ result: 'ACCEPTED' });
    const t0 = Date.now() - 20 * 60_000;
    const txId = `rst-roam-${Date.now()}`;
    await result(cs, 'TransactionEvent', {
      eventType: 'Started',
      timestamp: at(t0),
      triggerReason: 'RemoteStart',
      seqNo: 0,
      transactionInfo: { transactionId: txId, chargingState: 'Charging', remoteStartId },
      evse: { id: 1, connectorId: 1 },
      meterValue: energyRegister(t0, 30_000),
    });
    await result(cs, 'TransactionEvent', {
      eventType: 'Ended',
      timestamp: at(t0 + 15 * 60_000),
      triggerReason: 'StopAuthorized',
      seqNo: 1,
      transactionInfo: { transactionId: txId, stoppedReason: 'Local' },
      meterValue: energyRegister(t0 + 15 * 60_000, 34_000),
    });
    const order = await orderOf('DEMO-CP-004', txId, t0);
    expect(order).toMatchObject({
      idTag: uid,
      orderType: ORDER_TYPE.emsp,
      payType: PAY_TYPE.emsp,
      emspId: entry.id,
      energyWh: 4000,
    });
    expect(order.cardId).toBeUndefined();
    expect(order.appUserId).toBeUndefined();
  }, 240_000);
});
