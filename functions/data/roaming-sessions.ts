/**
 * The OCPI Sessions the platform gave its roaming partners (docs/decisions/426): each as it was last
 * sent, `ROAMSESS#{id}` / `SESSION`. Access patterns:
 * - a session by its OCPI id (an eMSP's STOP_SESSION names it; the id is not always the order number);
 * - a partner's sessions by their last update (gsi1 `ROAMSESSP#{partnerId}`, `{lastUpdated}#{id}`): the
 *   sessions sender interface's pull, within `date_from` / `date_to`;
 * - the sessions still ACTIVE by their last update (gsi2 `ROAMSESSACTIVE`, sparse): the minute's sweep sends
 *   an update of those not updated for a while.
 * An ACTIVE copy never replaces a COMPLETED one (a late update after the end changes nothing).
 * A session id is a CiString (docs/ocpi.md): an id with capitals also gets a pointer from its CiString key,
 * `ROAMSESSID#{id, lower case}` / `SESSIONID` (`id`), so an eMSP naming it in another case finds it.
 */
import { applied } from '@functions/lib/conditional.ts';
import { ciKey } from '@shared/schemas/ocpi.ts';
import {
  defineEntity,
  getRecord,
  model,
  PARAMS,
  queryAll,
  send,
  timeRangePage,
  withoutKeys,
} from './table.ts';

export interface RoamingSession {
  /** The OCPI session id. */
  id: string;
  partnerId: string;
  chargePointId: string;
  transactionId: string;
  orderNo: string;
  status: 'ACTIVE' | 'COMPLETED';
  lastUpdated: string;
  /** The OCPI Session object as last sent (or offered to the pull). */
  body: Record<string, unknown>;
}

export const roamingSessions = defineEntity({
  model: model('ROAMSESS'),
  attributes: {
    id: { type: 'string', required: true },
    partnerId: { type: 'string', required: true },
    chargePointId: { type: 'string' },
    transactionId: { type: 'string' },
    orderNo: { type: 'string' },
    status: { type: 'string', required: true },
    lastUpdated: { type: 'string', required: true },
    body: { type: 'any' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'ROAMSESS#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'SESSION', casing: 'none' },
    },
    byPartner: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['partnerId'], template: 'ROAMSESSP#${partnerId}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['lastUpdated', 'id'],
        template: '${lastUpdated}#${id}',
        casing: 'none',
      },
    },
    active: {
      index: 'gsi2',
      // Sparse: a completed session is on no update round.
      condition: (attributes) => attributes.status === 'ACTIVE',
      pk: { field: 'gsi2pk', composite: [], template: 'ROAMSESSACTIVE', casing: 'none' },
      sk: {
        field: 'gsi2sk',
        composite: ['lastUpdated', 'id'],
        template: '${lastUpdated}#${id}',
        casing: 'none',
      },
    },
  },
});

/** The pointer from a session id's CiString key to the id as the platform gave it. */
export const roamingSessionIds = defineEntity(
  {
    model: model('ROAMSESSID'),
    attributes: {
      idKey: { type: 'string', required: true },
      id: { type: 'string', required: true },
    },
    indexes: {
      byKey: {
        pk: { field: 'pk', composite: ['idKey'], template: 'ROAMSESSID#${idKey}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'SESSIONID', casing: 'none' },
      },
    },
  },
  { keyOnly: ['idKey'] },
);

/** Keeps a session as sent; false when an ACTIVE copy came after its COMPLETED one (nothing changed). */
export async function keepRoamingSession(session: RoamingSession): Promise<boolean> {
  const key = ciKey(session.id);
  if (key !== session.id) await send.put(roamingSessionIds.put({ idKey: key, id: session.id }).params());
  const params = roamingSessions.put(session).params();
  if (session.status !== 'ACTIVE') return send.put(params).then(() => true);
  return applied(
    send.put({
      ...params,
      ConditionExpression: 'attribute_not_exists(#s) OR #s <> :completed',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':completed': 'COMPLETED' },
    }),
  );
}

const sessionById = (id: string) => getRecord<RoamingSession>(roamingSessions.get({ id }).params());

/**
 * A session by its OCPI id as a CiString: the id itself; else the id in lower case (ids without capitals
 * have no pointer); else the id its CiString key points to.
 */
export async function getRoamingSession(id: string): Promise<RoamingSession | undefined> {
  const exact = await sessionById(id);
  if (exact) return exact;
  const key = ciKey(id);
  const lower = key === id ? undefined : await sessionById(key);
  if (lower) return lower;
  const pointer = await getRecord<{ id: string }>(roamingSessionIds.get({ idKey: key }).params());
  return pointer && pointer.id !== id ? sessionById(pointer.id) : undefined;
}

/** One page of a partner's sessions updated in [from, to), oldest update first, and how many there are. */
export async function partnerSessionsPage(
  partnerId: string,
  window: { from?: string; to?: string },
  offset: number,
  limit: number,
): Promise<{ items: RoamingSession[]; total: number }> {
  const { items, total } = await timeRangePage('gsi1', `ROAMSESSP#${partnerId}`, window, offset, limit);
  return { items: items.map((i) => withoutKeys<RoamingSession>(i)), total };
}

/** Sessions still ACTIVE whose last update is before `before`, oldest first (at most `limit`). */
export async function staleActiveSessions(before: string, limit = 200): Promise<RoamingSession[]> {
  return (
    await queryAll(
      roamingSessions.query
        .active({})
        .lt({ lastUpdated: before })
        .params({ ...PARAMS, limit }),
      {
        limit,
      },
    )
  )
    .slice(0, limit)
    .map((i) => withoutKeys<RoamingSession>(i));
}
