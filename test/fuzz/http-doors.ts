/**
 * The doors of the HTTP fuzz pass (docs/decisions/355-fuzz-pass.md) besides the console's: the driver-app
 * API (`/app/...`, functions/driverapp), OCPI (`/ocpi/...`, functions/ocpi) and Stripe's webhook
 * (`/admin/subscribe/webhook`, functions/plans/webhook.ts). For each: who the pass calls it as (a
 * signed-in app user, a registered OCPI partner, Stripe with a correct signature), how it gets and keeps that
 * session through the real API, and the well-formed requests its bad input starts from (a field of one is made
 * wrong, so the input gets past the first checks and reaches the code behind them).
 */
import { createHmac } from 'node:crypto';
import type { HttpRouteDecl } from '@shared/topology/types.ts';
import { DEMO_AGENT_ID } from '@infra/local/seed/demo-chargers.ts';
import { api } from '../helpers/identity.ts';
import { ocpiRequest, startTestEmsp, type TestEmsp } from '../helpers/emsp.ts';
import { paymentMethod } from '../helpers/payments.ts';

export type Door = 'console' | 'app' | 'ocpi' | 'webhook';
export const DOORS: readonly Door[] = ['console', 'app', 'ocpi', 'webhook'];
export const WEBHOOK_PATHS = new Set(['/admin/subscribe/webhook']);

export const doorOf = (route: Pick<HttpRouteDecl, 'path'>): Door =>
  route.path.startsWith('/app/')
    ? 'app'
    : route.path.startsWith('/ocpi/')
      ? 'ocpi'
      : WEBHOOK_PATHS.has(route.path)
        ? 'webhook'
        : 'console';

/** Who a request is sent as: `stripe` is a webhook body signed with the endpoint's secret. */
export type CallerKind = 'anonymous' | 'admin' | 'operator' | 'app' | 'partner' | 'stripe';
export type SessionKind = 'admin' | 'operator' | 'app' | 'partner';

/** The fixed facts the well-formed requests are made of (ids of what the pass set up). */
export interface DoorFacts {
  /** The company whose app the fuzz user signed up in. */
  operatorId: string;
  /**
   * An e-mail the sign-in requests use, never the fuzz user's: the wrong passwords sent to sign-in would
   * otherwise count against the fuzz user and lock it once sign-in locks after failures.
   */
  decoyEmail: string;
  /** A card the Stripe stand-in accepts (top-ups that really pay), or a made-up id without the stand-in. */
  paymentMethodId: string;
  /** A station bound to the fuzz partner (an OCPI location) and one of its charge points' connectors. */
  locationId: string;
  chargePointId: string;
  connectorNo: number;
  /** The fuzz partner's OCPI party and its versions URL (where command results are posted). */
  countryCode: string;
  partyId: string;
  emspBase: string;
  /** The webhook endpoint's signing secret (undefined: the runtime has no Stripe stand-in). */
  webhookSecret?: string;
}

export interface DoorSessions {
  tokens: Record<SessionKind, string | undefined>;
  facts: DoorFacts;
  /** Sessions found dead and signed in again (app) or registered again (partner), by kind. */
  renewed: Record<SessionKind, number>;
  /**
   * Called after a 401 to a request sent with `used`: when that session is really gone (the pass signed the
   * app user out, or the partner unregistered itself with DELETE /credentials), a new one is made.
   */
  renew(kind: SessionKind, used: string): Promise<void>;
  /** Whether the app and partner sessions still work (signed in again first if they had to be). */
  stillWorking(): Promise<{ app: boolean; partner: boolean }>;
  close(): Promise<void>;
}

const FUZZ_PASSWORD = 'Fuzz12345';
const encode = (token: string) => Buffer.from(token, 'utf8').toString('base64');

/** The partner's OCPI party (three letters of OCPI's party id). */
const PARTY = { countryCode: 'NL', partyId: 'FZZ', name: 'Fuzz eMSP' };

interface RuntimeLike {
  url: string;
  stripe?: { url: string; publishableKey: string; webhookSecret: string };
}

/**
 * Signs the app user up and in, registers the fuzz partner with the tests' own eMSP (the credentials
 * handshake, as test/ocpi/ocpi.test.ts does) after binding it a station, and makes a card at the Stripe
 * stand-in.
 */
