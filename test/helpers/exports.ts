/** Export tasks as a crash leaves them: the task item written as queueExport writes it, its queue message lost. */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { EXPORT_TYPE, exportTaskKey } from '@functions/export/tasks.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';

/** A platform finance export of today in `status`, with no queue message; its id starts with `prefix`. */
export async function orphanExport(prefix: string, status: 'pending' | 'running'): Promise<string> {
  const taskId = `${prefix}-${randomUUID()}`;
  const createdAt = new Date().toISOString();
  await dynamoDocument().send(
    new PutCommand({
      TableName: config.tableName('main'),
      Item: {
        ...exportTaskKey(taskId),
        taskId,
        taskName: 'Finance',
        kind: 'financeDaily',
        agentId: '',
        params: { day: createdAt.slice(0, 10) },
        tenant: '/',
        status,
        createdAt,
        gsi1pk: EXPORT_TYPE,
        gsi1sk: `/${createdAt}#${taskId}`,
      },
    }),
  );
  return taskId;
}
