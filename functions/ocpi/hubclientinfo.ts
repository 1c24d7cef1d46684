/**
 * The OCPI hubclientinfo module, receiver interface (docs/decisions/438-ocpi-charging-profiles-and-hub-client-info.md):
 * a roaming hub the platform is registered with tells it how each party behind the hub is connected (ClientInfo:
 * CONNECTED, OFFLINE, PLANNED, SUSPENDED), by `PUT /hubclientinfo/{country_code}/{party_id}`, and may read back
 * what the platform kept (`GET`). Kept per partner (functions/data/hub-client-infos.ts): a hub speaks only for
 * the parties behind itself. Where the platform reads it from a hub's sender interface too (the hub offers
 * `hubclientinfo` as SENDER), the ClientInfo list is pulled, page by page, with the partner's tokens after each
 * handshake.
 *
 * What the platform does with it: a party the hub reports SUSPENDED has its token pushes refused (403, 2000), its
 * kept tokens Blocked at the chargers (functions/ocpi/tokens.ts), and its commands and charging profiles
 * answered REJECTED (the party a request comes from is its
 * `OCPI-from-country-code` / `OCPI-from-party-id`, and the party of the token it names); an exchange addressed
 * to a party the hub reports OFFLINE is not attempted (functions/ocpi/hub-status.ts, functions/ocpi/client.ts).
 */
import { getHubClientInfo, putHubClientInfo, type HubClientInfo } from '@functions/data/hub-client-infos.ts';
import { commandAnswerTimeoutSeconds } from '@functions/commands/store.ts';
import { OCPI_STATUS } from '@shared/schemas/ocpi.ts';
import { ocpiClientInfoSchema, type OcpiClientInfo } from '@shared/schemas/ocpi-hub-client-info.ts';
import { endpointOf, ocpiPage, withQuery } from './client.ts';
import { invalidParameters, OcpiError } from './errors.ts';
import { hubStatusOf, type Party } from './hub-status.ts';
import { noteExchange, type Partner } from './partners.ts';

const COUNTRY = /^[A-Za-z]{2}$/;
const PARTY = /^[A-Za-z0-9]{3}$/;

const asOcpi = (info: HubClientInfo): OcpiClientInfo => ({
  party_id: info.partyId,
  country_code: info.countryCode,
  role: info.role as OcpiClientInfo['role'],
  status: info.status,
  last_updated: info.lastUpdated,
});

const asKept = (partnerId: string, info: OcpiClientInfo): HubClientInfo => ({
  partnerId,
  countryCode: info.country_code.toUpperCase(),
  partyId: info.party_id.toUpperCase(),
  role: info.role,
  status: info.status,
  lastUpdated: new Date(info.last_updated).toISOString(),
});

/** The path's party (`{country_code}/{party_id}`), or 2001. */
function pathParty(params: Record<string, string | undefined>): Party {
  const { countryCode = '', partyId = '' } = params;
  if (!COUNTRY.test(countryCode)) throw invalidParameters('Invalid country_code: must be 2 letters');
  if (!PARTY.test(partyId)) throw invalidParameters('Invalid party_id: must be 3 letters or digits');
  return { countryCode: countryCode.toUpperCase(), partyId: partyId.toUpperCase() };
}

/** GET `/hubclientinfo/{country_code}/{party_id}`: what the partner said of the party. */
export async function receivedClientInfo(partner: Partner, params: Record<string, string | undefined>) {
  const party = pathParty(params);
  const kept = await getHubClientInfo(partner.id, party.countryCode, party.partyId);
  if (!kept) throw new OcpiError(404, OCPI_STATUS.clientError, 'Unknown party');
  return asOcpi(kept);
}

/**
 * PUT `/hubclientinfo/{country_code}/{party_id}`: a party's ClientInfo, kept unless a newer copy is (an older
 * one is answered 1000 and changes nothing, as OCPI's `last_updated` orders them). Malformed, or of another
 * party than its URL: 2001, nothing kept.
 */
