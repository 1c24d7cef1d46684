/**
 * One ledger for cards, fleets and app users (functions/data/ledger.ts,
 * docs/decisions/445-one-way-to-store-an-entity.md): a change is the balance set under the version read, one
 * entry and, for fleets, the count, in one transaction, each kind writing the items it wrote before.
 */
import { describe, expect, it } from 'vitest';
import { appLedger } from '@functions/data/app-users.ts';
import { cardLedger } from '@functions/data/card-ledger.ts';
import { fleetLedger } from '@functions/data/fleet-balances.ts';
import { send } from '@functions/data/table.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const amounts = { before: 10, after: 7.5, change: -2.5 };
const at = '2026-03-05T10:00:00.000Z';

describe('one ledger for cards, fleets and app users', () => {
  it.each([
    {
      name: 'card',
      ledger: cardLedger,
      type: 'CARD',
      field: 'balance',
      entries: 'CARDLEDGER',
      owner: 'cardId',
    },
    {
      name: 'fleet',
      ledger: fleetLedger,
      type: 'FLEET',
      field: 'balance',
      entries: 'FLEETFUND',
      owner: 'fleetId',
    },
    {
      name: 'app user',
      ledger: appLedger,
      type: 'APPUSER',
      field: 'accountBalance',
      entries: 'APPUSERLEDGER',
      owner: 'appUserId',
    },
  ])('changes a $name balance, its entry (and count) in one transaction, once per version', async (kind) => {
    const account = { id: `${kind.name}-1`, tenant: '/A/', version: 2 };
    await rawPut({ pk: `${kind.type}#${account.id}`, sk: kind.type, ...account, [kind.field]: 10 });
    const fields = { type: 'consume', orderNo: 'O1', operType: 3 };
    await send.transact(kind.ledger.change(account, amounts, at, fields));
    expect(await rawGet({ pk: `${kind.type}#${account.id}`, sk: kind.type })).toMatchObject({
      [kind.field]: 7.5,
      version: 3,
      updateTime: at,
    });
    const [entry] = await kind.ledger.entries(account.id);
    expect(entry).toMatchObject({
      pk: `${kind.entries}#${account.id}`,
      [kind.owner]: account.id,
      tenant: '/A/',
      orderNo: 'O1',
      beforeBalance: 10,
      afterBalance: 7.5,
      // A card's entry holds its change as `amount`, as the card ledger always wrote it.
      [kind.name === 'card' ? 'amount' : 'changeBalance']: -2.5,
      createTime: at,
    });
    expect(await kind.ledger.count(account.id)).toBe(kind.name === 'fleet' ? 1 : 0);
    // The same version again: refused, nothing more written.
    await expect(send.transact(kind.ledger.change(account, amounts, at, fields))).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    expect(await kind.ledger.entries(account.id)).toHaveLength(1);
  });

  it('names the paying account in an order’s debit guard as before', async () => {
    await send.transact([appLedger.debitGuard('O9', 'U1', at)]);
    expect(await rawGet({ pk: 'DEBIT#O9', sk: 'DEBIT' })).toMatchObject({ account: 'APPUSER#U1' });
  });
});
