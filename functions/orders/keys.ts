/**
 * The keys and index attributes of a charging order in the main table. Each list filter of the console is
 * one key range of one index, newest first:
 * - the order by its number (pk `ORDER#{orderNo}`);
 * - gsi1: the company's orders by start time (`ORDER`, `{tenant}{startTime}#{orderNo}`; one range per
 *   company in scope, `begins_with` the tenant path for the company deletion guard);
 * - gsi2: a station's orders by start time (`ORDERST#{stationId}`, `{startTime}#{orderNo}`; a charge point
 *   filter reads its station's range);
 * - gsi3: an id tag's orders by start time (`ORDERTAG#{idTag}`, `{startTime}#{orderNo}`; none without a tag).
 * The prefixes are distinct from the other users of gsi2/gsi3 (`TXACTIVE#`, `CMD|`, `SESSIONS#`, the
 * hand-off outbox, the repository's views `{TYPE}#v…`).
 */
export interface OrderKeyFacts {
  orderNo: string;
  tenant: string;
  startTime: string;
  stationId: string;
  chargePointId: string;
  idTag?: string;
}

export const ORDER_TYPE_KEY = 'ORDER';
export const stationPartition = (stationId: string) => `ORDERST#${stationId}`;
export const idTagPartition = (idTag: string) => `ORDERTAG#${idTag}`;
export const orderKey = (orderNo: string) => ({ pk: `ORDER#${orderNo}`, sk: 'ORDER' });

export function orderKeys(o: OrderKeyFacts) {
  return {
    ...orderKey(o.orderNo),
    gsi1pk: ORDER_TYPE_KEY,
    gsi1sk: `${o.tenant}${o.startTime}#${o.orderNo}`,
    gsi2pk: stationPartition(o.stationId),
    gsi2sk: `${o.startTime}#${o.orderNo}`,
    ...(o.idTag ? { gsi3pk: idTagPartition(o.idTag), gsi3sk: `${o.startTime}#${o.orderNo}` } : {}),
  };
}
