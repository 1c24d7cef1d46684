/**
 * The export task list (/fileExport): the tasks of functions/api/export-tasks.ts in the caller's scope, with
 * their state, a download of finished files and deletion of settled ones. Not a generic resource: tasks are
 * created by exports, never by hand.
 */
import { z } from 'zod';
import { CODE } from '@shared/permissions/menus.ts';

export const EXPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

export const FILE_EXPORT_CODE = { view: CODE.fileExport } as const;

export const fileExportQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(10),
  status: z.enum(EXPORT_STATUSES).optional().catch(undefined),
  taskName: z.string().trim().max(128).optional().catch(undefined),
});
