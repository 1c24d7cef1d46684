/**
 * The single-table repository every domain entity goes through, with tenancy in the data layer
 * (docs/architecture.md section 3). It is the data layer's: only functions/data builds a repository, one per
 * stored type (docs/decisions/445-one-way-to-store-an-entity.md); the tenancy rules and the metadata a record
 * carries are functions/lib/records.ts.
 *
 * Keys: an entity lives at pk `{TYPE}#{id}`, sk `{TYPE}`; its tenant listing is index gsi1 with
 * gsi1pk `{TYPE}` and gsi1sk `{tenant}{createTime}#{id}`. An item is visible when its tenant starts with the
 * caller's scope (functions/lib/records.ts), so one `begins_with` query lists an operator's and its
 * sub-companies' items, and nothing reaches another operator whatever id is sent.
 *
 * Uniqueness (a username, a company's limit binding) is a guard item `UNIQUE#{name}#{value}` written in the
 * same transaction as the entity, so two concurrent creates cannot both succeed. Updates carry `version`
 * (optimistic concurrency): a stale update is refused, never silently lost.
 *
 * Every request is built by ElectroDB (decision 421): each repository is an entity whose key templates are
 * the formats above, the guards and counters are entities of functions/data, and the transactions are those
 * entities' requests sent together. Every request is sent by table.ts (`send`).
 */
import { cancellationCodes, retryPause } from '@functions/lib/conditional.ts';
import type { Attribute, Schema } from 'electrodb';
import { config } from '@functions/lib/config.ts';
import { AppError, notFound, refused } from '@functions/lib/errors.ts';
import { paginate, visible, type PageRequest, type Stored } from '@functions/lib/records.ts';
import { keyFits } from './keys.ts';
import {
  defineEntity,
  isKeyField,
  model,
  PARAMS,
  putAll,
  queryAll,
  request,
  send,
  type TransactItem,
} from './table.ts';
import { freeOwnGuard, guardHolder, guardItem, guardOwner, takeGuard } from './unique-guards.ts';
import { countersOf, countWrite } from './view-counters.ts';

export { keyFits };

/** Tries of a transaction that only collided with a concurrent one (see Repository.transact). */
const TRANSACTION_ATTEMPTS = 6;

export type Transact = TransactItem;

/**
 * A write of another item made in the same transaction as an entity's (a counter with its condition): when
 * its condition fails, the write is refused with `refusal`.
 */
export interface GuardedWrite {
  write: Transact;
  refusal: AppError;
}

/**
 * A sorted access pattern backed by an index (views[0] on gsi2, views[1] on gsi3): one partition per tenant
 * (and per value of the `eq` fields), ordered by `sort`, with an item count kept in the same transaction as
 * every write. Lists that match a view read one page per tenant instead of the whole set.
 */
export interface ViewDecl {
  eq?: string[];
  sort: string;
}

export interface EntityDecl<T> {
  /** Key prefix, upper case: `USER`, `ROLE`, `OPERATOR`. */
  type: string;
  idField: keyof T & string;
  views?: ViewDecl[];
  /** Fields searched with `contains`: a case-folded copy (`s_{field}`) is stored for the index path. */
  searchable?: string[];
  /** Values that must be unique platform-wide: name → value (undefined: no constraint for this item). */
  unique?: (item: T) => Record<string, string | undefined>;
  /** Message key when a unique value is taken, by unique name. */
  uniqueMessage?: Record<string, string>;
}

export const table = () => config.tableName('main');

/** An item without keys, index attributes and search copies (`s_{field}`). */
function strip<T>(item: Record<string, unknown>): T & Stored {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!isKeyField(k) && !k.startsWith('s_')) out[k] = v;
  return out as T & Stored;
}

/** What the repository uses of its entity (its schema is built at run time, so ElectroDB's types are too). */
type Params = Record<string, unknown> & { Key?: Record<string, unknown>; Item?: Record<string, unknown> };
interface Built {
  params(options?: object): Params;
}
interface Conditioned extends Built {
  where(
    condition: (attributes: Record<string, unknown>, op: { eq(a: unknown, v: unknown): string }) => string,
  ): Built;
}
interface RepositoryEntity {
  get(key: object): Built;
  create(item: object): Built;
  put(item: object): Conditioned;
  delete(key: object): Conditioned;
  query: Record<
    string,
    (key: object) => Built & { begins(sk: object): Built; between(a: object, b: object): Built }
  >;
}

