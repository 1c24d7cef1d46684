/**
 * The generic resource calls of a declaration (shared/resources): list with paging, filters and sorting,
 * info, add, update with optimistic concurrency, and delete with its guard, all tenant-scoped through the
 * repository, strict about unknown fields, write-only about secrets. Routes and audit titles come from
 * shared/topology/resource-routes.ts; the central middleware checks the permission codes. `resourceHandlers`
 * binds them for a domain's handler: it reads each request (`listInput`, `addInput`, `updateInput`) and calls
 * them with typed input.
 */
import { z } from 'zod';
import { SECRET_MASK, type ResourceMeta } from '@shared/resources/define.ts';
import { pageQuery, type PageQuery } from '@shared/schemas/admin.ts';
import { fleetVisible, stationVisible, type Identity, type Reach } from '@functions/identity/access.ts';
import { tenantsInScope } from '@functions/identity/tenants.ts';
import { queueExport } from '@functions/api/export-tasks.ts';
import { AppError, forbidden, notFound, refused } from '@functions/lib/errors.ts';
import { coerceRow, readSheet, writeSheet, XLSX_TYPE } from '@functions/lib/excel.ts';
import { ok, RawResponse, who, type Request, type Route } from './http.ts';
import { translate } from '@functions/lib/i18n.ts';
import { readMultipart } from '@functions/lib/multipart.ts';
import { newId, PLATFORM_TENANT, visible, type Stored } from '@functions/lib/records.ts';
import type { GuardedWrite, Repository } from '@functions/data/repository.ts';
import { resourceRepository, type ResourceRecord } from '@functions/data/resources.ts';
import { parse } from '@functions/lib/validate.ts';

export type Record_ = ResourceRecord;

export interface ResourceHooks {
  /** Rules across fields or records (references exist, ranges agree); throw a refusal to stop the write. */
  check?: (record: Record_, identity: Identity, current?: Record_ & Stored) => Promise<void>;
  /** Why the record cannot be deleted now (a message key), or undefined. */
  deleteGuard?: (record: Record_ & Stored, identity: Identity) => Promise<string | undefined>;
  /**
   * Writes of other items in the same transaction as an add (no `current`), an update or a delete (no
   * `next`): counters, with conditions that refuse the write when they fail.
   */
  alsoWrite?: (next: Record_ | undefined, current: (Record_ & Stored) | undefined) => Promise<GuardedWrite[]>;
  /**
   * What follows a write that was stored (an add: no `current`; a delete: no `next`): figures counted from
   * the records again. A crash before it leaves them to the recount that also runs on a schedule.
   */
  afterWrite?: (next: Record_ | undefined, current: (Record_ & Stored) | undefined) => Promise<void>;
  /**
   * The field naming the station a record belongs to (`id` for a station itself): a user bound to stations
   * lists, reads, writes and exports only records of those (docs/decisions/190).
   */
  stationField?: string;
  /**
   * The field naming the fleet a record belongs to (`id` for a fleet itself): a fleet account lists, reads,
   * writes and exports only its own fleet's records, and its new records join its fleet (decision 366).
   */
  fleetField?: string;
  /**
   * Fields shown from other records, as they are now (a fleet's name on its drivers): applied to what a
   * list, a record read and an export show, so a rename shows everywhere at once.
   */
  label?: (records: (Record_ & Stored)[]) => Promise<(Record_ & Stored)[]>;
}

export interface Resource {
  meta: ResourceMeta;
  repo: Repository<Record_>;
  hooks: ResourceHooks;
}

/** A declared resource with its hooks; its repository is the data layer's one of its type. */
export function resource(meta: ResourceMeta, hooks: ResourceHooks = {}): Resource {
  return { meta, repo: resourceRepository(meta), hooks };
}

/** The scope a resource is read in: shared catalogues are read platform-wide by everyone. */
function readScope(r: Resource, identity: Identity): string {
  return r.meta.tenancy === 'shared' ? PLATFORM_TENANT : identity.scope;
}

function writeTenant(r: Resource, identity: Identity): string {
  if (r.meta.tenancy !== 'tenant' && !identity.platform) throw forbidden();
  return r.meta.tenancy === 'tenant' ? identity.scope : PLATFORM_TENANT;
}

