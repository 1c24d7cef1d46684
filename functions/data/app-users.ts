/**
 * App users' balances (functions/accounts/app-users.ts; the user records are the repository's `APPUSER#{id}`).
 * Access patterns:
 * - a user's accountBalance set to a new value, conditional on the version read (balance, version and
 *   updateTime only);
 * - a ledger entry put once per change, `APPUSERLEDGER#{appUserId}` / `{createTime}#{entryId}`, in the same
 *   transaction as the balance it changes;
 * - a user's ledger, oldest first, and the latest entries newest first;
 * - the balance and frozen amount set together under the version read;
 * - a user's holds: put once per connector, deleted once, read one or all.
 */
import { newId } from '@functions/lib/records.ts';
import { amountFields, versionedBalance, type BalanceAmounts } from './balances.ts';
import {
  defineEntity,
  getRecord,
  model,
  putRecord,
  queryAll,
  queryPage,
  request,
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

/**
 * The balance and the frozen amount set together under the version read (a session's hold taken or
 * released, a session paid with its hold released): one update of the user's item, as a transaction allows.
 */
const appMoney = defineEntity(
  {
    model: model('APPUSERMONEY'),
    attributes: {
      id: { type: 'string', required: true },
      accountBalance: { type: 'number' },
      frozenAmount: { type: 'number' },
      version: { type: 'number' },
      updateTime: { type: 'string' },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], template: 'APPUSER#${id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'APPUSER', casing: 'none' },
      },
    },
  },
  { keyOnly: ['id'] },
);

export const appMoneySet = (
  user: { id: string; version: number },
  money: { accountBalance: number; frozenAmount: number },
  at: string,
): TransactItem => ({
  Update: request(
    appMoney
      .update({ id: user.id })
      .set({ ...money, version: user.version + 1, updateTime: at })
      .where((a, op) => op.eq(a.version, user.version))
      .params(),
  ),
});

/**
 * A hold on an app user's balance for a session the driver app started: `APPHOLD#{appUserId}` /
 * `{chargePointId}#{connectorNo}`, the amount frozen and when. One per user and connector; the session's
 * settlement (or the start's failure, or its expiry) releases it with the frozen amount, in one transaction.
 */
export const appHolds = defineEntity({
  model: model('APPHOLD'),
  attributes: {
    appUserId: { type: 'string', required: true },
    chargePointId: { type: 'string', required: true },
    connectorNo: { type: 'number', required: true },
    amount: { type: 'number', required: true },
    createTime: { type: 'string', required: true },
    commandId: { type: 'string' },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['appUserId'], template: 'APPHOLD#${appUserId}', casing: 'none' },
      sk: {
        field: 'sk',
        composite: ['chargePointId', 'connectorNo'],
        template: '${chargePointId}#${connectorNo}',
        casing: 'none',
      },
    },
  },
});

export interface AppHold {
  appUserId: string;
  chargePointId: string;
  connectorNo: number;
  amount: number;
  createTime: string;
  commandId?: string;
}

/** The put of a new hold, refused when the user holds one on that connector already. */
export const appHoldPut = (hold: AppHold): TransactItem => ({
  Put: request(appHolds.create(hold).params()) as TransactItem['Put'],
});

/** The delete of a hold, refused unless it is still there (released once). */
export const appHoldDelete = (
  hold: Pick<AppHold, 'appUserId' | 'chargePointId' | 'connectorNo'>,
): TransactItem => ({
  Delete: request(
    appHolds
      .delete({ appUserId: hold.appUserId, chargePointId: hold.chargePointId, connectorNo: hold.connectorNo })
      .where((a, op) => op.exists(a.amount))
      .params(),
  ) as TransactItem['Delete'],
});

/** The user's hold on a connector, if any. */
export const appHoldOn = (appUserId: string, chargePointId: string, connectorNo: number) =>
  getRecord<AppHold>(appHolds.get({ appUserId, chargePointId, connectorNo }).params());

/** Every hold of a user. */
export const appHoldsOf = async (appUserId: string) =>
  (await queryAll(appHolds.query.byUser({ appUserId }).params())).map((item) => withoutKeys<AppHold>(item));
