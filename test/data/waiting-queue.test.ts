/**
 * The waiting queue entities read entries and guards as functions/orders/queue.ts wrote them by hand, and
 * write the same items: same keys, same attributes, the called index entry set by a call and gone when the
 * entry leaves, the guards taken and dropped with it.
 */
import { describe, expect, it } from 'vitest';
import {
  activeWaitOrderId,
  calledBefore,
  companyEntries,
  getWaitOrder,
  stationEntries,
  stationWaiting,
  waitAdd,
  waitCall,
  waitLeave,
} from '@functions/data/waiting-queue.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const entry = (id: string, createTime: string, extra: Record<string, unknown> = {}) => ({
  id,
  tenant: '/WA/',
  agentId: 'WA',
  stationId: 'WS1',
  stationName: 'Station',
  idTag: `TAG-${id}`,
  status: 'waiting',
  createTime,
  createdBy: 'admin',
  ...extra,
});

/** The keys the old code wrote with an entry. */
const keys = (e: { id: string; tenant: string; stationId: string; createTime: string }) => ({
  pk: `WAITORDER#${e.id}`,
  sk: 'WAITORDER',
  gsi1pk: `WAITORDER#${e.stationId}`,
  gsi1sk: `${e.createTime}#${e.id}`,
  gsi2pk: 'WAITORDER',
  gsi2sk: `${e.tenant}${e.createTime}#${e.id}`,
});

const key = (id: string) => ({ pk: `WAITORDER#${id}`, sk: 'WAITORDER' });
const cancelled = { name: 'TransactionCanceledException' };

describe('waiting queue', () => {
  it('reads entries and guards written the old way, through each access pattern', async () => {
    const calledAt = '2026-03-01T10:02:00.000Z';
    const first = entry('W1', '2026-03-01T10:00:00.000Z');
    const called = entry('W2', '2026-03-01T10:01:00.000Z', {
      status: 'called',
      chargePointId: 'WCP',
      connectorNo: 1,
      calledAt,
    });
    await rawPut({ ...keys(first), ...first });
    await rawPut({
      ...keys(called),
      ...called,
      gsi3pk: 'WAITCALLED',
      gsi3sk: `${calledAt}#W2`,
    });
    await rawPut({ pk: 'WAITGUARD#WS1#TAG-W1', sk: 'WAITGUARD', orderId: 'W1' });
    expect(await getWaitOrder('W1')).toEqual(first);
    expect(await activeWaitOrderId('WS1', 'TAG-W1')).toBe('W1');
    expect(await activeWaitOrderId('WS1', 'TAG-W9')).toBeUndefined();
    expect((await stationWaiting('WS1')).map((e) => e.id)).toEqual(['W1']);
    expect((await stationEntries('WS1', 100)).map((e) => e.id)).toEqual(['W1', 'W2']);
    expect((await companyEntries('/WA/', '2026-03-01T00:00:00.000Z', 100)).map((e) => e.id)).toEqual([
      'W2',
      'W1',
    ]);
    expect((await calledBefore('2026-03-01T10:03:00.000Z')).map((e) => e.id)).toContain('W2');
    expect((await calledBefore('2026-03-01T10:02:00.000Z')).map((e) => e.id)).not.toContain('W2');
  });

  it('adds, calls and lets an entry leave as the old code did', async () => {
    const added = entry('W3', '2026-03-02T10:00:00.000Z', { stationId: 'WS3' });
    await waitAdd(added);
    expect(await rawGet(key('W3'))).toEqual({ ...keys(added), ...added });
    expect(await rawGet({ pk: 'WAITGUARD#WS3#TAG-W3', sk: 'WAITGUARD' })).toEqual({
      pk: 'WAITGUARD#WS3#TAG-W3',
      sk: 'WAITGUARD',
      orderId: 'W3',
    });
    // One entry per idTag and station.
    await expect(waitAdd({ ...added, id: 'W4' })).rejects.toMatchObject(cancelled);
    expect(await rawGet(key('W4'))).toBeUndefined();

    const at = '2026-03-02T10:05:00.000Z';
    await waitCall('W3', 'WCP3', 2, at);
    const calledEntry = { ...added, status: 'called', chargePointId: 'WCP3', connectorNo: 2, calledAt: at };
    expect(await rawGet(key('W3'))).toEqual({
      ...keys(added),
      ...calledEntry,
      gsi3pk: 'WAITCALLED',
      gsi3sk: `${at}#W3`,
    });
    expect(await rawGet({ pk: 'WAITCALL#WCP3#2', sk: 'WAITCALL' })).toEqual({
      pk: 'WAITCALL#WCP3#2',
      sk: 'WAITCALL',
      orderId: 'W3',
    });
    // One called entry per connector; a called entry is not called again.
    const other = entry('W5', '2026-03-02T10:01:00.000Z', { stationId: 'WS3' });
    await waitAdd(other);
    await expect(waitCall('W5', 'WCP3', 2, at)).rejects.toMatchObject(cancelled);
    await expect(waitCall('W3', 'WCP3', 3, at)).rejects.toMatchObject(cancelled);

    // Leaving from a status it is no longer in is refused; from `called`: served, off the index, guards gone.
    await expect(waitLeave({ ...calledEntry, status: 'waiting' }, 'cancelled', {})).rejects.toMatchObject(
      cancelled,
    );
    const served = { servedAt: at, transactionId: 'T1', servedChargePointId: 'WCP3', servedConnectorNo: 2 };
    await waitLeave(calledEntry, 'served', served);
    expect(await rawGet(key('W3'))).toEqual({ ...keys(added), ...calledEntry, ...served, status: 'served' });
    expect(await rawGet({ pk: 'WAITGUARD#WS3#TAG-W3', sk: 'WAITGUARD' })).toBeUndefined();
    expect(await rawGet({ pk: 'WAITCALL#WCP3#2', sk: 'WAITCALL' })).toBeUndefined();

    // A waiting entry cancelled.
    await waitLeave(other, 'cancelled', { cancelTime: at });
    expect(await rawGet(key('W5'))).toEqual({
      ...keys(other),
      ...other,
      status: 'cancelled',
      cancelTime: at,
    });
    expect(await rawGet({ pk: 'WAITGUARD#WS3#TAG-W5', sk: 'WAITGUARD' })).toBeUndefined();
  });
});
