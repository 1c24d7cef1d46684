/**
 * OCPI Sessions of roaming partners (docs/decisions/426): a partner's session is PUT to its sessions
 * receiver when it starts (ACTIVE), again every SESSION_UPDATE_MS while it runs (its energy and cost so far:
 * the minute's sweep queues the updates, so a charger's meter values cost roaming nothing), and once more when
 * its order is priced (COMPLETED, with its final figures, just before its CDR: functions/ocpi/cdrs.ts). Every
 * state sent is kept (functions/data/roaming-sessions.ts) for the sessions sender interface (GET, paginated by
 * last update) and for STOP_SESSION to find the session by its id. The id is the order number the session will
 * have (ocpiIdOf: a digest when that is longer than OCPI's 36 characters), so the eMSP joins session and CDR.
 */
import {
  getRoamingSession,
  keepRoamingSession,
  partnerSessionsPage,
  staleActiveSessions,
  type RoamingSession,
} from '@functions/data/roaming-sessions.ts';
import { getOrder } from '@functions/data/orders.ts';
import { getSession, type Session } from '@functions/sessions/transactions.ts';
import { orderNoOf } from '@functions/sessions/session-order.ts';
import { priceOf } from '@functions/orders/settlement.ts';
import { PAY_TYPE } from '@shared/schemas/order.ts';
import { endpointOf, joinUrl, ocpiCall } from './client.ts';
import { ocpiIdOf, roamingFacts } from './facts.ts';
import type { Partner } from './partners.ts';
import { partnerById } from './partners.ts';
import { queuePush } from './queue.ts';

/** How long an ACTIVE session goes without an update to its partner. */
export const SESSION_UPDATE_MS = 5 * 60_000;

/** A message of the push queue: a partner's running session to send as it is now (PUT). */
export interface SessionPush {
  kind: 'session';
  chargePointId: string;
  transactionId: string;
}

export const queueSessionUpdate = (chargePointId: string, transactionId: string) =>
  queuePush({ kind: 'session', chargePointId, transactionId } satisfies SessionPush);

type OcpiSession = Awaited<ReturnType<typeof sessionOf>>;
type OcpiSessionStatus = 'ACTIVE' | 'COMPLETED' | 'INVALID';

const iso = (at: unknown) => new Date(String(at)).toISOString();

async function sessionOf(
  partnerId: string,
  s: {
    orderNo: string;
    idTag?: unknown;
    stationId: unknown;
    chargePointId: unknown;
    connectorNo: unknown;
    startTime: unknown;
    endTime?: unknown;
    energyWh?: unknown;
    currency?: string;
    totalCost?: number;
    authorizationReference?: string;
    authMethod?: string;
    status: OcpiSessionStatus;
  },
) {
  const { own, uid, cdrToken, authMethod } = await roamingFacts(partnerId, s);
  return {
    country_code: own.countryCode,
    party_id: own.partyId,
    id: ocpiIdOf(s.orderNo),
    start_date_time: iso(s.startTime),
    ...(s.endTime ? { end_date_time: iso(s.endTime) } : {}),
    kwh: Number(s.energyWh ?? 0) / 1000,
    cdr_token: cdrToken,
    auth_method: authMethod,
    ...(s.authorizationReference ? { authorization_reference: s.authorizationReference } : {}),
    location_id: String(s.stationId),
    evse_uid: uid,
    connector_id: '1',
    currency: s.currency ?? 'EUR',
    ...(s.totalCost !== undefined ? { total_cost: { excl_vat: s.totalCost } } : {}),
    status: s.status,
    last_updated: new Date().toISOString(),
  };
}

/** A running session as the partner sees it: its energy so far, priced up to now by its own tariff. */
async function sessionOfRunning(session: Session) {
  const energyWh = Math.max(0, (session.lastMeterWh ?? session.meterStartWh) - session.meterStartWh);
  const { priced } = await priceOf({ ...session, energyWh, endTime: new Date().toISOString() });
  return sessionOf(session.roaming!.partnerId, {
    ...session,
    orderNo: orderNoOf(session),
    energyWh,
    authorizationReference: session.roaming?.authorizationReference,
    authMethod: session.roaming?.authMethod,
    currency: priced.currency,
    totalCost: Number(priced.actualFee),
    status: 'ACTIVE',
  });
}

