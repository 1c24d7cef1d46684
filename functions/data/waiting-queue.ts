/**
 * The waiting queue (functions/orders/queue.ts): a driver's idTag waiting for a connector of a station.
 * Items:
 * - the entry `WAITORDER#{id}` / `WAITORDER`;
 * - its idTag guard `WAITGUARD#{stationId}#{idTag}` / `WAITGUARD` (`orderId`): one active entry per idTag and
 *   station, written with the entry and dropped when it leaves;
 * - the call guard of a connector `WAITCALL#{chargePointId}#{connectorNo}` / `WAITCALL` (`orderId`): one
 *   called entry per connector, written with the call and dropped when the entry leaves.
 * Access patterns:
 * - an entry by its id (consistent read); the active entry of an idTag at a station (its guard);
 * - a station's entries in order of arrival (gsi1 `WAITORDER#{stationId}`, `{createTime}#{id}`): the waiting
 *   ones, or all of them up to a number;
 * - a company's entries by arrival (gsi2 `WAITORDER`, `{tenant}{createTime}#{id}`), newest first, up to a
 *   number;
 * - called entries by call time (gsi3 `WAITCALLED`, `{calledAt}#{id}`; the entry goes when it leaves).
 * Writes: a new entry with its guard; a call (the connector's guard and the entry's move, conditional on
 * `waiting`); a leave (conditional on the status read, its guards deleted).
 */
import {
  defineEntity,
  getRecord,
  model,
  PARAMS,
  putRecord,
  queryAll,
  request,
  send,
  type TransactItem,
} from './table.ts';

/** The called index's partition. */
const CALLED = 'WAITCALLED';

export const waitOrders = defineEntity(
  {
    model: model('WAITORDER'),
    attributes: {
      id: { type: 'string', required: true },
      tenant: { type: 'string', required: true },
      stationId: { type: 'string', required: true },
      createTime: { type: 'string', required: true },
      status: { type: 'string' },
      idTag: { type: 'string' },
      chargePointId: { type: 'string' },
      connectorNo: { type: 'number' },
      calledAt: { type: 'string' },
      /** Key-only: the called index's partition while the entry is called (empty: not on it). */
      calledQueue: { type: 'string' },
      servedAt: { type: 'string' },
      transactionId: { type: 'string' },
      servedChargePointId: { type: 'string' },
      servedConnectorNo: { type: 'number' },
      cancelTime: { type: 'string' },
      expiredAt: { type: 'string' },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], template: 'WAITORDER#${id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'WAITORDER', casing: 'none' },
      },
      byStation: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['stationId'], template: 'WAITORDER#${stationId}', casing: 'none' },
        sk: {
          field: 'gsi1sk',
          composite: ['createTime', 'id'],
          template: '${createTime}#${id}',
          casing: 'none',
        },
      },
      byCompany: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: [], template: 'WAITORDER', casing: 'none' },
        sk: {
          field: 'gsi2sk',
          composite: ['tenant', 'createTime', 'id'],
          template: '${tenant}${createTime}#${id}',
          casing: 'none',
        },
      },
      called: {
        index: 'gsi3',
        // Sparse: only a called entry is on it.
        condition: (attributes) => !!attributes.calledQueue,
        pk: { field: 'gsi3pk', composite: ['calledQueue'], template: '${calledQueue}', casing: 'none' },
        sk: { field: 'gsi3sk', composite: ['calledAt', 'id'], template: '${calledAt}#${id}', casing: 'none' },
      },
    },
  },
  { keyOnly: ['calledQueue'] },
);

