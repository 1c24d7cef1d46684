/**
 * The meter value entity reads samples as functions/sessions/transactions.ts and functions/energybox/telemetry.ts
 * wrote them (by hand, table `meterValues`) and writes the same items.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  energyBoxSamplesKey,
  energyBoxSamplesSince,
  outsideSamplesKey,
  putSample,
  samplesKey,
  samplesOf,
} from '@functions/data/meter-values.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { withDatabase } from './helpers.ts';

withDatabase();

const table = () => config.tableName('meterValues');
const rawGet = async (transactionKey: string, at: string) =>
  (
    await dynamoDocument().send(
      new GetCommand({ TableName: table(), Key: { transactionKey, at }, ConsistentRead: true }),
    )
  ).Item;
const rawPut = (item: Record<string, unknown>) =>
  dynamoDocument().send(new PutCommand({ TableName: table(), Item: item }));

const values = [{ value: 1200, measurand: 'Energy.Active.Import.Register', unit: 'Wh' }];
const sample = (transactionKey: string, at: string, expiresAt = 99_999_999_999) => ({
  transactionKey,
  at,
  values,
  expiresAt,
});

describe('meter values', () => {
  it('keeps the partitions the old code used', () => {
    expect(samplesKey('CP1', '7')).toBe('CP1#7');
    expect(samplesKey('CP1', undefined, 2)).toBe('CP1#connector2');
    expect(samplesKey('CP1')).toBe('CP1#connector0');
    expect(outsideSamplesKey('CP1', '7')).toBe('outside#CP1#7');
    expect(energyBoxSamplesKey('EB1')).toBe('EBOX#EB1');
  });

  it('reads samples written the old way: a partition in time order without expired ones, a box since a time', async () => {
    await rawPut(sample('CP1#7', '2026-03-01T10:00:02.000Z'));
    await rawPut(sample('CP1#7', '2026-03-01T10:00:01.000Z'));
    await rawPut(sample('CP1#7', '2026-03-01T10:00:03.000Z', 1));
    await rawPut(sample('CP1#8', '2026-03-01T10:00:00.000Z'));
    expect(await samplesOf('CP1#7')).toEqual([
      sample('CP1#7', '2026-03-01T10:00:01.000Z'),
      sample('CP1#7', '2026-03-01T10:00:02.000Z'),
    ]);
    const box = (at: string) => ({ transactionKey: 'EBOX#EB1', at, l1Load: 3, loadLimit: 16, expiresAt: 5 });
    await rawPut(box('2026-03-01T10:00:00.000Z'));
    await rawPut(box('2026-03-01T10:05:00.000Z'));
    expect(await energyBoxSamplesSince('EB1', '2026-03-01T10:01:00.000Z')).toEqual([
      { at: '2026-03-01T10:05:00.000Z', l1Load: 3, loadLimit: 16 },
    ]);
  });

  it('writes the items the old code wrote', async () => {
    await putSample('outside#CP2#9', '2026-03-01T10:00:00.000Z', { values, why: 'ended' }, 777);
    expect(await rawGet('outside#CP2#9', '2026-03-01T10:00:00.000Z')).toEqual({
      transactionKey: 'outside#CP2#9',
      at: '2026-03-01T10:00:00.000Z',
      values,
      expiresAt: 777,
      why: 'ended',
    });
    await putSample('EBOX#EB2', '2026-03-01T10:00:00.000Z', { l1Usable: 10, l2Load: 2 }, 888);
    expect(await rawGet('EBOX#EB2', '2026-03-01T10:00:00.000Z')).toEqual({
      transactionKey: 'EBOX#EB2',
      at: '2026-03-01T10:00:00.000Z',
      l1Usable: 10,
      l2Load: 2,
      expiresAt: 888,
    });
  });
});
