/**
 * Login attempts and lockout (functions/auth/login.ts, decision 001), counted on the account they are for:
 * - a known account: its user item `USER#{userId}` / `USER` (the identity repository's item; only the sign-in
 *   fields are written here: `failCount`, `lockFlag`, `lockTime`, and on a success what the caller sets);
 * - a username nobody holds (or an account of the other kind): a stand-in `LOGINFAIL#{kind}#{name}` /
 *   `LOGINFAIL` (the name lower-cased), kept 30 days (`expiresAt`, TTL);
 * - a driver-app account (known or not): the stand-in of kind `app` named `{tenant}|{email}`, as its accounts
 *   are per company by e-mail (functions/auth/sign-in-guard.ts, docs/decisions/434-one-sign-in-guard-and-strict-money.md).
 * Access patterns:
 * - count an attempt: an atomic conditional `ADD failCount 1`, refused while a lock after failed attempts
 *   runs (`NOT (lockFlag = locked AND lockTime > cutoff)`), the new count returned; a known account must
 *   exist, a stand-in is created by its first attempt;
 * - lock: `lockFlag` locked, `lockTime` now, the count back to 0, only while the count is still at the limit;
 * - a right password: the count back to 0, `lockFlag` normal, `lockTime` removed and the caller's fields set,
 *   only while no lock runs, at most the limit of attempts are counted and the password hash is still the one
 *   verified (optionally bumping the record's version and update time);
 * - a right password counted on a stand-in: its count back to 0 and no lock, under the same conditions.
 */
import { LOCK_FLAG } from '@shared/schemas/admin.ts';
import { applied, isConditionFailure } from '@functions/lib/conditional.ts';
import { defineEntity, model, send } from './table.ts';

const counted = {
  failCount: { type: 'number' },
  lockFlag: { type: 'number' },
  lockTime: { type: 'string' },
} as const;

export const loginFailures = defineEntity(
  {
    model: model('LOGINFAIL'),
    attributes: {
      kind: { type: 'string', required: true },
      name: { type: 'string', required: true },
      ...counted,
      expiresAt: { type: 'number' },
    },
    indexes: {
      byName: {
        pk: {
          field: 'pk',
          composite: ['kind', 'name'],
          template: 'LOGINFAIL#${kind}#${name}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'LOGINFAIL', casing: 'none' },
      },
    },
  },
  // The kind and name are the key only (the stand-ins before hold neither).
  { keyOnly: ['kind', 'name'] },
);

/** The sign-in fields of the user item (the identity repository writes the rest of it). */
export const accountLogins = defineEntity({
  model: model('USER'),
  attributes: {
    userId: { type: 'string', required: true },
    ...counted,
    passwordHash: { type: 'string' },
    lastIp: { type: 'string' },
    lastLoginTime: { type: 'string' },
    lastLoginSource: { type: 'string' },
    version: { type: 'number' },
    updateTime: { type: 'string' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'USER', casing: 'none' },
    },
  },
});

/** The account an attempt is counted on: a known user, or the stand-in of a name nobody holds. */
export type LoginAccount = { userId: string } | { kind: string; name: string };

/** The stand-in name of a user id nobody holds (kept apart from every username). */
export const unknownUserIdName = (userId: string) => `ID#${userId}`;

const standIn = (account: { kind: string; name: string }) => ({
  kind: account.kind,
  name: account.name.toLowerCase(),
});

/** The stand-in's time to live. */
const UNKNOWN_KEEP_SECONDS = 30 * 24 * 3600;

interface Where {
  eq(attribute: unknown, value: unknown): string;
  gt(attribute: unknown, value: unknown): string;
}
type CountedAttributes = Record<keyof typeof counted, unknown>;

/** No lock after failed attempts running: none set, or set at or before `cutoff`. */
const notLockedSince = (a: CountedAttributes, op: Where, cutoff: string) =>
  `NOT (${op.eq(a.lockFlag, LOCK_FLAG.locked)} AND ${op.gt(a.lockTime, cutoff)})`;