export async function openDoors(
  runtime: RuntimeLike,
  seed: number,
  staff: { admin: string; operator: string },
): Promise<DoorSessions> {
  const base = runtime.url;
  const email = `fuzz-rider-${seed}@example.com`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: { token?: string } };
  };
  const signIn = async () => {
    const answer = await post('/app/auth/signIn', {
      operatorId: DEMO_AGENT_ID,
      email,
      password: FUZZ_PASSWORD,
      source: 2,
    });
    if (answer.code !== 0 || !answer.data.token)
      throw new Error(`fuzz app user: sign-in refused (${answer.msg})`);
    return answer.data.token;
  };
  await post('/app/auth/signUp', {
    operatorId: DEMO_AGENT_ID,
    email,
    password: FUZZ_PASSWORD,
    userName: 'Fuzz Rider',
    source: 1,
  });
  const app = await signIn();

  // A charge point of a station, to bind and to name in the well-formed requests.
  const points = await api(base, staff.admin, '/biz/chargePoint/list', { current: 1, size: 50 });
  const point = (points.data?.records ?? []).find((p: { stationId?: string }) => p.stationId) as
    { id: string; stationId: string } | undefined;
  if (!point) throw new Error('fuzz pass: no charge point with a station to bind to the OCPI partner');

  const emsp: TestEmsp = await startTestEmsp(PARTY);
  const versions = `${base}/ocpi/versions`;
  let given = 0;
  const givenToken = () => `fuzz-given-${seed}-${++given}`;
  const firstGiven = givenToken();
  const added = await api(base, staff.admin, '/admin/emsp/add', {
    name: PARTY.name,
    countryCode: PARTY.countryCode,
    partyId: PARTY.partyId,
    requestUrl: 'https://placeholder.example.com/ocpi/versions',
    cpoUrl: versions,
    cpoToken: firstGiven,
  });
  if (added.code !== 0) throw new Error(`fuzz partner: ${added.msg}`);
  const partnerId = added.data.id as string;
  const bound = await api(base, staff.admin, '/admin/emsp/bind', {
    id: partnerId,
    stationIds: [point.stationId],
    version: added.data.version,
  });
  if (bound.code !== 0) throw new Error(`fuzz partner: bind ${bound.msg}`);
  const register = async (token: string) => {
    const answer = await emsp.register(versions, token);
    if (answer.body.status_code !== 1000 || !emsp.ownToken())
      throw new Error(`fuzz partner: registration refused (${answer.body.status_message})`);
    return emsp.ownToken()!;
  };
  const partner = await register(firstGiven);
  /** After an unregistration (DELETE /credentials): the operator gives a new token, the eMSP registers. */
  const registerAgain = async () => {
    const info = await api(base, staff.admin, `/admin/emsp/info?id=${partnerId}`);
    const token = givenToken();
    const updated = await api(base, staff.admin, '/admin/emsp/update', {
      id: partnerId,
      version: info.data.version,
      name: PARTY.name,
      countryCode: PARTY.countryCode,
      partyId: PARTY.partyId,
      requestUrl: 'https://placeholder.example.com/ocpi/versions',
      cpoUrl: versions,
      cpoToken: token,
    });
    if (updated.code !== 0) throw new Error(`fuzz partner: update ${updated.msg}`);
    return register(token);
  };

  const paymentMethodId = runtime.stripe
    ? await paymentMethod(runtime.stripe, '4242424242424242')
    : 'pm_card_visa';

  const tokens: DoorSessions['tokens'] = { ...staff, app, partner };
  const renewed: DoorSessions['renewed'] = { admin: 0, operator: 0, app: 0, partner: 0 };
  const working = {
    app: async (token: string) => (await api(base, token, '/app/user/profile')).code === 0,
    partner: async (token: string) =>
      (await ocpiRequest(`${base}/ocpi/2.2.1/locations`, token)).status === 200,
  };
  const renewing: Partial<Record<SessionKind, Promise<void>>> = {};
  const renew = (kind: SessionKind, used: string): Promise<void> => {
    if (kind !== 'app' && kind !== 'partner') return Promise.resolve();
    if (tokens[kind] !== used) return Promise.resolve();
    renewing[kind] ??= (async () => {
      if (await working[kind](used)) return;
      tokens[kind] = kind === 'app' ? await signIn() : await registerAgain();
      renewed[kind] += 1;
    })().finally(() => delete renewing[kind]);
    return renewing[kind];
  };
  return {
    tokens,
    renewed,
    facts: {
      operatorId: DEMO_AGENT_ID,
      decoyEmail: `fuzz-decoy-${seed}@example.com`,
      paymentMethodId,
      locationId: point.stationId,
      chargePointId: point.id,
      connectorNo: 1,
      countryCode: PARTY.countryCode,
      partyId: PARTY.partyId,
      emspBase: emsp.versionsUrl.replace(/\/ocpi\/versions$/, ''),
      webhookSecret: runtime.stripe?.webhookSecret,
    },
    renew,
    async stillWorking() {
      await renew('app', tokens.app!).catch(() => undefined);
      await renew('partner', tokens.partner!).catch(() => undefined);
      return { app: await working.app(tokens.app!), partner: await working.partner(tokens.partner!) };
    },
    close: () => emsp.close(),
  };
}

