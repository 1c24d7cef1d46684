/**
 * The charge target entities take, name and give back a session's stop mark and keep its due entries
 * exactly as functions/orders/charge-target.ts did by hand (same keys, same attributes, same conditions).
 */
import { describe, expect, it } from 'vitest';
import {
  giveBackTargetStop,
  nameTargetStop,
  takeTargetStop,
  targetDueDelete,
  targetDuePut,
  targetsDue,
} from '@functions/data/charge-targets.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const session = {
  pk: 'TX#TCP1#101',
  sk: 'TX',
  chargePointId: 'TCP1',
  transactionId: '101',
  tenant: '/A/',
  status: 'active',
  connectorNo: 1,
  startTime: '2026-03-01T10:00:00.000Z',
};
const ref = { chargePointId: 'TCP1', transactionId: '101' };

describe('charge targets', () => {
  it('takes the stop mark of an active session once, names it, and gives back only its own', async () => {
    await rawPut(session);
    const at = '2026-03-01T10:30:00.000Z';
    expect(await takeTargetStop(ref, at)).toBe(true);
    expect(await takeTargetStop(ref, '2026-03-01T10:31:00.000Z')).toBe(false);
    await nameTargetStop(ref, 'CMD1');
    expect(await rawGet({ pk: 'TX#TCP1#101', sk: 'TX' })).toEqual({
      ...session,
      targetStopAt: at,
      targetStopCommandId: 'CMD1',
    });
    expect(await giveBackTargetStop(ref, '2026-03-01T10:31:00.000Z')).toBe(false);
    expect(await giveBackTargetStop(ref, at)).toBe(true);
    expect(await rawGet({ pk: 'TX#TCP1#101', sk: 'TX' })).toEqual({
      ...session,
      targetStopCommandId: 'CMD1',
    });
    // An ended session's mark is not taken.
    await rawPut({ ...session, pk: 'TX#TCP1#102', transactionId: '102', status: 'completed' });
    expect(await takeTargetStop({ chargePointId: 'TCP1', transactionId: '102' }, at)).toBe(false);
  });

  it('reads due entries written the old way, and writes and deletes them as it did', async () => {
    await rawPut({
      pk: 'TXTARGET',
      sk: '2026-03-01T11:00:00.000Z#TCP9#old',
      chargePointId: 'TCP9',
      transactionId: 'old',
    });
    await targetDuePut({ chargePointId: 'TCP9', transactionId: 'new' }, '2026-03-01T11:00:00.000Z');
    expect(await rawGet({ pk: 'TXTARGET', sk: '2026-03-01T11:00:00.000Z#TCP9#new' })).toEqual({
      pk: 'TXTARGET',
      sk: '2026-03-01T11:00:00.000Z#TCP9#new',
      chargePointId: 'TCP9',
      transactionId: 'new',
    });
    const mine = async (now: string) =>
      (await targetsDue(now)).filter((e) => e.chargePointId === 'TCP9').map((e) => e.transactionId);
    expect(await mine('2026-03-01T10:59:59.999Z')).toEqual([]);
    // Due at that very instant is due.
    expect(await mine('2026-03-01T11:00:00.000Z')).toEqual(['new', 'old']);
    for (const item of (await targetsDue('2026-03-01T11:00:00.000Z')).filter(
      (e) => e.chargePointId === 'TCP9',
    ))
      await targetDueDelete(item);
    expect(await mine('2026-03-02T00:00:00.000Z')).toEqual([]);
  });
});
