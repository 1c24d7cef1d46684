/**
 * The fleet balance entities change a fleet's balance, write its fund records and the debit guards exactly
 * as functions/accounts/fleet-balance.ts did by hand (same keys, same attributes), and read the records it wrote.
 */
import { describe, expect, it } from 'vitest';
import { fleetLedger } from '@functions/data/fleet-balances.ts';
import { cardLedger } from '@functions/data/card-ledger.ts';
import { send } from '@functions/data/table.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const fleet = {
  pk: 'FLEET#F1',
  sk: 'FLEET',
  gsi1pk: 'FLEET',
  gsi1sk: '/A/2026-03-01T00:00:00.000Z#F1',
  id: 'F1',
  tenant: '/A/',
  name: 'Fleet',
  balance: 10,
  overdraftAmount: 5,
  warnBalance: 0,
  status: 0,
  version: 3,
  createTime: '2026-03-01T00:00:00.000Z',
};

const cancelled = { name: 'TransactionCanceledException' };

describe('fleet balances', () => {
  it('reads fund records written the old way, oldest first', async () => {
    const old = (at: string, id: string) => ({
      pk: 'FLEETFUND#F0',
      sk: `${at}#${id}`,
      fleetId: 'F0',
      tenant: '/A/',
      operType: 2,
      beforeBalance: 0,
      afterBalance: 1,
      changeBalance: 1,
      createTime: at,
    });
    await rawPut(old('2026-03-02T00:00:00.000Z', 'b'));
    await rawPut(old('2026-03-01T00:00:00.000Z', 'a'));
    expect(await fleetLedger.entries('F0')).toEqual([
      old('2026-03-01T00:00:00.000Z', 'a'),
      old('2026-03-02T00:00:00.000Z', 'b'),
    ]);
    expect(await fleetLedger.entries('F9')).toEqual([]);
  });

  it('sets the balance and writes the fund record the old code wrote, refused on a stale version', async () => {
    await rawPut(fleet);
    const at = '2026-03-05T10:00:00.000Z';
    const amounts = { before: 10, after: 7.5, change: -2.5 };
    await send.transact([
      fleetLedger.balanceSet(fleet, 7.5, at),
      fleetLedger.entryPut(
        { id: 'F1', tenant: '/A/' },
        { orderNo: 'O1', driverId: 'D1', operType: 3 },
        amounts,
        at,
        'e1',
      ),
    ]);
    // The old update: SET balance = :after, version = :next, updateTime = :at IF version = :version.
    expect(await rawGet({ pk: 'FLEET#F1', sk: 'FLEET' })).toEqual({
      ...fleet,
      balance: 7.5,
      version: 4,
      updateTime: at,
    });
    expect(await rawGet({ pk: 'FLEETFUND#F1', sk: `${at}#e1` })).toEqual({
      orderNo: 'O1',
      driverId: 'D1',
      fleetId: 'F1',
      tenant: '/A/',
      operType: 3,
      pk: 'FLEETFUND#F1',
      sk: `${at}#e1`,
      // The record is also on its type's range (the fund history filtered by type).
      gsi1pk: 'FLEETFUNDTYPE#F1#3',
      gsi1sk: `${at}#e1`,
      beforeBalance: 10,
      afterBalance: 7.5,
      changeBalance: -2.5,
      createTime: at,
    });
    // The version read is 3, the stored one 4: nothing is written.
    await expect(send.transact([fleetLedger.balanceSet(fleet, 1, at)])).rejects.toMatchObject(cancelled);
    // A fund record is written once.
    await expect(
      send.transact([fleetLedger.entryPut({ id: 'F1', tenant: '/A/' }, { operType: 3 }, amounts, at, 'e1')]),
    ).rejects.toMatchObject(cancelled);
    expect(await rawGet({ pk: 'FLEET#F1', sk: 'FLEET' })).toMatchObject({ balance: 7.5, version: 4 });
  });

  it('writes one debit guard per order', async () => {
    const at = '2026-03-05T11:00:00.000Z';
    await send.transact([fleetLedger.debitGuard('O7', 'F1', at)]);
    expect(await rawGet({ pk: 'DEBIT#O7', sk: 'DEBIT' })).toEqual({
      pk: 'DEBIT#O7',
      sk: 'DEBIT',
      orderNo: 'O7',
      account: 'FLEET#F1',
      createTime: at,
    });
    await expect(send.transact([cardLedger.debitGuard('O7', 'C1', at)])).rejects.toMatchObject(cancelled);
  });
});
