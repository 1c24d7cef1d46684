/**
 * App users' balances (functions/accounts/app-users.ts; the user records are the repository's `APPUSER#{id}`).
 * Access patterns:
 * - the ledger, one kind of ledger.ts: a user's accountBalance set under the version read (balance, version
 *   and updateTime only), and one entry per change `APPUSERLEDGER#{appUserId}` / `{createTime}#{entryId}` in
 *   the same transaction; a user's entries oldest first, and the latest newest first;
 * - the balance and frozen amount set together under the version read;
 * - a user's holds: put once per connector, deleted once, read one or all.
 */
import { appUserResource } from '@shared/resources/crm/app-user.ts';
import { ledger } from './ledger.ts';
import {
  defineEntity,
  getRecord,
  model,
  queryAll,
  request,
  withoutKeys,
  type TransactItem,
} from './table.ts';

export const appLedger = ledger({
  type: appUserResource.type,
  balanceField: 'accountBalance',
  balanceName: 'APPUSERBALANCE',
  entryName: 'APPUSERLEDGER',
  accountField: 'appUserId',
  changeField: 'changeBalance',
});

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
