/** Conditional writes: a write whose condition does not hold is an expected outcome, not an error. */
export const isConditionFailure = (error: unknown): boolean =>
  (error as Error | undefined)?.name === 'ConditionalCheckFailedException';

/** Runs a conditional write; true when it was applied, false when its condition did not hold. */
export async function applied(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The short random pause before trying a transaction again, growing with each attempt, so writers that
 * collided do not collide again at once.
 */
export const retryPause = (attempt: number, baseMs = 10) =>
  new Promise((r) => setTimeout(r, Math.random() * baseMs * 2 ** attempt));

/**
 * The codes of a cancelled transaction's writes, in the transaction's order ('None' for a write that was
 * fine, 'ConditionalCheckFailed', 'TransactionConflict'...); undefined when the error is not a cancelled
 * transaction.
 */
export function cancellationCodes(error: unknown): (string | undefined)[] | undefined {
  if ((error as Error | undefined)?.name !== 'TransactionCanceledException') return undefined;
  return ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map(
    (r) => r.Code,
  );
}
