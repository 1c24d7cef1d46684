/**
 * The repositories of the declared resources (shared/resources; the resource framework is
 * functions/api/resources.ts): one per resource type, built here from its declaration, so the framework and
 * every module that reads a type outside its resource (functions/data/stations.ts, charge-points.ts...) hold
 * the same storage object (docs/decisions/445-one-way-to-store-an-entity.md). Keys are the repository's
 * (`{TYPE}#{id}` / `{TYPE}`), its views and search copies those the declaration names.
 */
import type { ResourceMeta } from '@shared/resources/define.ts';
import { Repository } from './repository.ts';

/** A record of a declared resource: its id and its declared fields. */
export type ResourceRecord = { id: string } & Record<string, unknown>;

const built = new Map<string, { storage: string; repository: Repository<ResourceRecord> }>();

/** What of a declaration the storage depends on: its views, its searched fields and its unique values. */
const searchableOf = (meta: ResourceMeta) =>
  Object.entries(meta.filters ?? {}).flatMap(([f, mode]) => (mode === 'contains' ? [f] : []));
const storageOf = (meta: ResourceMeta) =>
  JSON.stringify({ views: meta.views ?? [], searchable: searchableOf(meta), unique: meta.unique ?? [] });

/**
 * The repository of a resource type (a declaration may be given again with other fields for the API, like a
 * secret; one that would store the type otherwise is refused). Records are unique within the owner's tenant
 * (the tenant is part of the guard's value); a field with a case-insensitive substring filter keeps a
 * case-folded copy.
 */
export function resourceRepository(meta: ResourceMeta): Repository<ResourceRecord> {
  const storage = storageOf(meta);
  const known = built.get(meta.type);
  if (known) {
    if (known.storage !== storage) throw new Error(`Two ways to store the resource type ${meta.type}`);
    return known.repository;
  }
  const repository = new Repository<ResourceRecord>({
    type: meta.type,
    idField: 'id',
    views: meta.views,
    searchable: searchableOf(meta),
    unique: (item) =>
      Object.fromEntries(
        (meta.unique ?? []).map(({ field, guard }) => [
          guard ?? `${meta.type}.${field}`,
          item[field] === undefined || item[field] === ''
            ? undefined
            : `${String(item.tenant ?? '')}|${String(item[field])}`,
        ]),
      ),
    uniqueMessage: Object.fromEntries(
      (meta.unique ?? []).map(({ field, message, guard }) => [guard ?? `${meta.type}.${field}`, message]),
    ),
  });
  built.set(meta.type, { storage, repository });
  return repository;
}
