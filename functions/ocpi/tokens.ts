/**
 * The OCPI tokens module (docs/decisions/426), the CPO's side: the eMSPs' tokens are pulled (after a handshake, and from
 * the console) or pushed by the eMSP (receiver interface), and kept (functions/data/roaming-tokens.ts); a
 * pulled token the platform cannot accept is a failed exchange of the partner, with its reason. A charger
 * presenting a token the platform's own accounts do not know is authorised here (docs/decisions/426, 437):
 * - a kept token of a partner the station is bound to: invalid is Blocked; whitelist ALWAYS is Accepted at
 *   once; otherwise the eMSP is asked in real time. It fails closed: an answer that cannot be read (not JSON,
 *   no envelope, a status code other than success, no valid AuthorizationInfo) is a failed exchange and the
 *   token is refused. Only an eMSP that cannot be reached (no answer, or its server unavailable) lets the
 *   token's whitelist decide, as OCPI says: ALLOWED and ALLOWED_OFFLINE are Accepted, NEVER is not;
 * - a token kept by no partner: each partner the station is bound to is asked in real time (POST
 *   `{tokens}/{uid}/authorize`); the first that allows it takes the session, one that answers unreadably
 *   refuses it.
 * The eMSP is asked once per start: an accepted answer is kept for the charger and token a few minutes
 * (functions/data/roaming-authorizations.ts), so the StartTransaction or TransactionEvent that follows an
 * Authorize takes it, and concurrent asks in one process share one call.
 * An accepted token charges as the partner's (order type and pay type eMSP), with how it was authorised (OCPI
 * AuthMethod: WHITELIST, AUTH_REQUEST, or COMMAND for the partner's own START_SESSION).
 *
 * A partner's scope (docs/decisions/432-one-payer-per-idtag-and-partner-scope.md): a partner never starts or
 * authorises a session with a local payer's tag (a card, a fleet driver's or vehicle's tag, an app user's card
 * number of the charger's company or the companies above it), and its commands name only its own tokens
 * (`partnerScope`, the one check of every path that starts a roaming session); a session its own
 * START_SESSION started is its own, whatever the uid (`authorizePartnerStart`).
 */
import {
  roamingTokenOf,
  roamingTokensOf,
  putRoamingToken,
  putRoamingTokens,
  type RoamingToken,
} from '@functions/data/roaming-tokens.ts';
import { keepRoamingDecision, roamingDecisionOf } from '@functions/data/roaming-authorizations.ts';
import {
  ciEquals,
  ciKey,
  ocpiAuthorizationInfoSchema,
  ocpiTokenPatchSchema,
  ocpiTokenSchema,
  type OcpiAuthMethod,
  type OcpiToken,
} from '@shared/schemas/ocpi.ts';
import { emspPartners } from '@functions/admin/system-resources.ts';
import { localPayerKind } from '@functions/accounts/payers.ts';
import {
  endpointOf,
  issueOf,
  joinUrl,
  ocpiCall,
  OcpiCallError,
  ocpiPage,
  OcpiUnreachable,
  withQuery,
} from './client.ts';
import { invalidParameters, OcpiError } from './errors.ts';
import { hubStatusOf } from './hub-status.ts';
import { noteExchange, partnerById, servesStation, type Partner } from './partners.ts';

/** How long a charger waits at most for an eMSP's real-time answer. */
const REALTIME_TIMEOUT_MS = 5_000;

/** How long an accepted real-time decision serves the start it was asked for (docs/decisions/437). */
export const DECISION_KEEP_SECONDS = 5 * 60;

/** At most this many dropped tokens of one pull are listed one by one; the rest are counted in one entry. */
const DROPS_LISTED = 10;

export const asRoaming = (partnerId: string, t: OcpiToken): RoamingToken => ({
  partnerId,
  countryCode: t.country_code.toUpperCase(),
  partyId: t.party_id.toUpperCase(),
  uid: t.uid,
  type: t.type,
  contractId: t.contract_id,
  ...(t.visual_number ? { visualNumber: t.visual_number } : {}),
  issuer: t.issuer,
  valid: t.valid,
  whitelist: t.whitelist,
  lastUpdated: new Date(t.last_updated).toISOString(),
});

/** A kept token as an OCPI Token: unset optionals left out, never null (docs/ocpi.md). */
const asOcpi = (t: RoamingToken) => ({
  country_code: t.countryCode,
  party_id: t.partyId,
  uid: t.uid,
  type: t.type,
  contract_id: t.contractId,
  ...(t.visualNumber ? { visual_number: t.visualNumber } : {}),
  issuer: t.issuer,
  valid: t.valid,
  whitelist: t.whitelist,
  last_updated: t.lastUpdated,
});

