/** The export task entity reads tasks as functions/api/export-tasks.ts wrote them (by hand), and writes the same. */
import { describe, expect, it } from 'vitest';
import {
  createExportTask,
  getExportTask,
  setRunningProgress,
  unfinishedExportIds,
  type ExportTask,
} from '@functions/data/export-tasks.ts';
import { transitionStatus } from '@functions/data/transitions.ts';
import { exportTaskKey } from '@functions/api/export-tasks.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const task = (taskId: string, status: ExportTask['status']): ExportTask & { tenant: string } => ({
  taskId,
  taskName: `export ${taskId}`,
  kind: 'orders',
  agentId: 'A',
  params: { from: '2026-01-01' },
  tenant: '/A/',
  status,
  createdAt: '2026-06-01T10:00:00.000Z',
});

/** A task as queueExport wrote it. */
const oldItem = (t: ExportTask & { tenant: string }) => ({
  pk: `EXPORT#${t.taskId}`,
  sk: 'EXPORT',
  ...t,
  gsi1pk: 'EXPORT',
  gsi1sk: `${t.tenant}${t.createdAt}#${t.taskId}`,
});

describe('export tasks', () => {
  it('reads tasks written the old way, by id and the unfinished ones', async () => {
    await rawPut(oldItem(task('E1', 'pending')));
    await rawPut(oldItem(task('E2', 'running')));
    await rawPut(oldItem(task('E3', 'done')));
    expect(await getExportTask('E1')).toEqual(oldItem(task('E1', 'pending')));
    expect(await getExportTask('NONE')).toBeUndefined();
    expect((await unfinishedExportIds()).sort()).toEqual(['E1', 'E2']);
  });

  it('writes the item the old code wrote, once; progress only while running', async () => {
    expect(exportTaskKey('E4')).toEqual({ pk: 'EXPORT#E4', sk: 'EXPORT' });
    expect(await createExportTask(task('E4', 'pending'))).toBe(true);
    expect(await rawGet(exportTaskKey('E4'))).toEqual(oldItem(task('E4', 'pending')));
    expect(await createExportTask({ ...task('E4', 'pending'), taskName: 'other' })).toBe(false);
    expect(await rawGet(exportTaskKey('E4'))).toEqual(oldItem(task('E4', 'pending')));

    expect(await setRunningProgress('E4', 40, '2026-06-01T10:01:00.000Z')).toBe(false);
    await transitionStatus({ key: exportTaskKey('E4'), from: ['pending'], set: { status: 'running' } });
    expect(await setRunningProgress('E4', 40, '2026-06-01T10:01:00.000Z')).toBe(true);
    expect(await rawGet(exportTaskKey('E4'))).toEqual({
      ...oldItem(task('E4', 'running')),
      progress: 40,
      updatedAt: '2026-06-01T10:01:00.000Z',
    });
    expect(await setRunningProgress('E5', 40, '2026-06-01T10:01:00.000Z')).toBe(false);
    expect(await rawGet(exportTaskKey('E5'))).toBeUndefined();
  });
});
