/**
 * Counts what the process sends to DynamoDB (the OCPP benchmark's writes per message, and the tests that a
 * message writes only what it must): requests by operation, and the items they write (a BatchWriteItem or
 * TransactWriteItems writes several in one request; a ConditionCheck writes none). Counted on the project's one
 * document client (functions/lib/aws.ts), by a middleware added once per client.
 */
import { dynamoDocument } from '@functions/lib/aws.ts';

export interface DynamoCounts {
  /** Requests by operation (PutItem, UpdateItem, BatchWriteItem, Query...). */
  requests: Record<string, number>;
  /** Write requests (Put, Update, Delete, BatchWrite, TransactWrite). */
  writeRequests: number;
  /** Items written by them. */
  itemsWritten: number;
  readRequests: number;
  /** Each write request as sent (operation and input as JSON), for a test to look for what it wrote. */
  writes: { operation: string; json: string }[];
  /** Each read request as sent. */
  reads: { operation: string; json: string }[];
}

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);
const counters = new Set<{ counts: DynamoCounts }>();
/** The counts that keep each request as sent (a test looking for what was written; costs a copy of each). */
const keeping = new WeakSet<DynamoCounts>();
const counted = new WeakSet<object>();

function itemsOf(operation: string, input: Record<string, unknown>): number {
  if (operation === 'BatchWriteItem')
    return Object.values((input.RequestItems ?? {}) as Record<string, unknown[]>).reduce(
      (n, list) => n + list.length,
      0,
    );
  if (operation === 'TransactWriteItems')
    return ((input.TransactItems ?? []) as Record<string, unknown>[]).filter((t) => !t.ConditionCheck).length;
  return 1;
}

const fresh = (): DynamoCounts => ({
  requests: {},
  writeRequests: 0,
  itemsWritten: 0,
  readRequests: 0,
  writes: [],
  reads: [],
});

/**
 * Starts counting; `take()` answers the counts since the last take (or the start), `stop()` ends it. With
 * `keep`, each request is kept as sent (`writes`, `reads`).
 */
export function countDynamo({ keep = false }: { keep?: boolean } = {}) {
  const client = dynamoDocument();
  if (!counted.has(client)) {
    counted.add(client);
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const operation = String(context.commandName ?? '').replace(/Command$/, '');
        const input = args.input as Record<string, unknown>;
        for (const { counts } of counters) {
          counts.requests[operation] = (counts.requests[operation] ?? 0) + 1;
          if (WRITES.has(operation)) {
            counts.writeRequests++;
            counts.itemsWritten += itemsOf(operation, input);
            if (keeping.has(counts) && counts.writes.length < 10_000)
              counts.writes.push({ operation, json: JSON.stringify(input) });
          } else {
            counts.readRequests++;
            if (keeping.has(counts) && counts.reads.length < 10_000)
              counts.reads.push({ operation, json: JSON.stringify(input) });
          }
        }
        return next(args);
      },
      { step: 'initialize', name: 'dynamoCounter' },
    );
  }
  const start = () => {
    const counts = fresh();
    if (keep) keeping.add(counts);
    return counts;
  };
  const counter = { counts: start() };
  counters.add(counter);
  return {
    take(): DynamoCounts {
      const taken = counter.counts;
      counter.counts = start();
      return taken;
    },
    stop: () => void counters.delete(counter),
  };
}
