/**
 * Charging orders (functions/orders): one item per order, `ORDER#{orderNo}` / `ORDER`. Access patterns, each
 * one key range of one index, newest first:
 * - an order by its number;
 * - a company's orders by start time (gsi1 `ORDER`, `{tenant}{startTime}#{orderNo}`; `begins_with` the tenant
 *   path for a company and its sub-companies);
 * - a station's orders by start time (gsi2 `ORDERST#{stationId}`, `{startTime}#{orderNo}`);
 * - an id tag's orders by start time (gsi3 `ORDERTAG#{idTag}`, `{startTime}#{orderNo}`; none without a tag).
 * The list reads one such range newest first with its filters (equal fields, the tenant path, profit shares
 * present), a page at a time up to an examination limit, or the whole range (exports); it shows the names of
 * the orders' stations and charge points (one batch read of the repository's items).
 * Writes: a new order (settlement, refused when the number exists), an order over what is stored, and the
 * reset of an unpaid order: the payment's fields set when it is still unpaid (`payFlag` 0: unpaid to paid
 * once), or why it is still unpaid.
 */
import { chargePointRecords } from './charge-points.ts';
import { stationRecords } from './stations.ts';
import {
  defineEntity,
  getRecord,
  isKeyField,
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
    // Fields the list's filters read.
    chargePointId: { type: 'string' },
    profits: { type: 'any' },
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

/** An order's table key, `ORDER#{orderNo}` / `ORDER`. */
export const orderKey = (orderNo: string) =>
  orders.get({ orderNo }).params().Key as { pk: string; sk: string };

/**
 * An order's keys and index attributes as `orderPut` writes them (gsi3 only with a tag): for tests and
 * benchmarks that write order items by hand.
 */
export function orderKeys(order: OrderFacts): Record<string, string> {
  const item = orderPut(order).Item as Record<string, unknown>;
  return Object.fromEntries(Object.entries(item).filter(([field]) => isKeyField(field))) as Record<
    string,
    string
  >;
}

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

/** One key range of an order index: a company's, a station's or an id tag's orders started from `from` to `to`. */
export type OrderRange = { from: string; to: string } & (
  { by: 'company'; tenant: string } | { by: 'station'; stationId: string } | { by: 'idTag'; idTag: string }
);

/** A filter on a range's orders: a field equal to a value, a field beginning with one, or profit shares present. */
export type OrderCondition =
  | [field: 'tenant' | 'stationId' | 'chargePointId' | 'idTag' | 'payFlag', op: '=', value: string | number]
  | [field: 'tenant', op: 'begins_with', value: string]
  | [field: 'profits', op: 'nonEmpty'];

/** The query of a range (both bounds included; a `to` ending in `~` reaches every order of that instant), newest first. */
function rangeParams(range: OrderRange, conditions: OrderCondition[]) {
  const between = { from: { startTime: range.from }, to: { startTime: range.to } };
  const query =
    range.by === 'company'
      ? orders.query
          .byCompany({})
          .between({ tenant: range.tenant, ...between.from }, { tenant: range.tenant, ...between.to })
      : range.by === 'station'
        ? orders.query.byStation({ stationId: range.stationId }).between(between.from, between.to)
        : orders.query.byIdTag({ idTag: range.idTag }).between(between.from, between.to);
  const filtered = conditions.length
    ? query.where((a, op) =>
        conditions
          .map((c) =>
            c[1] === 'nonEmpty'
              ? `${op.size(a.profits)} > ${op.value(a.profits, 0)}`
              : c[1] === 'begins_with'
                ? op.begins(a.tenant, c[2])
                : op.eq(a[c[0]] as never, c[2] as never),
          )
          .join(' AND '),
      )
    : query;
  return filtered.params({ ...PARAMS, order: 'desc' });
}

/**
 * The first `want` matching orders of a range, newest first, examining at most `scanLimit` items: `more` when
 * the range may hold further matches, `truncated` when the examination limit stopped the read short of `want`.
 */
export async function readOrderRange(
  range: OrderRange,
  conditions: OrderCondition[],
  want: number,
  scanLimit: number,
) {
  const params = rangeParams(range, conditions);
  const items: Record<string, unknown>[] = [];
  let scanned = 0;
  // Read as far as asked first; when the filter leaves items out, read further in growing steps.
  let factor = 1;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await send.query({
      ...params,
      Limit: Math.min(1000, scanLimit - scanned, Math.max(10, (want - items.length) * factor)),
      ExclusiveStartKey,
    });
    factor *= 4;
    scanned += page.ScannedCount ?? 0;
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && items.length < want && scanned < scanLimit);
  return {
    items: items.slice(0, want),
    more: items.length > want || !!ExclusiveStartKey,
    truncated: !!ExclusiveStartKey && items.length < want,
  };
}

/** Every matching order of a range (no examination limit: an export reads its whole window). */
export const wholeOrderRange = (range: OrderRange, conditions: OrderCondition[]) =>
  queryAll(rangeParams(range, conditions));

/**
 * The names of stations and charge points (those that have one), one batch read of their records (100 keys a
 * request, unprocessed keys read again).
 */
export async function siteNames(stationIds: string[], chargePointIds: string[]) {
  const keys = [
    ...stationIds.map((id) => stationRecords.key(id)),
    ...chargePointIds.map((id) => chargePointRecords.key(id)),
  ];
  const names = new Map<string, string>();
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
    while (pending?.length) {
      const answer = await send.batchGet({
        RequestItems: {
          main: { Keys: pending, ProjectionExpression: 'pk, #n', ExpressionAttributeNames: { '#n': 'name' } },
        },
      });
      const responses = Object.values(answer.Responses ?? {})[0] ?? [];
      for (const item of responses)
        if (item.name !== undefined) names.set(String(item.pk), String(item.name));
      pending = Object.values(answer.UnprocessedKeys ?? {})[0]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return {
    station: (id?: string) => (id ? names.get(stationRecords.key(id).pk) : undefined),
    chargePoint: (id?: string) => (id ? names.get(chargePointRecords.key(id).pk) : undefined),
  };
}
