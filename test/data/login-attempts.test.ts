/**
 * The login attempt counters read and write the user item and the stand-in as functions/auth/login.ts did by
 * hand (decision 001): the atomic conditional ADD, the lock while the count is at the limit, the success only
 * while no lock runs, the count is within the limit and the password hash is the one verified.
 */
import { describe, expect, it } from 'vitest';
import { countLoginAttempt, lockLoginAccount, recordLoginSuccess } from '@functions/data/login-attempts.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const CUTOFF = new Date(NOW - 30 * 60_000).toISOString();
const userKey = (id: string) => ({ pk: `USER#${id}`, sk: 'USER' });
/** A user item as the identity repository stores it (the fields login touches, and a few others). */
const user = (id: string) => ({
  ...userKey(id),
  gsi1pk: 'USER',
  gsi1sk: `/A/2026-01-01T00:00:00.000Z#${id}`,
  userId: id,
  username: `name-${id}`,
  passwordHash: 'HASH',
  tenant: '/A/',
  version: 3,
  createTime: '2026-01-01T00:00:00.000Z',
  lockFlag: 0,
});

describe('login attempts on a known account', () => {
  it('counts attempts with ADD, refuses while a lock runs, and not on a missing account', async () => {
    await rawPut(user('U1'));
    expect(await countLoginAttempt({ userId: 'U1' }, CUTOFF, NOW)).toBe(1);
    expect(await countLoginAttempt({ userId: 'U1' }, CUTOFF, NOW)).toBe(2);
    expect(await rawGet(userKey('U1'))).toEqual({ ...user('U1'), failCount: 2 });
    expect(await countLoginAttempt({ userId: 'NOPE' }, CUTOFF, NOW)).toBeUndefined();
    expect(await rawGet(userKey('NOPE'))).toBeUndefined();

    // The lock needs the count at the limit.
    const lockTime = new Date(NOW - 60_000).toISOString();
    await lockLoginAccount({ userId: 'U1' }, lockTime, 5);
    expect(await rawGet(userKey('U1'))).toEqual({ ...user('U1'), failCount: 2 });
    await lockLoginAccount({ userId: 'U1' }, lockTime, 2);
    expect(await rawGet(userKey('U1'))).toEqual({ ...user('U1'), failCount: 0, lockFlag: 1, lockTime });
    // A running lock: nothing counted; an older one does not stop the count.
    expect(await countLoginAttempt({ userId: 'U1' }, CUTOFF, NOW)).toBeUndefined();
    expect(await countLoginAttempt({ userId: 'U1' }, lockTime, NOW)).toBe(1);
  });

  it('records a right password only under its conditions, as the old write did', async () => {
    const success = { verifiedHash: 'HASH', cutoff: CUTOFF, max: 5, set: { lastIp: '10.0.0.1' } };
    await rawPut({ ...user('U2'), failCount: 6 });
    expect(await recordLoginSuccess('U2', success)).toBe(false);
    await rawPut({
      ...user('U2'),
      failCount: 5,
      lockFlag: 1,
      lockTime: new Date(NOW - 60_000).toISOString(),
    });
    expect(await recordLoginSuccess('U2', success)).toBe(false);
    await rawPut({ ...user('U2'), failCount: 1 });
    expect(await recordLoginSuccess('U2', { ...success, verifiedHash: 'OLD' })).toBe(false);

    // A lock that ended: cleared with the count.
    await rawPut({ ...user('U2'), failCount: 5, lockFlag: 1, lockTime: '2026-01-01T00:00:00.000Z' });
    expect(await recordLoginSuccess('U2', success)).toBe(true);
    expect(await rawGet(userKey('U2'))).toEqual({
      ...user('U2'),
      failCount: 0,
      lockFlag: 0,
      lastIp: '10.0.0.1',
    });

    // A password change: the new hash, the version and update time.
    const at = new Date(NOW).toISOString();
    expect(
      await recordLoginSuccess('U2', { ...success, set: { passwordHash: 'NEW' }, bumpVersionAt: at }),
    ).toBe(true);
    expect(await rawGet(userKey('U2'))).toEqual({
      ...user('U2'),
      failCount: 0,
      lastIp: '10.0.0.1',
      passwordHash: 'NEW',
      version: 4,
      updateTime: at,
    });
    await expect(recordLoginSuccess('U2', { ...success, set: { nickName: 'x' } })).rejects.toThrow(
      'nickName',
    );
  });
});

describe('login attempts on a name nobody holds', () => {
  const key = { pk: 'LOGINFAIL#user#ghost', sk: 'LOGINFAIL' };
  it('counts on the stand-in the old code wrote, and locks it', async () => {
    const expiresAt = Math.floor(NOW / 1000) + 30 * 24 * 3600;
    expect(await countLoginAttempt({ kind: 'user', name: 'Ghost' }, CUTOFF, NOW)).toBe(1);
    expect(await rawGet(key)).toEqual({ ...key, failCount: 1, expiresAt });
    await rawPut({ ...key, failCount: 4, expiresAt: 1 });
    expect(await countLoginAttempt({ kind: 'user', name: 'ghost' }, CUTOFF, NOW)).toBe(5);
    const lockTime = new Date(NOW).toISOString();
    await lockLoginAccount({ kind: 'user', name: 'GHOST' }, lockTime, 5);
    expect(await rawGet(key)).toEqual({ ...key, failCount: 0, expiresAt, lockFlag: 1, lockTime });
    expect(await countLoginAttempt({ kind: 'user', name: 'ghost' }, CUTOFF, NOW)).toBeUndefined();
    expect(await countLoginAttempt({ kind: 'fleet', name: 'ghost' }, CUTOFF, NOW)).toBe(1);
  });
});