/** A query request as ElectroDB builds it (the filter of `scanPartition` is added to it). */
type Query = Params & {
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};

/**
 * The ElectroDB entity of a declaration (decision 421): its keys are today's formats written as templates
 * (`{TYPE}#{id}` / `{TYPE}`, tenant listing on gsi1), views are index attributes the repository computes
 * (gsi2pk... hold the partition and sort values as they are). Only the attributes that make keys or
 * conditions are declared: the other fields of an item are kept as they come (see `itemOf`).
 */
function entityOf(decl: EntityDecl<object>): RepositoryEntity {
  // One entity per shape: a repository made per call (or the same type declared in several modules) reuses it.
  const shape = `${decl.type}|${decl.idField}|${decl.views?.length ?? 0}`;
  let entity = entities.get(shape);
  if (!entity) entities.set(shape, (entity = buildEntity(decl)));
  return entity;
}

const entities = new Map<string, RepositoryEntity>();

function buildEntity(decl: EntityDecl<object>): RepositoryEntity {
  const id = decl.idField;
  const attributes: Record<string, Attribute> = {
    [id]: { type: 'string', required: true },
    tenant: { type: 'string', required: true },
    createTime: { type: 'string', required: true },
    version: { type: 'number' },
  };
  const indexes: Schema<string, string, string>['indexes'] = {
    byId: {
      pk: { field: 'pk', composite: [id], template: `${decl.type}#\${${id}}`, casing: 'none' },
      sk: { field: 'sk', composite: [], template: decl.type, casing: 'none' },
    },
    byTenant: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], template: decl.type, casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['tenant', 'createTime', id],
        template: `\${tenant}\${createTime}#\${${id}}`,
        casing: 'none',
      },
    },
  };
  (decl.views ?? []).forEach((_, i) => {
    const [pk, sk] = [`gsi${i + 2}pk`, `gsi${i + 2}sk`];
    attributes[pk] = { type: 'string' };
    attributes[sk] = { type: 'string' };
    indexes[`view${i}`] = {
      index: `gsi${i + 2}`,
      pk: { field: pk, composite: [pk], casing: 'none' },
      sk: { field: sk, composite: [sk], casing: 'none' },
    };
  });
  return defineEntity({ model: model(decl.type), attributes, indexes }) as unknown as RepositoryEntity;
}

export class Repository<T extends object> {
  private readonly entity: RepositoryEntity;

  constructor(readonly decl: EntityDecl<T>) {
    this.entity = entityOf(decl as EntityDecl<object>);
  }

  private ref(id: string) {
    return { [this.decl.idField]: id };
  }

  key(id: string) {
    return this.entity.get(this.ref(id)).params().Key as { pk: string; sk: string };
  }

  /**
   * The item, whatever its tenant: for the identity layer itself (login, the caller's own record).
   * `consistent`: a strongly consistent read (sees a write made a moment ago).
   */
  async getAny(id: string, consistent = false): Promise<(T & Stored) | undefined> {
    const params = this.entity.get(this.ref(id)).params(consistent ? { consistent: true } : {});
    if (!keyFits(params.Key as { pk: string; sk: string })) return undefined;
    const { Item } = await send.get(params);
    return Item ? strip<T>(Item) : undefined;
  }

  /** The item when the scope may see it; undefined otherwise (another tenant's item does not exist). */
  async get(scope: string, id: string): Promise<(T & Stored) | undefined> {
    if (!id) return undefined;
    const item = await this.getAny(id);
    return item && visible(scope, item.tenant) ? item : undefined;
  }

  async mustGet(scope: string, id: string | undefined): Promise<T & Stored> {
    const item = id ? await this.get(scope, id) : undefined;
    if (!item) throw notFound();
    return item;
  }

  /**
   * Every item the scope may see (its own tenant and the tenants below it), oldest first; only the `fields`
   * named when given (a dashboard that needs a few fields of every station).
   */
  async list(scope: string, fields?: string[]): Promise<(T & Stored)[]> {
    const query = this.entity.query.byTenant!({}).begins({ tenant: scope });
    const params = query.params(fields ? { ...PARAMS, attributes: fields } : PARAMS);
    return (await queryAll(params)).map((item) => strip<T>(item));
  }

