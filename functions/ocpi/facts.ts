/** What an OCPI Session and CDR of the platform both say of a roaming session (docs/decisions/426). */
import { createHash } from 'node:crypto';
import { roamingTokenOf } from '@functions/data/roaming-tokens.ts';
import { chargePointById, stations } from '@functions/chargepoints/sites.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import type { OcpiAuthMethod } from '@shared/schemas/ocpi.ts';
import { evseUid, locationOf } from './locations.ts';
import { partnerById } from './partners.ts';
import { ownParty } from './party.ts';

/**
 * The roaming facts of a session or order (its token as the partner issued it, its place as a location):
 * what a Session and a CDR both carry.
 */
export async function roamingFacts(
  partnerId: string,
  where: {
    idTag?: unknown;
    stationId?: unknown;
    chargePointId?: unknown;
    connectorNo?: unknown;
    /** How the session was authorised, as its authorisation kept it (decision 437). */
    authMethod?: unknown;
  },
) {
  const own = await ownParty();
  const partner = await partnerById(partnerId);
  const idTag = String(where.idTag ?? '');
  const token = await roamingTokenOf(idTag, partnerId);
  const station = await stations.repo.get(PLATFORM_TENANT, String(where.stationId));
  const pile = await chargePointById(String(where.chargePointId));
  const location = station ? await locationOf(own, station) : undefined;
  const uid = evseUid(String(where.chargePointId), Number(where.connectorNo));
  const evse = location?.evses.find((e) => e.uid === uid);
  return {
    own,
    partner,
    location,
    uid,
    evse,
    connector: evse?.connectors[0],
    pile,
    token,
    cdrToken: {
      country_code: token?.countryCode ?? partner?.countryCode ?? '',
      party_id: token?.partyId ?? partner?.partyId ?? '',
      uid: token?.uid ?? idTag,
      type: token?.type ?? 'RFID',
      contract_id: token?.contractId ?? idTag,
    },
    authMethod: authMethodOf(where.authMethod, token?.whitelist),
  };
}

/**
 * The OCPI AuthMethod of a session or CDR: as its authorisation kept it (COMMAND for the partner's own
 * START_SESSION or RESERVE_NOW, WHITELIST when no request was made, AUTH_REQUEST when the eMSP was asked:
 * decision 437); for sessions kept before that, from the token's whitelist as then.
 */
function authMethodOf(kept: unknown, whitelist: string | undefined): OcpiAuthMethod {
  if (kept === 'COMMAND' || kept === 'WHITELIST' || kept === 'AUTH_REQUEST') return kept;
  return whitelist === 'ALWAYS' ? 'WHITELIST' : 'AUTH_REQUEST';
}

/**
 * An order number as an OCPI session or CDR id (CiString(36)): itself when it fits, else its day and 27 hex
 * digits of its SHA-256 (a 2.0.1 transaction id alone can be 36 characters). The sessions a partner was given
 * are kept by this id (functions/data/roaming-sessions.ts), so it is never parsed back.
 */
export function ocpiIdOf(orderNo: string): string {
  if (orderNo.length <= 36) return orderNo;
  return `${orderNo.slice(0, 8)}-${createHash('sha256').update(orderNo).digest('hex').slice(0, 27)}`;
}
