/**
 * The data layer's binding to the main table (docs/architecture.md section 3, decision 420): its name, client
 * and key fields, and how an ElectroDB request is sent.
 *
 * ElectroDB builds every request of the data layer (key templates, index, conditions) with `.params()`; this
 * module sends it with the project's DocumentClient, so a request reaches whichever endpoint and table the
 * configuration names at call time (several local runtimes in one test process each have their own).
 *
 * Items stay exactly as the code before ElectroDB wrote them (decision 421): ElectroDB's ownership attributes
 * (`__edb_e__`, `__edb_v__`) and an entity's key-only composites are taken out of every write, and reads
 * ignore ownership. Records are spread whole into API answers, so an extra attribute would show in the API.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandInput,
  type BatchWriteCommandInput,
  type DeleteCommandInput,
  type GetCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type ScanCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { Entity, type Schema } from 'electrodb';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { topology } from '@shared/topology/index.ts';

const declared = topology.tables.find((t) => t.id === 'main')!;

/** The main table's key fields and index names, as the topology (and so CDK and the local runtime) builds them. */
const MAIN = {
  pk: declared.partitionKey.name,
  sk: declared.sortKey!.name,
  indexes: Object.fromEntries(
    declared.indexes.map((i) => [i.name, { pk: i.partitionKey.name, sk: i.sortKey?.name }]),
  ) as Record<string, { pk: string; sk?: string }>,
};

/** The tables the topology declares, by id ('main', 'connections', 'ocppLog', 'meterValues', 'audit'). */
export type TableId = (typeof topology.tables)[number]['id'];
const TABLE_IDS = new Set<string>(topology.tables.map((t) => t.id));

/** A table's deployed name (configuration, read per request); the main table when none is named. */
export const tableName = (id: string = 'main') => config.tableName(id);
export const client = () => dynamoDocument();

/** ElectroDB's ownership attributes, never stored (see above). */
const IDENTIFIERS = ['__edb_e__', '__edb_v__'];

/** The entity model every data-layer entity shares: one service, one version. */
export const model = (entity: string) => ({ entity, version: '1', service: 'main' });

/** Options of every query's `.params()`: no ownership filter (items written before carry no identifiers). */
export const PARAMS = { ignoreOwnership: true } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEntity = Entity<string, string, string, any>;

interface Registered {
  entity: AnyEntity;
  /** The table's id. */
  table: TableId;
  schema: Schema<string, string, string>;
  /** Attributes that only build keys: not stored (the items before ElectroDB did not hold them). */
  keyOnly: string[];
}

/** Every entity defined on the main table (test/infra/data-layer.test.ts checks them against the topology). */
export const registry: Registered[] = [];

/**
 * An ElectroDB entity of the main table, or of the table `table` names. `keyOnly` names composite attributes
 * that exist only to build keys (a guard's name and value): they are left out of written items.
 */
export function defineEntity<A extends string, F extends string, C extends string, S extends Schema<A, F, C>>(
  schema: S,
  options: { keyOnly?: string[]; table?: TableId } = {},
): Entity<A, F, C, S> {
  // ElectroDB puts the table's id into every request's TableName; `request` turns it into the deployed name.
  const entity = new Entity(schema, { table: options.table ?? 'main' });
  const keyOnly = options.keyOnly ?? [];
  registry.push({
    entity: entity as unknown as AnyEntity,
    table: options.table ?? 'main',
    schema: schema as unknown as Schema<string, string, string>,
    keyOnly,
  });
  if (keyOnly.length) keyOnlyOf.set(schema.model.entity, keyOnly);
  return entity as unknown as Entity<A, F, C, S>;
}

const keyOnlyOf = new Map<string, string[]>();

/**
 * The deployed name of a request's table: its `TableName` is a table id (ElectroDB's, or written so), a name
 * already turned (a request built before it is sent), or none for main.
 */
function deployedName(params: { TableName?: unknown }): string {
  const named = params.TableName;
  if (typeof named !== 'string') return tableName('main');
  return TABLE_IDS.has(named) ? tableName(named) : named;
}

/**
 * A request with the current table name and without the attributes that are not stored: the identifiers and
 * the key-only attributes of the entity the identifier names. A request names its table by id in `TableName`
 * (ElectroDB does so from the entity); without one it goes to the main table.
 */
