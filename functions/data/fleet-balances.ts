/**
 * Fleet balances (functions/fleets): the balance of a fleet account, its fund records and the debit guard of
 * an order. Access patterns:
 * - a fleet's balance set to a new value, conditional on the version read (`FLEET#{id}` / `FLEET`, the
 *   repository's item: balance, version and updateTime only);
 * - a fund record put once per change, `FLEETFUND#{fleetId}` / `{createTime}#{entryId}`, in the same
 *   transaction as the balance it changes;
 * - a fleet's fund records, oldest first, or its latest ones newest first, or a page of them newest first
 *   with their count (`FLEETFUNDCOUNT#{fleetId}` / `COUNT`, raised in each record's transaction), or a
 *   page of one type's (index gsi1, `FLEETFUNDTYPE#{fleetId}#{operType}`);
 * - the debit guard of an order, `DEBIT#{orderNo}` / `DEBIT`, put once whichever account pays the order (a
 *   fleet, an app user, a card), in the same transaction as the debit.
 * Balances are stored numbers of four decimals (functions/accounts/fleet-balance.ts computes them).
 */
import { newId } from '@functions/lib/records.ts';
import { amountFields, versionedBalance, type BalanceAmounts } from './balances.ts';
import {
  defineEntity,
  model,
  getRecord,
  putRecord,
  queryAll,
  queryPage,
  request,
  withoutKeys,
  type TransactItem,
} from './table.ts';

export const fleetFunds = defineEntity(
  {
    model: model('FLEETFUND'),
    attributes: {
      fleetId: { type: 'string', required: true },
      createTime: { type: 'string', required: true },
      /** Key-only: two records of one instant stay apart. */
      entryId: { type: 'string', required: true },
      operType: { type: 'number', required: true },
    },
    indexes: {
      byFleet: {
        pk: { field: 'pk', composite: ['fleetId'], template: 'FLEETFUND#${fleetId}', casing: 'none' },
        sk: {
          field: 'sk',
          composite: ['createTime', 'entryId'],
          template: '${createTime}#${entryId}',
          casing: 'none',
        },
      },
      /** A fleet's records of one type, in time: the fund history filtered by type reads only those. */
      byType: {
        index: 'gsi1',
        pk: {
          field: 'gsi1pk',
          composite: ['fleetId', 'operType'],
          template: 'FLEETFUNDTYPE#${fleetId}#${operType}',
          casing: 'none',
        },
        sk: {
          field: 'gsi1sk',
          composite: ['createTime', 'entryId'],
          template: '${createTime}#${entryId}',
          casing: 'none',
        },
      },
    },
  },
  { keyOnly: ['entryId'] },
);

export const debitGuards = defineEntity({
  model: model('DEBIT'),
  attributes: {
    orderNo: { type: 'string', required: true },
    account: { type: 'string' },
    createTime: { type: 'string' },
  },
  indexes: {
    byOrder: {
      pk: { field: 'pk', composite: ['orderNo'], template: 'DEBIT#${orderNo}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'DEBIT', casing: 'none' },
    },
  },
});

/** The balance set under the version read (balances.ts). */
export const fleetBalanceSet = versionedBalance('FLEETBALANCE', 'FLEET', 'balance');

/** A fleet fund record: the fields of the record (orderNo, driverId, vehicleId...), fleetId, tenant, operType. */
export interface FleetFundRecord {
  fleetId: string;
  tenant: string;
  operType: number;
  [field: string]: unknown;
}

/** The put of a new fund record with the balances around the change (refused if its key exists). */
export const fleetFundPut = (
  record: FleetFundRecord,
  amounts: BalanceAmounts,
  at: string,
  entryId = newId(),
): TransactItem => ({
  Put: putRecord(
    fleetFunds
      .create({ fleetId: record.fleetId, createTime: at, entryId, operType: record.operType })
      .params(),
    {
      ...record,
      ...amountFields(amounts),
      createTime: at,
    },
  ),
});

const fundCounts = defineEntity({
  model: model('FLEETFUNDCOUNT'),
  attributes: { fleetId: { type: 'string', required: true }, total: { type: 'number' } },
  indexes: {
    byFleet: {
      pk: { field: 'pk', composite: ['fleetId'], template: 'FLEETFUNDCOUNT#${fleetId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'COUNT', casing: 'none' },
    },
  },
});

/** The fleet's fund record count raised by one: in the same transaction as each record's put. */
export const fleetFundCounted = (fleetId: string): TransactItem => ({
  Update: request(fundCounts.update({ fleetId }).add({ total: 1 }).params()),
});

/** How many fund records a fleet has. */
export async function fleetFundCount(fleetId: string): Promise<number> {
  const found = await getRecord<{ total?: number }>(request(fundCounts.get({ fleetId }).params()));
  return found?.total ?? 0;
}

/** A page of a fleet's fund records, newest first, without keys (only those of `operType` when given). */
export async function fleetFundPage(fleetId: string, skip: number, size: number, operType?: number) {
  const query =
    operType === undefined
      ? fleetFunds.query.byFleet({ fleetId }).params()
      : fleetFunds.query.byType({ fleetId, operType }).params();
  const items = await queryPage({ ...query, ScanIndexForward: false }, skip, size);
  return items.map((item) => withoutKeys<Record<string, unknown>>(item));
}

/** A fleet's fund records as stored, oldest first. */
export const fleetFundEntries = (fleetId: string) => queryAll(fleetFunds.query.byFleet({ fleetId }).params());

/** The guard of an order's debit by `account` (`FLEET#…`, `APPUSER#…`, `CARD#…`): refused when one exists. */
export const debitGuardPut = (orderNo: string, account: string, at: string): TransactItem => ({
  Put: request(debitGuards.create({ orderNo, account, createTime: at }).params()) as TransactItem['Put'],
});
