/**
 * A roaming partner's failed exchanges (docs/decisions/437): every call to the partner that did not go
 * through, and every object of its answers the platform could not accept, with when, the call and the answer
 * (or the reason it was refused), for the roaming view. `ROAMFAIL#{partnerId}` / `{at}#{id}`, kept
 * `FAILURE_KEEP_SECONDS` (`expiresAt`, TTL). Access patterns:
 * - note a failure (a put; never conditional, each failure is its own item);
 * - a partner's newest failures, newest first, at most `limit` (one Query, descending), without those past
 *   their expiry (DynamoDB's TTL deletes late; the local stand-in not at all).
 * The list is bounded twice: by the keep time in storage, and by `limit` in what is read.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, model, queryAll, send, withoutKeys } from './table.ts';

/** How long a failed exchange is kept: two weeks. */
export const FAILURE_KEEP_SECONDS = 14 * 24 * 3600;

/** The most failures the roaming view reads of a partner. */
export const FAILURES_SHOWN = 50;

/** The longest call or answer kept (a partner's answer may be long). */
const TEXT_MAX = 1000;

export interface RoamingFailure {
  partnerId: string;
  /** When it failed (ISO). */
  at: string;
  id: string;
  /** The call: method and URL (empty for a failure before any call). */
  call: string;
  /** What came back, or why the platform could not accept it. */
  answer: string;
  expiresAt: number;
}

export const roamingFailures = defineEntity({
  model: model('ROAMFAIL'),
  attributes: {
    partnerId: { type: 'string', required: true },
    at: { type: 'string', required: true },
    id: { type: 'string', required: true },
    call: { type: 'string' },
    answer: { type: 'string' },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byPartner: {
      pk: { field: 'pk', composite: ['partnerId'], template: 'ROAMFAIL#${partnerId}', casing: 'none' },
      sk: { field: 'sk', composite: ['at', 'id'], template: '${at}#${id}', casing: 'none' },
    },
  },
});

const clip = (text: string) => (text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX)}…` : text);

/** Notes one failed exchange of a partner. */
export async function noteRoamingFailure(
  partnerId: string,
  failure: { call: string; answer: string },
  now = Date.now(),
): Promise<void> {
  await send.put(
    roamingFailures
      .put({
        partnerId,
        at: new Date(now).toISOString(),
        id: randomUUID(),
        call: clip(failure.call),
        answer: clip(failure.answer),
        expiresAt: Math.floor(now / 1000) + FAILURE_KEEP_SECONDS,
      })
      .params(),
  );
}

/** A partner's newest failed exchanges, newest first (at most `limit`), none past its expiry. */
export async function roamingFailuresOf(
  partnerId: string,
  limit = FAILURES_SHOWN,
  now = Date.now(),
): Promise<RoamingFailure[]> {
  const items = await queryAll(
    { ...roamingFailures.query.byPartner({ partnerId }).params({ order: 'desc' }), Limit: limit },
    { limit },
  );
  const nowSeconds = Math.floor(now / 1000);
  return items
    .map((item) => withoutKeys<RoamingFailure>(item))
    .filter((f) => Number(f.expiresAt) > nowSeconds)
    .slice(0, limit);
}
