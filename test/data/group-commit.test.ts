/**
 * Group commit (functions/data/group-commit.ts): a put resolves once its item is written; puts that arrive
 * together share BatchWriteItem requests; the same key twice leaves the later item, also when the earlier
 * one's request is slow; an item DynamoDB refuses
 * fails alone, the others of its batch are written.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { putGrouped } from '@functions/data/group-commit.ts';
import { send } from '@functions/data/table.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { countDynamo } from '../helpers/dynamo-counter.ts';
import { withDatabase } from './helpers.ts';

withDatabase();

const KEY = ['chargePointId', 'at'] as const;
const put = (item: Record<string, unknown>) => putGrouped({ TableName: 'ocppLog', Item: item }, KEY);
const read = async (chargePointId: string, at: string) =>
  (
    await dynamoDocument().send(
      new GetCommand({
        TableName: config.tableName('ocppLog'),
        Key: { chargePointId, at },
        ConsistentRead: true,
      }),
    )
  ).Item;

describe('group commit', () => {
  it('answers each put once its item is written, many items to a request', async () => {
    const counter = countDynamo();
    try {
      const items = Array.from({ length: 120 }, (_, i) => ({
        chargePointId: `GC-${i % 7}`,
        at: `2026-11-28T10:00:00.${String(i).padStart(3, '0')}Z`,
        frame: `frame ${i}`,
      }));
      // Each item is readable the moment its own put resolves.
      const seen = await Promise.all(
        items.map((item) => put(item).then(() => read(item.chargePointId, item.at))),
      );
      expect(seen.map((item) => item?.frame)).toEqual(items.map((item) => item.frame));
      const { requests, itemsWritten } = counter.take();
      expect(itemsWritten).toBe(120);
      // The first two go alone (nothing else was waiting), the rest 25 to a request.
      expect(requests.BatchWriteItem).toBeLessThanOrEqual(2 + Math.ceil(118 / 25));
    } finally {
      counter.stop();
    }
  });

  it('keeps the later of two puts of the same key', async () => {
    const at = '2026-11-28T11:00:00.000Z';
    await Promise.all([
      put({ chargePointId: 'GC-SAME', at: '2026-11-28T10:59:00.000Z', frame: 'busy' }),
      put({ chargePointId: 'GC-SAME', at, frame: 'first' }),
      put({ chargePointId: 'GC-SAME', at, frame: 'second' }),
    ]);
    expect((await read('GC-SAME', at))?.frame).toBe('second');
  });

  it('writes a later put of a key only after the write of the earlier one, whichever request is quicker', async () => {
    const at = '2026-11-28T12:00:00.000Z';
    const real = send.batchWrite;
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    // The batch that carries 'first' is held until the others have had every chance to go out.
    const spy = vi.spyOn(send, 'batchWrite').mockImplementation(async (input) => {
      if (JSON.stringify(input).includes('"first-held"')) await firstHeld;
      return real(input);
    });
    try {
      const busy = put({ chargePointId: 'GC-ORDER', at: '2026-11-28T11:59:00.000Z', frame: 'busy' });
      const first = put({ chargePointId: 'GC-ORDER', at, frame: 'first-held' });
      const second = put({ chargePointId: 'GC-ORDER', at, frame: 'second' });
      await busy;
      await new Promise((resolve) => setImmediate(resolve));
      releaseFirst();
      await Promise.all([first, second]);
    } finally {
      spy.mockRestore();
    }
    expect((await read('GC-ORDER', at))?.frame).toBe('second');
  });

  it('fails only the item DynamoDB refuses; the others of its batch are written', async () => {
    const tooLarge = 'x'.repeat(410 * 1024); // over DynamoDB's 400 KB item size
    const results = await Promise.allSettled([
      put({ chargePointId: 'GC-BAD', at: '1', frame: 'fine 1' }),
      put({ chargePointId: 'GC-BAD', at: '2', frame: 'fine 2' }),
      put({ chargePointId: 'GC-BAD', at: '3', frame: tooLarge }),
      put({ chargePointId: 'GC-BAD', at: '4', frame: 'fine 4' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await read('GC-BAD', '2'))?.frame).toBe('fine 2');
    expect((await read('GC-BAD', '4'))?.frame).toBe('fine 4');
    expect(await read('GC-BAD', '3')).toBeUndefined();
  });
});
