/**
 * The catalogue group's declared resources with their server-side rules (hooks), served by the biz domain:
 * brands and models, app versions, feedback, stop reasons, alarm templates and alarm mail settings (declared in
 * functions/alarms/catalogue.ts, which the alarms read), plus the export task list (/fileExport), which lists
 * the tasks of functions/api/export-tasks.ts.
 */
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { appVersionResource } from '@shared/resources/catalogue/app-version.ts';
import { brandResource } from '@shared/resources/catalogue/brand.ts';
import type { z } from 'zod';
import {
  FEEDBACK_STATUS,
  feedbackResource,
  type feedbackReplySchema,
} from '@shared/resources/catalogue/feedback.ts';
import type { fileExportQuery } from '@shared/resources/catalogue/file-export.ts';
import { modelResource } from '@shared/resources/catalogue/model.ts';
import { stopReasonResource } from '@shared/resources/catalogue/stop-reason.ts';
import type { Identity } from '@functions/identity/access.ts';
import { s3Client } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { notFound, refused } from '@functions/lib/errors.ts';
import {
  listPage,
  present,
  resource,
  resourceInfo,
  type ListInput,
  type Record_,
  type Resource,
} from '@functions/api/resources.ts';
import { paginate, PLATFORM_TENANT, type Stored } from '@functions/lib/records.ts';
import { exportTaskRecords, removeExportTask, type ExportTaskRecord } from '@functions/data/export-tasks.ts';
import { alarmMails, alarmTemplates, countByView } from '@functions/alarms/catalogue.ts';

type Row = Record<string, unknown>;

// ---- Brands and models ----------------------------------------------------------------------------------

const modelCount = (brandId: string) => countByView(models, 'brandId', brandId, [PLATFORM_TENANT]);

export const brands: Resource = resource(brandResource, {
  deleteGuard: async (brand) =>
    (await modelCount(brand.id)) > 0 ? 'catalogueRes.server.brandHasModels' : undefined,
});

export const models: Resource = resource(modelResource, {
  check: async (model) => {
    const brand = await brands.repo.get(PLATFORM_TENANT, String(model.brandId));
    if (!brand) throw refused('catalogueRes.server.brandMissing');
    const { maxPower, minPower } = model as { maxPower?: number; minPower?: number };
    if (minPower !== undefined && maxPower !== undefined && minPower > maxPower)
      throw refused('catalogueRes.server.minPowerAboveMax');
    // Unique within the brand (the store lower-cases unique values).
    model.brandModel = `${String(model.brandId)}:${String(model.deviceModel)}`;
  },
});

// ---- App versions, feedback, stop reasons -------------------------------------------------------------

export const appVersions: Resource = resource(appVersionResource, {
  check: async (version) => {
    version.typeCode = `${String(version.type)}:${String(version.code)}`;
  },
});

export const feedback: Resource = resource(feedbackResource, {
  // What the app sent may be corrected; the console's state (read, reply) only changes through its calls.
  check: async (item, _identity, current) => {
    item.status = current?.status ?? FEEDBACK_STATUS.new;
    if (current?.reply !== undefined) item.reply = current.reply;
    if (current?.replyTime !== undefined) item.replyTime = current.replyTime;
    if (current?.replyBy !== undefined) item.replyBy = current.replyBy;
  },
});

export const stopReasons: Resource = resource(stopReasonResource);

export const catalogueResources: Resource[] = [
  brands,
  models,
  appVersions,
  feedback,
  stopReasons,
  alarmTemplates,
  alarmMails,
];

// ---- Lists with computed fields ------------------------------------------------------------------------

const withModelCounts = (records: Row[]) =>
  Promise.all(records.map(async (b) => ({ ...b, modelCount: await modelCount(String(b.id)) })));

/** The bound template's name and code beside each mail setting. */
async function withTemplates(records: Row[]) {
  const ids = [...new Set(records.map((m) => String(m.templateId ?? '')).filter(Boolean))];
  const found = new Map(
    await Promise.all(ids.map(async (id) => [id, await alarmTemplates.repo.getAny(id)] as const)),
  );
  return records.map((m) => {
    const template = found.get(String(m.templateId ?? ''));
    return { ...m, templateName: template?.name ?? '', templateCode: template?.code ?? '' };
  });
}

/** Brands, each with the number of its models. */
export async function listBrands(identity: Identity, input: ListInput) {
  const page = await listPage(brands, identity, input);
  return { ...page, records: await withModelCounts(page.records) };
}

export async function brandInfo(identity: Identity, id: unknown) {
  return (await withModelCounts([await resourceInfo(brands, identity, id)]))[0];
}

/** A brand's models are read through the (brandId, deviceModel) index unless another order is asked for. */
export async function listModels(identity: Identity, input: ListInput) {
  const byBrand = input.query.orderBy === undefined && input.filters.brandId !== undefined;
  const query = byBrand ? { ...input.query, orderBy: 'deviceModel', order: 'asc' as const } : input.query;
  return listPage(models, identity, { ...input, query });
}

