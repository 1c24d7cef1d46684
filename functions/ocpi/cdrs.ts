/**
 * CDRs to roaming partners (docs/decisions/426): the priced order of a partner's session as an OCPI 2.2.1 CDR, POSTed to
 * the partner's cdrs receiver once. The CDR is owed from the settlement transaction (an outbox item,
 * functions/data/roaming-cdrs.ts); it is queued then (and again by the minute's sweep while unsent), and a
 * delivery claims it, posts it and marks it sent, so repeated or concurrent deliveries post it once. The CDR's
 * id is the order number (ocpiIdOf): a partner that sees it again (a crash between its answer and the mark)
 * knows it. A reservation an eMSP made (functions/orders/reservations.ts) is billed by a CDR of its own: its
 * reserved time and fee, no energy. The CDRs sent are kept and offered to the cdrs sender interface (GET).
 */
import { getOrder } from '@functions/data/orders.ts';
import {
  claimCdr,
  cdrReleased,
  cdrSent,
  getCdr,
  partnerCdrsPage,
  pendingCdrs,
  type RoamingCdr,
} from '@functions/data/roaming-cdrs.ts';
import { getReservation } from '@functions/data/reservations.ts';
import { endpointOf, ocpiCall } from './client.ts';
import { ocpiIdOf, roamingFacts } from './facts.ts';
import { queuePush } from './queue.ts';
import { noteExchange, partnerById, type Partner } from './partners.ts';
import { publishOrderSession } from './sessions.ts';

/** A message of the push queue: the CDR of an order, owed to a partner. */
export interface CdrPush {
  kind: 'cdr';
  orderNo: string;
}

/** How long a delivery holds a CDR before another may try. */
const LEASE_MS = 60_000;
/** A CDR unsent this long is queued again by the sweep. */
const REQUEUE_AFTER_MS = 2 * 60_000;

export const queueCdr = (orderNo: string) => queuePush({ kind: 'cdr', orderNo } satisfies CdrPush);

/** The minute's sweep: CDRs owed for a while and not sent are queued again. */
export async function requeuePendingCdrs(now = Date.now()): Promise<number> {
  const due = await pendingCdrs(new Date(now - REQUEUE_AFTER_MS).toISOString());
  for (const cdr of due) await queueCdr(cdr.orderNo);
  return due.length;
}

type Order = Record<string, unknown>;

const hours = (seconds: number) => Math.round((seconds / 3600) * 10_000) / 10_000;

/**
 * What every CDR of the platform says: who issued it, the token, the place (a CdrLocation), when. `id` is the
 * order number (or `R{id}` for a reservation), `sessionId` the session's when there was one.
 */
async function cdrBase(order: Order, partnerId: string, id: string, sessionId?: string) {
  const { own, location, uid, evse, connector, pile, cdrToken, authMethod } = await roamingFacts(partnerId, {
    ...order,
    // A session's order keeps how it was authorised; a reservation is the partner's RESERVE_NOW (decision 437).
    authMethod: sessionId ? order.emspAuthMethod : 'COMMAND',
  });
  return {
    country_code: own.countryCode,
    party_id: own.partyId,
    id: ocpiIdOf(id),
    start_date_time: new Date(String(order.startTime)).toISOString(),
    end_date_time: new Date(String(order.endTime ?? order.startTime)).toISOString(),
    ...(sessionId ? { session_id: ocpiIdOf(sessionId) } : {}),
    cdr_token: cdrToken,
    auth_method: authMethod,
    ...(order.emspAuthorizationReference
      ? { authorization_reference: String(order.emspAuthorizationReference) }
      : {}),
    cdr_location: {
      id: String(order.stationId),
      name: location?.name ?? '',
      address: location?.address ?? '',
      city: location?.city ?? '',
      ...(location?.postal_code ? { postal_code: location.postal_code } : {}),
      country: location?.country ?? 'ZZZ',
      coordinates: location?.coordinates ?? { latitude: '0.000000', longitude: '0.000000' },
      evse_uid: uid,
      evse_id: evse?.evse_id ?? uid,
      connector_id: '1',
      connector_standard: connector?.standard ?? String(pile?.connectorStandard ?? 'IEC_62196_T2'),
      connector_format: connector?.format ?? String(pile?.format ?? 'SOCKET'),
      connector_power_type: connector?.power_type ?? String(pile?.powerType ?? 'AC_3_PHASE'),
    },
    currency: String(order.currency ?? 'EUR'),
  };
}

