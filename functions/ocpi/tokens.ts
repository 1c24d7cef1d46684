/**
 * The OCPI tokens module (issue 20), the CPO's side: the eMSPs' tokens are pulled (after a handshake, and from
 * the console) or pushed by the eMSP (receiver interface), and kept (functions/data/roaming-tokens.ts). A
 * charger presenting a token the platform's own accounts do not know is authorised here (docs/decisions/426):
 * - a kept token of a partner the station is bound to: invalid is Blocked; whitelist ALWAYS is Accepted at
 *   once; otherwise the eMSP is asked in real time, and when it cannot be reached ALLOWED is Accepted,
 *   ALLOWED_OFFLINE and NEVER are not;
 * - a token kept by no partner: each partner the station is bound to is asked in real time (POST
 *   `{tokens}/{uid}/authorize`); the first that allows it takes the session.
 * An accepted token charges as the partner's (order type and pay type eMSP).
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
import {
  ocpiAuthorizationInfoSchema,
  ocpiTokenPatchSchema,
  ocpiTokenSchema,
  type OcpiToken,
} from '@shared/schemas/ocpi.ts';
import { emspPartners } from '@functions/admin/system-resources.ts';
import { localPayerKind } from '@functions/ocpp/local-payers.ts';
import { endpointOf, ocpiCall, OcpiCallError, ocpiPage } from './client.ts';
import { invalidParameters, OcpiError } from './errors.ts';
import { noteExchange, partnerById, servesStation, type Partner } from './partners.ts';

/** How long a charger waits at most for an eMSP's real-time answer. */
const REALTIME_TIMEOUT_MS = 5_000;

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

/**
 * Pulls every token of the partner's tokens sender interface, page by page (`Link`), and keeps them; tokens
 * that are not valid OCPI objects are skipped. Returns how many were kept.
 */
export async function pullTokens(partner: Partner): Promise<number> {
  const url = endpointOf(partner.ocpi?.endpoints, 'tokens', 'SENDER');
  if (!url || !partner.emspToken) return 0;
  let kept = 0;
  let next: string | undefined = `${url}?limit=100`;
  try {
    for (let page = 0; next && page < 10_000; page++) {
      const { data, next: following } = await ocpiPage(partner, partner.emspToken, next);
      const tokens = (Array.isArray(data) ? data : [])
        .map((t) => ocpiTokenSchema.safeParse(t))
        .filter((r) => r.success)
        .map((r) => asRoaming(partner.id, r.data));
      await putRoamingTokens(tokens);
      kept += tokens.length;
      next = following;
    }
  } catch (error) {
    await noteExchange(partner, (error as Error).message);
    throw error;
  }
  return kept;
}

