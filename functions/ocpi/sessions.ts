/**
 * OCPI Sessions pushed to roaming partners (issue 20): a partner's session is PUT to its sessions receiver
 * when it starts (ACTIVE, through the push queue) and once more when its order is priced (COMPLETED, with its
 * energy, time and cost, just before its CDR: functions/ocpi/cdrs.ts). The session id is the order number
 * the session will have, so the eMSP joins the session and its CDR. Running updates between the two are not
 * pushed (each meter value would cost a read and a call): the eMSP may GET nothing between; decision 426.
 */
import { getSession, type Session } from '@functions/ocpp/transactions.ts';
import { orderNoOf } from '@functions/orders/session-order.ts';
import { endpointOf, ocpiCall } from './client.ts';
import { roamingFacts } from './facts.ts';
import type { Partner } from './partners.ts';
import { partnerById } from './partners.ts';

type OcpiSession = Awaited<ReturnType<typeof sessionOf>>;

const iso = (at: unknown) => new Date(String(at)).toISOString();

async function sessionOf(
  partnerId: string,
  s: {
    id: string;
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
    status: 'ACTIVE' | 'COMPLETED';
  },
) {
  const { own, uid, cdrToken, authMethod } = await roamingFacts(partnerId, s);
  return {
    country_code: own.countryCode,
    party_id: own.partyId,
    id: s.id,
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

/** A running session as the partner sees it. */
const sessionOfRunning = (session: Session) =>
  sessionOf(session.roaming!.partnerId, {
    ...session,
    id: orderNoOf(session),
    authorizationReference: session.roaming?.authorizationReference,
    currency: session.pricing?.tariff?.currency,
    status: 'ACTIVE',
  });

/** A priced order's session, completed. */
export const sessionOfOrder = (order: Record<string, unknown>, partnerId: string) =>
  sessionOf(partnerId, {
    ...(order as { stationId: unknown; chargePointId: unknown; connectorNo: unknown; startTime: unknown }),
    id: String(order.orderNo),
    authorizationReference: order.emspAuthorizationReference as string | undefined,
    currency: String(order.currency ?? 'EUR'),
    totalCost: Number(order.actualFee ?? 0),
    status: 'COMPLETED',
  });

/** PUT of a session to the partner's sessions receiver (none offered: nothing to do). */
export async function putSession(partner: Partner, session: OcpiSession): Promise<void> {
  const url = endpointOf(partner.ocpi?.endpoints, 'sessions');
  if (!url || !partner.emspToken) return;
  await ocpiCall(
    partner,
    partner.emspToken,
    'PUT',
    `${url}/${session.country_code}/${session.party_id}/${encodeURIComponent(session.id)}`,
    session,
  );
}

/** Delivers a started session (the push queue); throws when the partner did not take it. */
export async function deliverSessionStart(chargePointId: string, transactionId: string): Promise<void> {
  const session = await getSession(chargePointId, transactionId);
  // Ended meanwhile: its COMPLETED state goes with its CDR.
  if (!session?.roaming || session.status !== 'active') return;
  const partner = await partnerById(session.roaming.partnerId);
  if (!partner?.registered) return;
  await putSession(partner, await sessionOfRunning(session));
}