  private uniques(item: T): [string, string][] {
    return Object.entries(this.decl.unique?.(item) ?? {}).filter((e): e is [string, string] => !!e[1]);
  }

  /** The partition of a view for an item (or for a tenant and the `eq` values of a list request). */
  viewPartition(index: number, tenant: string, values: Record<string, unknown>): string {
    const view = this.decl.views![index]!;
    // The view's number keeps two views without `eq` fields in separate partitions (and counters).
    return [`${this.decl.type}#v${index}`, tenant, ...(view.eq ?? []).map((f) => sortKeyOf(values[f]))].join(
      '|',
    );
  }

  private viewAttributes(item: Record<string, unknown>, tenant: string): Record<string, string> {
    const out: Record<string, string> = {};
    (this.decl.views ?? []).forEach((view, i) => {
      out[`gsi${i + 2}pk`] = this.viewPartition(i, tenant, item);
      out[`gsi${i + 2}sk`] = `${sortKeyOf(item[view.sort])}|${String(item[this.decl.idField as string])}`;
    });
    return out;
  }

  /** Count changes of the view partitions an item leaves and enters. */
  private counterWrites(
    before: Record<string, string> | undefined,
    after: Record<string, string> | undefined,
  ): Transact[] {
    const writes: Transact[] = [];
    (this.decl.views ?? []).forEach((_, i) => {
      const from = before?.[`gsi${i + 2}pk`];
      const to = after?.[`gsi${i + 2}pk`];
      if (from === to) return;
      if (from) writes.push({ Update: countWrite(from, -1) as Update });
      if (to) writes.push({ Update: countWrite(to, 1) as Update });
    });
    return writes;
  }

  /** The item as stored, without its keys: the fields, the meta, the view attributes and search copies. */
  private stored(item: T, meta: Stored, extra: Record<string, unknown> = {}): Record<string, unknown> {
    const full = { ...item, ...meta } as Record<string, unknown>;
    return {
      ...full,
      ...extra,
      ...this.viewAttributes(full, meta.tenant),
      ...Object.fromEntries(
        (this.decl.searchable ?? []).map((f) => [`s_${f}`, String(full[f] ?? '').toLowerCase()]),
      ),
    };
  }

  /** The values ElectroDB builds keys from (the id as a string, as the key holds it). */
  private composites(stored: Record<string, unknown>) {
    const out: Record<string, unknown> = { ...this.ref(String(stored[this.decl.idField])) };
    for (const name of ['tenant', 'createTime', 'version', ...Object.keys(this.viewAttributes({}, ''))])
      if (stored[name] !== undefined) out[name] = stored[name];
    return out;
  }

  /** A put request: ElectroDB's keys and condition, every field of the item kept. */
  private itemOf(params: { Item?: Record<string, unknown> }, stored: Record<string, unknown>) {
    const built = request(params as Put);
    return { ...built, Item: { ...stored, ...built.Item, [this.decl.idField]: stored[this.decl.idField] } };
  }

