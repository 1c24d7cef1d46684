/**
 * Export tasks (functions/api/export-tasks.ts, decision 214): `EXPORT#{taskId}` / `EXPORT`, on the repository's
 * tenant listing (gsi1 `EXPORT`, `{tenant}{createdAt}#{taskId}`). Access patterns:
 * - a company's tasks and one task in a scope, through the repository (`exportTaskRecords`: the /fileExport
 *   list of functions/biz/catalogue-resources.ts);
 * - create a task once (refused when the id exists);
 * - a task by its id (as stored);
 * - the ids of every company's tasks still `pending` or `running` (the listing index, filtered on status);
 * - a status transition (functions/data/transitions.ts, on `exportTaskKey`);
 * - the progress of a running task (refused once it has settled);
 * - delete a settled task.
 */
import { applied } from '@functions/lib/conditional.ts';
import { Repository } from './repository.ts';
import { defineEntity, model, putRecord, queryAll, send } from './table.ts';

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

/** A task as the repository reads it (with the time of its last change). */
export type ExportTaskRecord = ExportTask & { updatedAt?: string };

/** The tasks as repository entities: gsi1 by tenant and creation time, read in a scope. */
export const exportTaskRecords = new Repository<ExportTaskRecord>({ type: EXPORT_TYPE, idField: 'taskId' });

export const exportTasks = defineEntity({
  model: model(EXPORT_TYPE),
  attributes: {
    taskId: { type: 'string', required: true },
    tenant: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    status: { type: 'string', required: true },
    progress: { type: 'number' },
    updatedAt: { type: 'string' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['taskId'], template: 'EXPORT#${taskId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'EXPORT', casing: 'none' },
    },
    byTenant: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], template: 'EXPORT', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['tenant', 'createdAt', 'taskId'],
        template: '${tenant}${createdAt}#${taskId}',
        casing: 'none',
      },
    },
  },
});

export const exportTaskKey = (taskId: string) =>
  exportTasks.get({ taskId }).params().Key as { pk: string; sk: string };

/** Stores a new task; false when a task with its id exists (left as it is). */
export function createExportTask(task: ExportTask & { tenant: string }): Promise<boolean> {
  const { taskId, tenant, createdAt, status } = task;
  return applied(
    send.put(putRecord(exportTasks.create({ taskId, tenant, createdAt, status }).params(), task)),
  );
}

/** The task as stored, if any. */
export async function getExportTask(taskId: string): Promise<ExportTask | undefined> {
  const { Item } = await send.get(exportTasks.get({ taskId }).params());
  return Item as ExportTask | undefined;
}

/** Deletes a task's record (its file is the caller's). */
export const removeExportTask = (taskId: string) => send.delete(exportTasks.delete({ taskId }).params());

/** The ids of the tasks, of any company, still pending or running. */
export async function unfinishedExportIds(): Promise<string[]> {
  const items = await queryAll(
    exportTasks.query
      .byTenant({})
      .where((a, op) => `${op.eq(a.status, 'pending')} OR ${op.eq(a.status, 'running')}`)
      .params({ attributes: ['taskId'] }),
  );
  return items.map((item) => String(item.taskId));
}

/** Sets a running task's progress (a percent); nothing once it has settled. */
export const setRunningProgress = (taskId: string, percent: number, at: string) =>
  applied(
    send.update(
      exportTasks
        .patch({ taskId })
        .set({ progress: percent, updatedAt: at })
        .where((a, op) => op.eq(a.status, 'running'))
        .params(),
    ),
  );