export const waitGuards = defineEntity(
  {
    model: model('WAITGUARD'),
    attributes: {
      stationId: { type: 'string', required: true },
      idTag: { type: 'string', required: true },
      orderId: { type: 'string' },
    },
    indexes: {
      byIdTag: {
        pk: {
          field: 'pk',
          composite: ['stationId', 'idTag'],
          template: 'WAITGUARD#${stationId}#${idTag}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'WAITGUARD', casing: 'none' },
      },
    },
  },
  { keyOnly: ['stationId', 'idTag'] },
);

export const waitCalls = defineEntity(
  {
    model: model('WAITCALL'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      connectorNo: { type: 'number', required: true },
      orderId: { type: 'string' },
    },
    indexes: {
      byConnector: {
        pk: {
          field: 'pk',
          composite: ['chargePointId', 'connectorNo'],
          template: 'WAITCALL#${chargePointId}#${connectorNo}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'WAITCALL', casing: 'none' },
      },
    },
  },
  { keyOnly: ['chargePointId', 'connectorNo'] },
);

/** What the data layer needs of an entry (the domain's record holds more). */
export interface WaitFacts {
  id: string;
  tenant: string;
  stationId: string;
  idTag: string;
  createTime: string;
  status: string;
  chargePointId?: string;
  connectorNo?: number;
  calledAt?: string;
}

/** The fields a leave sets. */
export interface WaitLeaveSet {
  servedAt?: string;
  transactionId?: string;
  servedChargePointId?: string;
  servedConnectorNo?: number;
  cancelTime?: string;
  expiredAt?: string;
}

/** An entry as stored, without keys (consistent read). */
export const getWaitOrder = <T>(id: string) =>
  getRecord<T>(waitOrders.get({ id }).params({ consistent: true }));

/** The id of the active entry of an idTag at a station (its guard), if any (consistent read). */
export async function activeWaitOrderId(stationId: string, idTag: string) {
  const guard = await getRecord<{ orderId: string }>(
    waitGuards.get({ stationId, idTag }).params({ consistent: true }),
  );
  return guard ? String(guard.orderId) : undefined;
}

/** The put of a new waiting entry (refused when its id exists), on no called range. */
function waitingPut<T extends WaitFacts>(entry: T) {
  const put = putRecord(
    waitOrders
      .create({
        id: entry.id,
        tenant: entry.tenant,
        stationId: entry.stationId,
        createTime: entry.createTime,
        // A conditional index's composites must all be given: no queue says "not called".
        calledQueue: '',
        calledAt: '',
      })
      .params(),
    entry,
  );
  // The stored entry as it is (no empty call time added).
  if (entry.calledAt === undefined) delete put.Item.calledAt;
  return put;
}

/**
 * Writes a new waiting entry with its idTag guard in one transaction: cancelled (TransactionCanceledException)
 * when the idTag already waits at the station.
 */
export const waitAdd = <T extends WaitFacts>(entry: T) =>
  send.transact([
    {
      Put: request(
        waitGuards.create({ stationId: entry.stationId, idTag: entry.idTag, orderId: entry.id }).params(),
      ),
    },
    { Put: waitingPut(entry) },
  ]);

/**
 * Calls a waiting entry to a connector: the connector's guard (refused when an entry is called to it, the
 * transaction's first item) and the entry's move to `called` (refused when it is no longer waiting).
 */
export const waitCall = (id: string, chargePointId: string, connectorNo: number, at: string) =>
  send.transact([
    { Put: request(waitCalls.create({ chargePointId, connectorNo, orderId: id }).params()) },
    {
      Update: request(
        waitOrders
          .update({ id })
          .set({ status: 'called', chargePointId, connectorNo, calledAt: at, calledQueue: CALLED })
          .where((a, op) => op.eq(a.status, 'waiting'))
          .params(),
      ),
    },
  ]);

/**
 * An active entry read in its status leaves the queue for `to`: conditional on that status, off the called
 * index, its guards deleted in the same transaction.
 */
export function waitLeave(entry: WaitFacts, to: string, set: WaitLeaveSet) {
  const items: TransactItem[] = [
    {
      Update: request(
        waitOrders
          .update({ id: entry.id })
          // A called entry leaves the called index (its call time given so ElectroDB can place the entry, and
          // remove it: no queue); a waiting one is on none.
          .set({
            ...set,
            status: to,
            ...(entry.calledAt ? { calledQueue: '', calledAt: entry.calledAt } : {}),
          })
          .where((a, op) => op.eq(a.status, entry.status))
          .params(),
      ),
    },
    // The entry holds its guards while it is active; whoever moves it out drops them.
    { Delete: request(waitGuards.delete({ stationId: entry.stationId, idTag: entry.idTag }).params()) },
  ];
  if (entry.status === 'called' && entry.chargePointId && entry.connectorNo !== undefined)
    items.push({
      Delete: request(
        waitCalls.delete({ chargePointId: entry.chargePointId, connectorNo: entry.connectorNo }).params(),
      ),
    });
  return send.transact(items);
}

/** A station's waiting entries in order of arrival. */
export const stationWaiting = (stationId: string) =>
  queryAll(
    waitOrders.query
      .byStation({ stationId })
      .where((a, op) => op.eq(a.status, 'waiting'))
      .params(),
  );

/** The called entries called before `cutoff` (one page: the sweep runs again). */
export async function calledBefore(cutoff: string) {
  const { Items = [] } = await send.query(
    waitOrders.query.called({ calledQueue: CALLED }).lt({ calledAt: cutoff }).params(),
  );
  return Items;
}

/** A station's entries in order of arrival (reading stops after `limit`). */
export const stationEntries = (stationId: string, limit: number) =>
  queryAll(waitOrders.query.byStation({ stationId }).params(), { limit });

/** A company's entries that arrived from `from` on, newest first (reading stops after `limit`). */
export const companyEntries = (tenant: string, from: string, limit: number) =>
  queryAll(
    waitOrders.query
      .byCompany({})
      .between({ tenant, createTime: from }, { tenant, createTime: '~' })
      .params({ ...PARAMS, order: 'desc' }),
    { limit },
  );