  /**
   * One transaction. A transaction that only collided with another one on a shared item (a view counter of
   * the same company, typically) is tried again after a short random pause: such a collision says nothing
   * about this write, and giving up would refuse, or for machine writes lose, a valid one.
   */
  private async transact(items: Transact[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await send.transact(items);
        return;
      } catch (error) {
        const codes = cancellationCodes(error);
        if (!codes) throw error;
        const failed = codes.indexOf('ConditionalCheckFailed');
        const conflictOnly = failed < 0 && codes.includes('TransactionConflict');
        if (conflictOnly && attempt < TRANSACTION_ATTEMPTS) {
          await retryPause(attempt, 20);
          continue;
        }
        throw Object.assign(new AppError(200, 'server.conflict'), { failedIndex: failed });
      }
    }
  }

  /** The owner a unique guard names: the item's key, `{TYPE}#{id}`. */
  owner(id: string) {
    return `${this.decl.type}#${id}`;
  }

  /**
   * The deletes of the guards of values an item gives up: only those it holds (a guard taken by another
   * record, as a value shared before its guard was declared can be, stays with it; a guard never written
   * needs no delete), each conditional on the holder (docs/decisions/432).
   */
  private async frees(values: [string, string][], id: string): Promise<Transact[]> {
    const owner = this.owner(id);
    const held = await Promise.all(
      values.map(async ([name, value]) => (await guardHolder(name, value)) === owner),
    );
    return values
      .filter((_, i) => held[i])
      .map(([name, value]) => ({ Delete: freeOwnGuard(name, value, owner) as Delete }));
  }

  /**
   * A new item's writes: the item (put where none exists), its unique guards and its view counters, in that
   * order, with the item's stored metadata.
   */
  private creation(item: T, tenant: string, extra: Record<string, unknown>) {
    const meta: Stored = { tenant, version: 1, createTime: new Date().toISOString() };
    const uniques = this.uniques(item);
    const id = String(item[this.decl.idField]);
    const stored = this.stored(item, meta, extra);
    return {
      meta,
      uniques,
      item: { Put: this.itemOf(this.entity.create(this.composites(stored)).params(), stored) } as Transact,
      guards: uniques.map(
        ([name, value]) => ({ Put: takeGuard(name, value, this.owner(id)) as Put }) as Transact,
      ),
      counters: this.counterWrites(undefined, this.viewAttributes(stored, tenant)),
    };
  }

  /** Writes a new item with its unique guards; `extra` holds index attributes (gsi2pk...). */
  async create(
    item: T,
    tenant: string,
    extra: Record<string, unknown> = {},
    also: GuardedWrite[] = [],
  ): Promise<T & Stored> {
    const made = this.creation(item, tenant, extra);
    await this.transactUnique([made.item, ...made.guards, ...made.counters], made.uniques, 1, also);
    return { ...item, ...made.meta };
  }

  /**
   * The writes of a create made inside another entity's transaction (its `also` writes): the item, refused
   * as `refusal` if it exists, its unique guards (refused with their own message when a value is taken) and
   * its view counters.
   */
  createWrites(item: T, tenant: string, refusal: AppError): GuardedWrite[] {
    const made = this.creation(item, tenant, {});
    return [
      { write: made.item, refusal },
      ...made.guards.map((write, i) => ({
        write,
        refusal: refused(this.decl.uniqueMessage?.[made.uniques[i]![0]] ?? 'server.duplicate'),
      })),
      ...made.counters.map((write) => ({ write, refusal })),
    ];
  }

  private async transactUnique(
    writes: Transact[],
    uniques: [string, string][],
    firstUnique: number,
    also: GuardedWrite[] = [],
  ) {
    try {
      await this.transact([...writes, ...also.map((a) => a.write)]);
    } catch (error) {
      const index = (error as { failedIndex?: number }).failedIndex ?? -1;
      if (index >= writes.length && also[index - writes.length]) throw also[index - writes.length]!.refusal;
      const unique = index >= firstUnique ? uniques[index - firstUnique] : undefined;
      if (unique) throw refused(this.decl.uniqueMessage?.[unique[0]] ?? 'server.duplicate');
      throw refused(index === 0 && firstUnique === 0 ? 'server.duplicate' : 'server.staleUpdate');
    }
  }

  /** The put of `stored` over the item if its stored version is still `version`. */
  private replace(stored: Record<string, unknown>, version: number): Put {
    const params = this.entity
      .put(this.composites(stored))
      .where((a, op) => op.eq(a.version, version))
      .params();
    return this.itemOf(params, stored);
  }

  /**
   * Replaces an item with `next` (same id, tenant and createTime) if its stored version is still
   * `current.version`; unique guards move with changed values.
   */
  async update(
    current: T & Stored,
    next: T,
    extra: Record<string, unknown> = {},
    also: GuardedWrite[] = [],
  ): Promise<T & Stored> {
    const meta: Stored = {
      tenant: current.tenant,
      createTime: current.createTime,
      version: current.version + 1,
      updateTime: new Date().toISOString(),
    };
    const id = String(next[this.decl.idField]);
    const before = new Map(this.uniques(current));
    const after = this.uniques(next);
    const added = after.filter(([name, value]) => before.get(name)?.toLowerCase() !== value.toLowerCase());
    const removed = [...before].filter(
      ([name, value]) => !after.some(([n, v]) => n === name && v.toLowerCase() === value.toLowerCase()),
    );
    const stored = this.stored(next, meta, extra);
    const writes: Transact[] = [
      { Put: this.replace(stored, current.version) },
      // Unique guards right after the item: a failed condition's index names the taken value.
      ...added.map(([name, value]) => ({ Put: takeGuard(name, value, this.owner(id)) as Put })),
      ...(await this.frees(removed, id)),
      ...this.counterWrites(
        this.viewAttributes(current as Record<string, unknown>, current.tenant),
        this.viewAttributes(stored, current.tenant),
      ),
    ];
    await this.transactUnique(writes, added, 1, also);
    return { ...next, ...meta };
  }

  /**
   * The writes of an update made inside another entity's transaction (its `also` writes): the item if it is
   * still at `current.version` (else the transaction is refused with `refusal`), and its view counters.
   * Unique values must not change (their guards are not moved).
   */
  updateWrites(current: T & Stored, next: T, refusal: AppError): GuardedWrite[] {
    const meta: Stored = {
      tenant: current.tenant,
      createTime: current.createTime,
      version: current.version + 1,
      updateTime: new Date().toISOString(),
    };
    const stored = this.stored(next, meta);
    return [
      { Put: this.replace(stored, current.version) },
      ...this.counterWrites(
        this.viewAttributes(current as Record<string, unknown>, current.tenant),
        this.viewAttributes(stored, current.tenant),
      ),
    ].map((write) => ({ write, refusal }));
  }

  /** Deletes an item (and its unique guards) if it is still at the version the caller saw. */
  async remove(current: T & Stored, also: GuardedWrite[] = []): Promise<void> {
    const id = String(current[this.decl.idField]);
    const remove = this.entity
      .delete(this.ref(id))
      .where((a, op) => op.eq(a.version, current.version))
      .params();
    await this.transactUnique(
      [
        { Delete: request(remove as Delete) },
        ...(await this.frees(this.uniques(current), id)),
        ...this.counterWrites(
          this.viewAttributes(current as Record<string, unknown>, current.tenant),
          undefined,
        ),
      ],
      [],
      1,
      also,
    );
  }

  /**
   * Writes many new items of one tenant at once (seeding, benchmarks): batches of 25 items with their unique
   * guards, then the view counters. Not for user input: it does not refuse a taken unique value.
   */
  async bulkLoad(items: T[], tenant: string): Promise<void> {
    const writes: Record<string, unknown>[] = [];
    const counts = new Map<string, number>();
    for (const item of items) {
      const meta: Stored = { tenant, version: 1, createTime: new Date().toISOString() };
      const stored = this.stored(item, meta);
      writes.push(this.itemOf(this.entity.put(this.composites(stored)).params(), stored).Item);
      const id = String(item[this.decl.idField]);
      for (const [name, value] of this.uniques({ ...item, tenant } as T))
        writes.push(guardItem(name, value, this.owner(id)));
      (this.decl.views ?? []).forEach((_, i) => {
        const partition = stored[`gsi${i + 2}pk`] as string;
        counts.set(partition, (counts.get(partition) ?? 0) + 1);
      });
    }
    await putAll(writes);
    for (const [partition, n] of counts) await send.update(countWrite(partition, n));
  }

  /** The query of a view partition, in order (ElectroDB's key condition on the view's index). */
  private viewQuery(view: number, partition: string, desc: boolean): Query {
    const attribute = `gsi${view + 2}pk`;
    return this.entity.query[`view${view}`]!({ [attribute]: partition }).params({
      ...PARAMS,
      order: desc ? 'desc' : 'asc',
    });
  }

  /**
   * The ids of every item in a tenant's partition of a view (the `eq` values in `values`), in the view's
   * order (only the keys and the id are read).
   */
  async viewIds(view: number, tenant: string, values: Record<string, unknown>): Promise<string[]> {
    const query = this.entity.query[`view${view}`]!({
      [`gsi${view + 2}pk`]: this.viewPartition(view, tenant, values),
    }).params({ ...PARAMS, attributes: [this.decl.idField] });
    return (await queryAll(query)).map((item) => String(item[this.decl.idField]));
  }

  /**
   * The items of a tenant's partition of a view (the `eq` values in `range.values`) whose sort value lies
   * between `from` and `to`, both included, in the view's order (`desc`: last first), that match `filters`
   * (equality on any field) and `within`. At most FILTER_SCAN_LIMIT items are examined (`truncated` says the
   * read stopped there).
   */
  async viewRange(
    view: number,
    tenant: string,
    range: {
      values?: Record<string, unknown>;
      from: unknown;
      to: unknown;
      desc?: boolean;
      filters?: Record<string, unknown>;
      within?: FindInput<T>['within'];
    },
  ): Promise<{ items: (T & Stored)[]; truncated: boolean }> {
    const field = `gsi${view + 2}`;
    const query = this.entity.query[`view${view}`]!({
      [`${field}pk`]: this.viewPartition(view, tenant, range.values ?? {}),
    })
      // A sort key is `{sort value}|{id}`: every id of the last value sorts before `|~`.
      .between({ [`${field}sk`]: sortKeyOf(range.from) }, { [`${field}sk`]: `${sortKeyOf(range.to)}|~` })
      .params({ ...PARAMS, order: range.desc ? 'desc' : 'asc' });
    const given = Object.entries(range.filters ?? {}).filter(([, v]) => v !== undefined);
    const filter = residualFilter(given, {}, range.within);
    const read = await scanPartition(query, Number.POSITIVE_INFINITY, filter);
    return { items: read.items.map((item) => strip<T>(item)), truncated: read.truncated };
  }

  /**
   * One page of a list. When a view fits the request (its `eq` fields are among the equality filters given,
   * and it sorts by the requested field, or by createTime when none is asked), each tenant's partition is
   * read in order up to the page and the tenants merged; the total comes from the counters when no other
   * filter applies. Otherwise the tenant subtree is read and filtered, sorted and paged in memory.
   */
  async findPage(input: FindInput<T>): Promise<Page<T & Stored>> {
    const { query } = input;
    const eq = Object.fromEntries(
      Object.entries(input.filters).filter(
        ([f, v]) => input.modes[f] === 'eq' && v !== undefined && v !== '',
      ),
    );
    const orderBy = query.orderBy ?? 'createTime';
    const viewIndex = (this.decl.views ?? []).findIndex(
      (v) => v.sort === orderBy && (v.eq ?? []).every((f) => f in eq),
    );
    const residual = Object.entries(input.filters).filter(
      ([f, v]) =>
        v !== undefined &&
        v !== '' &&
        !(viewIndex >= 0 && (this.decl.views![viewIndex]!.eq ?? []).includes(f)),
    );
    const within = input.within;
    const allowed = within && new Set(within.values);
    const matches = (item: Record<string, unknown>) =>
      (!within || allowed!.has(String(item[within.field]))) &&
      residual.every(([f, v]) =>
        input.modes[f] === 'contains'
          ? String(item[f] ?? '')
              .toLowerCase()
              .includes(String(v).toLowerCase())
          : sortKeyOf(item[f]) === sortKeyOf(v),
      );
    if (viewIndex < 0) {
      const all = (await this.list(input.scope)).filter((i) => matches(i as Record<string, unknown>));
      all.sort((a, b) => b.createTime.localeCompare(a.createTime));
      return paginate(all, { ...query, orderBy: query.orderBy });
    }
    const desc = query.orderBy ? query.order === 'desc' : true;
    const want = query.current * query.size;
    const sortField = `gsi${viewIndex + 2}sk`;
    const partitions = input.tenants.map((t) => this.viewPartition(viewIndex, t, eq));
    const filter = residualFilter(residual, input.modes, within);
    const queries = partitions.map((p) => this.viewQuery(viewIndex, p, desc));
    const read = filter
      ? await Promise.all(queries.map((q) => scanPartition(q, want, filter)))
      : (await Promise.all(queries.map((q) => readPartition(q, want)))).map((items) => ({
          items,
          count: 0,
          truncated: false,
        }));
    const merged = read
      .flatMap((r) => r.items)
      .sort((a, b) => (a[sortField] as string).localeCompare(b[sortField] as string) * (desc ? -1 : 1));
    const start = (query.current - 1) * query.size;
    const records = merged.slice(start, start + query.size).map((item) => strip<T>(item));
    const total = filter ? read.reduce((sum, r) => sum + r.count, 0) : await countersOf(partitions);
    const truncated = read.some((r) => r.truncated);
    return { records, total, current: query.current, size: query.size, ...(truncated ? { truncated } : {}) };
  }
}

