/**
 * Stored balances (cards, fleet accounts, app users) carry four decimals (docs/product.md section 9). They
 * are stored as plain numbers, like the card balance the console shows, and every change is computed in whole
 * ten-thousandths (bigint), so repeated debits and top-ups never drift.
 */
import type { BalanceAmounts } from '@functions/data/ledger.ts';
import { retryPause } from '@functions/lib/conditional.ts';
import type { TransactItem } from '@functions/data/table.ts';
import { AppError } from '@functions/lib/errors.ts';

export const BALANCE_SCALE = 10_000n;

/** A stored balance in whole ten-thousandths. */
export const toUnits = (balance: unknown): bigint =>
  BigInt(Math.round(Number(balance ?? 0) * Number(BALANCE_SCALE)));

/** Ten-thousandths back to the stored number. */
export const fromUnits = (units: bigint): number => Number(units) / Number(BALANCE_SCALE);

/** Whether a number has at most four decimals (and so is stored exactly as units). */
export { hasFourDecimals } from '@shared/schemas/fields.ts';

/**
 * A balance change and its ledger entry, for ONE transaction: `writes` builds them from the stored amounts
 * (functions/data/ledger.ts, one ledger for cards, fleets and app users: the account's balance field set to
 * before + change conditional on the version read, so a concurrent change cancels the transaction and the
 * caller reads again and retries, never a lost update; the ledger entry with the balances before and after
 * put conditional on not existing, never overwritten). An order's debit also puts the order's debit guard
 * (the ledger's `debitGuard`: one item per order number, conditional on not existing), so an order is
 * debited at most once whichever account pays it and whoever calls (a replayed stop, a reset, a reservation
 * end).
 */
export function balanceChange(
  before: bigint,
  change: bigint,
  writes: (amounts: BalanceAmounts) => TransactItem[],
): { writes: TransactItem[]; before: bigint; after: bigint } {
  const after = before + change;
  return {
    writes: writes({ before: fromUnits(before), after: fromUnits(after), change: fromUnits(change) }),
    before,
    after,
  };
}

/**
 * Runs a read-then-write balance change until it commits: a transaction cancelled because the account
 * changed meanwhile is read and tried again after a short random pause (growing, at most 640 ms). An account
 * that kept changing through every try is `server.conflict` (try again), never an internal error.
 */
export async function withRetries<T>(attempt: () => Promise<T>, attempts = 10): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      if (n >= attempts) throw new AppError(200, 'server.conflict');
      await retryPause(Math.min(n, 6));
    }
  }
}
