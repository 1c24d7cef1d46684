/**
 * What a roaming hub says of the parties behind it (OCPI hubclientinfo module,
 * docs/decisions/438-ocpi-charging-profiles-and-hub-client-info.md): one ClientInfo per partner (the hub's
 * /emsp record) and party, `HUBCLIENT#{partnerId}` / `{COUNTRY}#{PARTY}` (upper case: OCPI's party ids are
 * case-insensitive). Access patterns: one party's status (an incoming token or command of that party, an
 * exchange addressed to it); a partner's parties (the console, tests). An older copy never replaces a newer one.
 */
import { applied } from '@functions/lib/conditional.ts';
import { defineEntity, getRecord, model, queryAll, send, withoutKeys } from './table.ts';

export type HubConnectionStatus = 'CONNECTED' | 'OFFLINE' | 'PLANNED' | 'SUSPENDED';

export interface HubClientInfo {
  partnerId: string;
  countryCode: string;
  partyId: string;
  /** OCPI Role: CPO, EMSP, HUB, NAP, NSP, OTHER, SCSP. */
  role: string;
  status: HubConnectionStatus;
  lastUpdated: string;
}

export const hubClientInfos = defineEntity({
  model: model('HUBCLIENT'),
  attributes: {
    partnerId: { type: 'string', required: true },
    countryCode: { type: 'string', required: true },
    partyId: { type: 'string', required: true },
    role: { type: 'string', required: true },
    status: { type: 'string', required: true },
    lastUpdated: { type: 'string', required: true },
  },
  indexes: {
    byPartner: {
      pk: { field: 'pk', composite: ['partnerId'], template: 'HUBCLIENT#${partnerId}', casing: 'none' },
      sk: {
        field: 'sk',
        composite: ['countryCode', 'partyId'],
        template: '${countryCode}#${partyId}',
        casing: 'none',
      },
    },
  },
});

const upper = (info: HubClientInfo): HubClientInfo => ({
  ...info,
  countryCode: info.countryCode.toUpperCase(),
  partyId: info.partyId.toUpperCase(),
});

/** Keeps a party's ClientInfo unless the kept copy is newer; false when it was (nothing changed). */
export function putHubClientInfo(info: HubClientInfo): Promise<boolean> {
  return applied(
    send.put({
      ...hubClientInfos.put(upper(info)).params(),
      ConditionExpression: 'attribute_not_exists(lastUpdated) OR lastUpdated <= :at',
      ExpressionAttributeValues: { ':at': info.lastUpdated },
    }),
  );
}

/** What the partner (a hub) said of one party, if it said anything. */
export const getHubClientInfo = (partnerId: string, countryCode: string, partyId: string) =>
  getRecord<HubClientInfo>(
    hubClientInfos
      .get({ partnerId, countryCode: countryCode.toUpperCase(), partyId: partyId.toUpperCase() })
      .params(),
  );

/** Every party the partner said something of. */
export async function hubClientInfosOf(partnerId: string): Promise<HubClientInfo[]> {
  return (await queryAll(hubClientInfos.query.byPartner({ partnerId }).params())).map((item) =>
    withoutKeys<HubClientInfo>(item),
  );
}