/** The requests of a transaction's writes (ElectroDB's params, sent by functions/data/table.ts). */
type Put = Params;
type Delete = Params;
type Update = Params;

export interface FindInput<T> {
  scope: string;
  /** The tenants whose partitions the scope covers (the scope's company and its sub-companies). */
  tenants: string[];
  query: PageRequest;
  filters: Partial<Record<keyof T & string, unknown>> & Record<string, unknown>;
  modes: Record<string, 'eq' | 'contains'>;
  /** Only items whose field holds one of these values (a user's bound stations). */
  within?: { field: string; values: readonly string[] };
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  /** A non-index filter stopped after FILTER_SCAN_LIMIT items per company: narrow the filter for all matches. */
  truncated?: boolean;
}

/** A value as an index sort key: numbers fixed-width (so they order as numbers), text case-folded. */
export function sortKeyOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return (value + 1e15).toFixed(6).padStart(24, '0');
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value).toLowerCase().slice(0, 200);
}

export interface Filter {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

function residualFilter(
  residual: [string, unknown][],
  modes: Record<string, 'eq' | 'contains'>,
  within?: FindInput<unknown>['within'],
): Filter | undefined {
  if (residual.length === 0 && !within) return undefined;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = residual.map(([field, value], i) => {
    const contains = modes[field] === 'contains';
    names[`#f${i}`] = contains ? `s_${field}` : field;
    values[`:f${i}`] = contains ? String(value).toLowerCase() : value;
    return contains ? `contains(#f${i}, :f${i})` : `#f${i} = :f${i}`;
  });
  if (within) {
    const member = membership(within.field, within.values);
    Object.assign(names, member.names);
    Object.assign(values, member.values);
    parts.push(member.expression);
  }
  return { expression: parts.join(' AND '), names, values };
}

/**
 * A filter condition "the field holds one of these values" (`#tag`, `:tag0`...): IN takes at most 100
 * operands, so a longer list is several INs joined by OR; an empty list matches nothing.
 */
export function membership(field: string, list: readonly string[], tag = 'w'): Filter {
  const values: Record<string, unknown> = {};
  const chunks: string[] = [];
  for (let i = 0; i < list.length; i += 100) {
    const keys = list.slice(i, i + 100).map((v, j) => {
      values[`:${tag}${i + j}`] = v;
      return `:${tag}${i + j}`;
    });
    chunks.push(`#${tag} IN (${keys.join(', ')})`);
  }
  const expression = chunks.length
    ? `(${chunks.join(' OR ')})`
    : `(attribute_not_exists(#${tag}) AND attribute_exists(#${tag}))`;
  return { expression, names: { [`#${tag}`]: field }, values };
}

/**
 * Items a substring or other non-index filter may examine per company and request (docs/architecture.md: no
 * unbounded scans).
 */
export const FILTER_SCAN_LIMIT = 20_000;

/** The first `want` items of a view partition in order (no filter: only as far as the page). */
async function readPartition(query: Query, want: number) {
  const out: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await send.query({ ...query, Limit: want - out.length, ExclusiveStartKey });
    out.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && out.length < want);
  return out;
}

/**
 * A filtered partition read once: the first `want` matches in order and the number of matches, examining at
 * most FILTER_SCAN_LIMIT items (`truncated` says the count stopped there). The filter is added to the view
 * query ElectroDB built: its fields are per request and include the search copies, which no entity declares.
 * Without a filter every item examined matches.
 */
async function scanPartition(query: Query, want: number, filter: Filter | undefined) {
  const items: Record<string, unknown>[] = [];
  let count = 0;
  let scanned = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await send.query({
      ...query,
      ...(filter
        ? {
            ExpressionAttributeNames: { ...query.ExpressionAttributeNames, ...filter.names },
            ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ...filter.values },
            FilterExpression: filter.expression,
          }
        : {}),
      Limit: Math.min(2000, FILTER_SCAN_LIMIT - scanned),
      ExclusiveStartKey,
    });
    scanned += page.ScannedCount ?? 0;
    count += page.Count ?? 0;
    if (items.length < want) items.push(...(page.Items ?? []).slice(0, want - items.length));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && scanned < FILTER_SCAN_LIMIT);
  return { items, count, truncated: !!ExclusiveStartKey };
}

/** Looks up which entity holds a unique value (the login's username → user id). */
export const uniqueOwner = guardOwner;