/** A charging session's priced order as an OCPI CDR. */
export async function cdrOf(order: Order, partnerId: string, lastUpdated: string) {
  const kwh = Number(order.energyWh ?? 0) / 1000;
  const seconds = Number(order.totalTime ?? 0);
  const total = Number(order.actualFee ?? 0);
  return {
    ...(await cdrBase(order, partnerId, String(order.orderNo), String(order.orderNo))),
    charging_periods: [
      {
        start_date_time: new Date(String(order.startTime)).toISOString(),
        dimensions: [
          { type: 'ENERGY', volume: kwh },
          { type: 'TIME', volume: hours(seconds) },
        ],
      },
    ],
    total_cost: { excl_vat: total },
    ...(Number(order.elecFee ?? 0) ? { total_energy_cost: { excl_vat: Number(order.elecFee) } } : {}),
    total_energy: kwh,
    total_time: hours(seconds),
    ...(Number(order.occupancyFee ?? 0)
      ? { total_parking_cost: { excl_vat: Number(order.occupancyFee) } }
      : {}),
    last_updated: lastUpdated,
  };
}

/** An eMSP's ended reservation as an OCPI CDR: the time it was held and its fee (RESERVATION_TIME). */
export async function reservationCdrOf(reservation: Order, partnerId: string, lastUpdated: string) {
  const seconds = Number(reservation.durationSeconds ?? 0);
  const fee = Number(reservation.fee ?? 0);
  return {
    ...(await cdrBase(reservation, partnerId, `R${String(reservation.id)}`)),
    charging_periods: [
      {
        start_date_time: new Date(String(reservation.startTime)).toISOString(),
        dimensions: [{ type: 'RESERVATION_TIME', volume: hours(seconds) }],
      },
    ],
    total_cost: { excl_vat: fee },
    total_reservation_cost: { excl_vat: fee },
    total_energy: 0,
    total_time: hours(seconds),
    last_updated: lastUpdated,
  };
}

/** The record a CDR bills: a session's order, or a reservation (`R{id}`). */
const billedOf = (owed: RoamingCdr) =>
  owed.kind === 'reservation' ? getReservation<Order>(owed.orderNo.slice(1)) : getOrder<Order>(owed.orderNo);

/** The CDR owed, as OCPI has it (the one posted, once it was). */
async function cdrBodyOf(owed: RoamingCdr, billed: Order) {
  if (owed.body) return owed.body;
  return owed.kind === 'reservation'
    ? reservationCdrOf(billed, owed.partnerId, owed.createdAt)
    : cdrOf(billed, owed.partnerId, owed.createdAt);
}

/** GET /cdrs: a page of the partner's CDRs, by creation within the window. */
export async function partnerCdrs(
  partner: Partner,
  window: { from?: string; to?: string },
  offset: number,
  limit: number,
) {
  const { items, total } = await partnerCdrsPage(partner.id, window, offset, limit);
  const bodies = await Promise.all(
    items.map(async (owed) => {
      const billed = owed.body ? {} : await billedOf(owed);
      return billed ? cdrBodyOf(owed, billed) : undefined;
    }),
  );
  return { items: bodies.filter((b) => b !== undefined), total };
}

/** Delivers an order's CDR to its partner, once; throws when the partner did not take it (tried again). */
export async function deliverCdr(orderNo: string): Promise<'sent' | 'skipped'> {
  const owed = await getCdr(orderNo);
  if (!owed || owed.status === 'sent') return 'skipped';
  const now = Date.now();
  // Another delivery holds it: this one is done (the other posts it, or its lease ends and the sweep requeues).
  if (!(await claimCdr(orderNo, new Date(now).toISOString(), new Date(now + LEASE_MS).toISOString())))
    return 'skipped';
  const partner = await partnerById(owed.partnerId);
  const url = endpointOf(partner?.ocpi?.endpoints, 'cdrs');
  const billed = await billedOf(owed);
  if (!partner || !partner.registered || !partner.emspToken || !url || !billed) {
    // Not deliverable now (unregistered, no cdrs endpoint): kept pending for when it is.
    await cdrReleased(orderNo);
    throw new Error(`CDR ${orderNo}: partner ${owed.partnerId} cannot take it now`);
  }
  let body: Record<string, unknown>;
  try {
    // A session's last state first (COMPLETED, its final figures), then the CDR that bills it.
    if (owed.kind !== 'reservation') await publishOrderSession(billed, owed.partnerId).catch(() => undefined);
    body = await cdrBodyOf(owed, billed);
    await ocpiCall(partner, partner.emspToken, 'POST', url, body);
  } catch (error) {
    await cdrReleased(orderNo);
    await noteExchange(partner, error as Error);
    throw error;
  }
  await cdrSent(orderNo, new Date().toISOString(), body);
  return 'sent';
}
