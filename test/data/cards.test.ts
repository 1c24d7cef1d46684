/**
 * The card ledger (functions/data/ledger.ts) sets a card's balance exactly as functions/biz/cards.ts and
 * settlement did by hand (SET balance, version, updateTime if the version is the one read), and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { cardLedger } from '@functions/data/card-ledger.ts';
import { send } from '@functions/data/table.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const card = {
  pk: 'CARD#C1',
  sk: 'CARD',
  gsi1pk: 'CARD',
  gsi1sk: '/A/2026-03-01T00:00:00.000Z#C1',
  id: 'C1',
  tenant: '/A/',
  cardSn: 'SN1',
  balance: 3.5,
  status: 1,
  version: 2,
  createTime: '2026-03-01T00:00:00.000Z',
};

describe('card balances', () => {
  it('sets the balance the old way, refused on a stale version', async () => {
    await rawPut(card);
    const at = '2026-03-05T10:00:00.000Z';
    await send.transact([cardLedger.balanceSet(card, 13.5001, at)]);
    expect(await rawGet({ pk: 'CARD#C1', sk: 'CARD' })).toEqual({
      ...card,
      balance: 13.5001,
      version: 3,
      updateTime: at,
    });
    await expect(send.transact([cardLedger.balanceSet(card, 0, at)])).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    expect(await rawGet({ pk: 'CARD#C1', sk: 'CARD' })).toMatchObject({ balance: 13.5001, version: 3 });
  });
});
