/**
 * Sign-in sessions (functions/auth/sessions.ts): `SESSION#{sid}` / `SESSION`, holding the hash of the
 * session's refresh token until it expires (`expiresAt`, epoch seconds). Access patterns:
 * - a session by its id (the authorizer's check, a refresh);
 * - a user's sessions (gsi2 `SESSIONS#{userId}`, by id), all ended at a password change, lock or deletion.
 * A refresh rotates the hash only if it is still the one the caller presented (a replayed token loses).
 */
import type { PutCommandInput, UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { applied } from '@functions/lib/conditional.ts';
import { defineEntity, getRecord, model, queryAll, request, send } from './table.ts';

export const loginSessions = defineEntity(
  {
    model: model('SESSION'),
    attributes: {
      sid: { type: 'string', required: true },
      userId: { type: 'string', required: true },
      kind: { type: 'string' },
      refreshHash: { type: 'string', required: true },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      bySid: {
        pk: { field: 'pk', composite: ['sid'], template: 'SESSION#${sid}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'SESSION', casing: 'none' },
      },
      byUser: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['userId'], template: 'SESSIONS#${userId}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['sid'], template: '${sid}', casing: 'none' },
      },
    },
  },
  // The session's id is its key only (the items before hold no `sid`).
  { keyOnly: ['sid'] },
);

export interface LoginSession {
  userId: string;
  kind?: string;
  refreshHash: string;
  expiresAt: number;
}

/** The put of a new session (its id is fresh: no condition, as before). */
export const loginSessionPut = (sid: string, session: LoginSession) =>
  request(loginSessions.put({ sid, ...session }).params()) as PutCommandInput;

/** A session by its id (`consistent`: a strongly consistent read, as a refresh does). */
export const getLoginSession = (sid: string, consistent = false) =>
  getRecord<LoginSession>(loginSessions.get({ sid }).params(consistent ? { consistent: true } : {}));

/** Swaps the refresh hash if it is still `current`, with a new expiry. */
export const rotateRefresh = (sid: string, current: string, next: string, expiresAt: number) =>
  request(
    loginSessions
      .patch({ sid })
      .set({ refreshHash: next, expiresAt })
      .where((a, op) => op.eq(a.refreshHash, current))
      .params(),
  ) as UpdateCommandInput;

export const loginSessionDelete = (sid: string) => request(loginSessions.delete({ sid }).params());

/** A user's sessions (their ids in `sid`, read from the keys). */
export const userSessions = async (userId: string) =>
  (await queryAll(loginSessions.query.byUser({ userId }).params())).map((item) => ({
    ...item,
    sid: String(item.gsi2sk),
  }));

/** Stores a new session. */
export async function openLoginSession(sid: string, session: LoginSession): Promise<void> {
  await send.put(loginSessionPut(sid, session));
}

/** Rotates the refresh hash (see `rotateRefresh`); false when it was no longer `current`. */
export const rotateLoginRefresh = (sid: string, current: string, next: string, expiresAt: number) =>
  applied(send.update(rotateRefresh(sid, current, next, expiresAt)));

export async function closeLoginSession(sid: string): Promise<void> {
  await send.delete(loginSessionDelete(sid));
}
