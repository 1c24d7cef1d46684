/**
 * The single-table repository every domain entity goes through, with tenancy in the data layer
 * (DESIGN.md section 3).
 *
 * Keys: an entity lives at pk `{TYPE}#{id}`, sk `{TYPE}`; its tenant listing is index gsi1 with
 * gsi1pk `{TYPE}` and gsi1sk `{tenant}{createTime}#{id}`. A tenant is the path of the operator that owns the
 * item in the operator tree (`/A/A1/`), `/` for the platform. A caller's scope is the path of their own
 * operator (`/` for platform users): an item is visible when its tenant starts with the scope, so an
 * operator sees its own and its sub-companies' items, one `begins_with` query lists them, and nothing
 * reaches another operator whatever id is sent.
 *
 * Uniqueness (a username, a company's limit binding) is a guard item `UNIQUE#{name}#{value}` written in the
 * same transaction as the entity, so two concurrent creates cannot both succeed. Updates carry `version`
 * (optimistic concurrency): a stale update is refused, never silently lost.
 */
import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { dynamoDocument } from './aws.ts';
import { config } from './config.ts';
import { AppError, notFound, refused } from './errors.ts';

export const PLATFORM_TENANT = '/';

type Transact = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface Stored {
  tenant: string;
  version: number;
  createTime: string;
  updateTime?: string;
}

export interface EntityDecl<T> {
  /** Key prefix, upper case: `USER`, `ROLE`, `OPERATOR`. */
  type: string;
  idField: keyof T & string;
  /** Values that must be unique platform-wide: name → value (undefined: no constraint for this item). */
  unique?: (item: T) => Record<string, string | undefined>;
  /** Message key when a unique value is taken, by unique name. */
  uniqueMessage?: Record<string, string>;
}

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'];

export const table = () => config.tableName('main');

export function newId(): string {
  return randomUUID().replace(/-/g, '');
}

export function visible(scope: string, tenant: string | undefined): boolean {
  return (tenant ?? PLATFORM_TENANT).startsWith(scope);
}

function strip<T>(item: Record<string, unknown>): T & Stored {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!KEY_ATTRIBUTES.includes(k)) out[k] = v;
  return out as T & Stored;
}

const uniqueKey = (name: string, value: string) => ({
  pk: `UNIQUE#${name}#${value.toLowerCase()}`,
  sk: 'UNIQUE',
});

export class Repository<T extends object> {
  constructor(readonly decl: EntityDecl<T>) {}

  key(id: string) {
    return { pk: `${this.decl.type}#${id}`, sk: this.decl.type };
  }