export function request<P extends object>(params: P): P & { TableName: string } {
  const out = { ...params, TableName: deployedName(params) } as P & {
    TableName: string;
    Item?: Record<string, unknown>;
    UpdateExpression?: string;
    ConditionExpression?: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  };
  const name = out.Item?.[IDENTIFIERS[0]!] ?? out.ExpressionAttributeValues?.[`:${IDENTIFIERS[0]}_u0`];
  const gone = new Set([...IDENTIFIERS, ...(keyOnlyOf.get(String(name)) ?? [])]);
  if (out.Item) out.Item = Object.fromEntries(Object.entries(out.Item).filter(([k]) => !gone.has(k)));
  if (out.UpdateExpression) {
    out.UpdateExpression = withoutSets(out.UpdateExpression, out.ExpressionAttributeNames ?? {}, gone);
    pruneUnused(out);
  }
  return out;
}

/** Top-level clauses of an update expression: `SET a, b ADD c` → [['SET', ['a', 'b']], ['ADD', ['c']]]. */
function clauses(expression: string): [string, string[]][] {
  const out: [string, string[]][] = [];
  const re = /(^|\s)(SET|ADD|REMOVE|DELETE)\s/g;
  const starts: { word: string; at: number; body: number }[] = [];
  for (let m = re.exec(expression); m; m = re.exec(expression))
    starts.push({ word: m[2]!, at: m.index, body: m.index + m[0].length });
  starts.forEach((s, i) => {
    const body = expression.slice(s.body, starts[i + 1]?.at ?? expression.length);
    // Split on commas outside parentheses (if_not_exists(#a, :b) is one action).
    const parts: string[] = [];
    let depth = 0;
    let current = '';
    for (const ch of body) {
      if (ch === '(') depth++;
      if (ch === ')') depth--;
      if (ch === ',' && depth === 0) {
        parts.push(current.trim());
        current = '';
      } else current += ch;
    }
    if (current.trim()) parts.push(current.trim());
    out.push([s.word, parts]);
  });
  return out;
}

/** The update expression without the SET actions of the `gone` attributes. */
function withoutSets(expression: string, names: Record<string, string>, gone: Set<string>): string {
  return clauses(expression)
    .map(([word, actions]) => {
      const kept =
        word === 'SET'
          ? actions.filter((a) => {
              const target = a.split('=')[0]!.trim();
              return !gone.has(names[target] ?? target);
            })
          : actions;
      return kept.length ? `${word} ${kept.join(', ')}` : '';
    })
    .filter(Boolean)
    .join(' ');
}