/**
 * Counts one attempt; the count with it, or undefined when a lock (set after `cutoff`) is running (nothing
 * is counted then) or the known account is gone.
 */
export async function countLoginAttempt(
  account: LoginAccount,
  cutoff: string,
  now: number,
): Promise<number | undefined> {
  const params =
    'userId' in account
      ? accountLogins
          .patch({ userId: account.userId })
          .add({ failCount: 1 })
          .where((a, op) => notLockedSince(a, op, cutoff))
          .params({ response: 'updated_new' })
      : loginFailures
          .update(standIn(account))
          .add({ failCount: 1 })
          .set({ expiresAt: Math.floor(now / 1000) + UNKNOWN_KEEP_SECONDS })
          .where((a, op) => notLockedSince(a, op, cutoff))
          .params({ response: 'updated_new' });
  try {
    const { Attributes } = await send.update(params);
    return Number(Attributes?.failCount ?? 1);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Locks the account at `now` while its count is still at least `max` (otherwise leaves it as it is). */
export async function lockLoginAccount(account: LoginAccount, now: string, max: number): Promise<void> {
  const lock = { lockFlag: LOCK_FLAG.locked, lockTime: now, failCount: 0 };
  const params =
    'userId' in account
      ? accountLogins
          .update({ userId: account.userId })
          .set(lock)
          .where((a, op) => op.gte(a.failCount, max))
          .params()
      : loginFailures
          .update(standIn(account))
          .set(lock)
          .where((a, op) => op.gte(a.failCount, max))
          .params();
  try {
    await send.update(params);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export interface LoginSuccess {
  /** The password hash the attempt was verified against. */
  verifiedHash: string;
  /** A lock set after this instant is running. */
  cutoff: string;
  /** The most attempts (this one included) a success may follow. */
  max: number;
  /** Fields set in the same write (lastIp, lastLoginTime, a new passwordHash...). */
  set: Record<string, unknown>;
  /** Adds one to `version` and sets `updateTime` to this instant. */
  bumpVersionAt?: string;
}

/** Records a right password (see the header); false when its conditions no longer hold. */
export async function recordLoginSuccess(userId: string, success: LoginSuccess): Promise<boolean> {
  // ElectroDB leaves out attributes its entity does not declare: a field set here must be declared above.
  const undeclared = Object.keys(success.set).filter((name) => !(name in accountLogins.schema.attributes));
  if (undeclared.length) throw new Error(`Not a sign-in field of the user item: ${undeclared.join(', ')}`);
  // The caller's fields are the user's sign-in fields (declared above); the type cannot say which.
  const fields = { ...success.set, failCount: 0, lockFlag: LOCK_FLAG.normal } as unknown as {
    failCount: number;
    lockFlag: number;
  };
  let update = accountLogins
    .update({ userId })
    .set(success.bumpVersionAt ? { ...fields, updateTime: success.bumpVersionAt } : fields)
    .remove(['lockTime']);
  if (success.bumpVersionAt) update = update.add({ version: 1 });
  return applied(
    send.update(
      update
        .where(
          (a, op) =>
            `${op.lte(a.failCount, success.max)} AND ${op.eq(a.passwordHash, success.verifiedHash)} AND ${notLockedSince(a, op, success.cutoff)}`,
        )
        .params(),
    ),
  );
}

/**
 * A right password counted on a stand-in (the driver app's counter of a company's e-mail, whose account item
 * is not the counter): the count back to 0 and no lock, only while no lock runs and at most `max` attempts
 * are counted (false otherwise: a burst got there first).
 */
export async function clearLoginAttempts(
  account: { kind: string; name: string },
  cutoff: string,
  max: number,
): Promise<boolean> {
  return applied(
    send.update(
      loginFailures
        .update(standIn(account))
        .set({ failCount: 0, lockFlag: LOCK_FLAG.normal })
        .remove(['lockTime'])
        .where((a, op) => `${op.lte(a.failCount, max)} AND ${notLockedSince(a, op, cutoff)}`)
        .params(),
    ),
  );
}
