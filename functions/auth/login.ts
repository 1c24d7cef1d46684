/**
 * Password sign-in (SPEC.md sections 4 and 5, DESIGN.md section 3): the account is found by its unique
 * username, refused when deleted, disabled, locked or expired, and its password checked with scrypt.
 * AUTH_RULES.maxFailures consecutive failures lock it (lockFlag 1, lockTime) for AUTH_RULES.lockMinutes;
 * a success clears the count and records lastIp, lastLoginTime and lastLoginSource.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH_RULES, LOCK_FLAG } from '@shared/schemas/admin.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { refused } from '@functions/lib/errors.ts';
import { verifySecret } from '@functions/lib/password.ts';
import { table, uniqueOwner } from '@functions/lib/store.ts';
import { forgetIdentities, signInRefusal } from '@functions/identity/access.ts';
import { users, type UserRecord } from '@functions/identity/entities.ts';
import { openSession, type Tokens } from './sessions.ts';

export interface LoginInput {
  username: string;
  password: string;
  kind: 'user' | 'fleet';
  ip: string;
}

async function recordFailure(user: UserRecord): Promise<number> {
  const { Attributes } = await dynamoDocument().send(
    new UpdateCommand({
      TableName: table(),
      Key: users.key(user.userId),
      UpdateExpression: 'ADD failCount :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const count = Number(Attributes?.failCount ?? 1);
  if (count >= AUTH_RULES.maxFailures) {
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: table(),
        Key: users.key(user.userId),
        UpdateExpression: 'SET lockFlag = :locked, lockTime = :now, failCount = :zero',
        ExpressionAttributeValues: {
          ':locked': LOCK_FLAG.locked,
          ':now': new Date().toISOString(),
          ':zero': 0,
        },
      }),
    );
    forgetIdentities();
  }
  return count;
}

export async function passwordLogin(
  input: LoginInput,
): Promise<{ user: UserRecord; tenant: string; tokens: Tokens }> {
  const userId = await uniqueOwner('username', input.username.trim());
  const user = userId ? await users.getAny(userId) : undefined;
  // The same answer for an unknown user and a wrong password: no hint which usernames exist.
  if (!user || user.kind !== input.kind) throw refused('server.badCredentials');
  const refusal = signInRefusal(user);
  if (refusal) throw refused(refusal, { minutes: AUTH_RULES.lockMinutes });
  if (!(await verifySecret(input.password, user.passwordHash))) {
    const count = await recordFailure(user);
    if (count >= AUTH_RULES.maxFailures)
      throw refused('server.accountLockedFailures', { minutes: AUTH_RULES.lockMinutes });
    throw refused('server.badCredentialsLeft', { left: AUTH_RULES.maxFailures - count });
  }
  await dynamoDocument().send(
    new UpdateCommand({
      TableName: table(),
      Key: users.key(user.userId),
      UpdateExpression:
        'SET failCount = :zero, lockFlag = :normal, lastIp = :ip, lastLoginTime = :now, lastLoginSource = :source REMOVE lockTime',
      ExpressionAttributeValues: {
        ':zero': 0,
        ':normal': LOCK_FLAG.normal,
        ':ip': input.ip,
        ':now': new Date().toISOString(),
        ':source': input.kind === 'fleet' ? 'fleet' : 'console',
      },
    }),
  );
  forgetIdentities();
  const tokens = await openSession({
    sub: user.userId,
    username: user.username,
    agentId: user.agentId,
    kind: user.kind,
  });
  return { user, tenant: user.tenant, tokens };
}
