/**
 * Roaming partners' tokens (docs/decisions/426): the OCPI Tokens an eMSP gave the platform (pulled
 * from it, or pushed by it), kept so a charger presenting one is answered without asking the eMSP each time.
 * One item per token uid and partner: `ROAMTOKEN#{uid, lower case}` / `{partnerId}`, so a charger's idTag is
 * one Query (OCPI uids are case-insensitive, as OCPP idTags are compared here).
 */
import { applied } from '@functions/lib/conditional.ts';
import { ciKey } from '@shared/schemas/ocpi.ts';
import { defineEntity, getRecord, model, putAll, queryAll, request, send } from './table.ts';

export interface RoamingToken {
  partnerId: string;
  countryCode: string;
  partyId: string;
  uid: string;
  type: string;
  contractId: string;
  visualNumber?: string;
  issuer: string;
  valid: boolean;
  /** OCPI WhitelistType: ALWAYS, ALLOWED, ALLOWED_OFFLINE, NEVER. */
  whitelist: string;
  lastUpdated: string;
}

export const roamingTokens = defineEntity({
  model: model('ROAMTOKEN'),
  attributes: {
    uidKey: { type: 'string', required: true },
    partnerId: { type: 'string', required: true },
    countryCode: { type: 'string' },
    partyId: { type: 'string' },
    uid: { type: 'string' },
    type: { type: 'string' },
    contractId: { type: 'string' },
    visualNumber: { type: 'string' },
    issuer: { type: 'string' },
    valid: { type: 'boolean' },
    whitelist: { type: 'string' },
    lastUpdated: { type: 'string' },
  },
  indexes: {
    byUid: {
      pk: { field: 'pk', composite: ['uidKey'], template: 'ROAMTOKEN#${uidKey}', casing: 'none' },
      sk: { field: 'sk', composite: ['partnerId'], template: '${partnerId}', casing: 'none' },
    },
  },
});

/** A uid's key: OCPI's CiString key (docs/ocpi.md), lower case as before. */
const uidKey = (uid: string) => ciKey(uid);

const itemOf = (token: RoamingToken) =>
  request(roamingTokens.put({ ...token, uidKey: uidKey(token.uid) }).params()).Item as Record<
    string,
    unknown
  >;

/** Stores tokens as the partner gave them (a newer copy replaces an older one of the same uid). */
export async function putRoamingTokens(tokens: RoamingToken[]): Promise<void> {
  await putAll(tokens.map(itemOf));
}

/** Stores one token unless the stored copy is newer (a late push does not undo a newer one). */
export async function putRoamingToken(token: RoamingToken): Promise<boolean> {
  return applied(
    send.put({
      Item: itemOf(token),
      ConditionExpression: 'attribute_not_exists(lastUpdated) OR lastUpdated <= :at',
      ExpressionAttributeValues: { ':at': token.lastUpdated },
    }),
  );
}

/** One partner's token of this uid, if it gave one. */
export async function roamingTokenOf(uid: string, partnerId: string): Promise<RoamingToken | undefined> {
  return getRecord<RoamingToken>(roamingTokens.get({ uidKey: uidKey(uid), partnerId }).params());
}

/** The tokens of this uid, of every partner that gave one. */
export async function roamingTokensOf(uid: string): Promise<RoamingToken[]> {
  return (await queryAll(
    roamingTokens.query.byUid({ uidKey: uidKey(uid) }).params(),
  )) as unknown as RoamingToken[];
}
