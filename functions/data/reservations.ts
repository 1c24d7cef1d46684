/**
 * Reservation orders (functions/orders/reservations.ts): one item per reservation
 * `RESERVEORDER#{id}` / `RESERVEORDER`, and the pointer from a charger's reservation id to its order
 * `RESERVEID#{chargePointId}#{reservationId}` / `RESERVEID` (`orderId`). Access patterns:
 * - a reservation by its id (consistent read);
 * - a reservation by its charger and reservation id (the pointer, then the order);
 * - a company's reservations by creation time (gsi1 `RESERVEORDER`, `{tenant}{createTime}#{id}`), newest
 *   first, with the list's filters, reading at most a number of items;
 * - reservations not ended yet by expiry (gsi2 `RESERVEOPEN`, `{expiryTime}#{id}`; the entry goes when the
 *   reservation ends): all of them (the sweep), or those successful and unexpired on one connector.
 * Writes: a new reservation; a move between statuses that are not an end (conditional on the status read,
 * with its timeline entry); its end (conditional on the status read, a transaction item beside the payment's
 * writes); its command and reservation id (with the pointer); its cancel command.
 */
import { applied } from '@functions/lib/conditional.ts';
import { ciKey } from '@shared/schemas/ocpi.ts';
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

export const reserveOrders = defineEntity(
  {
    model: model('RESERVEORDER'),
    attributes: {
      id: { type: 'string', required: true },
      tenant: { type: 'string', required: true },
      createTime: { type: 'string', required: true },
      expiryTime: { type: 'string', required: true },
      /** Key-only: whether the reservation is still on the open index (not ended). */
      open: { type: 'boolean' },
      status: { type: 'number' },
      history: { type: 'any' },
      stationId: { type: 'string' },
      chargePointId: { type: 'string' },
      connectorNo: { type: 'number' },
      idTag: { type: 'string' },
      commandId: { type: 'string' },
      cancelCommandId: { type: 'string' },
      reservationId: { type: 'number' },
      startTime: { type: 'string' },
      endFlag: { type: 'number' },
      endReason: { type: 'string' },
      endTime: { type: 'string' },
      cancelTime: { type: 'string' },
      failReason: { type: 'string' },
      transactionId: { type: 'string' },
      fee: { type: 'string' },
      durationSeconds: { type: 'number' },
      payFlag: { type: 'number' },
      payType: { type: 'number' },
      payTime: { type: 'string' },
      cardId: { type: 'string' },
      cardBalanceBefore: { type: 'number' },
      cardBalanceAfter: { type: 'number' },
      unpaidReason: { type: 'string' },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], template: 'RESERVEORDER#${id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'RESERVEORDER', casing: 'none' },
      },
      byCompany: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: [], template: 'RESERVEORDER', casing: 'none' },
        sk: {
          field: 'gsi1sk',
          composite: ['tenant', 'createTime', 'id'],
          template: '${tenant}${createTime}#${id}',
          casing: 'none',
        },
      },
      open: {
        index: 'gsi2',
        // Sparse: an ended reservation is on no expiry range.
        condition: (attributes) => attributes.open === true,
        pk: { field: 'gsi2pk', composite: [], template: 'RESERVEOPEN', casing: 'none' },
        sk: {
          field: 'gsi2sk',
          composite: ['expiryTime', 'id'],
          template: '${expiryTime}#${id}',
          casing: 'none',
        },
      },
    },
  },
  { keyOnly: ['open'] },
);

