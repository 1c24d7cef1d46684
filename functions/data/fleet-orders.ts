/**
 * A fleet's orders (functions/fleets/fund-history.ts; docs/decisions/192-fleets-on-the-registry.md): a
 * projection of each order a fleet account pays or was asked to pay, `FLEETORDER#{fleetId}` /
 * `{time}#{orderNo}` (time: the session's end), put in the same transaction as the order (settlement) and put
 * again by the transaction that pays it later (the reset call), so it always says what the order says: the
 * fleet's balances before and after, paid or not. Read newest first, a page at a time.
 */
import { defineEntity, model, putRecord, queryPage, withoutKeys, type TransactItem } from './table.ts';

export const fleetOrders = defineEntity({
  model: model('FLEETORDER'),
  attributes: {
    fleetId: { type: 'string', required: true },
    time: { type: 'string', required: true },
    orderNo: { type: 'string', required: true },
  },
  indexes: {
    byFleet: {
      pk: { field: 'pk', composite: ['fleetId'], template: 'FLEETORDER#${fleetId}', casing: 'none' },
      sk: { field: 'sk', composite: ['time', 'orderNo'], template: '${time}#${orderNo}', casing: 'none' },
    },
  },
});

export interface FleetOrderRecord {
  fleetId: string;
  orderNo: string;
  /** The session's end (its start when it has none): the projection's place in time. */
  time: string;
  [field: string]: unknown;
}

/** The put of an order's projection (a later put of the same order replaces it). */
export const fleetOrderPut = (record: FleetOrderRecord): TransactItem => ({
  Put: putRecord(
    fleetOrders.put({ fleetId: record.fleetId, time: record.time, orderNo: record.orderNo }).params(),
    record,
  ),
});

/** A page of a fleet's orders, newest first, without keys. */
export async function fleetOrderPage(fleetId: string, skip: number, size: number) {
  const params = { ...fleetOrders.query.byFleet({ fleetId }).params(), ScanIndexForward: false };
  return (await queryPage(params, skip, size)).map((item) => withoutKeys<Record<string, unknown>>(item));
}
