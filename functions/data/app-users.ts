/**
 * App users' balances (functions/appusers/accounts.ts; the user records are the repository's `APPUSER#{id}`).
 * Access patterns:
 * - a user's accountBalance set to a new value, conditional on the version read (balance, version and
 *   updateTime only);
 * - a ledger entry put once per change, `APPUSERLEDGER#{appUserId}` / `{createTime}#{entryId}`, in the same
 *   transaction as the balance it changes;
 * - a user's ledger, oldest first.
 */
import { newId } from '@functions/lib/store.ts';
import { amountFields, versionedBalance, type BalanceAmounts } from './balances.ts';
import {
  defineEntity,
  model,
  putRecord,
  queryAll,
  queryPage,
  withoutKeys,
  type TransactItem,
} from './table.ts';

export const appUserLedger = defineEntity(
  {
    model: model('APPUSERLEDGER'),
    attributes: {
      appUserId: { type: 'string', required: true },
      createTime: { type: 'string', required: true },
      /** Key-only: two entries of one instant stay apart. */
      entryId: { type: 'string', required: true },
    },
    indexes: {
      byUser: {
        pk: {
          field: 'pk',
          composite: ['appUserId'],
          template: 'APPUSERLEDGER#${appUserId}',
          casing: 'none',
        },
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

/** The balance set under the version read (balances.ts). */
export const appBalanceSet = versionedBalance('APPUSERBALANCE', 'APPUSER', 'accountBalance');

/** A ledger entry: its fields (orderNo...), appUserId, tenant, type (`consume` or `recharge`). */
export interface AppLedgerEntry {
  appUserId: string;
  tenant: string;
  type: string;
  [field: string]: unknown;
}

/** The put of a new ledger entry with the balances around the change (refused if its key exists). */
export const appLedgerPut = (
  entry: AppLedgerEntry,
  amounts: BalanceAmounts,
  at: string,
  entryId = newId(),
): TransactItem => ({
  Put: putRecord(appUserLedger.create({ appUserId: entry.appUserId, createTime: at, entryId }).params(), {
    ...entry,
    ...amountFields(amounts),
    createTime: at,
  }),
});

/** A user's ledger entries as stored, oldest first. */
export const appLedgerEntries = (appUserId: string) =>
  queryAll(appUserLedger.query.byUser({ appUserId }).params());

/** A user's latest `limit` ledger entries, newest first, without keys. */
export async function latestAppLedger(appUserId: string, limit: number) {
  const query = appUserLedger.query.byUser({ appUserId }).params();
  const items = await queryPage({ ...query, ScanIndexForward: false }, 0, limit);
  return items.map((item) => withoutKeys<Record<string, unknown>>(item));
}
