/**
 * Export files (/fileExport): the caller's export tasks with their state and progress (the list reads itself
 * again while a task is waiting or running); a finished file is downloaded through the API, a settled task
 * (done or failed) may be deleted with its file.
 */
import { API } from '@shared/api/paths.ts';
import { languageHeaders } from '@shared/i18n/languages.ts';
import { EXPORT_STATUSES, FILE_EXPORT_CODE } from '@shared/resources/catalogue/file-export.ts';
import { storedToken } from '@web/auth/storage.ts';
import { currentLanguage } from '@web/i18n.ts';
import { ApiError, withQuery } from '@web/lib/api.ts';
import { REQUEST_TIMEOUT_MS } from '@web/lib/http.ts';
import type { EnumOption, ResourceDecl, Row } from '@web/resources/types.ts';

const TONES = { pending: 'neutral', running: 'info', done: 'success', failed: 'danger' } as const;

export const EXPORT_STATUS_OPTIONS: readonly EnumOption[] = EXPORT_STATUSES.map((status) => ({
  value: status,
  label: `catalogueRes.fileExport.statuses.${status}`,
  tone: TONES[status],
}));

/** How far a task is: a running export says its percent where its exporter reports one. */
export function progressText(row: Row): string {
  if (row.status === 'done') return '100%';
  if (row.status === 'failed') return '';
  return `${Number(row.progress ?? 0)}%`;
}

const settled = (row: Row) => row.status === 'done' || row.status === 'failed';

/** Saves a finished file; a refusal (JSON envelope) becomes an ApiError with the server's message. */
export async function downloadExport(row: Row): Promise<void> {
  const token = storedToken();
  const response = await fetch(withQuery(API.biz.fileExport.download, { id: String(row.taskId) }), {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      ...languageHeaders(currentLanguage()),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await response.json().catch(() => ({}))) as { code?: number; msg?: string };
    throw new ApiError(body.code ?? response.status, body.msg ?? '', response.status);
  }
  if (!response.ok) throw new ApiError(response.status, '', response.status);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = String(row.fileName ?? row.taskName ?? 'export');
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export const fileExportDecl: ResourceDecl = {
  id: 'fileExport',
  title: 'catalogueRes.fileExport.title',
  api: { list: API.biz.fileExport.list, del: API.biz.fileExport.del, idParam: 'id' },
  idField: 'taskId',
  nameField: 'taskName',
  permissions: { view: FILE_EXPORT_CODE.view, delete: FILE_EXPORT_CODE.view },
  columns: [
    { key: 'taskName', label: 'catalogueRes.fileExport.taskName' },
    { key: 'status', label: 'catalogueRes.fileExport.status', kind: 'enum', options: EXPORT_STATUS_OPTIONS },
    { key: 'progress', label: 'catalogueRes.fileExport.progress', render: progressText },
    { key: 'createdAt', label: 'catalogueRes.fileExport.createdAt', kind: 'date' },
    { key: 'updatedAt', label: 'catalogueRes.fileExport.updatedAt', kind: 'date' },
    { key: 'fileName', label: 'catalogueRes.fileExport.fileName', hidden: true },
    { key: 'reason', label: 'catalogueRes.fileExport.reason' },
  ],
  filters: [
    {
      name: 'status',
      label: 'catalogueRes.fileExport.status',
      kind: 'select',
      options: EXPORT_STATUS_OPTIONS,
    },
    { name: 'taskName', label: 'catalogueRes.fileExport.taskName', kind: 'text' },
  ],
  actions: [
    {
      key: 'download',
      label: () => 'catalogueRes.fileExport.download',
      permission: FILE_EXPORT_CODE.view,
      visible: (row) => row.status === 'done',
      run: async (row, ctx) => {
        await downloadExport(row);
        ctx.notify('catalogueRes.fileExport.downloaded');
      },
    },
  ],
  // A task still waiting or running cannot be deleted (the server refuses too).
  canChange: settled,
  refreshWhile: (row) => !settled(row),
};
