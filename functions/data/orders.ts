/**
 * Charging orders (functions/orders): one item per order, `ORDER#{orderNo}` / `ORDER`. Access patterns, each
 * one key range of one index, newest first:
 * - an order by its number;
 * - a company's orders by start time (gsi1 `ORDER`, `{tenant}{startTime}#{orderNo}`; `begins_with` the tenant
 *   path for a company and its sub-companies);
 * - a station's orders by start time (gsi2 `ORDERST#{stationId}`, `{startTime}#{orderNo}`);
 * - an id tag's orders by start time (gsi3 `ORDERTAG#{idTag}`, `{startTime}#{orderNo}`; none without a tag).
 * Writes: a new order (settlement, refused when the number exists), an order over what is stored, and the
 * reset of an unpaid order: the payment's fields set when it is still unpaid (`payFlag` 0: unpaid to paid
 * once), or why it is still unpaid.
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

/** The fields naming the account that paid an order and its balances around the debit. */
const PAYER_FIELDS = [
  'fleetId',
  'fleetName',
  'fleetDriverId',
  'fleetVehicleId',
  'fleetBalanceBefore',
  'fleetBalanceAfter',
  'appUserId',
  'appBalanceBefore',
  'appBalanceAfter',
  'cardId',
  'cardBalanceBefore',
  'cardBalanceAfter',
] as const;

export const orders = defineEntity({
  model: model('ORDER'),
  attributes: {
    orderNo: { type: 'string', required: true },
    tenant: { type: 'string', required: true },
    startTime: { type: 'string', required: true },
    stationId: { type: 'string', required: true },
    idTag: { type: 'string' },
    // What a settlement sets on an order that was left unpaid (the payment's fields, OrderPayer).
    payFlag: { type: 'number' },
    payType: { type: 'number' },
    payTime: { type: 'string' },
    version: { type: 'number' },
    unpaidReason: { type: 'string' },
    lastSettleTime: { type: 'string' },
    ...(Object.fromEntries(PAYER_FIELDS.map((f) => [f, { type: 'any' as const }])) as Record<
      (typeof PAYER_FIELDS)[number],
      { type: 'any' }
    >),
  },
  indexes: {
    byOrderNo: {
      pk: { field: 'pk', composite: ['orderNo'], template: 'ORDER#${orderNo}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'ORDER', casing: 'none' },
    },
    byCompany: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], template: 'ORDER', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['tenant', 'startTime', 'orderNo'],
        template: '${tenant}${startTime}#${orderNo}',
        casing: 'none',
      },
    },
    byStation: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['stationId'], template: 'ORDERST#${stationId}', casing: 'none' },
      sk: {
        field: 'gsi2sk',
        composite: ['startTime', 'orderNo'],
        template: '${startTime}#${orderNo}',
        casing: 'none',
      },
    },
    byIdTag: {
      index: 'gsi3',
      // Sparse: an order without an id tag is on no tag's range.
      condition: (attributes) => !!attributes.idTag,
      pk: { field: 'gsi3pk', composite: ['idTag'], template: 'ORDERTAG#${idTag}', casing: 'none' },
      sk: {
        field: 'gsi3sk',
        composite: ['startTime', 'orderNo'],
        template: '${startTime}#${orderNo}',
        casing: 'none',
      },
    },
  },
});

export interface OrderFacts {
  orderNo: string;
  tenant: string;
  startTime: string;
  stationId: string;
  idTag?: string;
}

// A sparse index's composites must all be given: an empty tag says "no tag" (the condition leaves gsi3 out).
const facts = (o: OrderFacts) => ({
  orderNo: o.orderNo,
  tenant: o.tenant,
  startTime: o.startTime,
  stationId: o.stationId,
  idTag: o.idTag ?? '',
});

/** The stored order: the record as it is (no empty tag added). */
function whole<T extends OrderFacts>(put: ReturnType<typeof putRecord>, order: T) {
  if (order.idTag === undefined) delete put.Item.idTag;
  return put;
}

/** The put of a whole order record (a new one: refused when the number exists). */
export const orderCreate = <T extends OrderFacts>(order: T) =>
  whole(putRecord(orders.create(facts(order)).params(), order), order);

/** The put of a whole order record over what is stored. */
export const orderPut = <T extends OrderFacts>(order: T) =>
  whole(putRecord(orders.put(facts(order)).params(), order), order);

export const getOrder = <T>(orderNo: string) => getRecord<T>(orders.get({ orderNo }).params());

/** Start-time window: ISO instants, both included (an end of `…~` reaches every order of that instant). */
export interface Window {
  from: string;
  to: string;
}

/** A company's (and its sub-companies') orders started in the window, newest first. */
export const companyOrders = (tenant: string, window: Window) =>
  queryAll(
    orders.query
      .byCompany({})
      .between({ tenant, startTime: window.from }, { tenant, startTime: `${window.to}~` })
      .params({ ...PARAMS, order: 'desc' }),
  );

/** A station's orders started in the window, newest first. */
export const stationOrders = (stationId: string, window: Window) =>
  queryAll(
    orders.query
      .byStation({ stationId })
      .between({ startTime: window.from }, { startTime: `${window.to}~` })
      .params({ ...PARAMS, order: 'desc' }),
  );

/** An id tag's orders, newest first. */
export const idTagOrders = (idTag: string) =>
  queryAll(orders.query.byIdTag({ idTag }).params({ ...PARAMS, order: 'desc' }));

/**
 * An unpaid order's settlement failed again: why, and when it was tried. Only while it is unpaid (a paid
 * order is left as it is; a refusal is not an error). True when it was written.
 */
export async function orderUnpaidNoted(orderNo: string, unpaidReason: string, at: string): Promise<boolean> {
  try {
    await send.update(
      orders
        .update({ orderNo })
        .set({ unpaidReason, lastSettleTime: at })
        .where((a, op) => op.eq(a.payFlag, 0))
        .params(),
    );
    return true;
  } catch {
    return false;
  }
}

/** What a settlement sets on an unpaid order it pays (undefined fields are left out). */
export type OrderPaidFields = Partial<Record<(typeof PAYER_FIELDS)[number], unknown>> & {
  payFlag: number;
  payTime: string;
  version: number;
  payType?: number;
};

/**
 * The transaction item paying an unpaid order: the payment's fields set and its unpaid reason removed,
 * refused (condition) when the order is no longer unpaid, so a concurrent reset charges nothing.
 */
export const orderPaidUpdate = (orderNo: string, fields: OrderPaidFields): TransactItem => ({
  Update: request(
    orders
      .update({ orderNo })
      .set(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)))
      .remove(['unpaidReason'])
      .where((a, op) => op.eq(a.payFlag, 0))
      .params(),
  ) as TransactItem['Update'],
});
