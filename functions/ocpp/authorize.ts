/**
 * Authorising an identity token (1.6 idTag, 2.0.1 idToken) for a charger: the cards of the charger's
 * company (and of the companies above it), then its local lists, then the company's choice for unknown
 * tokens. Blacklisted, disabled or lost cards are blocked, expired ones expired, a card scoped to other
 * stations or bound to other piles is refused here; a roaming partner's token is the partner's to decide
 * (functions/ocpi/tokens.ts); an unknown token is refused unless the company accepts unknown tokens. A
 * session a roaming partner's own remote start began (its mark names the partner) is the partner's, whatever
 * else its uid is (docs/decisions/432-one-payer-per-idtag-and-partner-scope.md).
 */
import { BLACK_FLAG, CARD_STATUS } from '@shared/resources/device/card.ts';
import type { ListEntry } from '@shared/resources/device/list-version.ts';
import { FLEET_STATUS } from '@functions/accounts/fleets.ts';
import { operators } from '@functions/data/operators.ts';
import { listVersionRecords } from '@functions/data/list-versions.ts';
import { timedMemo } from '@functions/lib/memo.ts';
import { companyAndAbove } from '@functions/identity/tenants.ts';
import { authorizePartnerStart, authorizeRoaming, type RoamingAuth } from '@functions/ocpi/tokens.ts';
import type { ChargerContext } from '@functions/chargepoints/charger.ts';
import { localPayers } from '@functions/accounts/payers.ts';

/** The outcome in 2.0.1 terms; 1.6 maps it (`toIdTagStatus16`). */
export type AuthStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'NotAtThisLocation' | 'Unknown';

export interface AuthResult {
  status: AuthStatus;
  expiryDate?: string;
  parentIdTag?: string;
  /** Where the decision came from (kept on the session as its start mode). */
  source: 'fleet' | 'appUser' | 'card' | 'localList' | 'roaming' | 'unknownAccepted' | 'none';
  cardId?: string;
  /**
   * A roaming partner's token (functions/ocpi/tokens.ts): the partner, its authorization reference, and how
   * it was authorised (OCPI AuthMethod, docs/decisions/437).
   */
  roaming?: { partnerId: string; authorizationReference?: string; authMethod?: string };
}

const listMemo = timedMemo<string, Map<string, ListEntry>>(30_000);

/** The local-list entries of a company (its own lists), by lower-case idTag; memoised briefly. */
function listEntries(tenant: string): Promise<Map<string, ListEntry>> {
  return listMemo.get(tenant, async () => {
    const entries = new Map<string, ListEntry>();
    for (const list of await listVersionRecords.list(tenant))
      if (list.tenant === tenant)
        for (const entry of (list.entries as ListEntry[] | undefined) ?? [])
          entries.set(entry.idTag.toLowerCase(), entry);
    return entries;
  });
}

const expired = (iso: unknown, now: number) => typeof iso === 'string' && iso !== '' && Date.parse(iso) < now;

/** A roaming partner's answer as an authorisation result: the partner decides, and pays. */
const roamingResult = (roaming: RoamingAuth): AuthResult => ({
  source: 'roaming',
  status: roaming.status,
  roaming: {
    partnerId: roaming.partnerId,
    authMethod: roaming.authMethod,
    ...(roaming.authorizationReference ? { authorizationReference: roaming.authorizationReference } : {}),
  },
});

/**
 * Who started the session being authorised, when a remote start's mark says so: a roaming partner's own
 * START_SESSION (functions/commands/remote-start-marks.ts).
 */
export interface StartedBy {
  partnerId?: string;
}

