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
