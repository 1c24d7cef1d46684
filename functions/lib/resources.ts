/**
 * The generic resource calls of a declaration (shared/resources): list with paging, filters and sorting,
 * info, add, update with optimistic concurrency, and delete with its guard, all tenant-scoped through the
 * repository, strict about unknown fields, write-only about secrets. Routes and audit titles come from
 * infra/topology/resource-routes.ts; the central middleware checks the permission codes.
 */
import { z } from 'zod';
import { SECRET_MASK, type ResourceMeta } from '@shared/resources/define.ts';
import { pageQuery } from '@shared/schemas/admin.ts';
import type { Identity } from '@functions/identity/access.ts';
import { tenantsInScope } from '@functions/identity/tenants.ts';
import { forbidden, notFound, refused } from './errors.ts';
import { ok, who, type Request, type Route } from './http.ts';
import { newId, PLATFORM_TENANT, Repository, type Stored } from './store.ts';
import { parse } from './validate.ts';

export type Record_ = { id: string } & Record<string, unknown>;

export interface ResourceHooks {
  /** Rules across fields or records (references exist, ranges agree); throw a refusal to stop the write. */
  check?: (record: Record_, identity: Identity, current?: Record_ & Stored) => Promise<void>;
  /** Why the record cannot be deleted now (a message key), or undefined. */
  deleteGuard?: (record: Record_ & Stored, identity: Identity) => Promise<string | undefined>;
}

export interface Resource {
  meta: ResourceMeta;
  repo: Repository<Record_>;
  hooks: ResourceHooks;
}

export function resource(meta: ResourceMeta, hooks: ResourceHooks = {}): Resource {
  const repo = new Repository<Record_>({
    type: meta.type,
    idField: 'id',
    views: meta.views,
    searchable: Object.entries(meta.filters ?? {}).flatMap(([f, mode]) => (mode === 'contains' ? [f] : [])),
    // Unique within the owner's tenant (the tenant is part of the guard's value).
    unique: (item) =>
      Object.fromEntries(
        (meta.unique ?? []).map(({ field }) => [
          `${meta.type}.${field}`,
          item[field] === undefined || item[field] === ''
            ? undefined
            : `${String(item.tenant ?? '')}|${String(item[field])}`,
        ]),
      ),
    uniqueMessage: Object.fromEntries(
      (meta.unique ?? []).map(({ field, message }) => [`${meta.type}.${field}`, message]),
    ),
  });
  return { meta, repo, hooks };
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

export async function listResource(r: Resource, identity: Identity, body: unknown) {
  const input = (body ?? {}) as Record<string, unknown>;
  const query = parse(pageQuery, input);
  const sortable = new Set(['createTime', ...(r.meta.sortable ?? [])]);
  const filters = Object.fromEntries(
    Object.keys(r.meta.filters ?? {}).flatMap((f) =>
      input[f] === undefined || input[f] === '' ? [] : [[f, input[f]]],
    ),
  );
  const scope = readScope(r, identity);
  const page = await r.repo.findPage({
    scope,
    tenants: r.meta.tenancy === 'tenant' ? await tenantsInScope(scope) : [PLATFORM_TENANT],
    query: { ...query, orderBy: query.orderBy && sortable.has(query.orderBy) ? query.orderBy : undefined },
    filters,
    modes: r.meta.filters ?? {},
  });
  return { ...page, records: page.records.map((record) => present(r, record)) };
}

async function find(r: Resource, identity: Identity, id: unknown) {
  const record = typeof id === 'string' && id ? await r.repo.get(readScope(r, identity), id) : undefined;
  if (!record) throw notFound();
  return record;
}

export async function resourceInfo(r: Resource, identity: Identity, id: unknown) {
  return present(r, await find(r, identity, id));
}

export async function addResource(r: Resource, identity: Identity, body: unknown) {
  const tenant = writeTenant(r, identity);
  const record = { ...parse(r.meta.schema, body), id: newId(), tenant } as Record_;
  await r.hooks.check?.(record, identity);
  const { tenant: _t, ...fields } = record;
  return present(r, await r.repo.create({ ...fields, tenant } as Record_, tenant));
}

const updateEnvelope = z.object({
  id: z.string().min(1),
  version: z.number({ error: 'validation.required' }).int(),
});

export async function updateResource(r: Resource, identity: Identity, body: unknown) {
  const input = (body ?? {}) as Record<string, unknown>;
  const { id, version } = parse(updateEnvelope, input);
  const { id: _i, version: _v, ...rest } = input;
  // Secrets left empty (or as the mask) keep their stored value: they are never sent back to be edited.
  for (const secret of r.meta.secrets ?? [])
    if (rest[secret] === '' || rest[secret] === SECRET_MASK) delete rest[secret];
  const fields = parse(r.meta.schema, rest) as Record<string, unknown>;
  const current = await find(r, identity, id);
  if (r.meta.tenancy !== 'tenant' && !identity.platform) throw forbidden();
  if (current.version !== version) throw refused('server.staleUpdate');
  for (const secret of r.meta.secrets ?? []) if (!(secret in rest)) fields[secret] = current[secret];
  const next = { ...fields, id: current.id, tenant: current.tenant } as Record_;
  await r.hooks.check?.(next, identity, current);
  return present(r, await r.repo.update(current, next));
}

export async function deleteResource(r: Resource, identity: Identity, id: unknown) {
  const current = await find(r, identity, id);
  if (r.meta.tenancy !== 'tenant' && !identity.platform) throw forbidden();
  const reason = await r.hooks.deleteGuard?.(current, identity);
  if (reason) throw refused(reason);
  await r.repo.remove(current);
}

/** The five calls of each resource, keyed by route key, for a domain handler. */
export function resourceHandlers(resources: Resource[]): Record<string, Route> {
  const out: Record<string, Route> = {};
  for (const r of resources) {
    const base = `POST /${r.meta.module}/${r.meta.name}`;
    out[`${base}/list`] = async (req: Request) => ok(await listResource(r, who(req), req.body));
    out[`${base}/info`] = async (req: Request) => ok(await resourceInfo(r, who(req), req.query.id));
    out[`${base}/add`] = async (req: Request) => ok(await addResource(r, who(req), req.body));
    out[`${base}/update`] = async (req: Request) => ok(await updateResource(r, who(req), req.body));
    out[`${base}/del`] = async (req: Request) => (await deleteResource(r, who(req), req.query.id), ok(null));
  }
  return out;
}
