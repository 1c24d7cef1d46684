/**
 * The item count of a view partition (functions/data/repository.ts views): `COUNT#{partition}` / `COUNT` with `n`,
 * changed in the same transaction as every write that enters or leaves the partition, so a list's total is
 * one read however long the list.
 */
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { defineEntity, model, request, send, tableName } from './table.ts';

export const viewCounters = defineEntity(
  {
    model: model('COUNT'),
    attributes: {
      partition: { type: 'string', required: true },
      n: { type: 'number' },
    },
    indexes: {
      byPartition: {
        pk: { field: 'pk', composite: ['partition'], template: 'COUNT#${partition}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'COUNT', casing: 'none' },
      },
    },
  },
  { keyOnly: ['partition'] },
);

/** The write that adds `delta` (negative: removes) to a partition's count. */
export const countWrite = (partition: string, delta: number) =>
  request(viewCounters.update({ partition }).add({ n: delta }).params()) as UpdateCommandInput;

/** The sum of the counters of the partitions (batched reads of 100 keys). */
export async function countersOf(partitions: string[]): Promise<number> {
  let total = 0;
  const table = tableName();
  for (let i = 0; i < partitions.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = partitions
      .slice(i, i + 100)
      .map((partition) => viewCounters.get({ partition }).params().Key as Record<string, unknown>);
    while (keys?.length) {
      // Asked by the table's id; answered under its deployed name.
      const answer = await send.batchGet({
        RequestItems: { main: { Keys: keys, ProjectionExpression: 'n' } },
      });
      for (const item of answer.Responses?.[table] ?? []) total += Number(item.n ?? 0);
      keys = answer.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return total;
}