export async function putClientInfo(
  partner: Partner,
  params: Record<string, string | undefined>,
  body: unknown,
) {
  const party = pathParty(params);
  const parsed = ocpiClientInfoSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidParameters(`Invalid ClientInfo: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`);
  }
  const info = asKept(partner.id, parsed.data);
  if (info.countryCode !== party.countryCode || info.partyId !== party.partyId)
    throw invalidParameters('The ClientInfo does not match its URL');
  await putHubClientInfo(info);
  return null;
}

/**
 * The party a request comes from through a hub (OCPI's routing headers `OCPI-from-country-code` and
 * `OCPI-from-party-id`), when both are sent and well formed.
 */
export function fromParty(headers: Record<string, string | undefined> | undefined): Party | undefined {
  const countryCode = headers?.['ocpi-from-country-code'];
  const partyId = headers?.['ocpi-from-party-id'];
  return countryCode && partyId && COUNTRY.test(countryCode) && PARTY.test(partyId)
    ? { countryCode: countryCode.toUpperCase(), partyId: partyId.toUpperCase() }
    : undefined;
}

/** A party as OCPI objects name it (`country_code`, `party_id`), if the value is one. */
export function partyOf(value: unknown): Party | undefined {
  const o = value as { country_code?: unknown; party_id?: unknown } | undefined;
  return o && typeof o.country_code === 'string' && typeof o.party_id === 'string'
    ? { countryCode: o.country_code, partyId: o.party_id }
    : undefined;
}

/**
 * Why a request of these parties is refused: the partner (a hub) reports one of them SUSPENDED. Undefined:
 * not refused.
 */
export async function suspendedRefusal(
  partner: Partner,
  parties: (Party | undefined)[],
): Promise<string | undefined> {
  for (const party of parties) {
    if (!party || (await hubStatusOf(partner.id, party)) !== 'SUSPENDED') continue;
    return `The hub reports ${party.countryCode.toUpperCase()}*${party.partyId.toUpperCase()} SUSPENDED`;
  }
  return undefined;
}

/** A token push (PUT, PATCH) of a party the hub reports SUSPENDED: refused (403, 2000) before it is read. */
export async function refuseSuspendedTokens(
  partner: Partner,
  params: Record<string, string | undefined>,
  from: Party | undefined,
): Promise<void> {
  const refusal = await suspendedRefusal(partner, [
    from,
    { countryCode: params.countryCode ?? '', partyId: params.partyId ?? '' },
  ]);
  if (refusal) throw new OcpiError(403, OCPI_STATUS.clientError, refusal);
}

/**
 * The CommandResponse of a command of a party the hub reports SUSPENDED (REJECTED, with the reason): the party
 * it comes from or the party of the token it names. Undefined: the command goes on.
 */
export async function suspendedCommand(partner: Partner, body: unknown, from: Party | undefined) {
  const token = (body as { token?: unknown } | undefined)?.token;
  const refusal = await suspendedRefusal(partner, [from, partyOf(token)]);
  return refusal
    ? {
        result: 'REJECTED',
        timeout: commandAnswerTimeoutSeconds(),
        message: [{ language: 'en', text: refusal }],
      }
    : undefined;
}

/**
 * The hub's ClientInfo list from its sender interface (when it offers `hubclientinfo` as SENDER), page by page
 * following `Link`; each kept unless a newer copy is. How many were kept; a partner without the interface: 0.
 */
export async function pullClientInfos(partner: Partner): Promise<number> {
  const url = partner.ocpi?.endpoints?.some((e) => e.identifier === 'hubclientinfo' && e.role === 'SENDER')
    ? endpointOf(partner.ocpi?.endpoints, 'hubclientinfo', 'SENDER')
    : undefined;
  if (!url || !partner.emspToken) return 0;
  let kept = 0;
  let next: string | undefined = withQuery(url, { limit: '100' });
  try {
    for (let page = 0; next && page < 10_000; page++) {
      const { data, next: following } = await ocpiPage(partner, partner.emspToken, next);
      for (const item of Array.isArray(data) ? data : []) {
        const parsed = ocpiClientInfoSchema.safeParse(item);
        if (parsed.success && (await putHubClientInfo(asKept(partner.id, parsed.data)))) kept++;
      }
      next = following;
    }
  } catch (error) {
    await noteExchange(partner, error as Error);
    throw error;
  }
  return kept;
}