  /** The item, whatever its tenant: for the identity layer itself (login, the caller's own record). */
  async getAny(id: string): Promise<(T & Stored) | undefined> {
    const { Item } = await dynamoDocument().send(new GetCommand({ TableName: table(), Key: this.key(id) }));
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

  /** Every item the scope may see (its own tenant and the tenants below it), oldest first. */
  async list(scope: string): Promise<(T & Stored)[]> {
    const out: (T & Stored)[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamoDocument().send(
        new QueryCommand({
          TableName: table(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :type AND begins_with(gsi1sk, :scope)',
          ExpressionAttributeValues: { ':type': this.decl.type, ':scope': scope },
          ExclusiveStartKey,
        }),
      );
      for (const item of page.Items ?? []) out.push(strip<T>(item));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return out;
  }

  private uniques(item: T): [string, string][] {
    return Object.entries(this.decl.unique?.(item) ?? {}).filter((e): e is [string, string] => !!e[1]);
  }

  private stored(item: T, meta: Stored, extra: Record<string, unknown> = {}): Record<string, unknown> {
    const id = String(item[this.decl.idField]);
    return {
      ...item,
      ...meta,
      ...extra,
      ...this.key(id),
      gsi1pk: this.decl.type,
      gsi1sk: `${meta.tenant}${meta.createTime}#${id}`,
    };
  }

  private async transact(items: Transact[]): Promise<void> {
    try {
      await dynamoDocument().send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      throw Object.assign(new AppError(200, 'server.conflict'), { failedIndex: failed });
    }
  }

  /** Writes a new item with its unique guards; `extra` holds index attributes (gsi2pk...). */
  async create(item: T, tenant: string, extra: Record<string, unknown> = {}): Promise<T & Stored> {
    const meta: Stored = { tenant, version: 1, createTime: new Date().toISOString() };
    const uniques = this.uniques(item);
    const id = String(item[this.decl.idField]);
    const writes: Transact[] = [
      {
        Put: {
          TableName: table(),
          Item: this.stored(item, meta, extra),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...uniques.map(([name, value]) => ({
        Put: {
          TableName: table(),
          Item: { ...uniqueKey(name, value), owner: `${this.decl.type}#${id}` },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      })),
    ];
    await this.transactUnique(writes, uniques, 1);
    return { ...item, ...meta };
  }

  private async transactUnique(writes: Transact[], uniques: [string, string][], firstUnique: number) {
    try {
      await this.transact(writes);
    } catch (error) {
      const index = (error as { failedIndex?: number }).failedIndex ?? -1;
      const unique = index >= firstUnique ? uniques[index - firstUnique] : undefined;
      if (unique) throw refused(this.decl.uniqueMessage?.[unique[0]] ?? 'server.duplicate');
      throw refused(index === 0 && firstUnique === 0 ? 'server.duplicate' : 'server.staleUpdate');
    }
  }

  /**
   * Replaces an item with `next` (same id, tenant and createTime) if its stored version is still
   * `current.version`; unique guards move with changed values.
   */
  async update(current: T & Stored, next: T, extra: Record<string, unknown> = {}): Promise<T & Stored> {
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
    const writes: Transact[] = [
      {
        Put: {
          TableName: table(),
          Item: this.stored(next, meta, extra),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': current.version },
        },
      },
      ...added.map(([name, value]) => ({
        Put: {
          TableName: table(),
          Item: { ...uniqueKey(name, value), owner: `${this.decl.type}#${id}` },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      })),
      ...removed.map(([name, value]) => ({ Delete: { TableName: table(), Key: uniqueKey(name, value) } })),
    ];
    await this.transactUnique(writes, added, 1);
    return { ...next, ...meta };
  }

  /** Deletes an item (and its unique guards) if it is still at the version the caller saw. */
  async remove(current: T & Stored): Promise<void> {
    const id = String(current[this.decl.idField]);
    await this.transactUnique(
      [
        {
          Delete: {
            TableName: table(),
            Key: this.key(id),
            ConditionExpression: 'version = :v',
            ExpressionAttributeValues: { ':v': current.version },
          },
        },
        ...this.uniques(current).map(([name, value]) => ({
          Delete: { TableName: table(), Key: uniqueKey(name, value) },
        })),
      ],
      [],
      1,
    );
  }
}

export interface PageRequest {
  current: number;
  size: number;
  orderBy?: string;
  order?: 'asc' | 'desc';
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Sorts (when asked) and pages an in-memory list: system lists are small (a tenant's users, roles,
 * companies). Missing values sort last either way.
 */
export function paginate<T>(items: T[], page: PageRequest) {
  let rows = items;
  const field = page.orderBy;
  if (field) {
    const sign = page.order === 'desc' ? -1 : 1;
    const value = (row: T) => (row as Record<string, unknown>)[field];
    rows = [...items].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === undefined || x === null || x === '') return y === undefined || y === null || y === '' ? 0 : 1;
      if (y === undefined || y === null || y === '') return -1;
      if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
      return collator.compare(String(x), String(y)) * sign;
    });
  }
  const start = (page.current - 1) * page.size;
  return {
    records: rows.slice(start, start + page.size),
    total: rows.length,
    current: page.current,
    size: page.size,
  };
}

/** Looks up which entity holds a unique value (the login's username → user id). */
export async function uniqueOwner(name: string, value: string): Promise<string | undefined> {
  const { Item } = await dynamoDocument().send(
    new GetCommand({ TableName: table(), Key: uniqueKey(name, value) }),
  );
  return Item ? String(Item.owner).split('#')[1] : undefined;
}

export async function deleteKey(key: { pk: string; sk: string }): Promise<void> {
  await dynamoDocument().send(new DeleteCommand({ TableName: table(), Key: key }));
}