/** What the API shows of a record: secrets replaced by a flag saying whether one is stored. */
export function present(r: Resource, record: Record_ & Stored) {
  const out: Record<string, unknown> = { ...record };
  delete out.tenant;
  for (const secret of r.meta.secrets ?? []) {
    out[`${secret}Set`] = record[secret] !== undefined && record[secret] !== '';
    delete out[secret];
  }
  return out;
}

/**
 * The declared filters of a request, in the types of their fields: a select sends "1" for a number and
 * "true" for a flag, which must still match the stored value (and its index key). Filters on server-set
 * fields outside the schema are numeric codes.
 */
export function filtersOf(r: Resource, input: Record<string, unknown>): Record<string, unknown> {
  const given = Object.fromEntries(
    Object.keys(r.meta.filters ?? {}).flatMap((f) =>
      input[f] === undefined || input[f] === '' ? [] : [[f, input[f]]],
    ),
  );
  const shape = r.meta.schema.shape as Record<string, z.ZodType>;
  const typed = coerceRow(shape, given);
  // Filters on fields the server sets (a status, a bind flag) are numeric codes: "1" finds 1.
  for (const [field, value] of Object.entries(typed))
    if (!(field in shape) && typeof value === 'string' && /^-?\d+$/.test(value.trim()))
      typed[field] = Number(value);
  checkFilters(r, shape, typed);
  return typed;
}

/**
 * A filter value goes into a query's key or condition, so it must be one its field can hold: an exact (`eq`)
 * filter passes its field's own schema (an enum's values, an integer's range), and any number is a safe
 * integer or a finite decimal, else the DynamoDB client refuses it and the call would be a 500. A value that
 * fails is the caller's input: the validation answer, with nothing read (decision 435).
 */
function checkFilters(r: Resource, shape: Record<string, z.ZodType>, typed: Record<string, unknown>) {
  const exact = Object.keys(typed).flatMap((field) =>
    shape[field] && r.meta.filters?.[field] === 'eq' ? [[field, shape[field]] as const] : [],
  );
  parse(z.object(Object.fromEntries(exact)), typed);
  parse(z.object(Object.fromEntries(Object.keys(typed).map((field) => [field, storable]))), typed);
}

/** A filter's number must be one DynamoDB takes: a safe integer or a finite fraction. */
const storable = z
  .unknown()
  .refine(
    (v) => typeof v !== 'number' || Number.isSafeInteger(v) || (Number.isFinite(v) && !Number.isInteger(v)),
    { error: 'validation.integer' },
  );

/** A list (or export) request of a resource: page and order, and its declared filters in their types. */
export interface ListInput {
  query: PageQuery;
  filters: Record<string, unknown>;
}

/** Reads a list or export request: fields other than the page, the order and the filters are ignored. */
export function listInput(r: Resource, body: unknown): ListInput {
  const input = (body ?? {}) as Record<string, unknown>;
  return { query: parse(pageQuery, input), filters: filtersOf(r, input) };
}

export async function listPage(r: Resource, identity: Identity, { query, filters }: ListInput) {
  const sortable = new Set(['createTime', ...(r.meta.sortable ?? [])]);
  const scope = readScope(r, identity);
  const page = await r.repo.findPage({
    scope,
    tenants: r.meta.tenancy === 'tenant' ? await tenantsInScope(scope) : [PLATFORM_TENANT],
    query: { ...query, orderBy: query.orderBy && sortable.has(query.orderBy) ? query.orderBy : undefined },
    filters: boundFilters(r, identity, filters),
    modes: r.meta.filters ?? {},
    within: withinBinding(r, identity),
  });
  return { ...page, records: (await labelled(r, page.records)).map((record) => present(r, record)) };
}

/**
 * The list constraint of a station binding (or a fleet account's fleet) on a resource that belongs to one. A
 * fleet field the resource filters on exactly is constrained as that filter instead (`boundFilters`), so the
 * list reads the fleet's own index partition.
 */
