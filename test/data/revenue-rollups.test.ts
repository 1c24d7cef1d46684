/**
 * The revenue rollup entities add figures exactly as functions/orders/rollups.ts does (same keys, same
 * attributes) and read the days it writes.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { companyDays, rollupUpdates, stationDays } from '@functions/data/revenue-rollups.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { rollupUpdates as oldRollupUpdates } from '@functions/orders/rollups.ts';
import { rawGet, withDatabase } from './helpers.ts';

withDatabase();

const input = (agentId: string, day: string, stationId: string) => ({
  agentId,
  tenant: `/${agentId}/`,
  stationId,
  currency: 'EUR',
  day,
  figures: {
    orders: 1,
    energyWh: 12_345,
    durationSeconds: 3600,
    elecMinor: 500n,
    occupancyMinor: 0,
    payMinor: 700n,
    discountMinor: 0,
    couponMinor: 0,
    tariffMinor: 200,
    profitMinor: 100,
    revenueMinor: 700,
    fullPowerMs: 1000,
  },
});

const transact = (items: object[]) =>
  dynamoDocument().send(new TransactWriteCommand({ TransactItems: items as never }));

describe('revenue rollups', () => {
  it('write the same items as the old updates, twice adding twice', async () => {
    for (let i = 0; i < 2; i++) {
      await transact(oldRollupUpdates(input('OLD', '2026-03-01', 'S1')));
      await transact(rollupUpdates(input('NEW', '2026-03-01', 'S1')));
    }
    for (const sk of ['DAY#2026-03-01', 'STDAY#2026-03-01#S1']) {
      const old = await rawGet({ pk: 'REVENUE#OLD', sk });
      const now = await rawGet({ pk: 'REVENUE#NEW', sk });
      expect(old).toMatchObject({ orders: 2, payMinor: 1400 });
      expect({ ...now, pk: 'X', tenant: 'X' }).toEqual({ ...old, pk: 'X', tenant: 'X' });
    }
  });

  it('read the company’s and the stations’ days of a window', async () => {
    await transact(oldRollupUpdates(input('OLD', '2026-03-02', 'S2')));
    await transact(oldRollupUpdates(input('OLD', '2026-03-05', 'S1')));
    expect((await companyDays('OLD', '2026-03-01', '2026-03-02')).map((d) => d.day)).toEqual([
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(
      (await stationDays('OLD', '2026-03-02', '2026-03-05')).map(
        (d) => `${String(d.day)} ${String(d.stationId)}`,
      ),
    ).toEqual(['2026-03-02 S2', '2026-03-05 S1']);
    expect(await companyDays('NONE', '2026-03-01', '2026-03-31')).toEqual([]);
  });
});
