/**
 * Exporters of the revenue statistics (docs/decisions/274-revenue-and-finance-exports.md), reading the
 * revenue rollups only (functions/orders/revenue.ts):
 * - `revenue`: the rows of a statistics request (one per day, station or company and currency), queued by
 *   `POST /biz/revenue/export` in the caller's scope;
 * - `financeDaily`: the previous day's figures of EVERY company (a row each, zeros included), queued by the
 *   daily schedule (functions/export/finance-schedule.ts) as a platform task.
 * Amounts are written as numbers (the decimal strings of the statistics, exact to the currency's digits),
 * energy in kWh, duration in seconds.
 */
import { writeSheet, XLSX_TYPE } from '@functions/lib/excel.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { revenueStat } from '@functions/orders/revenue.ts';
import { revenueStatQuery, type RevenueRow, type RevenueStat } from '@shared/schemas/revenue.ts';
import type { Exporter, ExportFile } from '@functions/api/export-tasks.ts';

const FIGURES = [
  'currency',
  'orders',
  'energyKwh',
  'durationSeconds',
  'pay',
  'revenue',
  'discount',
  'profit',
  'coupon',
  'tariff',
  'elecFee',
  'occupancyFee',
] as const;

const GROUP_COLUMNS: Record<RevenueStat['groupBy'], (keyof RevenueRow)[]> = {
  day: ['day'],
  station: ['stationId', 'stationName', 'agentId'],
  operator: ['agentId', 'operatorName'],
};

/** The statistics' rows as the sheet's records (numbers for the figures). */
export function revenueSheetRows(stat: RevenueStat): Record<string, unknown>[] {
  return stat.rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const key of GROUP_COLUMNS[stat.groupBy]) out[key] = row[key] ?? '';
    for (const key of FIGURES) out[key] = key === 'currency' ? row.currency : Number(row[key]);
    return out;
  });
}

async function sheetOf(name: string, stat: RevenueStat): Promise<ExportFile> {
  return {
    body: await writeSheet(name, [...GROUP_COLUMNS[stat.groupBy], ...FIGURES], revenueSheetRows(stat)),
    contentType: XLSX_TYPE,
    extension: 'xlsx',
  };
}

export const revenueExporter: Exporter = async (task) => {
  const { scope, stations, ...query } = task.params;
  const reach = { scope: String(scope ?? PLATFORM_TENANT), stations: stations as string[] | undefined };
  const stat = await revenueStat(reach, revenueStatQuery.parse(query));
  return sheetOf(`revenue-${stat.groupBy}`, stat);
};

export const financeDailyExporter: Exporter = async (task) => {
  const day = String(task.params.day);
  const stat = await revenueStat(
    { scope: PLATFORM_TENANT },
    { startDay: day, endDay: day, groupBy: 'operator' },
  );
  return sheetOf(`finance-${day}`, stat);
};
