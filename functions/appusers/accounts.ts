/**
 * App users' balances (SPEC.md section 3, App user), as far as settlement needs them; the CRM screens are a
 * later issue and build on this store.
 *
 * - `APPUSER#{id}`: tenant (the company whose app the user registered with, `/` for the platform's app),
 *   userName, email, phone, accountBalance (four decimals, never below zero), frozenAmount (held for
 *   sessions in progress: not spendable), cardNo (the idTag the user charges with), lockFlag, version.
 * - The tag: the guard item of the unique value `APPUSERTAG` `{tenant}|{cardNo}` (case-folded), written in
 *   the same transaction as the user and naming it.
 * - `APPUSERLEDGER#{id}`, sk `{time}#{id}`: one entry per balance change (type `consume` or `recharge`) with
 *   beforeBalance, afterBalance and changeBalance, in the same transaction as the change, conditional on the
 *   user's version (`balanceChange`).
 */
import { appBalanceSet, appLedgerEntries, appLedgerPut } from '@functions/data/app-users.ts';
import { send } from '@functions/data/table.ts';
import { companyAndAbove } from '@functions/identity/tenants.ts';
import { newId, PLATFORM_TENANT, Repository, uniqueOwner, type Stored } from '@functions/lib/store.ts';
import { balanceChange, fromUnits, hasFourDecimals, toUnits, withRetries } from '../fleets/balance.ts';

export interface AppUserRecord {
  id: string;
  tenant: string;
  userName: string;
  email?: string;
  phone?: string;
  accountBalance: number;
  frozenAmount: number;
  cardNo?: string;
  lockFlag: number;
}

const APP_USER_TAG = 'APPUSERTAG';

export const appUsers = new Repository<AppUserRecord>({
  type: 'APPUSER',
  idField: 'id',
  unique: (u) => ({ [APP_USER_TAG]: u.cardNo ? `${u.tenant}|${u.cardNo}` : undefined }),
});

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
    { lockFlag: 0, ...fields, id: input.id ?? newId(), tenant, accountBalance: 0, frozenAmount },
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

/** The change of an app user's balance and its ledger entry (see `balanceChange`). */
export function appBalanceWrites(
  user: AppUserRecord & Stored,
  change: bigint,
  type: 'consume' | 'recharge',
  at: string,
  entry: Record<string, unknown> = {},
) {
  return balanceChange(toUnits(user.accountBalance), change, (amounts) => [
    appBalanceSet(user, amounts.after, at),
    appLedgerPut({ ...entry, appUserId: user.id, tenant: user.tenant, type }, amounts, at),
  ]);
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
export const appUserLedger = (id: string) => appLedgerEntries(id);
