/**
 * What a roaming hub says of a party, as the OCPI modules act on it
 * (docs/decisions/438-ocpi-charging-profiles-and-hub-client-info.md): an exchange addressed to a party the
 * partner's hub reports OFFLINE is not attempted (functions/ocpi/client.ts), and a token or command of a party
 * it reports SUSPENDED is refused (functions/ocpi/hubclientinfo.ts). Only the partner that is the hub is
 * asked: ClientInfo is kept per partner (functions/data/hub-client-infos.ts).
 */
import { getHubClientInfo, type HubConnectionStatus } from '@functions/data/hub-client-infos.ts';

/** An OCPI party: its country code and party id. */
export interface Party {
  countryCode: string;
  partyId: string;
}

/** The status the partner (a hub) last gave for a party, if it gave one. */
export async function hubStatusOf(partnerId: string, party: Party): Promise<HubConnectionStatus | undefined> {
  return (await getHubClientInfo(partnerId, party.countryCode, party.partyId))?.status;
}
