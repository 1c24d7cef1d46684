/** The sign-in session entity reads sessions as functions/auth/sessions.ts writes them, and writes the same. */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  getLoginSession,
  loginSessionDelete,
  loginSessionPut,
  rotateRefresh,
  userSessions,
} from '@functions/data/login-sessions.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const db = () => dynamoDocument();
/** A session as openSession writes it. */
const oldItem = (sid: string, userId: string) => ({
  pk: `SESSION#${sid}`,
  sk: 'SESSION',
  gsi2pk: `SESSIONS#${userId}`,
  gsi2sk: sid,
  userId,
  kind: 'user',
  refreshHash: 'h1',
  expiresAt: 2_000_000_000,
});

describe('sign-in sessions', () => {
  it('reads sessions written the old way, by id and by user', async () => {
    await rawPut(oldItem('S1', 'U1'));
    await rawPut(oldItem('S2', 'U1'));
    const { pk: _p, sk: _s, gsi2pk: _gp, gsi2sk: _gs, ...session } = oldItem('S1', 'U1');
    expect(await getLoginSession('S1')).toEqual(session);
    expect((await userSessions('U1')).map((s) => s.sid)).toEqual(['S1', 'S2']);
    expect(await userSessions('U2')).toEqual([]);
  });

  it('writes, rotates and deletes as the old code does', async () => {
    await db().send(
      new PutCommand(
        loginSessionPut('S3', { userId: 'U3', kind: 'user', refreshHash: 'h1', expiresAt: 2_000_000_000 }),
      ),
    );
    expect(await rawGet({ pk: 'SESSION#S3', sk: 'SESSION' })).toEqual(oldItem('S3', 'U3'));
    await db().send(new UpdateCommand(rotateRefresh('S3', 'h1', 'h2', 2_000_000_100)));
    expect(await rawGet({ pk: 'SESSION#S3', sk: 'SESSION' })).toEqual({
      ...oldItem('S3', 'U3'),
      refreshHash: 'h2',
      expiresAt: 2_000_000_100,
    });
    // A replayed refresh token finds the hash changed.
    await expect(
      db().send(new UpdateCommand(rotateRefresh('S3', 'h1', 'h3', 2_000_000_200))),
    ).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    await db().send(new DeleteCommand(loginSessionDelete('S3') as never));
    expect(await rawGet({ pk: 'SESSION#S3', sk: 'SESSION' })).toBeUndefined();
  });
});
