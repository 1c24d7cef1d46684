/**
 * The alarm statistics entities count alarms exactly as functions/alarms/stats.ts does (same keys, same
 * attributes, company and station partitions) and read the window it reads.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { OFFLINE_FLAG } from '@shared/schemas/alarm.ts';
import {
  alarmCountUpdates,
  alarmStatItems,
  alarmStatRows,
  companyOwner,
  countAlarm,
  stationOwner,
} from '@functions/data/alarm-stats.ts';
import { addToRollup } from '@functions/alarms/stats.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const alarm = (stationId: string) => ({
  startTime: '2026-03-01T23:59:00.000Z',
  level: 3,
  code: 'E42',
  offlineFlag: OFFLINE_FLAG.offline,
  chargePointId: 'CP1',
  chargePointName: 'Pile 1',
  stationName: 'Depot',
  stationId,
});

describe('alarm statistics', () => {
  it('count into the same items as the old code', async () => {
    for (let i = 0; i < 2; i++) {
      await addToRollup('/OLD/', alarm('SOLD'));
      await dynamoDocument().send(
        new TransactWriteCommand({
          TransactItems: alarmCountUpdates([companyOwner('/NEW/'), stationOwner('SNEW')], {
            day: '2026-03-01',
            level: 3,
            offline: true,
            code: 'E42',
            chargePointId: 'CP1',
            chargePointName: 'Pile 1',
            stationName: 'Depot',
          }) as never,
        }),
      );
    }
    for (const [old, now] of [
      ['ALARMSTAT#/OLD/', 'ALARMSTAT#/NEW/'],
      ['ALARMSTAT#S#SOLD', 'ALARMSTAT#S#SNEW'],
    ])
      for (const sk of ['2026-03-01#T', '2026-03-01#C#E42', '2026-03-01#P#CP1']) {
        const before = await rawGet({ pk: old!, sk });
        expect(before).toBeDefined();
        expect({ ...(await rawGet({ pk: now!, sk })), pk: '' }).toEqual({ ...before, pk: '' });
      }
    expect(await rawGet({ pk: 'ALARMSTAT#/OLD/', sk: '2026-03-01#T' })).toMatchObject({
      total: 2,
      offline: 2,
      l3: 2,
    });
  });

  it('read every kind of item of a window, and nothing outside it', async () => {
    await addToRollup('/OLD/', { ...alarm('SOLD'), startTime: '2026-03-03T00:00:00.000Z' });
    const items = await alarmStatItems(companyOwner('/OLD/'), '2026-03-01', '2026-03-02');
    expect(items.map((i) => i.sk)).toEqual(['2026-03-01#C#E42', '2026-03-01#P#CP1', '2026-03-01#T']);
    expect((await alarmStatItems(stationOwner('SOLD'), '2026-03-03', '2026-03-03')).length).toBe(3);
  });

  it('count into the items the old hand-written ADDs made, and read them back as rows', async () => {
    const counted = {
      day: '2026-04-01',
      level: 9,
      offline: false,
      code: 'E7',
      chargePointId: 'CP9',
      chargePointName: 'Nine',
    };
    await countAlarm([companyOwner('/ROWS/')], counted);
    await countAlarm([companyOwner('/ROWS/')], { ...counted, chargePointName: undefined });
    // The items the code before the data layer wrote (SET day/code/chargePointId and names, ADD counts).
    const pk = 'ALARMSTAT#/ROWS/';
    expect(await rawGet({ pk, sk: '2026-04-01#T' })).toEqual({
      pk,
      sk: '2026-04-01#T',
      day: '2026-04-01',
      total: 2,
      offline: 0,
      l4: 2,
    });
    expect(await rawGet({ pk, sk: '2026-04-01#C#E7' })).toEqual({
      pk,
      sk: '2026-04-01#C#E7',
      code: 'E7',
      n: 2,
    });
    expect(await rawGet({ pk, sk: '2026-04-01#P#CP9' })).toEqual({
      pk,
      sk: '2026-04-01#P#CP9',
      chargePointId: 'CP9',
      chargePointName: 'Nine',
      n: 2,
    });
    // A day's items written by hand, and one just outside the window on each side.
    await rawPut({ pk, sk: '2026-03-31#T', day: '2026-03-31', total: 5 });
    await rawPut({ pk, sk: '2026-04-02#T', day: '2026-04-02', total: 1 });
    await rawPut({ pk, sk: '2026-04-03#T', day: '2026-04-03', total: 7 });
    expect(await alarmStatRows(companyOwner('/ROWS/'), '2026-04-01', '2026-04-02')).toEqual([
      { day: '2026-04-01', kind: 'C', values: { code: 'E7', n: 2 } },
      { day: '2026-04-01', kind: 'P', values: { chargePointId: 'CP9', chargePointName: 'Nine', n: 2 } },
      { day: '2026-04-01', kind: 'T', values: { day: '2026-04-01', total: 2, offline: 0, l4: 2 } },
      { day: '2026-04-02', kind: 'T', values: { day: '2026-04-02', total: 1 } },
    ]);
  });
});
