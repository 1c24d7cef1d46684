/**
 * App users' accounts (docs/product.md section 3, App user; docs/decisions/193-app-users-and-ops-view.md):
 * the registry's resource (/biz/appUser/...) and what settlement, authorisation, staff and the driver app
 * change of them.
 *
 * - `APPUSER#{id}`: tenant (the company whose app the user registered with, `/` for the platform's app),
 *   userName, email, phone, userLevel, accountBalance (four decimals, never below zero), frozenAmount (held
 *   for sessions in progress: not spendable), cardNo (the idTag the user charges with), lockFlag, lockTime,
 *   cause (why locked), regSource, lastLoginTime/Source, lastIp, ticketNo, passwordHash (write-only), version.
 * - The tag: the guard item of the unique value `APPUSERTAG` `{tenant}|{cardNo}` (case-folded), written in
 *   the same transaction as the user and naming it; the e-mail likewise (`APPUSER.email`): one account per
 *   e-mail in a company's app.
 * - `APPUSERLEDGER#{id}`, sk `{time}#{id}`: one entry per balance change (type `consume`, `recharge` or
 *   `adjust`) with beforeBalance, afterBalance and changeBalance, in the same transaction as the change,
 *   conditional on the user's version (`balanceChange`).
 */
import { appLedger, appMoneySet } from '@functions/data/app-users.ts';
import { closeUserSessions } from '@functions/auth/sessions.ts';
import { send } from '@functions/data/table.ts';
import type { Identity } from '@functions/identity/access.ts';
import { companyAndAbove } from '@functions/identity/tenants.ts';
import { badRequest, notFound, refused } from '@functions/lib/errors.ts';
import { present, resource, type Record_, type Resource } from '@functions/api/resources.ts';
import { newId, PLATFORM_TENANT, type Stored } from '@functions/lib/records.ts';
import { Repository, uniqueOwner } from '@functions/data/repository.ts';
import {
  APP_SOURCE,
  appUserResource,
  LEDGER_TYPES,
  LOCK_FLAG,
  USER_LEVEL,
} from '@shared/resources/crm/app-user.ts';
import { balanceChange, fromUnits, hasFourDecimals, toUnits, withRetries } from './fleet-balance.ts';

export interface AppUserRecord {
  id: string;
  tenant: string;
  userName: string;
  email?: string;
  phone?: string;
  userLevel?: number;
  accountBalance: number;
  frozenAmount: number;
  cardNo?: string;
  lockFlag: number;
  lockTime?: string;
  cause?: string;
  unlockCause?: string;
  regSource?: number;
  lastLoginTime?: string;
  lastLoginSource?: number;
  lastIp?: string;
  ticketNo?: string;
  passwordHash?: string;
}

const APP_USER_TAG = 'APPUSERTAG';

/** What the server keeps of a user whatever an edit sends: money, lock, origin, sign-in facts. */
const SERVER_FIELDS = [
  'accountBalance',
  'frozenAmount',
  'lockFlag',
  'lockTime',
  'cause',
  'unlockCause',
  'regSource',
  'lastLoginTime',
  'lastLoginSource',
  'lastIp',
  'passwordHash',
] as const;

/**
 * The app user resource (/biz/appUser/...): staff read users and correct their profile; an edit keeps every
 * server field (the balance changes through settlement, top-ups and adjustments only).
 */
export const appUserRecords: Resource = resource(appUserResource, {
  check: async (record, _identity, current) => {
    if (!current) return;
    for (const field of SERVER_FIELDS) if (current[field] !== undefined) record[field] = current[field];
  },
});
export const appUsers = appUserRecords.repo as unknown as Repository<AppUserRecord>;

/** A user as the console and the driver app show one (never the password hash or the tenant). */
export const shownAppUser = (user: AppUserRecord & Stored) =>
  present(appUserRecords, user as unknown as Record_ & Stored);

function money(name: string, value: number) {
  if (!hasFourDecimals(value) || value < 0) throw new Error(`${name}: a number ≥ 0 with four decimals`);
}

/** A new app user with a zero balance, then its opening recharge (a ledger entry) when given. */
export async function createAppUser(
  input: Omit<AppUserRecord, 'id' | 'tenant' | 'accountBalance' | 'frozenAmount' | 'lockFlag'> & {
    id?: string;
    accountBalance?: number;
    frozenAmount?: number;
    lockFlag?: number;
  },
  tenant: string,
): Promise<AppUserRecord & Stored> {
  const { accountBalance = 0, frozenAmount = 0, ...fields } = input;
  money('frozenAmount', frozenAmount);
  const user = await appUsers.create(
    {
      lockFlag: LOCK_FLAG.normal,
      userLevel: USER_LEVEL.ordinary,
      regSource: APP_SOURCE.console,
      ...fields,
      id: input.id ?? newId(),
      tenant,
      accountBalance: 0,
      frozenAmount,
    },
    tenant,
  );
  return accountBalance ? rechargeAppUser(user.id, accountBalance) : user;
}