/** DynamoDB refuses names and values no expression uses: drop those the removed actions used. */
function pruneUnused(params: {
  UpdateExpression?: string;
  ConditionExpression?: string;
  KeyConditionExpression?: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}) {
  const text = [
    params.UpdateExpression,
    params.ConditionExpression,
    params.KeyConditionExpression,
    params.FilterExpression,
    params.ProjectionExpression,
  ].join(' ');
  const used = new Set(text.match(/[#:][A-Za-z0-9_]+/g) ?? []);
  for (const field of ['ExpressionAttributeNames', 'ExpressionAttributeValues'] as const) {
    const map = params[field];
    if (!map) continue;
    const kept = Object.fromEntries(Object.entries(map).filter(([k]) => used.has(k)));
    if (Object.keys(kept).length) (params as Record<string, unknown>)[field] = kept;
    else delete params[field];
  }
}

/**
 * A write of a transaction as the data layer's functions build it: `{ Put | Update | Delete | ConditionCheck:
 * params }`, the params naming their table by id (or none: main).
 */
export type TransactItem = Partial<Record<'Put' | 'Update' | 'Delete' | 'ConditionCheck', object>>;

const inTransaction = (item: TransactItem) =>
  Object.fromEntries(
    Object.entries(item).map(([kind, params]) => [kind, request(params as object)]),
  ) as NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Per-table maps of batch requests with their table ids turned into deployed names. */
const byDeployedName = <V>(items: Record<string, V>) =>
  Object.fromEntries(Object.entries(items).map(([id, v]) => [deployedName({ TableName: id }), v]));

/**
 * Sends the data layer's requests with the project's client (see `request`). Only functions/data sends:
 * the domains call the functions of its entity modules.
 */
export const send = {
  get: (params: object) => client().send(new GetCommand(request(params) as GetCommandInput)),
  put: (params: object) => client().send(new PutCommand(request(params) as PutCommandInput)),
  update: (params: object) => client().send(new UpdateCommand(request(params) as UpdateCommandInput)),
  delete: (params: object) => client().send(new DeleteCommand(request(params) as DeleteCommandInput)),
  query: (params: object) => client().send(new QueryCommand(request(params) as QueryCommandInput)),
  scan: (params: object) => client().send(new ScanCommand(request(params) as ScanCommandInput)),
  /** One transaction of writes the entity modules built (each `Put`/`Update`/`Delete`/`ConditionCheck`). */
  transact: (items: TransactItem[]) =>
    client().send(new TransactWriteCommand({ TransactItems: items.map(inTransaction) })),
  /** A batch get; `RequestItems` keyed by table id. */
  batchGet: (input: BatchGetCommandInput) =>
    client().send(new BatchGetCommand({ ...input, RequestItems: byDeployedName(input.RequestItems ?? {}) })),
  /** A batch write; `RequestItems` keyed by table id. */
  batchWrite: (input: BatchWriteCommandInput) =>
    client().send(
      new BatchWriteCommand({ ...input, RequestItems: byDeployedName(input.RequestItems ?? {}) }),
    ),
};

/** Puts items into the main table, 25 to a batch, until every one is processed. */
export async function putAll(items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    // Keyed by the table's id; unprocessed items come back under its deployed name, which send keeps.
    let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
      main: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    while (request && Object.keys(request).length) {
      const answer = await send.batchWrite({ RequestItems: request });
      request = answer.UnprocessedItems as typeof request;
    }
  }
}

/**
 * Every item of a query (or of a scan), page after page; reading stops once `limit` items were read (the last
 * page read is kept whole).
 */
export async function queryAll(
  params: object,
  options: { limit?: number; scan?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const limit = options.limit ?? Infinity;
  const out: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await (options.scan ? send.scan : send.query)({ ...params, ExclusiveStartKey });
    out.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && out.length < limit);
  return out;
}

/**
 * One page of a query's items: those from `skip` up to `skip + size` that `keep` accepts, in the query's
 * order (`ScanIndexForward` as given), read a chunk at a time and stopping once the page is full.
 */
export async function queryPage(
  params: object,
  skip: number,
  size: number,
  keep: (item: Record<string, unknown>) => boolean = () => true,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let seen = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await send.query({ ...params, Limit: Math.min(1000, skip + size + 1), ExclusiveStartKey });
    for (const item of page.Items ?? []) {
      if (!keep(item) || seen++ < skip) continue;
      out.push(item);
      if (out.length >= size) return out;
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

/**
 * One page of an index partition whose sort keys start with a time (`{time}#{id}`), within [from, to), oldest
 * first, and how many items the range holds (a COUNT query over the same range): an OCPI-style pull with
 * `offset`, `limit` and `X-Total-Count`.
 */
export async function timeRangePage(
  index: 'gsi1' | 'gsi2' | 'gsi3',
  pk: string,
  window: { from?: string; to?: string },
  offset: number,
  limit: number,
): Promise<{ items: Record<string, unknown>[]; total: number }> {
  const values: Record<string, string> = { ':pk': pk };
  // `{time}#{id}` sorts after `{time}`: BETWEEN from AND to keeps from and leaves to out.
  let range = '';
  if (window.from) values[':from'] = window.from;
  if (window.to) values[':to'] = window.to;
  if (window.from && window.to) range = ` AND ${index}sk BETWEEN :from AND :to`;
  else if (window.from) range = ` AND ${index}sk >= :from`;
  else if (window.to) range = ` AND ${index}sk < :to`;
  const params = {
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk${range}`,
    ExpressionAttributeValues: values,
  };
  let total = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const counted = await send.query({ ...params, Select: 'COUNT', ExclusiveStartKey });
    total += counted.Count ?? 0;
    ExclusiveStartKey = counted.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const items = total > offset ? await queryPage(params, offset, limit) : [];
  return { items, total };
}

const KEY_FIELDS = new Set<string>([
  MAIN.pk,
  MAIN.sk,
  ...Object.values(MAIN.indexes).flatMap((i) => (i.sk ? [i.pk, i.sk] : [i.pk])),
  ...IDENTIFIERS,
]);

/** Whether an attribute is a key or index field of the main table, or an ElectroDB identifier. */
export const isKeyField = (name: string) => KEY_FIELDS.has(name);

/** An item as the domain sees it: without keys, index attributes and ElectroDB's identifiers. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!KEY_FIELDS.has(k)) out[k] = v;
  return out as T;
}

/**
 * A put of a whole record: ElectroDB's keys (and condition, if any) over every field of the record. Entities
 * declare the attributes their keys and conditions use; the other fields pass through as the domain's
 * record type (checked by its zod schema in shared/) has them (decision 421).
 */
export function putRecord(params: object, record: object) {
  const built = request(params) as PutCommandInput & { Item: Record<string, unknown> };
  return { ...built, Item: { ...record, ...built.Item } };
}

/** The item a get finds, as the domain sees it (without keys). */
export async function getRecord<T>(params: object): Promise<T | undefined> {
  const { Item } = await send.get(params);
  return Item ? withoutKeys<T>(Item) : undefined;
}
