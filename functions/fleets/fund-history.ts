/**
 * /fundHistory: a fleet's fund records (docs/product.md section 3: operType 1 clear, 2 top-up,
 * 3 consumption, with the balances before and after and the change), newest first, a page at a time with
 * their count, filtered by type; and the same as an Excel file. A fleet account reads its own fleet's; staff
 * pick one of their scope's. Also the fleet's orders, newest first, with the fleet's balances before and
 * after each (the projection settlement writes with the order).
 */
import { fleetLedger } from '@functions/data/fleet-balances.ts';
import { fleetOrderPage } from '@functions/data/fleet-orders.ts';
import type { Identity } from '@functions/identity/access.ts';
import { writeSheet } from '@functions/lib/excel.ts';
import { IO_LIMIT } from '@functions/api/resources.ts';
import { fleetInReach, noFleetPicked } from '@functions/accounts/fleets.ts';

/** A total for a list without a count: it reaches one past the page while more may follow. */
const openTotal = (skip: number, read: number, size: number) => skip + read + (read === size ? 1 : 0);

export interface FundHistoryQuery {
  fleetId?: string;
  operType?: number;
  current: number;
  size: number;
}

const shown = (record: Record<string, unknown>, fleetName: string) => {
  const { tenant: _t, ...rest } = record;
  return { ...rest, fleetName };
};

export async function fundHistory(identity: Identity, query: FundHistoryQuery) {
  if (noFleetPicked(identity, query.fleetId))
    return { records: [], total: 0, current: query.current, size: query.size };
  const fleet = await fleetInReach(identity, query.fleetId);
  const skip = (query.current - 1) * query.size;
  const [records, count] = await Promise.all([
    fleetLedger.page(fleet.id, skip, query.size, query.operType),
    query.operType === undefined ? fleetLedger.count(fleet.id) : Promise.resolve(undefined),
  ]);
  // Filtered by type there is no count.
  const total = count ?? openTotal(skip, records.length, query.size);
  return {
    records: records.map((r) => shown(r, fleet.name)),
    total,
    current: query.current,
    size: query.size,
  };
}

/** The columns of the fund history file. */
export const FUND_COLUMNS = [
  'createTime',
  'fleetName',
  'operType',
  'beforeBalance',
  'changeBalance',
  'afterBalance',
  'orderNo',
];

/** The fund history of the filter as an Excel file (at most IO_LIMIT.exportRows rows, newest first). */
export async function fundHistoryFile(identity: Identity, query: Omit<FundHistoryQuery, 'current' | 'size'>) {
  const fleet = await fleetInReach(identity, query.fleetId);
  const records = await fleetLedger.page(fleet.id, 0, IO_LIMIT.exportRows, query.operType);
  return {
    name: `fund-history-${fleet.id}.xlsx`,
    body: await writeSheet(
      'fundHistory',
      FUND_COLUMNS,
      records.map((r) => shown(r, fleet.name)),
    ),
  };
}

/** A page of the fleet's orders, newest first. */
export async function fleetOrderList(
  identity: Identity,
  query: { fleetId?: string; current: number; size: number },
) {
  if (noFleetPicked(identity, query.fleetId))
    return { records: [], total: 0, current: query.current, size: query.size };
  const fleet = await fleetInReach(identity, query.fleetId);
  const skip = (query.current - 1) * query.size;
  const records = await fleetOrderPage(fleet.id, skip, query.size);
  return {
    records: records.map((r) => ({ ...r, fleetName: fleet.name })),
    total: openTotal(skip, records.length, query.size),
    current: query.current,
    size: query.size,
  };
}
