/**
 * Exporter of kind `orders` (docs/decisions/275-order-export-in-slices.md): the charging orders of an export
 * request (functions/orders/queries.ts `exportOrders`), newest first, written row by row with exceljs'
 * streaming writer so a year of a network does not have to fit in memory as a workbook. Amounts are numbers
 * in the order's currency (its decimal strings, exact to the currency's digits), energy in kWh, duration in
 * seconds; texts are neutralised. The task's progress is the share of the window read so far.
 */
import { openSheet } from '@functions/lib/excel.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { exportedOrders } from '@functions/orders/queries.ts';
import { orderExportQuery, type OrderView } from '@shared/schemas/order.ts';
import type { Exporter } from '@functions/api/export-tasks.ts';

const COLUMNS = [
  'orderNo',
  'stationId',
  'stationName',
  'chargePointId',
  'chargePointName',
  'connectorNo',
  'transactionId',
  'idTag',
  'orderType',
  'startMode',
  'startTime',
  'endTime',
  'durationSeconds',
  'energyKwh',
  'currency',
  'elecFee',
  'occupancyFee',
  'discountFee',
  'couponFee',
  'actualFee',
  'payFlag',
  'payType',
  'payTime',
  'endFlag',
  'stopReason',
] as const;

const MONEY = ['elecFee', 'occupancyFee', 'discountFee', 'couponFee', 'actualFee'] as const;

/** One order as the sheet's record. */
export function orderSheetRow(order: OrderView): Record<string, unknown> {
  const row: Record<string, unknown> = { ...order };
  row.durationSeconds = order.totalTime;
  row.energyKwh = order.energyWh === undefined ? undefined : order.energyWh / 1000;
  for (const key of MONEY) {
    const value = order[key];
    row[key] = value === undefined || value === '' ? undefined : Number(value);
  }
  return row;
}

export const orderExporter: Exporter = async (task, progress) => {
  const params = task.params as { scope?: string; stations?: string[]; query?: Record<string, unknown> };
  const q = orderExportQuery.parse(params.query ?? {});
  const sheet = openSheet('orders', [...COLUMNS]);
  for await (const slice of exportedOrders(
    { scope: String(params.scope ?? PLATFORM_TENANT), stations: params.stations },
    q,
    String(q.startTimeFrom),
    String(q.startTimeTo),
  )) {
    for (const order of slice.rows) sheet.add(orderSheetRow(order));
    await progress?.(slice.done);
  }
  return { body: await sheet.close(), contentType: sheet.contentType, extension: 'xlsx' };
};
