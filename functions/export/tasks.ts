/**
 * Export tasks (the /fileExport list): created `pending`, then `running`, `done` with the object key in the
 * exports bucket, or `failed` with a reason. Transitions are conditional writes; a retried message does not
 * redo a finished task. A task is stored under the tenant of its company (`agentId`; the platform's when
 * none) and indexed like repository entities (gsi1 `EXPORT`, `{tenant}{createdAt}#{id}`), so the list
 * reads one scope with one query (functions/biz/catalogue-resources.ts).
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument, sqsClient } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { applied } from '@functions/lib/conditional.ts';
import { transitionStatus } from '@functions/data/transitions.ts';
import { PLATFORM_TENANT } from '@functions/lib/store.ts';
import { operators } from '@functions/identity/entities.ts';

/** What an exporter (functions/export/exporters.ts) makes of a task: the bytes of its file. */
export interface ExportFile {
  body: Uint8Array;
  contentType: string;
  extension: string;
}

/** Says how far a long export is (0 to 1); the task list shows it. */
export type ExportProgress = (done: number) => Promise<void>;

export type Exporter = (task: ExportTask, progress?: ExportProgress) => Promise<ExportFile>;

export type ExportStatus = 'pending' | 'running' | 'done' | 'failed';

export interface ExportTask {
  taskId: string;
  taskName: string;
  kind: string;
  agentId: string;
  params: Record<string, unknown>;
  status: ExportStatus;
  createdAt: string;
  path?: string;
  reason?: string;
  /** Percent of a running export done, where its exporter says (0 to 100). */
  progress?: number;
  /** Path of the owning company in the company tree (`/` for the platform's own). */
  tenant?: string;
}

export const EXPORT_TYPE = 'EXPORT';

/** The tenant of a company's tasks: its path in the company tree. */
async function tenantOf(agentId: string): Promise<string> {
  if (!agentId) return PLATFORM_TENANT;
  return (await operators.getAny(agentId))?.path ?? `/${agentId}/`;
}

export const exportTaskKey = (taskId: string) => ({ pk: `${EXPORT_TYPE}#${taskId}`, sk: EXPORT_TYPE });

/** Creates the task (once: an existing id is left as it is) and queues it. */
export async function queueExport(task: Omit<ExportTask, 'status' | 'createdAt'>): Promise<boolean> {
  const createdAt = new Date().toISOString();
  const tenant = await tenantOf(task.agentId);
  const created = await applied(
    dynamoDocument().send(
      new PutCommand({
        TableName: config.tableName('main'),
        Item: {
          ...exportTaskKey(task.taskId),
          ...task,
          tenant,
          status: 'pending',
          createdAt,
          gsi1pk: EXPORT_TYPE,
          gsi1sk: `${tenant}${createdAt}#${task.taskId}`,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  if (!created) return false;
  await sendExport(task.taskId);
  return true;
}

/** Queues a task's message (the consumer does not redo a finished task). */
export async function sendExport(taskId: string) {
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: config.queueUrl('exports'), MessageBody: JSON.stringify({ taskId }) }),
  );
}

/**
 * Every company's tasks still `pending` or `running`: after a local restart no worker has them (the queue
 * lives in memory), so the start-up queues them again.
 */
export async function unfinishedExports(): Promise<string[]> {
  const ids: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocument().send(
      new QueryCommand({
        TableName: config.tableName('main'),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :type',
        FilterExpression: '#s IN (:pending, :running)',
        ProjectionExpression: 'taskId',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':type': EXPORT_TYPE, ':pending': 'pending', ':running': 'running' },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) ids.push(String(item.taskId));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return ids;
}

export async function getExportTask(taskId: string): Promise<ExportTask | undefined> {
  const { Item } = await dynamoDocument().send(
    new GetCommand({ TableName: config.tableName('main'), Key: exportTaskKey(taskId) }),
  );
  return Item as ExportTask | undefined;
}

export function setExportStatus(
  taskId: string,
  from: ExportStatus[],
  to: ExportStatus,
  extra: { path?: string; reason?: string; progress?: number } = {},
): Promise<boolean> {
  return transitionStatus({
    key: exportTaskKey(taskId),
    from,
    set: { status: to, updatedAt: new Date().toISOString(), ...extra },
  });
}

/** Records how far a running task is (a percent, rounded down); nothing once the task has settled. */
export async function setExportProgress(taskId: string, done: number): Promise<void> {
  await applied(
    dynamoDocument().send(
      new UpdateCommand({
        TableName: config.tableName('main'),
        Key: exportTaskKey(taskId),
        UpdateExpression: 'SET progress = :p, updatedAt = :at',
        ConditionExpression: '#s = :running',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':p': Math.max(0, Math.min(100, Math.floor(done * 100))),
          ':at': new Date().toISOString(),
          ':running': 'running',
        },
      }),
    ),
  );
}
