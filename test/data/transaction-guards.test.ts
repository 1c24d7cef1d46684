/**
 * The 1.6 start guard and transaction id counter, as functions/sessions/transactions.ts wrote them by hand: the
 * counter's item and value, the guard's item, refused when a start was recorded already.
 */
import { describe, expect, it } from 'vitest';
import { send } from '@functions/data/table.ts';
import { getStartGuard, nextTransactionId, startGuardCreate } from '@functions/data/transaction-guards.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const counterKey = { pk: 'COUNTER#transactionId', sk: 'COUNTER' };

describe('transaction start guards', () => {
  it('counts on from the counter written the old way', async () => {
    await rawPut({ ...counterKey, value: 41 });
    expect(await nextTransactionId()).toBe(42);
    expect(await nextTransactionId()).toBe(43);
    expect(await rawGet(counterKey)).toEqual({ ...counterKey, value: 43 });
  });

  it('reads a guard written the old way, and writes the same item once', async () => {
    const start = { chargePointId: 'CP1', connectorNo: 1, timestamp: '2026-03-01T10:00:00.000Z' };
    const key = { pk: 'TXSTART#CP1#1#2026-03-01T10:00:00.000Z', sk: 'TXSTART' };
    await rawPut({ ...key, transactionId: '7' });
    expect(await getStartGuard(start)).toBe('7');
    await expect(send.transact([startGuardCreate(start, '8')])).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });

    const other = { ...start, connectorNo: 2 };
    expect(await getStartGuard(other)).toBeUndefined();
    await send.transact([startGuardCreate(other, '9')]);
    expect(await rawGet({ pk: 'TXSTART#CP1#2#2026-03-01T10:00:00.000Z', sk: 'TXSTART' })).toEqual({
      pk: 'TXSTART#CP1#2#2026-03-01T10:00:00.000Z',
      sk: 'TXSTART',
      transactionId: '9',
    });
  });
});
