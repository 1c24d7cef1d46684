/**
 * The card ledger (functions/data/ledger.ts) reads entries as cards and settlement wrote them, and writes the
 * same items.
 */
import { describe, expect, it } from 'vitest';
import { cardLedger } from '@functions/data/card-ledger.ts';
import { send } from '@functions/data/table.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const entry = (createTime: string) => ({
  cardId: 'CARD1',
  tenant: '/A/',
  type: 'recharge' as const,
  amount: 10.5,
  beforeBalance: 1,
  afterBalance: 11.5,
  createBy: 'admin',
  createTime,
});

describe('card ledger', () => {
  it('reads entries written the old way, oldest first', async () => {
    for (const [at, id] of [
      ['2026-03-01T10:00:00.000Z', 'e1'],
      ['2026-03-02T10:00:00.000Z', 'e2'],
    ] as const)
      await rawPut({ pk: 'CARDLEDGER#CARD1', sk: `${at}#${id}`, ...entry(at) });
    const read = await cardLedger.entries('CARD1');
    expect(read.map((e) => e.createTime)).toEqual(['2026-03-01T10:00:00.000Z', '2026-03-02T10:00:00.000Z']);
    expect((await cardLedger.latest('CARD1', 1)).map((e) => e.createTime)).toEqual([
      '2026-03-02T10:00:00.000Z',
    ]);
    expect(await cardLedger.entries('CARD2')).toEqual([]);
  });

  it('writes an entry with the old key and attributes, once', async () => {
    const at = '2026-03-03T10:00:00.000Z';
    const put = () =>
      cardLedger.entryPut(
        { id: 'CARD1', tenant: '/A/' },
        { type: 'recharge', createBy: 'admin' },
        { before: 1, after: 11.5, change: 10.5 },
        at,
        'e3',
      );
    await send.transact([put()]);
    expect(await rawGet({ pk: 'CARDLEDGER#CARD1', sk: `${at}#e3` })).toEqual({
      pk: 'CARDLEDGER#CARD1',
      sk: `${at}#e3`,
      ...entry(at),
    });
    await expect(send.transact([put()])).rejects.toMatchObject({ name: 'TransactionCanceledException' });
  });
});
