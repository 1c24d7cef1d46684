/**
 * The keys and index attributes of a charging order in the main table: the order by its number, and the
 * company's orders by start time (gsi1, `begins_with` the tenant path for a company and its sub-companies).
 */
export interface OrderKeyFacts {
  orderNo: string;
  tenant: string;
  startTime: string;
}

export function orderKeys(o: OrderKeyFacts) {
  return {
    pk: `ORDER#${o.orderNo}`,
    sk: 'ORDER',
    gsi1pk: 'ORDER',
    gsi1sk: `${o.tenant}${o.startTime}#${o.orderNo}`,
  };
}
