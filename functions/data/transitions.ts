/**
 * Status transitions of any stored record: moves `status` from one of `from` to what `set` says, in one
 * conditional update, so a replay or a concurrent second attempt changes nothing.
 */
import { applied } from '@functions/lib/conditional.ts';
import { send, type TableId } from './table.ts';

export async function transitionStatus(input: {
  /** The table's id; the main table when none. */
  table?: TableId;
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
    send.update({
      TableName: input.table ?? 'main',
      Key: input.key,
      UpdateExpression: `SET ${sets.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
      ConditionExpression: `#status IN (${input.from.map((_, i) => `:from${i}`).join(', ')})`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}
