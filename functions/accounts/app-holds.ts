/**
 * Holds on app balances (docs/decisions/194-driver-app-api.md): a session the driver app starts freezes an
 * amount of the user's balance until the session is paid, so two sessions cannot spend the same money and a
 * top-up or an adjustment cannot take it away (docs/product.md section 3: frozenAmount). A hold is one item
 * per user and connector (functions/data/app-users.ts) written in one transaction with the frozen amount; its
 * release deletes it in one transaction with the frozen amount again: at settlement (with the payment), when
 * the start fails, or when it outlives its start without a session (`releaseStaleHolds`). Every write is
 * conditional on the user's version, so a concurrent change is read again and retried, never lost.
 */
import {
  appHoldDelete,
  appHoldPut,
  appHoldsOf,
  appMoneySet,
  type AppHold,
} from '@functions/data/app-users.ts';
import { send } from '@functions/data/table.ts';
import { cancellationCodes } from '@functions/lib/conditional.ts';
import { refused } from '@functions/lib/errors.ts';
import type { Stored } from '@functions/lib/records.ts';
import { fromUnits, toUnits, withRetries } from './fleet-balance.ts';
import { appUsers, type AppUserRecord } from './app-users.ts';

/** What the user may spend now: the balance less what is frozen. */
export const availableUnits = (user: Pick<AppUserRecord, 'accountBalance' | 'frozenAmount'>) =>
  toUnits(user.accountBalance) - toUnits(user.frozenAmount);

/** Freezes `amount` for a session on a connector; refused when the available balance does not cover it. */
export async function takeHold(
  userId: string,
  place: { chargePointId: string; connectorNo: number },
  amount: number,
  commandId?: string,
): Promise<AppHold> {
  return withRetries(async () => {
    const user = await appUsers.getAny(userId);
    if (!user) throw refused('server.notFound');
    if (availableUnits(user) < toUnits(amount)) throw refused('driverApp.server.balanceTooLow');
    const at = new Date().toISOString();
    const hold: AppHold = {
      appUserId: user.id,
      ...place,
      amount,
      createTime: at,
      ...(commandId ? { commandId } : {}),
    };
    const frozen = fromUnits(toUnits(user.frozenAmount) + toUnits(amount));
    try {
      await send.transact([
        appMoneySet(user, { accountBalance: user.accountBalance, frozenAmount: frozen }, at),
        appHoldPut(hold),
      ]);
    } catch (error) {
      // The hold's put refused: the user charges on that connector already.
      if (cancellationCodes(error)?.[1] === 'ConditionalCheckFailed')
        throw refused('driverApp.server.alreadyCharging');
      throw error;
    }
    return hold;
  });
}

/** The frozen amount after a hold's release (never below zero). */
export const frozenWithout = (user: Pick<AppUserRecord, 'frozenAmount'>, hold: Pick<AppHold, 'amount'>) => {
  const left = toUnits(user.frozenAmount) - toUnits(hold.amount);
  return fromUnits(left < 0n ? 0n : left);
};

/**
 * The writes that give a hold back: the frozen amount less the hold (under the version read) and the hold's
 * delete (refused when it was given back already), for one transaction (alone, or with a session's payment).
 */
export const holdReleaseWrites = (user: AppUserRecord & Stored, hold: AppHold, at: string) => [
  appMoneySet(user, { accountBalance: user.accountBalance, frozenAmount: frozenWithout(user, hold) }, at),
  appHoldDelete(hold),
];

/** Releases a hold (the start failed, or it expired); false when it was released already. */
export async function releaseHold(hold: AppHold): Promise<boolean> {
  return withRetries(async () => {
    const user = await appUsers.getAny(hold.appUserId);
    if (!user) return false;
    try {
      await send.transact(holdReleaseWrites(user, hold, new Date().toISOString()));
      return true;
    } catch (error) {
      if (cancellationCodes(error)?.[1] === 'ConditionalCheckFailed') return false;
      throw error;
    }
  });
}

/** How long a hold may wait for its session before it is given back (the charger never started one). */
export const HOLD_START_GRACE_MS = 10 * 60_000;

/**
 * Gives back the user's holds older than the grace time whose connector has no session of theirs now
 * (`charging` answers that): the start was accepted but no session came, so no settlement will release it.
 */
export async function releaseStaleHolds(
  userId: string,
  charging: (hold: AppHold) => Promise<boolean>,
  now = Date.now(),
): Promise<number> {
  let released = 0;
  for (const hold of await appHoldsOf(userId)) {
    if (now - Date.parse(hold.createTime) < HOLD_START_GRACE_MS) continue;
    if (await charging(hold)) continue;
    if (await releaseHold(hold)) released += 1;
  }
  return released;
}