function withinBinding(r: Resource, reach: Pick<Reach, 'stations' | 'fleetId'>) {
  const { stationField, fleetField } = r.hooks;
  if (stationField && reach.stations) return { field: stationField, values: reach.stations };
  if (fleetField && reach.fleetId !== undefined && r.meta.filters?.[fleetField] !== 'eq')
    return { field: fleetField, values: [reach.fleetId] };
  return undefined;
}

/** The filters of a list with a fleet account's fleet in place of any fleet asked for. */
function boundFilters(r: Resource, reach: Pick<Reach, 'fleetId'>, filters: Record<string, unknown>) {
  const { fleetField } = r.hooks;
  return fleetField && reach.fleetId !== undefined && r.meta.filters?.[fleetField] === 'eq'
    ? { ...filters, [fleetField]: reach.fleetId }
    : filters;
}

/** Whether the caller's station binding and fleet binding let them see a record. */
function bindingAllows(r: Resource, reach: Pick<Reach, 'stations' | 'fleetId'>, record: Record_) {
  const { stationField, fleetField } = r.hooks;
  return (
    (!stationField || stationVisible(reach, record[stationField])) &&
    (!fleetField || fleetVisible(reach, record[fleetField]))
  );
}

/**
 * Refuses a write that would place a record at a station outside the caller's binding, or in another fleet
 * than a fleet account's own.
 */
function requireBinding(r: Resource, identity: Identity, record: Record_) {
  const { stationField, fleetField } = r.hooks;
  if (stationField && !stationVisible(identity, record[stationField]))
    throw refused('server.stationNotBound');
  if (fleetField && !fleetVisible(identity, record[fleetField])) throw refused('server.fleetNotBound');
}

async function find(r: Resource, identity: Identity, id: unknown) {
  const record = typeof id === 'string' && id ? await r.repo.get(readScope(r, identity), id) : undefined;
  if (!record || !bindingAllows(r, identity, record)) throw notFound();
  return record;
}

export async function resourceInfo(r: Resource, identity: Identity, id: unknown) {
  const [record] = await labelled(r, [await find(r, identity, id)]);
  return present(r, record!);
}

const labelled = (r: Resource, records: (Record_ & Stored)[]) =>
  r.hooks.label && records.length ? r.hooks.label(records) : Promise.resolve(records);

/** An add request's fields, checked against the resource's schema. */
export const addInput = (r: Resource, body: unknown) => parse(r.meta.schema, body) as Record<string, unknown>;

/** An import's row, added through the same checks as the form's request. */
async function addRow(r: Resource, identity: Identity, body: unknown) {
  writeTenant(r, identity); // a shared resource is the platform's to write: 403 before its fields are read
  return createResource(r, identity, addInput(r, body));
}

export async function createResource(r: Resource, identity: Identity, parsed: Record<string, unknown>) {
  const tenant = writeTenant(r, identity);
  const idFrom = r.meta.idFrom;
  const record = { ...parsed, id: idFrom ? String(parsed[idFrom.field]) : newId(), tenant } as Record_;
  // A fleet account's new driver or vehicle joins its own fleet.
  const { fleetField } = r.hooks;
  if (fleetField && identity.fleetId && (record[fleetField] ?? '') === '')
    record[fleetField] = identity.fleetId;
  requireBinding(r, identity, record);
  await r.hooks.check?.(record, identity);
  // A check may place the record with its parent (a charge point with its station's company), in scope.
  const owner =
    typeof record.tenant === 'string' && visible(identity.scope, record.tenant) ? record.tenant : tenant;
  const { tenant: _t, ...fields } = record;
  const placed = { ...fields, tenant: owner } as Record_;
  const also = (await r.hooks.alsoWrite?.(placed, undefined)) ?? [];
  let created;
  try {
    created = await r.repo.create(placed, owner, {}, also);
  } catch (error) {
    // The id is the record's key: a taken one fails the create's condition.
    const taken =
      error instanceof AppError && ['server.duplicate', 'server.staleUpdate'].includes(error.message);
    if (idFrom && taken) throw refused(idFrom.message);
    throw error;
  }
  await r.hooks.afterWrite?.(created, undefined);
  return present(r, created);
}

