/**
 * The one sign-in protection of every password sign-in: the console's login and its change-password call
 * (functions/auth/login.ts) and the driver app's sign-in (functions/driverapp/account.ts). The rules are
 * those of docs/decisions/001-login-attempts.md, shared as docs/decisions/434-one-sign-in-guard-and-strict-money.md
 * says:
 * - *Counted first.* Each attempt adds one to its counter atomically (functions/data/login-attempts.ts) before
 *   the password is checked, unless a lock after failed attempts is running (then the answer is "locked" and
 *   nothing is counted). An attempt numbered beyond the limit locks at once without a check; a wrong password
 *   numbered at the limit locks. So a burst locks at the limit, not later.
 * - *Unknown looks known.* An unknown account is counted on a counter of its own with the same rules, and a
 *   dummy hash with the real scrypt parameters is verified, so the answer's text, order and time (one hash
 *   verified on either path) do not tell who has an account.
 * - *A right password is let in only by a conditional write* the caller makes (`accept`), which requires no
 *   running lock and at most the limit of attempts counted at that instant; when it fails a burst got there
 *   first and the answer is "locked".
 */
import { AUTH_RULES } from '@shared/schemas/admin.ts';
import { countLoginAttempt, lockLoginAccount, type LoginAccount } from '@functions/data/login-attempts.ts';
import { refused, type AppError } from '@functions/lib/errors.ts';
import { secretChecks } from '@functions/lib/password.ts';

/**
 * A valid scrypt hash of no password anyone knows, with the real parameters: verifying against it costs what
 * verifying a real one costs.
 */
export const DUMMY_HASH = `scrypt$16384$8$1$${Buffer.alloc(16, 7).toString('base64')}$${Buffer.alloc(32).toString('base64')}`;

/** A lock after failed attempts set after this instant is still running. */
export const lockCutoff = (now: number) => new Date(now - AUTH_RULES.lockMinutes * 60_000).toISOString();

/** The answers of a sign-in: a wrong password (with the attempts left) and a lock after failed attempts. */
export interface GuardAnswers {
  wrong(left: number): AppError;
  locked(): AppError;
}

/** The console's answers (server messages). */
export const consoleAnswers: GuardAnswers = {
  wrong: (left) => refused('server.badCredentialsLeft', { left }),
  locked: () => refused('server.accountLockedFailures', { minutes: AUTH_RULES.lockMinutes }),
};

/** The driver app's answers (its own messages, the same rules). */
export const appAnswers: GuardAnswers = {
  wrong: (left) => refused('driverApp.server.badCredentialsLeft', { left }),
  locked: () => refused('driverApp.server.lockedFailures', { minutes: AUTH_RULES.lockMinutes }),
};

export interface GuardedAttempt<T> {
  /** Where the attempts are counted: the account's own item, or a counter item of a name. */
  counter: LoginAccount;
  /** The account found; undefined when none is (its attempts are counted all the same). */
  account: T | undefined;
  /** The account's stored hash; undefined for an unknown account (the dummy hash is verified instead). */
  hash: string | undefined;
  password: string;
  answers: GuardAnswers;
  /** The instant of the attempt (ms). */
  now: number;
  /** Called once a lock is set (a cache of identities to forget). */
  onLock?: () => void;
}

/**
 * Checks a password under the rules above. For a right password of a known account `accept` runs (with the
 * account and the attempt's number):
 * it may refuse with the account's own state (told only to the right password) and makes the conditional
 * success write; false means its conditions no longer held (a burst locked meanwhile): the answer is
 * "locked". Resolves to the account when the sign-in is let in; throws the refusal otherwise.
 */
export async function guardPassword<T>(
  attempt: GuardedAttempt<T>,
  accept: (account: T, attempt: number) => Promise<boolean>,
): Promise<T> {
  const { counter, answers, now } = attempt;
  const max = AUTH_RULES.maxFailures;
  const lock = async () => {
    await lockLoginAccount(counter, new Date().toISOString(), max);
    attempt.onLock?.();
    return answers.locked();
  };

  const counted = await countLoginAttempt(counter, lockCutoff(now), now);
  if (counted === undefined) throw answers.locked();
  // More attempts at once than the limit allows: locked without checking this one.
  if (counted > max) throw await lock();

  const right = await secretChecks.verifySecret(attempt.password, attempt.hash ?? DUMMY_HASH);
  if (attempt.account === undefined || attempt.hash === undefined || !right) {
    if (counted >= max) throw await lock();
    throw answers.wrong(max - counted);
  }
  if (!(await accept(attempt.account, counted))) throw answers.locked();
  return attempt.account;
}