/** Alarm mail settings, each with its template's name and code. */
export async function listAlarmMails(identity: Identity, input: ListInput) {
  const page = await listPage(alarmMails, identity, input);
  return { ...page, records: await withTemplates(page.records) };
}

export async function alarmMailInfo(identity: Identity, id: unknown) {
  return (await withTemplates([await resourceInfo(alarmMails, identity, id)]))[0];
}

// ---- Feedback: read and reply ---------------------------------------------------------------------------

async function findFeedback(identity: Identity, id: unknown): Promise<Record_ & Stored> {
  const item = typeof id === 'string' && id ? await feedback.repo.get(identity.scope, id) : undefined;
  if (!item) throw notFound();
  return item;
}

/** Marks new feedback read; feedback already read or answered stays as it is. */
export async function readFeedback(identity: Identity, id: unknown) {
  const current = await findFeedback(identity, id);
  if (current.status !== FEEDBACK_STATUS.new) return present(feedback, current);
  return present(feedback, await feedback.repo.update(current, { ...current, status: FEEDBACK_STATUS.read }));
}

/** Answers feedback: reply, replyTime, status 2; refused when someone changed it since it was loaded. */
export async function replyFeedback(
  identity: Identity,
  { id, reply, version }: z.infer<typeof feedbackReplySchema>,
) {
  const current = await findFeedback(identity, id);
  if (current.version !== version) throw refused('server.staleUpdate');
  const next = {
    ...current,
    reply,
    replyTime: new Date().toISOString(),
    replyBy: identity.user.username,
    status: FEEDBACK_STATUS.replied,
  };
  return present(feedback, await feedback.repo.update(current, next));
}

// ---- Export tasks (/fileExport) -------------------------------------------------------------------------

type TaskRecord = ExportTaskRecord;

const extensionOf = (path: string) => (path.includes('.') ? path.slice(path.lastIndexOf('.') + 1) : '');

/** The file name a download is saved as: the task name and the file's extension. */
function fileNameOf(task: TaskRecord): string {
  const extension = task.path ? extensionOf(task.path) : '';
  const stem = task.taskName.replace(/[\\/:*?"<>|\r\n]+/g, '_').trim() || task.taskId;
  return extension ? `${stem}.${extension}` : stem;
}

const showTask = (task: TaskRecord) => ({
  taskId: task.taskId,
  taskName: task.taskName,
  kind: task.kind,
  status: task.status,
  createdAt: task.createdAt,
  updatedAt: task.updatedAt,
  reason: task.reason,
  progress: task.progress,
  fileName: task.status === 'done' && task.path ? fileNameOf(task) : undefined,
});

async function findTask(identity: Identity, id: unknown): Promise<TaskRecord & Stored> {
  const task = typeof id === 'string' && id ? await exportTaskRecords.get(identity.scope, id) : undefined;
  if (!task) throw notFound();
  return task;
}

const missingObject = (error: unknown) => ['NoSuchKey', 'NotFound'].includes((error as Error).name);

/** The tasks in the caller's scope (the platform sees all), newest first. */
export async function listExportTasks(identity: Identity, query: z.infer<typeof fileExportQuery>) {
  const name = query.taskName?.toLowerCase();
  const tasks = (await exportTaskRecords.list(identity.scope)).filter(
    (t) => (!query.status || t.status === query.status) && (!name || t.taskName.toLowerCase().includes(name)),
  );
  tasks.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const page = paginate(tasks, { current: query.current, size: query.size });
  return { ...page, records: page.records.map(showTask) };
}

/** A finished task's file: its bytes, type and the name it is saved as. */
export async function exportFile(identity: Identity, id: unknown) {
  const task = await findTask(identity, id);
  if (task.status !== 'done' || !task.path) throw refused('catalogueRes.server.exportNotReady');
  let object;
  try {
    object = await s3Client().send(
      new GetObjectCommand({ Bucket: config.bucketName('exports'), Key: task.path }),
    );
  } catch (error) {
    if (missingObject(error)) throw refused('catalogueRes.server.exportFileGone');
    throw error;
  }
  return {
    bytes: Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array()),
    contentType: object.ContentType ?? 'application/octet-stream',
    fileName: fileNameOf(task),
  };
}

/** Deletes a settled task and its file; a task still pending or running is refused. */
export async function deleteExportTask(identity: Identity, id: unknown) {
  const task = await findTask(identity, id);
  if (task.status === 'pending' || task.status === 'running') throw refused('catalogueRes.server.exportBusy');
  if (task.path)
    await s3Client()
      .send(new DeleteObjectCommand({ Bucket: config.bucketName('exports'), Key: task.path }))
      .catch((error: unknown) => {
        if (!missingObject(error)) throw error;
      });
  await removeExportTask(task.taskId);
}