const updateEnvelope = z.object({
  id: z.string().min(1),
  version: z.number({ error: 'validation.required' }).int(),
});

/** An update request: the record's id and the version it was read at, its fields, the secrets it keeps. */
export interface UpdateInput {
  id: string;
  version: number;
  fields: Record<string, unknown>;
  /** Secrets not sent, or sent empty or as the mask: they keep their stored value. */
  keep: string[];
}

export function updateInput(r: Resource, body: unknown): UpdateInput {
  const input = (body ?? {}) as Record<string, unknown>;
  const { id, version } = parse(updateEnvelope, input);
  const { id: _i, version: _v, ...rest } = input;
  // Secrets left empty (or as the mask) keep their stored value: they are never sent back to be edited.
  for (const secret of r.meta.secrets ?? [])
    if (rest[secret] === '' || rest[secret] === SECRET_MASK) delete rest[secret];
  const fields = parse(r.meta.schema, rest) as Record<string, unknown>;
  return { id, version, fields, keep: (r.meta.secrets ?? []).filter((secret) => !(secret in rest)) };
}

export async function updateResource(r: Resource, identity: Identity, input: UpdateInput) {
  const { id, version, keep } = input;
  const fields = { ...input.fields };
  const current = await find(r, identity, id);
  if (r.meta.tenancy !== 'tenant' && !identity.platform) throw forbidden();
  if (current.version !== version) throw refused('server.staleUpdate');
  for (const secret of keep) fields[secret] = current[secret];
  // An id taken from a field stays what it was created with.
  if (r.meta.idFrom) fields[r.meta.idFrom.field] = current.id;
  const next = { ...fields, id: current.id, tenant: current.tenant } as Record_;
  const { fleetField } = r.hooks;
  if (fleetField && identity.fleetId && (next[fleetField] ?? '') === '') next[fleetField] = identity.fleetId;
  requireBinding(r, identity, next);
  await r.hooks.check?.(next, identity, current);
  const also = (await r.hooks.alsoWrite?.(next, current)) ?? [];
  const updated = await r.repo.update(current, next, {}, also);
  await r.hooks.afterWrite?.(updated, current);
  return present(r, updated);
}

export async function deleteResource(r: Resource, identity: Identity, id: unknown) {
  const current = await find(r, identity, id);
  if (r.meta.tenancy !== 'tenant' && !identity.platform) throw forbidden();
  const reason = await r.hooks.deleteGuard?.(current, identity);
  if (reason) throw refused(reason);
  await r.repo.remove(current, (await r.hooks.alsoWrite?.(undefined, current)) ?? []);
  await r.hooks.afterWrite?.(undefined, current);
}

/** The five calls of each resource, keyed by route key, for a domain handler. */
export function resourceHandlers(resources: Resource[]): Record<string, Route> {
  const out: Record<string, Route> = {};
  for (const r of resources) {
    const base = `POST /${r.meta.module}/${r.meta.name}`;
    out[`${base}/list`] = async (req: Request) => ok(await listPage(r, who(req), listInput(r, req.body)));
    out[`${base}/info`] = async (req: Request) => ok(await resourceInfo(r, who(req), req.query.id));
    out[`${base}/add`] = async (req: Request) => {
      const identity = who(req);
      writeTenant(r, identity); // a shared resource is the platform's to write: 403 before its fields are read
      return ok(await createResource(r, identity, addInput(r, req.body)));
    };
    out[`${base}/update`] = async (req: Request) =>
      ok(await updateResource(r, who(req), updateInput(r, req.body)));
    out[`${base}/del`] = async (req: Request) => (await deleteResource(r, who(req), req.query.id), ok(null));
  }
  return { ...out, ...resourceIoHandlers(resources) };
}

/** Rows an export or an import handles at most (a bigger export should narrow its filter). */
export const IO_LIMIT = { exportRows: 100_000, importRows: 5000 } as const;

/** The columns of a resource's files: its fields (secrets only in the import template), id and times. */
export function columnsOf(r: Resource, forImport = false): string[] {
  const fields = Object.keys(r.meta.schema.shape).filter(
    (f) => forImport || !(r.meta.secrets ?? []).includes(f),
  );
  return forImport ? fields : ['id', ...fields, 'createTime', 'updateTime'];
}

