/**
 * Password sign-in (docs/product.md sections 4 and 5, docs/architecture.md section 3): the account is found
 * by its unique username, its password checked with scrypt, and only then refused when deleted, disabled or
 * expired. AUTH_RULES.maxFailures failed attempts lock it (lockFlag 1, lockTime) for AUTH_RULES.lockMinutes;
 * a success clears the count and records lastIp, lastLoginTime and lastLoginSource.
 *
 * Two rules hold whatever arrives at the same moment (docs/decisions/001-login-attempts.md), kept by the one
 * sign-in guard the driver app's sign-in shares (./sign-in-guard.ts, docs/decisions/434-one-sign-in-guard-and-strict-money.md):
 * - *Attempts are counted before the password is checked.* Each attempt adds one to `failCount` atomically,
 *   unless a lock is running; an attempt whose number is beyond the limit locks at once without a check, and a
 *   right password is let in only if, at that instant, the account is not locked and no more than the limit of
 *   attempts are counted. So a burst of guesses locks the account after five, and a right password inside the
 *   burst is refused.
 * - *An unknown username looks like a known one.* Its attempts are counted on a stand-in item of its own,
 *   with the same rules and answers, and a dummy hash is verified, so neither the text nor the time of the
 *   answer tells which usernames exist. Deleted, disabled or expired accounts say so only after the right
 *   password.
 */
import { AUTH_RULES } from '@shared/schemas/admin.ts';
import { recordLoginSuccess, unknownUserIdName, type LoginAccount } from '@functions/data/login-attempts.ts';
import { refused } from '@functions/lib/errors.ts';
import { type Stored } from '@functions/lib/records.ts';
import { uniqueOwner } from '@functions/data/repository.ts';
import { forgetIdentities, proEntitled, signInRefusal } from '@functions/identity/access.ts';
import { operators } from '@functions/data/operators.ts';
import { users, type UserRecord } from '@functions/data/users.ts';
import { openSession, type Tokens } from './sessions.ts';
import { consoleAnswers, guardPassword, lockCutoff } from './sign-in-guard.ts';

export interface LoginInput {
  username: string;
  password: string;
  kind: 'user' | 'fleet';
  ip: string;
}

/** What the conditional write of a right password sets besides clearing the count. */
export interface SuccessWrite {
  /** Attributes to set (a sign-in's lastIp and time, a password change's new hash). */
  set: Record<string, unknown>;
  /** Bump the record's version, so a concurrent edit made from an older read is refused, not merged. */
  bumpVersion?: boolean;
}

/**
 * Clears the count of a right password, only while no lock runs, the attempts counted (this one included)
 * are within the limit and the password is still the one verified; false when a burst (or a concurrent
 * password change) got there first. Sets `write.set` in the same write.
 */
function recordSuccess(user: UserRecord, write: SuccessWrite, now: number): Promise<boolean> {
  return recordLoginSuccess(user.userId, {
    verifiedHash: user.passwordHash,
    cutoff: lockCutoff(now),
    max: AUTH_RULES.maxFailures,
    set: write.set,
    ...(write.bumpVersion ? { bumpVersionAt: new Date(now).toISOString() } : {}),
  });
}

/** Which account an attempt is for: its username, or (the change-password call) its id. */
export interface PasswordAttempt {
  username?: string;
  userId?: string;
  password: string;
  kind: 'user' | 'fleet';
}

/**
 * The one password check of sign-in and of the change-password call, under the attempt rules above: the
 * attempt is counted first, an unknown account answers like a known one, the account's own state is told
 * only to the right password, and the right password is accepted by a conditional write that clears the
 * count and sets `write.set`. Returns the account; throws the refusal otherwise.
 */
export async function verifyPasswordAttempt(
  input: PasswordAttempt,
  write: SuccessWrite,
): Promise<UserRecord & Stored> {
  const now = Date.now();
  const username = input.username?.trim() ?? '';
  const userId = input.userId ?? (username ? await uniqueOwner('username', username) : undefined);
  const found = userId ? await users.getAny(userId) : undefined;
  // A fleet account on the staff tab (or the reverse) is as unknown as a name nobody holds.
  const user = found && found.kind === input.kind ? found : undefined;
  const account: LoginAccount = user
    ? { userId: user.userId }
    : { kind: input.kind, name: input.userId !== undefined ? unknownUserIdName(input.userId) : username };

  const known = await guardPassword(
    {
      counter: account,
      account: user,
      hash: user?.passwordHash,
      password: input.password,
      answers: consoleAnswers,
      now,
      onLock: forgetIdentities,
    },
    async (right, attempt) => {
      // The right password: now (and only now) the account's own state may be told.
      const refusal = signInRefusal(right, now);
      if (refusal) throw refused(refusal, { minutes: AUTH_RULES.lockMinutes });
      if (await recordSuccess(right, write, now)) return true;
      // A password changed between the check and the write is a wrong password now; otherwise a burst locked.
      const latest = await users.getAny(right.userId);
      if (latest && latest.passwordHash !== right.passwordHash)
        throw consoleAnswers.wrong(AUTH_RULES.maxFailures - attempt);
      return false;
    },
  );
  forgetIdentities();
  return known;
}

export async function passwordLogin(
  input: LoginInput,
): Promise<{ user: UserRecord; tenant: string; tokens: Tokens }> {
  const user = await verifyPasswordAttempt(input, {
    set: {
      lastIp: input.ip,
      lastLoginTime: new Date().toISOString(),
      lastLoginSource: input.kind === 'fleet' ? 'fleet' : 'console',
    },
  });
  // Fleets are Pro (docs/product.md section 2): the fleet login of a company whose package is not Pro opens
  // nothing.
  if (input.kind === 'fleet' && user.agentId) {
    const operator = await operators.getAny(user.agentId);
    if (operator && !proEntitled(operator)) throw refused('server.proOnly');
  }
  const tokens = await openSession({
    sub: user.userId,
    username: user.username,
    agentId: user.agentId,
    kind: user.kind,
  });
  return { user, tenant: user.tenant, tokens };
}