/** The uid of a token object as sent (for a dropped token's reason), if it has one. */
const uidOf = (token: unknown) => {
  const uid = token && typeof token === 'object' ? (token as { uid?: unknown }).uid : undefined;
  return typeof uid === 'string' ? uid : '(no uid)';
};

/**
 * Pulls every token of the partner's tokens sender interface, page by page (`Link`), and keeps them. A token
 * that is not a valid OCPI Token is not kept, and is a failed exchange of the partner saying which and why
 * (at most DROPS_LISTED one by one per pull, the rest counted). Returns how many were kept.
 */
export async function pullTokens(partner: Partner): Promise<number> {
  const url = endpointOf(partner.ocpi?.endpoints, 'tokens', 'SENDER');
  if (!url || !partner.emspToken) return 0;
  let kept = 0;
  let dropped = 0;
  let next: string | undefined = withQuery(url, { limit: '100' });
  try {
    for (let page = 0; next && page < 10_000; page++) {
      const pageUrl: string = next;
      const { data, next: following } = await ocpiPage(partner, partner.emspToken, pageUrl);
      const tokens: RoamingToken[] = [];
      for (const sent of Array.isArray(data) ? data : []) {
        const parsed = ocpiTokenSchema.safeParse(sent);
        if (parsed.success) {
          tokens.push(asRoaming(partner.id, parsed.data));
          continue;
        }
        dropped++;
        if (dropped <= DROPS_LISTED)
          await noteExchange(partner, {
            call: `GET ${pageUrl}`,
            answer: `Token ${uidOf(sent)} not kept: ${issueOf(parsed.error)}`,
          });
      }
      await putRoamingTokens(tokens);
      kept += tokens.length;
      next = following;
    }
  } catch (error) {
    await noteExchange(partner, error as Error);
    throw error;
  }
  if (dropped > DROPS_LISTED)
    await noteExchange(partner, {
      call: `GET ${url}`,
      answer: `${dropped} tokens of this pull not kept (${DROPS_LISTED} listed above)`,
    });
  return kept;
}

/** The partner's own country code and party id must be the token's (an eMSP pushes only its own). */
function ownedBy(partner: Partner, countryCode: string, partyId: string) {
  return ciEquals(partner.countryCode, countryCode) && ciEquals(partner.partyId, partyId);
}

/** The receiver interface's path: the eMSP's own party and a token uid, or 2001. */
function pathParty(partner: Partner, params: Record<string, string | undefined>) {
  const { countryCode = '', partyId = '', tokenUid = '' } = params;
  if (!ownedBy(partner, countryCode, partyId))
    throw invalidParameters('The country code and party id are not those of the caller');
  return tokenUid;
}

/** GET `/tokens/{cc}/{pid}/{uid}`: the platform's copy of a token of the caller. */
export async function receivedToken(partner: Partner, params: Record<string, string | undefined>) {
  const uid = pathParty(partner, params);
  const kept = await roamingTokenOf(uid, partner.id);
  if (!kept) throw new OcpiError(404, 2004, 'Unknown token');
  return asOcpi(kept);
}

/**
 * PUT `/tokens/{cc}/{pid}/{uid}`: a whole token of the caller, kept (unless a newer copy is). Its uid is the
 * URL's as a CiString: the same id whatever the case (docs/ocpi.md).
 */
export async function putToken(partner: Partner, params: Record<string, string | undefined>, body: unknown) {
  const uid = pathParty(partner, params);
  const parsed = ocpiTokenSchema.safeParse(body);
  if (!parsed.success) throw invalidParameters(`Invalid token: ${issueOf(parsed.error)}`);
  if (!ciEquals(parsed.data.uid, uid) || !ownedBy(partner, parsed.data.country_code, parsed.data.party_id))
    throw invalidParameters('The token does not match its URL');
  await putRoamingToken(asRoaming(partner.id, parsed.data));
  return null;
}

/** PATCH `/tokens/{cc}/{pid}/{uid}`: changed fields of a kept token of the caller (`null` unsets an optional). */
export async function patchToken(
  partner: Partner,
  params: Record<string, string | undefined>,
  body: unknown,
) {
  const uid = pathParty(partner, params);
  const parsed = ocpiTokenPatchSchema.safeParse(body);
  if (!parsed.success) throw invalidParameters(`Invalid token: ${issueOf(parsed.error)}`);
  const kept = await roamingTokenOf(uid, partner.id);
  if (!kept) throw new OcpiError(404, 2004, 'Unknown token');
  if (parsed.data.uid !== undefined && !ciEquals(parsed.data.uid, kept.uid))
    throw invalidParameters('The token does not match its URL');
  const merged = ocpiTokenSchema.safeParse({ ...asOcpi(kept), ...parsed.data, uid: kept.uid });
  if (!merged.success) throw invalidParameters(`Invalid token: ${issueOf(merged.error)}`);
  await putRoamingToken(asRoaming(partner.id, merged.data));
  return null;
}

