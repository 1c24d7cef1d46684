/**
 * Charge targets (functions/orders/charge-target.ts, decision 170): a session charged up to a value is
 * stopped once, when it reaches it. Items:
 * - the stop mark on the session `TX#{chargePointId}#{transactionId}` / `TX` (the session's item;
 *   functions/data/sessions.ts owns its other fields): `targetStopAt`, taken once while the session is
 *   active, given back when the stop could not be sent, and `targetStopCommandId`;
 * - the due entry of a session with a time target `TXTARGET` / `{dueAt}#{chargePointId}#{transactionId}`,
 *   kept until its session was stopped or ended.
 * Access patterns: take, name and give back the stop mark; put a due entry; the entries due before an
 * instant, oldest first; delete an entry.
 */
import { applied } from '@functions/lib/conditional.ts';
import { defineEntity, model, queryAll, send } from './table.ts';

export const targetStops = defineEntity(
  {
    model: model('TXTARGETSTOP'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      transactionId: { type: 'string', required: true },
      status: { type: 'string' },
      targetStopAt: { type: 'string' },
      targetStopCommandId: { type: 'string' },
    },
    indexes: {
      bySession: {
        pk: {
          field: 'pk',
          composite: ['chargePointId', 'transactionId'],
          template: 'TX#${chargePointId}#${transactionId}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'TX', casing: 'none' },
      },
    },
  },
  // Key-only here: the session's item holds them; these writes set the stop fields only.
  { keyOnly: ['chargePointId', 'transactionId'] },
);

export const targetDue = defineEntity(
  {
    model: model('TXTARGET'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      transactionId: { type: 'string', required: true },
      /** Key-only: when the session's time target is reached. */
      dueAt: { type: 'string', required: true },
    },
    indexes: {
      byDue: {
        pk: { field: 'pk', composite: [], template: 'TXTARGET', casing: 'none' },
        sk: {
          field: 'sk',
          composite: ['dueAt', 'chargePointId', 'transactionId'],
          template: '${dueAt}#${chargePointId}#${transactionId}',
          casing: 'none',
        },
      },
    },
  },
  { keyOnly: ['dueAt'] },
);

type SessionRef = { chargePointId: string; transactionId: string };

/** Takes the stop mark of an active session that has none: false when it is taken or the session ended. */
export const takeTargetStop = (s: SessionRef, at: string) =>
  applied(
    send.update(
      targetStops
        .update({ chargePointId: s.chargePointId, transactionId: s.transactionId })
        .set({ targetStopAt: at })
        .where((a, op) => `${op.eq(a.status, 'active')} AND ${op.notExists(a.targetStopAt)}`)
        .params(),
    ),
  );

/** Names the stop command sent. */
export const nameTargetStop = (s: SessionRef, commandId: string) =>
  send.update(
    targetStops
      .update({ chargePointId: s.chargePointId, transactionId: s.transactionId })
      .set({ targetStopCommandId: commandId })
      .params(),
  );

/** Gives the stop mark back (only the one taken at `at`): false when it is not that one any more. */
export const giveBackTargetStop = (s: SessionRef, at: string) =>
  applied(
    send.update(
      targetStops
        .update({ chargePointId: s.chargePointId, transactionId: s.transactionId })
        .remove(['targetStopAt'])
        .where((a, op) => op.eq(a.targetStopAt, at))
        .params(),
    ),
  );

/** Puts the due entry of a session with a time target. */
export const targetDuePut = (s: SessionRef, dueAt: string) =>
  send.put(targetDue.put({ chargePointId: s.chargePointId, transactionId: s.transactionId, dueAt }).params());

/**
 * The due entries before `now` (an ISO instant; `~` sorts after the `#` that follows the time, so one due at
 * this very instant is due), oldest first, as stored.
 */
export const targetsDue = (now: string) =>
  queryAll(
    targetDue.query
      .byDue({})
      .lt({ dueAt: `${now}~` })
      .params(),
  );

/** Deletes a due entry (as read from `targetsDue`: its time is the sort key's first part). */
export const targetDueDelete = (entry: Record<string, unknown>) =>
  send.delete(
    targetDue
      .delete({
        chargePointId: String(entry.chargePointId),
        transactionId: String(entry.transactionId),
        dueAt: String(entry.sk).split('#')[0]!,
      })
      .params(),
  );