export async function authorizeToken(
  charger: ChargerContext,
  idTag: string,
  now = Date.now(),
  startedBy?: StartedBy,
): Promise<AuthResult> {
  // The partner's own remote start: bound to the partner, never to a local account of the same uid.
  if (startedBy?.partnerId) return roamingResult(await authorizePartnerStart(startedBy.partnerId, idTag));
  const tenants = companyAndAbove(charger.tenant);
  // The accounts settlement charges, in its order (functions/orders/settlement.ts): a fleet driver's or
  // vehicle's tag, an app user's card number, then a card.
  const { fleet, appUser, card } = await localPayers(charger.tenant, idTag);
  if (fleet)
    return { source: 'fleet', status: fleet.fleet.status === FLEET_STATUS.enabled ? 'Accepted' : 'Blocked' };
  if (appUser) return { source: 'appUser', status: Number(appUser.lockFlag) === 1 ? 'Blocked' : 'Accepted' };
  if (card) {
    const base = {
      source: 'card' as const,
      cardId: card.id,
      expiryDate: card.expireTime as string | undefined,
    };
    if (card.blackFlag === BLACK_FLAG.blacklist || card.status !== CARD_STATUS.normal)
      return { ...base, status: 'Blocked' };
    if (expired(card.expireTime, now)) return { ...base, status: 'Expired' };
    const scope = (card.useScopeList as string[] | undefined) ?? [];
    if (scope.length && !scope.includes(charger.stationId)) return { ...base, status: 'NotAtThisLocation' };
    const piles = (card.pileIds as string[] | undefined) ?? [];
    if (piles.length && !piles.includes(charger.chargePointId))
      return { ...base, status: 'NotAtThisLocation' };
    return { ...base, status: 'Accepted' };
  }
  for (const tenant of tenants) {
    const entry = (await listEntries(tenant)).get(idTag.toLowerCase());
    if (!entry) continue;
    const base = {
      source: 'localList' as const,
      expiryDate: entry.idTagExpiryDate,
      parentIdTag: entry.parentIdTag,
    };
    if (entry.idTagStatus === 'Accepted' && expired(entry.idTagExpiryDate, now))
      return { ...base, status: 'Expired' };
    const status: AuthStatus =
      entry.idTagStatus === 'Accepted'
        ? 'Accepted'
        : entry.idTagStatus === 'Expired'
          ? 'Expired'
          : entry.idTagStatus === 'Blocked'
            ? 'Blocked'
            : 'Invalid';
    return { ...base, status };
  }
  // A roaming partner's token (an eMSP the station is bound to): the partner decides, and pays.
  // The charger is named: the eMSP's answer to its Authorize serves the start that follows (decision 437).
  const roaming = await authorizeRoaming(idTag, {
    stationId: charger.stationId,
    chargePointId: charger.chargePointId,
    tenant: charger.tenant,
  });
  if (roaming) return roamingResult(roaming);
  const company = charger.agentId ? await operators.getAny(charger.agentId) : undefined;
  if (Number((company as Record<string, unknown> | undefined)?.acceptUnknownIdTag) === 1)
    return { status: 'Accepted', source: 'unknownAccepted' };
  return { status: 'Unknown', source: 'none' };
}

/** 1.6 IdTagInfo.status has no Unknown or location refusal: both are Invalid there. */
export function toIdTagStatus16(status: AuthStatus): 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' {
  return status === 'Unknown' || status === 'NotAtThisLocation' ? 'Invalid' : status;
}

/** The 1.6 IdTagInfo of a result. */
export function idTagInfo16(result: AuthResult) {
  return {
    status: toIdTagStatus16(result.status),
    ...(result.expiryDate ? { expiryDate: result.expiryDate } : {}),
    ...(result.parentIdTag ? { parentIdTag: result.parentIdTag } : {}),
  };
}

/** The 2.0.1 IdTokenInfo of a result. */
export function idTokenInfo201(result: AuthResult) {
  return {
    status: result.status,
    ...(result.expiryDate ? { cacheExpiryDateTime: result.expiryDate } : {}),
    ...(result.parentIdTag ? { groupIdToken: { idToken: result.parentIdTag, type: 'Central' } } : {}),
  };
}
