/**
 * Revenue rollups (docs/decisions/272-revenue-from-daily-rollups.md; docs/architecture.md section 3): per
 * company, per day (the station's local date of the order's end) and per station, the sums the revenue
 * statistics show. They are updated in the SAME transaction that writes the order, so an order is counted
 * exactly once whatever is replayed, and the statistics read a few items per day instead of scanning orders.
 *
 * Items: pk `REVENUE#{agentId}`, sk `DAY#{YYYY-MM-DD}` (the company's day) and
 * `STDAY#{YYYY-MM-DD}#{stationId}` (one station's day). Each kind sorts as one contiguous range, so a window
 * of either is one Query that reads exactly its items (on DynamoDB Local a Query item costs a tenth of a
 * BatchGet key: 60 company days read in 1 ms instead of 10). Amounts are integers of the currency's minor
 * unit.
 */
import type { RevenueField } from '@shared/pricing/metrics.ts';
import { localDate } from '@shared/pricing/time-of-use.ts';
import { rollupUpdates as dataRollupUpdates } from '@functions/data/revenue-rollups.ts';

/**
 * An order's figures: the summed fields of shared/pricing/metrics.ts REVENUE_FIELDS. `fullPowerMs` (the
 * order's energy at its connector's rated power, in ms: the numerator of the utilization of docs/product.md
 * section 9, docs/decisions/181) counts 0 when absent (items written before it existed lack it too).
 */
export type RollupFigures = Record<Exclude<RevenueField, 'fullPowerMs'>, bigint | number> &
  Partial<Record<'fullPowerMs', bigint | number>>;

/** The local date (YYYY-MM-DD) of an instant at the station. */
export const localDay = (iso: string, timeZone: string): string => localDate(Date.parse(iso), timeZone);

/** The UTC hour (`YYYY-MM-DDTHH`) of an instant: the key of the company's hour rollup. */
export const utcHour = (iso: string) => new Date(Date.parse(iso)).toISOString().slice(0, 13);

/** The transaction items adding one order's figures to its company's and station's day, charger's day, hour. */
export const rollupUpdates = (input: {
  agentId: string;
  tenant: string;
  stationId: string;
  chargePointId: string;
  currency: string;
  day: string;
  hour: string;
  figures: RollupFigures;
}) => dataRollupUpdates(input) as RollupUpdate[];

/** A rollup's transaction item as the data layer built it (table name and update expression set). */
interface RollupUpdate {
  Update: {
    TableName: string;
    Key: Record<string, unknown>;
    UpdateExpression: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  };
}
