/** Consumer of the exports queue: runs the task's exporter and writes the file to the exports bucket. */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { z } from 'zod';
import { s3Client } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { logger } from '@functions/lib/logger.ts';
import { publishMetric } from '@functions/lib/metrics.ts';
import { inMessageContext } from '@functions/lib/queue.ts';
import { topology } from '@shared/topology/index.ts';
import { exporters } from './exporters.ts';
import { getExportTask, setExportProgress, setExportStatus } from '@functions/api/export-tasks.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

const ExportMessage = z.object({ taskId: z.string().min(1).max(128) }).strict();

async function run(body: string): Promise<void> {
  const { taskId } = ExportMessage.parse(JSON.parse(body));
  const task = await getExportTask(taskId);
  if (!task) throw new Error(`Export task ${taskId} does not exist`);
  if (task.status === 'done' || task.status === 'failed') return;

  const exporter = exporters[task.kind];
  if (!exporter) {
    const failed = await setExportStatus(taskId, ['pending', 'running'], 'failed', {
      reason: `No exporter for ${task.kind}`,
    });
    if (failed) publishMetric('exportsFailed', 1, { kind: task.kind });
    return;
  }
  await setExportStatus(taskId, ['pending', 'running'], 'running');
  const file = await exporter(task, (done) => setExportProgress(taskId, done));
  const path = `${task.agentId || 'platform'}/${taskId}.${file.extension}`;
  await s3Client().send(
    new PutObjectCommand({
      Bucket: config.bucketName('exports'),
      Key: path,
      Body: file.body,
      ContentType: file.contentType,
    }),
  );
  // Counted once: the move to done is conditional (shared/topology/metrics.ts).
  if (await setExportStatus(taskId, ['running'], 'done', { path, progress: 100 }))
    publishMetric('exportsDone', 1, { kind: task.kind });
}

/** Receives of an export message before it moves to the dead-letter queue (the topology's redrive). */
const MAX_RECEIVES = topology.queues.find((q) => q.id === 'exports')?.maxReceiveCount ?? 3;

/** The last try failed: the task says so in /fileExport rather than staying "running" for ever. */
async function failForGood(record: SQSRecord, error: Error) {
  const parsed = ExportMessage.safeParse(JSON.parse(record.body));
  if (!parsed.success) return;
  const failed = await setExportStatus(parsed.data.taskId, ['pending', 'running'], 'failed', {
    reason: `Export failed: ${error.message}`.slice(0, 255),
  });
  const kind = failed ? (await getExportTask(parsed.data.taskId))?.kind : undefined;
  if (kind) publishMetric('exportsFailed', 1, { kind });
}

async function handle(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    // Each queue message logs under its own id and its flow's correlation id (functions/lib/queue.ts).
    await inMessageContext(record, {}, async () => {
      try {
        await run(record.body);
      } catch (error) {
        logger.warn('Export failed', { messageId: record.messageId, error: (error as Error).message });
        if (Number(record.attributes?.ApproximateReceiveCount ?? 0) >= MAX_RECEIVES)
          await failForGood(record, error as Error).catch(() => undefined);
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    });
  }
  return { batchItemFailures };
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
