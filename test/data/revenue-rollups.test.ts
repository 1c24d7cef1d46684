/**
 * The revenue rollup entities add figures into the items functions/orders/rollups.ts wrote by hand before the
 * data layer (same keys, same attributes, written out below) and read days written that way.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { companyDays, rollupUpdates, stationDays } from '@functions/data/revenue-rollups.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const input = (agentId: string, day: string, stationId: string) => ({
  agentId,
  tenant: `/${agentId}/`,
  stationId,
  chargePointId: `${stationId}-CP`,
  currency: 'EUR',
  day,
  hour: `${day}T09`,
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

/** A day's item as the hand-written rollup left it after `times` orders of `input`'s figures. */
const oldDay = (agentId: string, day: string, times: number, stationId?: string) => ({
  pk: `REVENUE#${agentId}`,
  sk: stationId ? `STDAY#${day}#${stationId}` : `DAY#${day}`,
  tenant: `/${agentId}/`,
  day,
  ...(stationId ? { stationId } : {}),
  currency: 'EUR',
  orders: times,
  energyWh: 12_345 * times,
  durationSeconds: 3600 * times,
  elecMinor: 500 * times,
  occupancyMinor: 0,
  payMinor: 700 * times,
  discountMinor: 0,
  couponMinor: 0,
  tariffMinor: 200 * times,
  profitMinor: 100 * times,
  revenueMinor: 700 * times,
  fullPowerMs: 1000 * times,
});

describe('revenue rollups', () => {
  it('write the items the hand-written updates wrote, twice adding twice', async () => {
    await transact(rollupUpdates(input('NEW', '2026-03-01', 'S1')));
    expect(await rawGet({ pk: 'REVENUE#NEW', sk: 'DAY#2026-03-01' })).toEqual(oldDay('NEW', '2026-03-01', 1));
    await transact(rollupUpdates(input('NEW', '2026-03-01', 'S1')));
    expect(await rawGet({ pk: 'REVENUE#NEW', sk: 'DAY#2026-03-01' })).toEqual(oldDay('NEW', '2026-03-01', 2));
    expect(await rawGet({ pk: 'REVENUE#NEW', sk: 'STDAY#2026-03-01#S1' })).toEqual(
      oldDay('NEW', '2026-03-01', 2, 'S1'),
    ); // The charger's day and the company's hour (the home dashboard's) count the same.
    expect(await rawGet({ pk: 'REVENUE#NEW', sk: 'CPDAY#2026-03-01#S1-CP' })).toMatchObject({
      orders: 2,
      energyWh: 24_690,
      stationId: 'S1',
    });
    expect(await rawGet({ pk: 'REVENUE#NEW', sk: 'HOUR#2026-03-01T09' })).toMatchObject({
      orders: 2,
      revenueMinor: 1400,
    });
    expect(await rawGet({ pk: 'REVENUE#NEW', sk: 'STHOUR#2026-03-01T09#S1' })).toMatchObject({ orders: 2 });
  });

  it('add to a day written by hand', async () => {
    await rawPut(oldDay('ADD', '2026-03-01', 1));
    await transact(rollupUpdates(input('ADD', '2026-03-01', 'S1')));
    expect(await rawGet({ pk: 'REVENUE#ADD', sk: 'DAY#2026-03-01' })).toEqual(oldDay('ADD', '2026-03-01', 2));
  });

  it('read the company’s and the stations’ days of a window, written by hand', async () => {
    for (const item of [
      oldDay('OLD', '2026-03-01', 1),
      oldDay('OLD', '2026-03-02', 1),
      oldDay('OLD', '2026-03-05', 1),
      oldDay('OLD', '2026-03-02', 1, 'S2'),
      oldDay('OLD', '2026-03-05', 1, 'S1'),
    ])
      await rawPut(item);
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