export interface RoamingAuth {
  status: 'Accepted' | 'Blocked' | 'Expired' | 'Invalid';
  partnerId: string;
  authorizationReference?: string;
  /** How the session is authorised, as its Session and CDR say (decision 437). */
  authMethod: OcpiAuthMethod;
}

/**
 * What asking an eMSP in real time gave: its answer; `unknown` (it does not know the token: OCPI 2004);
 * `unreachable` (no answer, or it cannot be asked: the whitelist decides); `unreadable` (an answer that cannot
 * be read: refused, never taken as no answer; docs/decisions/437).
 */
type Asked =
  | { kind: 'answer'; auth: RoamingAuth }
  | { kind: 'unknown' }
  | { kind: 'unreachable' }
  | { kind: 'unreadable' };

const ALLOWED_TO_STATUS = { ALLOWED: 'Accepted', BLOCKED: 'Blocked', EXPIRED: 'Expired' } as const;

/** The eMSP's real-time answer for a token at a location. */
async function askInRealTime(
  partner: Partner,
  uid: string,
  type: string,
  location: { stationId: string; evseUid?: string },
): Promise<Asked> {
  const url = endpointOf(partner.ocpi?.endpoints, 'tokens', 'SENDER');
  if (!url || !partner.emspToken) return { kind: 'unreachable' };
  const call = withQuery(joinUrl(url, uid, 'authorize'), { type });
  let data: unknown;
  try {
    data = await ocpiCall(
      partner,
      partner.emspToken,
      'POST',
      call,
      { location_id: location.stationId, ...(location.evseUid ? { evse_uids: [location.evseUid] } : {}) },
      { timeoutMs: REALTIME_TIMEOUT_MS },
    );
  } catch (error) {
    // 2004: the eMSP does not know the token (an answer, not an outage).
    if (error instanceof OcpiCallError && /\bOCPI 2004\b/.test(error.answer)) return { kind: 'unknown' };
    await noteExchange(partner, error as Error);
    return error instanceof OcpiUnreachable ? { kind: 'unreachable' } : { kind: 'unreadable' };
  }
  const info = ocpiAuthorizationInfoSchema.safeParse(data);
  if (!info.success) {
    await noteExchange(partner, {
      call: `POST ${call}`,
      answer: `Not a valid AuthorizationInfo (${issueOf(info.error)}): the token is refused`,
    });
    return { kind: 'unreadable' };
  }
  const reference = info.data.authorization_reference;
  return {
    kind: 'answer',
    auth: {
      status: ALLOWED_TO_STATUS[info.data.allowed as keyof typeof ALLOWED_TO_STATUS] ?? 'Invalid',
      partnerId: partner.id,
      authMethod: 'AUTH_REQUEST',
      ...(reference ? { authorizationReference: reference } : {}),
    },
  };
}

/**
 * The one check of what a roaming partner may start a session with at a charger of the company `tenant`
 * (docs/decisions/432): never a local payer's tag there (functions/accounts/payers.ts: a card, a fleet
 * driver's or vehicle's tag, an app user's card number, of the company or a company above it); in the
 * partner's own command (`own`), only a token of its own country code and party id. Undefined when in scope;
 * else why not, as OCPI display text (the partner reads it, the console does not).
 */
export async function partnerScope(
  tenant: string,
  uid: string,
  own?: { partner: Partner; countryCode: string; partyId: string },
): Promise<string | undefined> {
  if (own && !ownedBy(own.partner, own.countryCode, own.partyId))
    return 'The token is not one of the caller (its country code and party id are another party’s)';
  if (await localPayerKind(tenant, uid))
    return 'The token uid is an account of the charge point operator; a partner starts sessions with its own tokens only';
  return undefined;
}

/**
 * A session the partner's own START_SESSION started (its remote start's mark names the partner,
 * functions/commands/remote-start-marks.ts): the partner's, whatever else the uid is (docs/decisions/432).
 * The command is the partner's authorisation (auth method COMMAND, decision 437); a token the partner keeps as
 * not valid is Blocked.
 */
export async function authorizePartnerStart(partnerId: string, idTag: string): Promise<RoamingAuth> {
  const token = await roamingTokenOf(idTag, partnerId);
  return { status: token && !token.valid ? 'Blocked' : 'Accepted', partnerId, authMethod: 'COMMAND' };
}

/** Where a token is presented: the station (its partners), the charger (the decision kept), the company. */
export interface RoamingPlace {
  stationId: string;
  chargePointId?: string;
  evseUid?: string;
  tenant: string;
}

/** The whitelist values that let a token charge when its eMSP cannot be reached (OCPI WhitelistType). */
const OFFLINE_ALLOWED = new Set(['ALLOWED', 'ALLOWED_OFFLINE']);

