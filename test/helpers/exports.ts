/** Export tasks: a file an export call wrote, read back; and a task as a crash leaves it. */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { EXPORT_TYPE, exportTaskKey, getExportTask } from '@functions/api/export-tasks.ts';
import { dynamoDocument, s3Client } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { readSheet } from '@functions/lib/excel.ts';
import { api } from './identity.ts';
import { waitFor } from './runtime.ts';

/** Calls an export route, waits for its task to finish and reads the sheet it wrote (rows of values). */
export async function exportedSheet(
  url: string,
  token: string,
  route: string,
  body: Record<string, unknown>,
) {
  const answer = await api(url, token, route, body);
  expect(answer.code, `${route}: ${answer.msg}`).toBe(0);
  const taskId = String(answer.data.taskId);
  const task = await waitFor(
    async () => {
      const t = await getExportTask(taskId);
      return t?.status === 'done' || t?.status === 'failed' ? t : undefined;
    },
    30_000,
    `export of ${route}`,
  );
  expect(task.status, task.reason).toBe('done');
  const object = await s3Client().send(
    new GetObjectCommand({ Bucket: config.bucketName('exports'), Key: task.path! }),
  );
  const rows = (await readSheet(Buffer.from(await object.Body!.transformToByteArray()))).map((r) => r.values);
  return { taskId, rows, task };
}

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
