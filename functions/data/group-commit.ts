/**
 * Group commit of plain puts (the OCPP message log, meter samples): a put waits for its item to be written,
 * as a single put does, but puts that arrive while an earlier batch of the same table is being written go out
 * together in one BatchWriteItem (up to 25 items). Nothing is answered before it is durable; under load the
 * requests per item fall by the batch size (one request carries many items), and with no load an item goes out
 * at once, alone: no timer adds latency.
 *
 * A Lambda instance handles one message at a time, so there a batch holds one item and this is a put; the local
 * runtime (one process for every charger) is where the batches form. BatchWriteItem takes no condition, so only
 * unconditional puts come here, and a batch holds no key twice (a second put of the same key joins the first,
 * the later item winning, as two puts in a row would), and a put of a key being written waits for that write.
 */
import { request, send } from './table.ts';

const MAX_BATCH = 25;
/** Batches of one table written at once: more lets a batch start sooner, fewer makes them fuller. */
const MAX_IN_FLIGHT = 2;
const RETRY_MS = 25;

interface Waiting {
  key: string;
  item: Record<string, unknown>;
  settle: { resolve: () => void; reject: (e: unknown) => void }[];
}

interface TableQueue {
  waiting: Map<string, Waiting>;
  inFlight: number;
  /** Keys of the batches being written: a later put of one waits for its write, so the later item lands last. */
  writing: Set<string>;
  keyOf: (item: Record<string, unknown>) => string;
}

const queues = new Map<string, TableQueue>();

/**
 * Puts `params.Item` into `params.TableName` (a table id, as the entity modules build it) and resolves once it
 * is written. `keyFields` are the table's key attributes (items with the same key replace each other).
 */
export function putGrouped(
  params: { TableName?: unknown; Item?: object },
  keyFields: readonly string[],
): Promise<void> {
  const { TableName, Item } = request(params) as { TableName: string; Item: Record<string, unknown> };
  let queue = queues.get(TableName);
  if (!queue)
    queues.set(
      TableName,
      (queue = {
        waiting: new Map(),
        inFlight: 0,
        writing: new Set(),
        keyOf: (item) => JSON.stringify(keyFields.map((field) => item[field])),
      }),
    );
  const key = queue.keyOf(Item);
  return new Promise<void>((resolve, reject) => {
    const same = queue.waiting.get(key);
    if (same) {
      same.item = Item;
      same.settle.push({ resolve, reject });
    } else queue.waiting.set(key, { key, item: Item, settle: [{ resolve, reject }] });
    drain(TableName, queue);
  });
}

function drain(table: string, queue: TableQueue) {
  while (queue.inFlight < MAX_IN_FLIGHT && queue.waiting.size) {
    const batch: Waiting[] = [];
    for (const entry of queue.waiting.values()) {
      if (queue.writing.has(entry.key)) continue;
      batch.push(entry);
      if (batch.length === MAX_BATCH) break;
    }
    if (!batch.length) return;
    for (const entry of batch) {
      queue.waiting.delete(entry.key);
      queue.writing.add(entry.key);
    }
    queue.inFlight++;
    void write(table, batch, queue.keyOf).finally(() => {
      queue.inFlight--;
      for (const entry of batch) queue.writing.delete(entry.key);
      drain(table, queue);
    });
  }
}

const settleAll = (entries: Waiting[], error?: unknown) => {
  for (const entry of entries)
    for (const s of entry.settle)
      if (error === undefined) s.resolve();
      else s.reject(error);
};

/** Writes a batch until every item is processed; a refused batch is written item by item, each settled alone. */
async function write(table: string, batch: Waiting[], keyOf: TableQueue['keyOf']): Promise<void> {
  let rest = batch;
  try {
    for (let attempt = 0; rest.length; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, RETRY_MS * Math.min(attempt, 8)));
      const answer = await send.batchWrite({
        RequestItems: { [table]: rest.map((entry) => ({ PutRequest: { Item: entry.item } })) },
      });
      const unprocessed = new Set(
        Object.values(answer.UnprocessedItems ?? {})
          .flat()
          .map((r) => keyOf((r.PutRequest?.Item ?? {}) as Record<string, unknown>)),
      );
      settleAll(rest.filter((entry) => !unprocessed.has(entry.key)));
      rest = rest.filter((entry) => unprocessed.has(entry.key));
    }
  } catch (error) {
    // One item DynamoDB refuses (too large, a bad value) fails the whole request: the others still go, alone.
    if (rest.length === 1 || !isRefusal(error)) return settleAll(rest, error);
    await Promise.all(
      rest.map((entry) =>
        send.put({ TableName: table, Item: entry.item }).then(
          () => settleAll([entry]),
          (e: unknown) => settleAll([entry], e),
        ),
      ),
    );
  }
}

const isRefusal = (error: unknown) => (error as Error | undefined)?.name === 'ValidationException';
