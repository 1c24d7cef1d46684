import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from './aws.ts';

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
 * Moves an item's `status` from one of `from` to whatever `set` says (plus any other attributes), removing
 * `remove`; false when the item was not in one of `from` (already handled: replays change nothing).
 */
export async function transitionStatus(input: {
  table: string;
  key: Record<string, unknown>;
  from: string[];
  set: Record<string, unknown>;
  remove?: string[];
}): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {};
  input.from.forEach((s, i) => (values[`:from${i}`] = s));
  const sets = Object.entries(input.set).map(([k, v]) => {
    names[`#s_${k}`] = k;
    values[`:s_${k}`] = v;
    return `#s_${k} = :s_${k}`;
  });
  const remove = input.remove ?? [];
  return applied(
    dynamoDocument().send(
      new UpdateCommand({
        TableName: input.table,
        Key: input.key,
        UpdateExpression: `SET ${sets.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
        ConditionExpression: `#status IN (${input.from.map((_, i) => `:from${i}`).join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}
