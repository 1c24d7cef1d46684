/**
 * CDRs to roaming partners (issue 20): the priced order of a partner's session as an OCPI 2.2.1 CDR, POSTed to
 * the partner's cdrs receiver once. The CDR is owed from the settlement transaction (an outbox item,
 * functions/data/roaming-cdrs.ts); it is queued then (and again by the minute's sweep while unsent), and a
 * delivery claims it, posts it and marks it sent, so repeated or concurrent deliveries post it once. The CDR's
 * id is the order number: a partner that sees it again (a crash between its answer and the mark) knows it.
 */
import { getOrder } from '@functions/data/orders.ts';
import { claimCdr, cdrReleased, cdrSent, getCdr, pendingCdrs } from '@functions/data/roaming-cdrs.ts';
import { endpointOf, ocpiCall } from './client.ts';
import { roamingFacts } from './facts.ts';
import { queuePush } from './queue.ts';
import { noteExchange, partnerById } from './partners.ts';
import { putSession, sessionOfOrder } from './sessions.ts';

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

/** An order as an OCPI CDR. */
export async function cdrOf(order: Order, partnerId: string) {
  const { own, location, uid, evse, connector, pile, cdrToken, authMethod } = await roamingFacts(
    partnerId,
    order,
  );
  const kwh = Number(order.energyWh ?? 0) / 1000;
  const seconds = Number(order.totalTime ?? 0);
  const total = Number(order.actualFee ?? 0);
  return {
    country_code: own.countryCode,
    party_id: own.partyId,
    id: String(order.orderNo),
    start_date_time: new Date(String(order.startTime)).toISOString(),
    end_date_time: new Date(String(order.endTime ?? order.startTime)).toISOString(),
    session_id: String(order.orderNo),
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
    last_updated: new Date().toISOString(),
  };
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
  const order = await getOrder<Order>(orderNo);
  if (!partner || !partner.registered || !partner.emspToken || !url || !order) {
    // Not deliverable now (unregistered, no cdrs endpoint): kept pending for when it is.
    await cdrReleased(orderNo);
    throw new Error(`CDR ${orderNo}: partner ${owed.partnerId} cannot take it now`);
  }
  try {
    // The session's last state first (COMPLETED, its final figures), then the CDR that bills it.
    await putSession(partner, await sessionOfOrder(order, owed.partnerId)).catch(() => undefined);
    await ocpiCall(partner, partner.emspToken, 'POST', url, await cdrOf(order, owed.partnerId));
  } catch (error) {
    await cdrReleased(orderNo);
    await noteExchange(partner, (error as Error).message);
    throw error;
  }
  await cdrSent(orderNo, new Date().toISOString());
  return 'sent';
}