/**
 * A kept decision as an answer, if its partner still takes the station's drivers. The decision's partner is
 * read again: one unbound or disabled meanwhile decides nothing.
 */
async function keptDecision(place: RoamingPlace, idTag: string): Promise<RoamingAuth | undefined> {
  const kept = await roamingDecisionOf(place.chargePointId ?? `station:${place.stationId}`, ciKey(idTag));
  if (!kept) return undefined;
  const partner = await partnerById(kept.partnerId);
  if (!partner || !servesStation(partner, place.stationId)) return undefined;
  return {
    status: kept.status as RoamingAuth['status'],
    partnerId: kept.partnerId,
    authMethod: (kept.authMethod as OcpiAuthMethod | undefined) ?? 'AUTH_REQUEST',
    ...(kept.authorizationReference ? { authorizationReference: kept.authorizationReference } : {}),
  };
}

/** Keeps an accepted decision that asked the eMSP, for the rest of the start it was asked for. */
async function keepDecision(place: RoamingPlace, idTag: string, auth: RoamingAuth): Promise<RoamingAuth> {
  if (auth.status !== 'Accepted') return auth;
  await keepRoamingDecision(place.chargePointId ?? `station:${place.stationId}`, ciKey(idTag), {
    ...auth,
    expiresAt: Math.floor(Date.now() / 1000) + DECISION_KEEP_SECONDS,
  });
  return auth;
}

/** The decision on a token at a charger, by the partners (see the module's comment); asks at most once. */
async function decide(idTag: string, place: RoamingPlace): Promise<RoamingAuth | undefined> {
  const kept = await roamingTokensOf(idTag);
  for (const token of kept) {
    const partner = await partnerById(token.partnerId);
    if (!partner || !servesStation(partner, place.stationId)) continue;
    if (!token.valid) return { status: 'Blocked', partnerId: partner.id, authMethod: 'WHITELIST' };
    // A party its hub reports SUSPENDED charges nothing (docs/decisions/438).
    if ((await hubStatusOf(partner.id, token)) === 'SUSPENDED')
      return { status: 'Blocked', partnerId: partner.id, authMethod: 'WHITELIST' };
    if (token.whitelist === 'ALWAYS')
      return { status: 'Accepted', partnerId: partner.id, authMethod: 'WHITELIST' };
    const earlier = await keptDecision(place, idTag);
    if (earlier) return earlier;
    const asked = await askInRealTime(partner, token.uid, token.type, place);
    if (asked.kind === 'answer') return keepDecision(place, idTag, asked.auth);
    // Only no answer at all lets the whitelist decide; an unreadable answer or "unknown" refuses.
    if (asked.kind === 'unreachable' && OFFLINE_ALLOWED.has(token.whitelist))
      return keepDecision(place, idTag, {
        status: 'Accepted',
        partnerId: partner.id,
        authMethod: 'WHITELIST',
      });
    return { status: 'Invalid', partnerId: partner.id, authMethod: 'AUTH_REQUEST' };
  }
  if (kept.length) return undefined;
  const earlier = await keptDecision(place, idTag);
  if (earlier) return earlier;
  // Known to no partner: the partners the station is bound to are asked, in turn.
  const partners = (await emspPartners()).filter((p) => servesStation(p, place.stationId));
  for (const record of partners) {
    const partner = await partnerById(record.id);
    if (!partner) continue;
    const asked = await askInRealTime(partner, idTag, 'RFID', place);
    if (asked.kind === 'answer' && asked.auth.status === 'Accepted')
      return keepDecision(place, idTag, asked.auth);
    if (asked.kind === 'answer') return asked.auth;
    // An answer that cannot be read refuses (fail closed); not known or not reachable: the next partner.
    if (asked.kind === 'unreadable')
      return { status: 'Invalid', partnerId: partner.id, authMethod: 'AUTH_REQUEST' };
  }
  return undefined;
}

/** Real-time decisions being made in this process, by charger and token: concurrent asks share one call. */
const deciding = new Map<string, Promise<RoamingAuth | undefined>>();

/**
 * A token at a charger, as roaming decides it: undefined when no partner the station is bound to knows it, or
 * when it is a local payer's tag of the charger's company (the charger's company decides then, as for any
 * token of its own; `partnerScope`).
 */
export async function authorizeRoaming(idTag: string, place: RoamingPlace): Promise<RoamingAuth | undefined> {
  if (await partnerScope(place.tenant, idTag)) return undefined;
  const key = `${place.chargePointId ?? `station:${place.stationId}`}|${ciKey(idTag)}`;
  const running = deciding.get(key);
  if (running) return running;
  const decision = decide(idTag, place).finally(() => deciding.delete(key));
  deciding.set(key, decision);
  return decision;
}
