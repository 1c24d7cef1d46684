/**
 * Holds on app balances (functions/accounts/app-holds.ts): concurrent starts never freeze more than the user
 * has, a hold is released once however often it is asked, and a hold whose session never came is given
 * back after its grace time, not before and not while the user charges there.
 */
import { describe, expect, it } from 'vitest';
import { appHoldsOf } from '@functions/data/app-users.ts';
import { appUsers, createAppUser } from '@functions/accounts/app-users.ts';
import {
  HOLD_START_GRACE_MS,
  releaseHold,
  releaseStaleHolds,
  takeHold,
} from '@functions/accounts/app-holds.ts';
import { withDatabase } from '../data/helpers.ts';

withDatabase();

const TENANT = '/hold-co/';
const newUser = (balance: number, tag: string) =>
  createAppUser({ userName: `Holder ${tag}`, cardNo: tag, accountBalance: balance }, TENANT);

describe('holds', () => {
  it('never freezes more than the balance when starts race', async () => {
    const user = await newUser(50, 'HOLD-1');
    const starts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        takeHold(user.id, { chargePointId: 'CP-H', connectorNo: i + 1 }, 20),
      ),
    );
    const taken = starts.filter((s) => s.status === 'fulfilled');
    expect(taken).toHaveLength(2);
    for (const refused of starts.filter((s) => s.status === 'rejected'))
      expect(String((refused as PromiseRejectedResult).reason)).toMatch(/balanceTooLow/);
    const stored = (await appUsers.getAny(user.id))!;
    expect(stored.frozenAmount).toBe(40);
    expect(stored.accountBalance).toBe(50);
    expect(await appHoldsOf(user.id)).toHaveLength(2);
  });

  it('refuses a second hold on one connector and releases each hold once', async () => {
    const user = await newUser(30, 'HOLD-2');
    const hold = await takeHold(user.id, { chargePointId: 'CP-H', connectorNo: 1 }, 10);
    await expect(takeHold(user.id, { chargePointId: 'CP-H', connectorNo: 1 }, 5)).rejects.toThrow(
      'driverApp.server.alreadyCharging',
    );
    const releases = await Promise.all([releaseHold(hold), releaseHold(hold), releaseHold(hold)]);
    expect(releases.filter(Boolean)).toHaveLength(1);
    expect((await appUsers.getAny(user.id))!.frozenAmount).toBe(0);
    expect(await appHoldsOf(user.id)).toEqual([]);
  });

  it('gives back a hold without a session after its grace time only', async () => {
    const user = await newUser(30, 'HOLD-3');
    await takeHold(user.id, { chargePointId: 'CP-H', connectorNo: 1 }, 10);
    await takeHold(user.id, { chargePointId: 'CP-H', connectorNo: 2 }, 5);
    const charging = async (hold: { connectorNo: number }) => hold.connectorNo === 2;
    expect(await releaseStaleHolds(user.id, charging)).toBe(0);
    const later = Date.now() + HOLD_START_GRACE_MS + 1000;
    expect(await releaseStaleHolds(user.id, charging, later)).toBe(1);
    expect((await appUsers.getAny(user.id))!.frozenAmount).toBe(5);
    expect((await appHoldsOf(user.id)).map((h) => h.connectorNo)).toEqual([2]);
  });
});