export const reservationIds = defineEntity(
  {
    model: model('RESERVEID'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      reservationId: { type: 'number', required: true },
      orderId: { type: 'string' },
    },
    indexes: {
      byReservation: {
        pk: {
          field: 'pk',
          composite: ['chargePointId', 'reservationId'],
          template: 'RESERVEID#${chargePointId}#${reservationId}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'RESERVEID', casing: 'none' },
      },
    },
  },
  { keyOnly: ['chargePointId', 'reservationId'] },
);

/**
 * The pointer from a roaming partner's reservation id (OCPI `reservation_id`, unique per eMSP) to its order:
 * `ROAMRESV#{partnerId}#{reservationId}` / `RESERVEID` (`orderId`), created with the order (a second
 * RESERVE_NOW of one id is refused) and kept after its end (ids are not reused). The id is a CiString: the
 * key holds its CiString key (lower case, docs/ocpi.md), so `r906733` finds `R906733`; a pointer written
 * before (the id as sent) is still found by that exact id, and blocks a new one of the same id.
 */
export const partnerReservationIds = defineEntity(
  {
    model: model('ROAMRESV'),
    attributes: {
      partnerId: { type: 'string', required: true },
      reservationId: { type: 'string', required: true },
      orderId: { type: 'string' },
    },
    indexes: {
      byReservation: {
        pk: {
          field: 'pk',
          composite: ['partnerId', 'reservationId'],
          template: 'ROAMRESV#${partnerId}#${reservationId}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'RESERVEID', casing: 'none' },
      },
    },
  },
  { keyOnly: ['partnerId', 'reservationId'] },
);

/** What the data layer needs of a reservation record (the domain's record holds more). */
export interface ReservationFacts {
  id: string;
  tenant: string;
  createTime: string;
  expiryTime: string;
}

/** An entry of a reservation's timeline. */
export interface HistoryEntry {
  status: number;
  at: string;
  reason?: string;
}

/** The fields a move or an end sets (declared attributes of the entity). */
export interface ReservationSet {
  status?: number;
  startTime?: string;
  endFlag?: number;
  endReason?: string;
  endTime?: string;
  cancelTime?: string;
  failReason?: string;
  transactionId?: string;
  fee?: string;
  durationSeconds?: number;
  payFlag?: number;
  payType?: number;
  payTime?: string;
  cardId?: string;
  cardBalanceBefore?: number;
  cardBalanceAfter?: number;
  unpaidReason?: string;
}

/** A reservation as stored, without keys (consistent read). */
export const getReservation = <T>(id: string) =>
  getRecord<T>(reserveOrders.get({ id }).params({ consistent: true }));

/** The id of the reservation order a charger's reservation id names, if any (consistent read). */
export async function reservationOrderId(chargePointId: string, reservationId: number) {
  const found = await getRecord<{ orderId: string }>(
    reservationIds.get({ chargePointId, reservationId }).params({ consistent: true }),
  );
  return found ? String(found.orderId) : undefined;
}

const createParams = <T extends ReservationFacts>(record: T) =>
  putRecord(
    reserveOrders
      .create({
        id: record.id,
        tenant: record.tenant,
        createTime: record.createTime,
        expiryTime: record.expiryTime,
        open: true,
      })
      .params(),
    record,
  );

/** Writes a new reservation record (open: on the expiry index), refused when its id exists. */
export const reservationCreate = <T extends ReservationFacts>(record: T) => send.put(createParams(record));

/**
 * Writes a roaming partner's new reservation with the pointer from its reservation id, in one transaction;
 * false when the partner had used that id already (nothing written).
 */
export async function partnerReservationCreate<T extends ReservationFacts>(
  record: T,
  partnerId: string,
  reservationId: string,
): Promise<boolean> {
  const key = ciKey(reservationId);
  // A pointer of the id as sent, from before ids were keyed as CiStrings, blocks it too.
  const legacy =
    key === reservationId
      ? []
      : [
          {
            ConditionCheck: {
              ...partnerReservationIds.get({ partnerId, reservationId }).params(),
              ConditionExpression: 'attribute_not_exists(#pk)',
              ExpressionAttributeNames: { '#pk': 'pk' },
            },
          },
        ];
  try {
    await send.transact([
      { Put: createParams(record) },
      {
        Put: partnerReservationIds
          .create({ partnerId, reservationId: key, orderId: record.id })
          .params() as object,
      },
      ...legacy,
    ]);
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
}

/** The order of a roaming partner's reservation id (a CiString), if it made one. */
export async function partnerReservationOrderId(partnerId: string, reservationId: string) {
  const pointer = (id: string) =>
    getRecord<{ orderId: string }>(
      partnerReservationIds.get({ partnerId, reservationId: id }).params({ consistent: true }),
    );
  const key = ciKey(reservationId);
  const found = (await pointer(key)) ?? (key === reservationId ? undefined : await pointer(reservationId));
  return found ? String(found.orderId) : undefined;
}

/**
 * Moves a reservation from `from` to another status that is not an end, with `set` and its timeline
 * entry; false when it was not in `from`.
 */
export const reservationMove = (id: string, from: number, set: ReservationSet, entry: HistoryEntry) =>
  applied(
    send.update(
      reserveOrders
        .update({ id })
        .set(set)
        .append({ history: [entry] })
        .where((a, op) => op.eq(a.status, from))
        .params(),
    ),
  );

/**
 * The transaction item ending a reservation read in status `read`: `set`, its timeline entry, and off the
 * expiry index; refused (condition) when its status changed meanwhile.
 */
export const reservationEnd = (
  order: { id: string; expiryTime: string },
  read: number,
  set: ReservationSet,
  entry: HistoryEntry,
): TransactItem => ({
  Update: request(
    reserveOrders
      .update({ id: order.id })
      // The expiry is given so ElectroDB can place the index entry (it removes it: `open` false).
      .set({ ...set, open: false, expiryTime: order.expiryTime })
      .append({ history: [entry] })
      .where((a, op) => op.eq(a.status, read))
      .params(),
  ),
});

/** Names a reservation's command and the charger's reservation id, and writes the pointer, together. */
export const reservationLinked = (
  id: string,
  link: { commandId: string; chargePointId: string; reservationId: number },
) =>
  send.transact([
    {
      Update: request(
        reserveOrders
          .patch({ id })
          .set({ commandId: link.commandId, reservationId: link.reservationId })
          .params(),
      ),
    },
    {
      Put: request(
        reservationIds
          .put({ chargePointId: link.chargePointId, reservationId: link.reservationId, orderId: id })
          .params(),
      ),
    },
  ]);

/** Names a reservation's cancel command (refused when the reservation does not exist). */
export const reservationCancelCommand = (id: string, cancelCommandId: string) =>
  send.update(reserveOrders.patch({ id }).set({ cancelCommandId }).params());

/** Every reservation not ended yet (the sweep's), by expiry. */
export const openReservations = () => queryAll(reserveOrders.query.open({}).params());

/** The successful reservations of a connector whose expiry is after `now`. */
export const heldReservations = (
  chargePointId: string,
  connectorNo: number,
  successful: number,
  now: string,
) =>
  queryAll(
    reserveOrders.query
      .open({})
      .gt({ expiryTime: now })
      .where(
        (a, op) =>
          `${op.eq(a.chargePointId, chargePointId)} AND ${op.eq(a.connectorNo, connectorNo)} AND ${op.eq(a.status, successful)}`,
      )
      .params(),
  );

/** The filters of a company's list. */
export interface ReservationFilter {
  status?: number;
  chargePointId?: string;
  idTag?: string;
  /** Only these stations' reservations (a caller bound to stations); none at all when empty. */
  stations?: readonly string[];
}

/**
 * A company's reservations created from `from` to `to` (ISO, both included), newest first, matching the
 * filter; reading stops once `limit` items were examined with more to read (`truncated`).
 */
export async function companyReservations(
  tenant: string,
  from: string,
  to: string,
  filter: ReservationFilter,
  limit: number,
): Promise<{ items: Record<string, unknown>[]; truncated: boolean }> {
  const params = reserveOrders.query
    .byCompany({})
    .between({ tenant, createTime: from }, { tenant, createTime: `${to}~` })
    .where((a, op) => {
      const parts = [op.eq(a.tenant, tenant)];
      if (filter.status !== undefined) parts.push(op.eq(a.status, filter.status));
      if (filter.chargePointId) parts.push(op.eq(a.chargePointId, filter.chargePointId));
      if (filter.idTag) parts.push(op.eq(a.idTag, filter.idTag));
      if (filter.stations)
        parts.push(
          filter.stations.length
            ? `(${filter.stations.map((s) => op.eq(a.stationId, s)).join(' OR ')})`
            : `(${op.notExists(a.stationId)} AND ${op.exists(a.stationId)})`,
        );
      return parts.join(' AND ');
    })
    .params({ ...PARAMS, order: 'desc' });
  const items: Record<string, unknown>[] = [];
  let examined = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await send.query({ ...params, ExclusiveStartKey });
    items.push(...(page.Items ?? []));
    examined += page.ScannedCount ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
    if (ExclusiveStartKey && examined >= limit) return { items, truncated: true };
  } while (ExclusiveStartKey);
  return { items, truncated: false };
}