/**
 * The app user charging with a session's idTag: of the charger's company, of a company above it, or of the
 * platform's app.
 */
export async function findAppUser(
  tenant: string,
  idTag: string,
): Promise<(AppUserRecord & Stored) | undefined> {
  for (const owner of [...companyAndAbove(tenant), PLATFORM_TENANT]) {
    const id = await uniqueOwner(APP_USER_TAG, `${owner}|${idTag}`);
    const user = id ? await appUsers.getAny(id) : undefined;
    if (user) return user;
  }
  return undefined;
}

/**
 * Whether an order of the user's tag is the user's: one the user paid or owes (`appUserId`), or one no account
 * paid (free, refused); never one a card, a fleet or a roaming partner paid, nor another app user's: a tag the
 * user holds now may have been another payer's before it was freed (docs/decisions/432).
 */
export function isAppUsersOrder(order: Record<string, unknown>, user: Pick<AppUserRecord, 'id'>): boolean {
  if (order.appUserId !== undefined) return order.appUserId === user.id;
  return order.cardId === undefined && order.fleetId === undefined && order.emspId === undefined;
}

/**
 * The change of an app user's balance and its ledger entry (see `balanceChange`); with `frozenAfter`, the
 * frozen amount is set in the same update (a session paid with its hold released).
 */
export function appBalanceWrites(
  user: AppUserRecord & Stored,
  change: bigint,
  type: (typeof LEDGER_TYPES)[number],
  at: string,
  entry: Record<string, unknown> = {},
  frozenAfter?: number,
) {
  return balanceChange(toUnits(user.accountBalance), change, (amounts) =>
    frozenAfter === undefined
      ? appLedger.change(user, amounts, at, { ...entry, type })
      : [
          appMoneySet(user, { accountBalance: amounts.after, frozenAmount: frozenAfter }, at),
          ...appLedger.change(user, amounts, at, { ...entry, type }, { balance: false }),
        ],
  );
}

/** A recharge of the app balance: a positive amount with four decimals at most. */
export async function rechargeAppUser(id: string, amount: number): Promise<AppUserRecord & Stored> {
  money('amount', amount);
  return withRetries(async () => {
    const user = await appUsers.getAny(id);
    if (!user) throw new Error(`No app user ${id}`);
    const at = new Date().toISOString();
    const change = appBalanceWrites(user, toUnits(amount), 'recharge', at);
    await send.transact(change.writes);
    return { ...user, accountBalance: fromUnits(change.after), version: user.version + 1, updateTime: at };
  });
}

/** An app user's ledger, oldest first. */
export const appUserLedger = (id: string) => appLedger.entries(id);

/** A user of the caller's scope, or 404. */
async function userInScope(identity: Identity, id: string) {
  const user = await appUsers.get(identity.scope, id);
  if (!user) throw notFound();
  return user;
}

/**
 * Locks a user with its cause: from now on the charger is told their tag is Blocked (functions/ocpp/
 * authorize.ts reads the user at each Authorize and StartTransaction) and the driver app's sessions end. Locking a locked user refreshes the
 * cause and keeps the first lock time.
 */
export async function lockAppUser(identity: Identity, id: string, cause: string) {
  const user = await userInScope(identity, id);
  const at = new Date().toISOString();
  const lockTime = user.lockFlag === LOCK_FLAG.locked && user.lockTime ? user.lockTime : at;
  const locked = await appUsers.update(user, { ...user, lockFlag: LOCK_FLAG.locked, lockTime, cause });
  // Signed out of the driver app everywhere: a locked user cannot sign in again either.
  await closeUserSessions(user.id);
  return locked;
}

/** Unlocks a user: their tag is accepted again; the lock's cause stays on record beside the unlock's. */
export async function unlockAppUser(identity: Identity, id: string, cause: string | undefined) {
  const user = await userInScope(identity, id);
  if (user.lockFlag !== LOCK_FLAG.locked) throw refused('crm.server.notLocked');
  const { lockTime: _l, ...rest } = user;
  return appUsers.update(user, {
    ...rest,
    lockFlag: LOCK_FLAG.normal,
    ...(cause ? { unlockCause: cause } : {}),
  });
}

/**
 * A staff adjustment of a user's balance (a goodwill credit, a correction), with its cause and who made it in
 * the ledger entry. Taking money away stops at what is frozen for sessions in progress: the balance never
 * goes below it (nor below zero).
 */
export async function adjustAppUser(identity: Identity, id: string, amount: number, cause: string) {
  await userInScope(identity, id);
  return withRetries(async () => {
    const user = await userInScope(identity, id);
    const change = toUnits(amount);
    if (toUnits(user.accountBalance) + change < toUnits(user.frozenAmount))
      throw badRequest('server.validation', { amount: 'crm.server.belowFrozen' });
    const at = new Date().toISOString();
    const writes = appBalanceWrites(user, change, 'adjust', at, { cause, operator: identity.user.username });
    await send.transact(writes.writes);
    return { ...user, accountBalance: fromUnits(writes.after), version: user.version + 1, updateTime: at };
  });
}
