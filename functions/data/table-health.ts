/**
 * Whether a table of the topology is there and answers (GET /health, functions/platform/handler.ts): a
 * DescribeTable of its deployed name. No item is read or written, so this module defines no entity.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { client, tableName, type TableId } from './table.ts';

/** Resolves when the table answers; rejects with the SDK's error (its `name` says why) otherwise. */
export async function describeTable(id: TableId = 'main'): Promise<void> {
  await client().send(new DescribeTableCommand({ TableName: tableName(id) }));
}