/** `Authorization` of a session at its door: staff and app tokens are bearer tokens, OCPI's base64. */
export function authorizationOf(kind: SessionKind, token: string, plain = false): string {
  return kind === 'partner' ? `Token ${plain ? token : encode(token)}` : `Bearer ${token}`;
}

/** Stripe's `Stripe-Signature` over the exact bytes sent: `t=<seconds>,v1=<HMAC-SHA256 of "t.body">`. */
export function stripeSignature(
  body: Buffer | undefined,
  secret: string,
  at = Math.floor(Date.now() / 1000),
) {
  const v1 = createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${at}.`), body ?? Buffer.alloc(0)]))
    .digest('hex');
  return `t=${at},v1=${v1}`;
}

// ---- Well-formed requests ----------------------------------------------------------------------------------

/** A JSON number (or other token) written as is, for what JSON.stringify cannot write (1e309, -0, 0x10). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value, with RawJson tokens written as they are. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) =>
    v instanceof RawJson ? `\u0000RAW${raws.push(v.text) - 1}\u0000` : v,
  );
  return (text ?? 'null').replace(/"\\u0000RAW(\d+)\\u0000"/g, (_, i: string) => raws[Number(i)]!);
}

type Json = Record<string, unknown>;

const ocpiToken = (facts: DoorFacts, uid: string): Json => ({
  country_code: facts.countryCode,
  party_id: facts.partyId,
  uid,
  type: 'RFID',
  contract_id: `${facts.countryCode}-${facts.partyId}-C${uid}`,
  issuer: 'Fuzz eMSP',
  valid: true,
  whitelist: 'ALLOWED',
  last_updated: new Date().toISOString(),
});

export const OCPI_COMMANDS = [
  'START_SESSION',
  'STOP_SESSION',
  'UNLOCK_CONNECTOR',
  'RESERVE_NOW',
  'CANCEL_RESERVATION',
] as const;

/** The OCPI path parameters of a well-formed request (the partner's own party, the bound location). */
export function ocpiParams(facts: DoorFacts, uid: string, command: string): Record<string, string> {
  return {
    locationId: facts.locationId,
    evseUid: `${facts.chargePointId}*${facts.connectorNo}`,
    connectorId: String(facts.connectorNo),
    countryCode: facts.countryCode,
    partyId: facts.partyId,
    tokenUid: uid,
    command,
  };
}

/**
 * A request the route would take (the body; `command` for OCPI's commands route), from which the pass makes
 * bad ones. `unique` varies ids between requests (uids, reservation ids, e-mails, request ids).
 */
export function wellFormed(route: string, facts: DoorFacts, unique: string, command = 'START_SESSION'): Json {
  const evse = `${facts.chargePointId}*${facts.connectorNo}`;
  const responseUrl = `${facts.emspBase}/ocpi/2.2.1/commands/${command}/${unique}`;
  const inAnHour = new Date(Date.now() + 60 * 60_000).toISOString();
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
  switch (route) {
    case 'POST /app/auth/signUp':
      return {
        operatorId: facts.operatorId,
        email: `fuzz-new-${unique}@example.com`,
        password: FUZZ_PASSWORD,
        userName: 'Fuzz New',
        phone: '+49 1',
        source: 1,
      };
    case 'POST /app/auth/signIn':
      return { operatorId: facts.operatorId, email: facts.decoyEmail, password: 'Wrong12345', source: 2 };
    case 'POST /app/user/update':
      return { userName: 'Fuzz Rider', phone: '+49 2' };
    case 'POST /app/wallet/topUp':
      return { amount: 5, paymentMethodId: facts.paymentMethodId, requestId: `fuzz-${unique}` };
    case 'POST /app/wallet/confirm':
      return { paymentId: `pi_fuzz_${unique}` };
    case 'POST /app/charge/start':
      return {
        chargePointId: facts.chargePointId,
        connectorNo: facts.connectorNo,
        chargeType: 3,
        chargeValue: '2.50',
      };
    case 'POST /app/charge/stop':
      return { chargePointId: facts.chargePointId, connectorNo: facts.connectorNo };
    case 'POST /app/order/list':
    case 'POST /app/reservation/list':
      return {
        current: 1,
        size: 10,
        orderBy: 'createTime',
        order: 'desc',
        startTime: day(-1),
        endTime: day(1),
      };
    case 'POST /ocpi/2.2.1/credentials':
    case 'PUT /ocpi/2.2.1/credentials':
      // A token the eMSP does not accept: a handshake that went through would change the partner's token.
      return {
        token: `fuzz-not-accepted-${unique}`,
        url: `${facts.emspBase}/ocpi/versions`,
        roles: [
          {
            role: 'EMSP',
            country_code: facts.countryCode,
            party_id: facts.partyId,
            business_details: { name: 'Fuzz eMSP' },
          },
        ],
      };
    case 'PUT /ocpi/2.2.1/tokens/{countryCode}/{partyId}/{tokenUid}':
      return ocpiToken(facts, `FZ${unique}`);
    case 'PATCH /ocpi/2.2.1/tokens/{countryCode}/{partyId}/{tokenUid}':
      return { whitelist: 'NEVER', valid: false, last_updated: new Date().toISOString() };
    case 'POST /ocpi/2.2.1/commands/{command}':
      switch (command) {
        case 'STOP_SESSION':
          return { response_url: responseUrl, session_id: `S${unique}` };
        case 'UNLOCK_CONNECTOR':
          return {
            response_url: responseUrl,
            location_id: facts.locationId,
            evse_uid: evse,
            connector_id: String(facts.connectorNo),
          };
        case 'RESERVE_NOW':
          return {
            response_url: responseUrl,
            token: ocpiToken(facts, `FZ${unique}`),
            expiry_date: inAnHour,
            reservation_id: `R${unique}`,
            location_id: facts.locationId,
            evse_uid: evse,
          };
        case 'CANCEL_RESERVATION':
          return { response_url: responseUrl, reservation_id: `R${unique}` };
        default:
          return {
            response_url: responseUrl,
            token: ocpiToken(facts, `FZ${unique}`),
            location_id: facts.locationId,
            evse_uid: evse,
            connector_id: String(facts.connectorNo),
          };
      }
    default:
      return {};
  }
}

/** A Stripe event as the webhook gets it, about a payment that is not one of the platform's. */
export function stripeEvent(unique: string, type = 'payment_intent.succeeded'): Json {
  const charge = type.startsWith('charge.');
  return {
    id: `evt_fuzz_${unique}`,
    object: 'event',
    api_version: '2024-06-20',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type,
    data: {
      object: charge
        ? {
            id: `ch_fuzz_${unique}`,
            object: 'charge',
            amount: 500,
            amount_refunded: 500,
            currency: 'eur',
            status: 'succeeded',
            payment_intent: `pi_fuzz_${unique}`,
            metadata: { subscribeId: `sub-${unique}`, agentId: 'demo-operator' },
          }
        : {
            id: `pi_fuzz_${unique}`,
            object: 'payment_intent',
            amount: 500,
            amount_received: 500,
            currency: 'eur',
            status: type === 'payment_intent.payment_failed' ? 'requires_payment_method' : 'succeeded',
            metadata: { subscribeId: `sub-${unique}`, agentId: 'demo-operator' },
          },
    },
  };
}
