/** The card ledger entity reads entries as cards and settlement write them, and writes the same items. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { cardEntries, ledgerPut } from '@functions/data/card-ledger.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
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
  it('reads entries written the old way, newest first', async () => {
    for (const [at, id] of [
      ['2026-03-01T10:00:00.000Z', 'e1'],
      ['2026-03-02T10:00:00.000Z', 'e2'],
    ] as const)
      await rawPut({ pk: 'CARDLEDGER#CARD1', sk: `${at}#${id}`, ...entry(at) });
    const read = await cardEntries('CARD1');
    expect(read.map((e) => e.createTime)).toEqual(['2026-03-02T10:00:00.000Z', '2026-03-01T10:00:00.000Z']);
    expect(await cardEntries('CARD2')).toEqual([]);
  });

  it('writes an entry with the old key and attributes, once', async () => {
    const at = '2026-03-03T10:00:00.000Z';
    await dynamoDocument().send(new PutCommand(ledgerPut(entry(at), 'e3')));
    expect(await rawGet({ pk: 'CARDLEDGER#CARD1', sk: `${at}#e3` })).toEqual({
      pk: 'CARDLEDGER#CARD1',
      sk: `${at}#e3`,
      ...entry(at),
    });
    await expect(dynamoDocument().send(new PutCommand(ledgerPut(entry(at), 'e3')))).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
  });
});
