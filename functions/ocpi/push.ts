/**
 * Pushes to the eMSPs' receiver interfaces (docs/decisions/426), through the `ocpiPush` queue so a charger's message
 * never waits on a partner's server: a status change puts one message per partner the station is bound to;
 * the consumer reads the state at delivery (so a late or repeated delivery sends what is true now) and PATCHes
 * each EVSE whose status is not the one last pushed to that partner (claimed by a conditional write before the
 * call, so concurrent deliveries push a status once; confirmed after it, given back when it fails, and a claim
 * never confirmed lapses after its lease, so a delivery that died is pushed by the next: decision 437). A
 * partner that cannot be reached is retried by the queue, then the message goes to its dead-letter queue; the
 * partner's failed exchanges say why.
 */
import { randomUUID } from 'node:crypto';
import { emspPartners } from '@functions/admin/system-resources.ts';
import { getLive } from '@functions/chargepoints/live.ts';
import { chargePointById } from '@functions/chargepoints/sites.ts';
import {
  claimEvseStatus,
  confirmEvseStatus,
  releaseEvseStatus,
} from '@functions/data/roaming-evse-status.ts';
import { ciKey } from '@shared/schemas/ocpi.ts';
import type { CdrPush } from './cdrs.ts';
import type { ActiveProfilePush } from './chargingprofiles.ts';
import type { CommandResultPush } from './commands.ts';
import { endpointOf, joinUrl, ocpiCall } from './client.ts';
import { evseStatus, evseUid } from './locations.ts';
import { noteExchange, partnerById, servesStation } from './partners.ts';
import { ownParty } from './party.ts';
import { queuePush } from './queue.ts';
import type { SessionPush } from './sessions.ts';

/** A message of the push queue: a charger's EVSEs (one gun, or all) to tell one partner about. */
export interface EvsePush {
  kind: 'evse';
  partnerId: string;
  stationId: string;
  chargePointId: string;
  connectorNo?: number;
}

/** A message of the push queue: pull a partner's tokens (after a handshake). */
export interface TokensPull {
  kind: 'tokens';
  partnerId: string;
}

export type OcpiPush = EvsePush | CdrPush | TokensPull | SessionPush | CommandResultPush | ActiveProfilePush;

export const queueTokensPull = (partnerId: string) =>
  queuePush({ kind: 'tokens', partnerId } satisfies TokensPull);

/** Queues a charger's EVSE status for every partner its station is bound to. */
export async function queueEvseStatus(change: {
  stationId: string;
  chargePointId: string;
  connectorNo?: number;
}): Promise<void> {
  const partners = (await emspPartners()).filter((p) => servesStation(p, change.stationId));
  await Promise.all(
    partners.map((p) => queuePush({ kind: 'evse', partnerId: p.id, ...change } satisfies EvsePush)),
  );
}

/** Delivers one push; throws when the partner did not take it (the queue tries again). */
export async function deliver(push: EvsePush): Promise<void> {
  const partner = await partnerById(push.partnerId);
  if (!partner || !servesStation(partner, push.stationId) || !partner.emspToken) return;
  const url = endpointOf(partner.ocpi?.endpoints, 'locations');
  if (!url) return;
  const pile = await chargePointById(push.chargePointId);
  // The pile moved to another station (or is gone): its EVSEs are no longer this location's.
  if (!pile || pile.stationId !== push.stationId) return;
  const live = await getLive(push.chargePointId);
  const own = await ownParty();
  const guns = ((pile.connectors as { connectorNo: number }[] | undefined) ?? [])
    .map((c) => Number(c.connectorNo))
    .filter((no) => push.connectorNo === undefined || no === push.connectorNo);
  for (const gun of guns) {
    const uid = evseUid(push.chargePointId, gun);
    const status = evseStatus(live, gun);
    // The status last pushed to this partner for this EVSE is not pushed again (decision 437).
    const claim = await claimEvseStatus(partner.id, ciKey(uid), status, randomUUID());
    if (!claim) continue;
    try {
      await ocpiCall(
        partner,
        partner.emspToken,
        'PATCH',
        joinUrl(url, own.countryCode, own.partyId, push.stationId, uid),
        { status, last_updated: new Date().toISOString() },
      );
    } catch (error) {
      // Not pushed: the next delivery (the queue tries again) pushes it.
      await releaseEvseStatus(claim).catch(() => undefined);
      await noteExchange(partner, error as Error);
      throw error;
    }
    // Pushed: the claim holds for good (one left unconfirmed, by a delivery that died, lapses after its lease).
    await confirmEvseStatus(claim);
  }
}