/** A priced order's session: COMPLETED, or INVALID when it was not the partner's to pay (refused). */
export const sessionOfOrder = (order: Record<string, unknown>, partnerId: string) =>
  sessionOf(partnerId, {
    ...(order as { stationId: unknown; chargePointId: unknown; connectorNo: unknown; startTime: unknown }),
    orderNo: String(order.orderNo),
    authorizationReference: order.emspAuthorizationReference as string | undefined,
    authMethod: order.emspAuthMethod as string | undefined,
    currency: String(order.currency ?? 'EUR'),
    totalCost: Number(order.actualFee ?? 0),
    status: order.payType === PAY_TYPE.emsp ? 'COMPLETED' : 'INVALID',
  });

/** PUT of a session to the partner's sessions receiver (none offered: nothing to do). */
async function putSession(partner: Partner, session: OcpiSession): Promise<void> {
  const url = endpointOf(partner.ocpi?.endpoints, 'sessions');
  if (!url || !partner.emspToken) return;
  await ocpiCall(
    partner,
    partner.emspToken,
    'PUT',
    joinUrl(url, session.country_code, session.party_id, session.id),
    session,
  );
}

/**
 * Keeps a session's state for the pull and STOP_SESSION, then PUTs it to the partner (if registered); an
 * ACTIVE state that came after the COMPLETED one is neither kept nor sent. Throws when the partner did not
 * take it.
 */
export async function publishSession(
  partnerId: string,
  refs: { chargePointId: string; transactionId: string; orderNo: string },
  session: OcpiSession,
): Promise<void> {
  const kept = await keepRoamingSession({
    id: session.id,
    partnerId,
    ...refs,
    status: session.status === 'ACTIVE' ? 'ACTIVE' : 'COMPLETED',
    lastUpdated: session.last_updated,
    body: session,
  });
  if (!kept) return;
  const partner = await partnerById(partnerId);
  if (partner?.registered) await putSession(partner, session);
}

/** The COMPLETED (or INVALID) state of a priced order's session, kept and sent. */
export const publishOrderSession = async (order: Record<string, unknown>, partnerId: string) =>
  publishSession(
    partnerId,
    {
      chargePointId: String(order.chargePointId),
      transactionId: String(order.transactionId),
      orderNo: String(order.orderNo),
    },
    await sessionOfOrder(order, partnerId),
  );

/**
 * Delivers a partner's session as it is now (the push queue: at its start and for each update); throws when
 * the partner did not take it. Ended: its order's final state, once the order is written (its CDR follows).
 */
export async function deliverSessionUpdate(chargePointId: string, transactionId: string): Promise<void> {
  const session = await getSession(chargePointId, transactionId);
  if (!session?.roaming) return;
  const refs = { chargePointId, transactionId, orderNo: orderNoOf(session) };
  if (session.status === 'active')
    return publishSession(session.roaming.partnerId, refs, await sessionOfRunning(session));
  const order = await getOrder<Record<string, unknown>>(refs.orderNo);
  if (order) await publishOrderSession(order, session.roaming.partnerId);
}

/** The minute's sweep: running sessions not updated for SESSION_UPDATE_MS are queued for an update. */
export async function queueSessionUpdates(now = Date.now()): Promise<number> {
  const due = await staleActiveSessions(new Date(now - SESSION_UPDATE_MS).toISOString());
  for (const s of due) await queueSessionUpdate(s.chargePointId, s.transactionId);
  return due.length;
}

/** The session of an OCPI session id, if this partner was given it. */
export async function partnerSession(partner: Partner, id: string): Promise<RoamingSession | undefined> {
  const kept = await getRoamingSession(id);
  return kept?.partnerId === partner.id ? kept : undefined;
}

/** GET /sessions: a page of the partner's sessions, by last update within the window. */
export async function partnerSessions(
  partner: Partner,
  window: { from?: string; to?: string },
  offset: number,
  limit: number,
) {
  const { items, total } = await partnerSessionsPage(partner.id, window, offset, limit);
  return { items: items.map((s) => s.body), total };
}