/** Queues an export of the current filter (the exports queue writes the file; /fileExport lists the task). */
export async function exportResource(r: Resource, identity: Identity, { query, filters }: ListInput) {
  const taskId = newId();
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  await queueExport({
    taskId,
    taskName: `${r.meta.name}-${stamp}`,
    kind: 'resource',
    agentId: identity.operator?.id ?? '',
    params: {
      module: r.meta.module,
      name: r.meta.name,
      scope: readScope(r, identity),
      stations: identity.stations,
      fleetId: identity.fleetId,
      filters,
      orderBy: query.orderBy,
      order: query.order,
    },
  });
  return { taskId };
}

/** The rows an export task asks for, as the file's records. */
export async function exportRows(r: Resource, params: Record<string, unknown>) {
  const scope = String(params.scope ?? PLATFORM_TENANT);
  const page = await r.repo.findPage({
    scope,
    tenants: r.meta.tenancy === 'tenant' ? await tenantsInScope(scope) : [PLATFORM_TENANT],
    query: {
      current: 1,
      size: IO_LIMIT.exportRows,
      orderBy: params.orderBy as string | undefined,
      order: params.order as 'asc' | 'desc' | undefined,
    },
    filters: boundFilters(
      r,
      { fleetId: params.fleetId as string | undefined },
      (params.filters ?? {}) as Record<string, unknown>,
    ),
    modes: r.meta.filters ?? {},
    within: withinBinding(r, {
      stations: params.stations as string[] | undefined,
      fleetId: params.fleetId as string | undefined,
    }),
  });
  return (await labelled(r, page.records)).map((record) => present(r, record));
}

export async function importTemplate(r: Resource) {
  return writeSheet(r.meta.name, columnsOf(r, true), []);
}

export interface ImportReport {
  total: number;
  success: number;
  failed: { row: number; msg: string; fields?: Record<string, string> }[];
}

/** Each row is added through the same validation and rules as the form; the report names each refused row. */
export async function importResource(
  r: Resource,
  identity: Identity,
  file: Buffer,
  language: string,
): Promise<ImportReport> {
  let rows;
  try {
    rows = await readSheet(file);
  } catch {
    throw refused('server.importNotExcel');
  }
  if (rows.length > IO_LIMIT.importRows) throw refused('server.importTooMany', { max: IO_LIMIT.importRows });
  const report: ImportReport = { total: rows.length, success: 0, failed: [] };
  const shape = r.meta.schema.shape as Record<string, z.ZodType>;
  for (const { row, values } of rows) {
    try {
      await addRow(r, identity, coerceRow(shape, values));
      report.success++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const fields = error.fields
        ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translate(language, v)]))
        : undefined;
      report.failed.push({
        row,
        msg: translate(language, error.message, error.values),
        ...(fields ? { fields } : {}),
      });
    }
  }
  return report;
}

export function fileResponse(body: Buffer, fileName: string): RawResponse {
  return new RawResponse({
    statusCode: 200,
    headers: { 'content-type': XLSX_TYPE, 'content-disposition': `attachment; filename="${fileName}"` },
    body: body.toString('base64'),
    isBase64Encoded: true,
  });
}

/** Export for every resource; template and import for importable ones. */
export function resourceIoHandlers(resources: Resource[]): Record<string, Route> {
  const out: Record<string, Route> = {};
  for (const r of resources) {
    const base = `POST /${r.meta.module}/${r.meta.name}`;
    out[`${base}/export`] = async (req: Request) =>
      ok(await exportResource(r, who(req), listInput(r, req.body)));
    if (!r.meta.importable) continue;
    out[`${base}/template`] = async () =>
      fileResponse(await importTemplate(r), `${r.meta.name}-template.xlsx`);
    out[`${base}/import`] = async (req: Request) => {
      const form = readMultipart(req.event);
      const file = form.files[0];
      if (!file) throw refused('server.importNeedsFile');
      return ok(await importResource(r, who(req), file.body, req.language));
    };
  }
  return out;
}
