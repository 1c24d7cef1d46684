/**
 * The app user balance entities change a user's balance and write its ledger exactly as
 * functions/accounts/app-users.ts did by hand (same keys, same attributes), and read the ledger it wrote.
 */
import { describe, expect, it } from 'vitest';
import { appLedger } from '@functions/data/app-users.ts';
import { send } from '@functions/data/table.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const user = {
  pk: 'APPUSER#U1',
  sk: 'APPUSER',
  gsi1pk: 'APPUSER',
  gsi1sk: '/A/2026-03-01T00:00:00.000Z#U1',
  id: 'U1',
  tenant: '/A/',
  userName: 'driver',
  accountBalance: 20,
  frozenAmount: 5,
  cardNo: 'TAG1',
  lockFlag: 0,
  version: 1,
  createTime: '2026-03-01T00:00:00.000Z',
};

const cancelled = { name: 'TransactionCanceledException' };

describe('app user balances', () => {
  it('reads ledger entries written the old way, oldest first', async () => {
    const old = (at: string) => ({
      pk: 'APPUSERLEDGER#U0',
      sk: `${at}#x`,
      appUserId: 'U0',
      tenant: '/A/',
      type: 'recharge',
      beforeBalance: 0,
      afterBalance: 3,
      changeBalance: 3,
      createTime: at,
    });
    await rawPut(old('2026-03-02T00:00:00.000Z'));
    await rawPut(old('2026-03-01T00:00:00.000Z'));
    expect((await appLedger.entries('U0')).map((e) => e.createTime)).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-03-02T00:00:00.000Z',
    ]);
    expect(await appLedger.entries('U9')).toEqual([]);
  });

  it('sets the balance and writes the entry the old code wrote, refused on a stale version', async () => {
    await rawPut(user);
    const at = '2026-03-05T10:00:00.000Z';
    await send.transact([
      appLedger.balanceSet(user, 12.25, at),
      appLedger.entryPut(
        { id: 'U1', tenant: '/A/' },
        { orderNo: 'O1', type: 'consume' },
        { before: 20, after: 12.25, change: -7.75 },
        at,
        'e1',
      ),
    ]);
    expect(await rawGet({ pk: 'APPUSER#U1', sk: 'APPUSER' })).toEqual({
      ...user,
      accountBalance: 12.25,
      version: 2,
      updateTime: at,
    });
    expect(await rawGet({ pk: 'APPUSERLEDGER#U1', sk: `${at}#e1` })).toEqual({
      orderNo: 'O1',
      appUserId: 'U1',
      tenant: '/A/',
      type: 'consume',
      pk: 'APPUSERLEDGER#U1',
      sk: `${at}#e1`,
      beforeBalance: 20,
      afterBalance: 12.25,
      changeBalance: -7.75,
      createTime: at,
    });
    await expect(send.transact([appLedger.balanceSet(user, 1, at)])).rejects.toMatchObject(cancelled);
    expect(await rawGet({ pk: 'APPUSER#U1', sk: 'APPUSER' })).toMatchObject({ accountBalance: 12.25 });
  });
});
