/**
 * Fleet balances (functions/fleets): the balance of a fleet account, its fund records and the debit guard of
 * an order. Access patterns:
 * - a fleet's balance set to a new value, conditional on the version read (`FLEET#{id}` / `FLEET`, the
 *   repository's item: balance, version and updateTime only);
 * - a fund record put once per change, `FLEETFUND#{fleetId}` / `{createTime}#{entryId}`, in the same
 *   transaction as the balance it changes;
 * - a fleet's fund records, oldest first, or its latest ones newest first;
 * - the debit guard of an order, `DEBIT#{orderNo}` / `DEBIT`, put once whichever account pays the order (a
 *   fleet, an app user, a card), in the same transaction as the debit.
 * Balances are stored numbers of four decimals (functions/fleets/balance.ts computes them).
 */
import { newId } from '@functions/lib/store.ts';
import { amountFields, versionedBalance, type BalanceAmounts } from './balances.ts';
import {
  defineEntity,
  model,
  putRecord,
  queryAll,
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
  Put: putRecord(fleetFunds.create({ fleetId: record.fleetId, createTime: at, entryId }).params(), {
    ...record,
    ...amountFields(amounts),
    createTime: at,
  }),
});

/** A fleet's fund records as stored, oldest first. */
export const fleetFundEntries = (fleetId: string) => queryAll(fleetFunds.query.byFleet({ fleetId }).params());

/** A fleet's latest `limit` fund records, newest first, without keys. */
export async function latestFleetFunds(fleetId: string, limit: number) {
  const params = { ...fleetFunds.query.byFleet({ fleetId }).params(), ScanIndexForward: false, Limit: limit };
  const items = await queryAll(params, { limit });
  return items.slice(0, limit).map((item) => withoutKeys<Record<string, unknown>>(item));
}

/** The guard of an order's debit by `account` (`FLEET#…`, `APPUSER#…`, `CARD#…`): refused when one exists. */
export const debitGuardPut = (orderNo: string, account: string, at: string): TransactItem => ({
  Put: request(debitGuards.create({ orderNo, account, createTime: at }).params()) as TransactItem['Put'],
});