/** The partner's own country code and party id must be the token's (an eMSP pushes only its own). */
function ownedBy(partner: Partner, countryCode: string, partyId: string) {
  return (
    partner.countryCode.toUpperCase() === countryCode.toUpperCase() &&
    partner.partyId.toUpperCase() === partyId.toUpperCase()
  );
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

/** PUT `/tokens/{cc}/{pid}/{uid}`: a whole token of the caller, kept (unless a newer copy is). */
export async function putToken(partner: Partner, params: Record<string, string | undefined>, body: unknown) {
  const uid = pathParty(partner, params);
  const parsed = ocpiTokenSchema.safeParse(body);
  if (!parsed.success)
    throw invalidParameters(`Invalid token: ${parsed.error.issues[0]?.path.join('.') ?? ''}`);
  if (parsed.data.uid !== uid || !ownedBy(partner, parsed.data.country_code, parsed.data.party_id))
    throw invalidParameters('The token does not match its URL');
  await putRoamingToken(asRoaming(partner.id, parsed.data));
  return null;
}

/** PATCH `/tokens/{cc}/{pid}/{uid}`: changed fields of a kept token of the caller. */
export async function patchToken(
  partner: Partner,
  params: Record<string, string | undefined>,
  body: unknown,
) {
  const uid = pathParty(partner, params);
  const parsed = ocpiTokenPatchSchema.safeParse(body);
  if (!parsed.success)
    throw invalidParameters(`Invalid token: ${parsed.error.issues[0]?.path.join('.') ?? ''}`);
  const kept = await roamingTokenOf(uid, partner.id);
  if (!kept) throw new OcpiError(404, 2004, 'Unknown token');
  const merged = ocpiTokenSchema.safeParse({ ...asOcpi(kept), ...parsed.data, uid: kept.uid });
  if (!merged.success) throw invalidParameters('Invalid token');
  await putRoamingToken(asRoaming(partner.id, merged.data));
  return null;
}

export interface RoamingAuth {
  status: 'Accepted' | 'Blocked' | 'Expired' | 'Invalid';
  partnerId: string;
  authorizationReference?: string;
}

/** The eMSP's real-time answer for a token at a location; undefined when it could not be asked. */
async function askInRealTime(
  partner: Partner,
  uid: string,
  type: string,
  location: { stationId: string; evseUid?: string },
): Promise<RoamingAuth | 'unknown' | undefined> {
  const url = endpointOf(partner.ocpi?.endpoints, 'tokens', 'SENDER');
  if (!url || !partner.emspToken) return undefined;
  try {
    const data = await ocpiCall(
      partner,
      partner.emspToken,
      'POST',
      `${url}/${encodeURIComponent(uid)}/authorize?type=${type}`,
      { location_id: location.stationId, ...(location.evseUid ? { evse_uids: [location.evseUid] } : {}) },
      { timeoutMs: REALTIME_TIMEOUT_MS },
    );
    const info = ocpiAuthorizationInfoSchema.safeParse(data);
    if (!info.success) return undefined;
    const status = { ALLOWED: 'Accepted', BLOCKED: 'Blocked', EXPIRED: 'Expired' } as const;
    return {
      status: status[info.data.allowed as keyof typeof status] ?? 'Invalid',
      partnerId: partner.id,
      ...(info.data.authorization_reference
        ? { authorizationReference: info.data.authorization_reference }
        : {}),
    };
  } catch (error) {
    // 2004: the eMSP does not know the token (not an outage).
    if (error instanceof OcpiCallError && / OCPI 2004\b/.test(error.message)) return 'unknown';
    await noteExchange(partner, (error as Error).message);
    return undefined;
  }
}

/**
 * The one check of what a roaming partner may start a session with at a charger of the company `tenant`
 * (docs/decisions/432): never a local payer's tag there (functions/ocpp/local-payers.ts: a card, a fleet
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
 * The command is the partner's authorisation; a token the partner keeps as not valid is Blocked.
 */
export async function authorizePartnerStart(partnerId: string, idTag: string): Promise<RoamingAuth> {
  const token = await roamingTokenOf(idTag, partnerId);
  return { status: token && !token.valid ? 'Blocked' : 'Accepted', partnerId };
}

/**
 * A token at a charger, as roaming decides it: undefined when no partner the station is bound to knows it, or
 * when it is a local payer's tag of the charger's company (the charger's company decides then, as for any
 * token of its own; `partnerScope`).
 */
export async function authorizeRoaming(
  idTag: string,
  location: { stationId: string; evseUid?: string; tenant: string },
): Promise<RoamingAuth | undefined> {
  if (await partnerScope(location.tenant, idTag)) return undefined;
  const kept = await roamingTokensOf(idTag);
  for (const token of kept) {
    const partner = await partnerById(token.partnerId);
    if (!partner || !servesStation(partner, location.stationId)) continue;
    if (!token.valid) return { status: 'Blocked', partnerId: partner.id };
    if (token.whitelist === 'ALWAYS') return { status: 'Accepted', partnerId: partner.id };
    const answer = await askInRealTime(partner, token.uid, token.type, location);
    if (answer && answer !== 'unknown') return answer;
    if (answer === undefined && token.whitelist === 'ALLOWED')
      return { status: 'Accepted', partnerId: partner.id };
    return { status: 'Invalid', partnerId: partner.id };
  }
  if (kept.length) return undefined;
  // Known to no partner: the partners the station is bound to are asked, in turn.
  const partners = (await emspPartners()).filter((p) => servesStation(p, location.stationId));
  for (const record of partners) {
    const partner = await partnerById(record.id);
    if (!partner) continue;
    const answer = await askInRealTime(partner, idTag, 'RFID', location);
    if (answer && answer !== 'unknown') return answer;
  }
  return undefined;
}
