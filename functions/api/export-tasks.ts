/**
 * Export tasks (the /fileExport list): created `pending`, then `running`, `done` with the object key in the
 * exports bucket, or `failed` with a reason. Transitions are conditional writes; a retried message does not
 * redo a finished task. A task is stored under the tenant of its company (`agentId`; the platform's when
 * none) and indexed like repository entities (gsi1 `EXPORT`, `{tenant}{createdAt}#{id}`), so the list
 * reads one scope with one query (functions/biz/catalogue-resources.ts).
 */
import { sendToQueue } from '@functions/lib/queue.ts';
import {
  createExportTask,
  EXPORT_TYPE,
  exportTaskKey,
  getExportTask,
  setRunningProgress,
  unfinishedExportIds,
  type ExportStatus,
  type ExportTask,
} from '@functions/data/export-tasks.ts';
import { transitionStatus } from '@functions/data/transitions.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { operators } from '@functions/data/operators.ts';

/** What an exporter (functions/export/exporters.ts) makes of a task: the bytes of its file. */
export interface ExportFile {
  body: Uint8Array;
  contentType: string;
  extension: string;
}

/** Says how far a long export is (0 to 1); the task list shows it. */
export type ExportProgress = (done: number) => Promise<void>;

export type Exporter = (task: ExportTask, progress?: ExportProgress) => Promise<ExportFile>;

export { EXPORT_TYPE, exportTaskKey, getExportTask, type ExportStatus, type ExportTask };

/** The tenant of a company's tasks: its path in the company tree. */
async function tenantOf(agentId: string): Promise<string> {
  if (!agentId) return PLATFORM_TENANT;
  return (await operators.getAny(agentId))?.path ?? `/${agentId}/`;
}

/** Creates the task (once: an existing id is left as it is) and queues it. */
export async function queueExport(task: Omit<ExportTask, 'status' | 'createdAt'>): Promise<boolean> {
  const createdAt = new Date().toISOString();
  const tenant = await tenantOf(task.agentId);
  const created = await createExportTask({ ...task, tenant, status: 'pending', createdAt });
  if (!created) return false;
  await sendExport(task.taskId);
  return true;
}

/** Queues a task's message (the consumer does not redo a finished task). */
export async function sendExport(taskId: string) {
  await sendToQueue('exports', { taskId });
}

/**
 * Every company's tasks still `pending` or `running`: after a local restart no worker has them (the queue
 * lives in memory), so the start-up queues them again.
 */
export function unfinishedExports(): Promise<string[]> {
  return unfinishedExportIds();
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
  await setRunningProgress(
    taskId,
    Math.max(0, Math.min(100, Math.floor(done * 100))),
    new Date().toISOString(),
  );
}
