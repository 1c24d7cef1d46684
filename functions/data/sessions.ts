/**
 * Charging sessions (functions/sessions/transactions.ts): `TX#{chargePointId}#{transactionId}` / `TX`. Access
 * patterns:
 * - a session by its charger and transaction id;
 * - a company's sessions by start time (gsi1 `TX`, `{tenant}{startTime}#{chargePointId}#{transactionId}`);
 * - a charger's active sessions by connector (gsi2 `TXACTIVE#{chargePointId}`, the connector padded to four
 *   digits; the entry goes when the session ends);
 * - sessions due for the platform's attention by time (gsi3): an open, refused or booted session by when it
 *   times out (`TXOPEN`, `TXREFUSED`, `TXBOOT`), an ended one waiting for hand-off to the order pipeline
 *   (`TXHANDOFF`), each `{at}#{chargePointId}#{transactionId}`; none once handed off.
 * Transitions (each a conditional update: a replay or a concurrent second attempt changes nothing):
 * - the first token reported for a session started without one (refused: due by its refusal);
 * - running figures moved forward by newer samples (an open session is due later);
 * - a reboot of its charger (due by the boot);
 * - completion (off the active index, on the hand-off queue) and the hand-off done (off every queue);
 * - the newest session that reused its station's transaction id, noted on the first one (`reusedBy`, from
 *   `reusedAt`; a later start only: docs/decisions/441-remote-start-token-and-reused-transaction-ids.md).
 */
import { applied } from '@functions/lib/conditional.ts';
import { defineEntity, getRecord, model, PARAMS, putRecord, queryAll, send, withoutKeys } from './table.ts';

export const DUE_QUEUES = {
  open: 'TXOPEN',
  refused: 'TXREFUSED',
  boot: 'TXBOOT',
  handoff: 'TXHANDOFF',
} as const;
export type DueQueue = (typeof DUE_QUEUES)[keyof typeof DUE_QUEUES];

export const sessions = defineEntity(
  {
    model: model('TX'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      transactionId: { type: 'string', required: true },
      tenant: { type: 'string', required: true },
      startTime: { type: 'string', required: true },
      connectorNo: { type: 'number', required: true },
      // The record's fields that conditions read and transitions set (ElectroDB writes declared attributes only).
      status: { type: 'string' },
      authStatus: { type: 'string' },
      idTag: { type: 'string' },
      bootAt: { type: 'string' },
      lastSampleAt: { type: 'string' },
      lastMeterWh: { type: 'number' },
      lastPowerW: { type: 'number' },
      soc: { type: 'number' },
      startSoc: { type: 'number' },
      endTime: { type: 'string' },
      meterStopWh: { type: 'number' },
      energyWh: { type: 'number' },
      durationSeconds: { type: 'number' },
      endSoc: { type: 'number' },
      stopReason: { type: 'string' },
      stopIdTag: { type: 'string' },
      closedBy: { type: 'string' },
      handedOffAt: { type: 'string' },
      reusedBy: { type: 'string' },
      reusedAt: { type: 'string' },
      /** Key-only: the connector as the active index sorts it. */
      connectorKey: {
        type: 'string',
        watch: ['connectorNo'],
        set: (_, item) => String(item.connectorNo).padStart(4, '0'),
      },
      /** Key-only: whether the session is still on its charger's active index. */
      active: { type: 'boolean' },
      /** Key-only: the gsi3 queue the session waits in, and since when it is due (empty: none). */
      dueQueue: { type: 'string' },
      dueAt: { type: 'string' },
    },
    indexes: {
      byCharger: {
        pk: {
          field: 'pk',
          composite: ['chargePointId', 'transactionId'],
          template: 'TX#${chargePointId}#${transactionId}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'TX', casing: 'none' },
      },
      byCompany: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: [], template: 'TX', casing: 'none' },
        sk: {
          field: 'gsi1sk',
          composite: ['tenant', 'startTime', 'chargePointId', 'transactionId'],
          template: '${tenant}${startTime}#${chargePointId}#${transactionId}',
          casing: 'none',
        },
      },
      activeByConnector: {
        index: 'gsi2',
        condition: (attributes) => attributes.active === true,
        pk: {
          field: 'gsi2pk',
          composite: ['chargePointId'],
          template: 'TXACTIVE#${chargePointId}',
          casing: 'none',
        },
        sk: { field: 'gsi2sk', composite: ['connectorKey'], template: '${connectorKey}', casing: 'none' },
      },
      due: {
        index: 'gsi3',
        condition: (attributes) => !!attributes.dueQueue,
        pk: { field: 'gsi3pk', composite: ['dueQueue'], template: '${dueQueue}', casing: 'none' },
        sk: {
          field: 'gsi3sk',
          composite: ['dueAt', 'chargePointId', 'transactionId'],
          template: '${dueAt}#${chargePointId}#${transactionId}',
          casing: 'none',
        },
      },
    },
  },
  { keyOnly: ['connectorKey', 'active', 'dueQueue', 'dueAt'] },
);

export interface SessionFacts {
  chargePointId: string;
  transactionId: string;
  tenant: string;
  startTime: string;
  connectorNo: number;
}

/** Where a session stands on the indexes: active on its connector or not, and its due entry, if any. */
export interface SessionPlace {
  active: boolean;
  due?: { queue: DueQueue; at: string };
}

const composites = (s: SessionFacts, place: SessionPlace) => ({
  chargePointId: s.chargePointId,
  transactionId: s.transactionId,
  tenant: s.tenant,
  startTime: s.startTime,
  connectorNo: s.connectorNo,
  active: place.active,
  dueQueue: place.due?.queue ?? '',
  dueAt: place.due?.at ?? '',
});

/** The put of a new session record (refused when it exists), on the indexes its place says. */
export const sessionCreate = <T extends SessionFacts>(session: T, place: SessionPlace) =>
  putRecord(sessions.create(composites(session, place)).params(), session);

/** The put of a whole session record over what is stored. */
export const sessionPut = <T extends SessionFacts>(session: T, place: SessionPlace) =>
  putRecord(sessions.put(composites(session, place)).params(), session);

/** Records a new session on the indexes its place says; false when it exists. */
export const createSession = <T extends SessionFacts>(session: T, place: SessionPlace) =>
  applied(send.put(sessionCreate(session, place)));

export const getSession = <T>(chargePointId: string, transactionId: string) =>
  getRecord<T>(sessions.get({ chargePointId, transactionId }).params());

/** A company's (and its sub-companies') sessions, oldest first. */
export const companySessions = (tenant: string) =>
  queryAll(sessions.query.byCompany({}).begins({ tenant }).params());

/** A charger's active sessions (on one connector, when given). */
export const activeSessions = (chargePointId: string, connectorNo?: number) =>
  queryAll(
    connectorNo === undefined
      ? sessions.query.activeByConnector({ chargePointId }).params()
      : sessions.query
          .activeByConnector({ chargePointId, connectorKey: String(connectorNo).padStart(4, '0') })
          .params(),
  );

/** The active session of a connector, if any (the newest, should an older one not be closed yet). */
export async function activeSessionOn<T extends { startTime: string }>(
  chargePointId: string,
  connectorNo: number,
): Promise<T | undefined> {
  const items = (await activeSessions(chargePointId, connectorNo)) as unknown as T[];
  return items.sort((a, b) => b.startTime.localeCompare(a.startTime))[0];
}

/**
 * The sessions of a queue due before `cutoff` (an ISO instant; `~` sorts after the `#` that follows the time,
 * so a session due at that very instant is due), oldest first.
 */
export const dueSessions = (queue: DueQueue, cutoff: string) =>
  queryAll(
    sessions.query
      .due({ dueQueue: queue })
      .lt({ dueAt: `${cutoff}~` })
      .params(),
  );

type SessionRef = { chargePointId: string; transactionId: string };
const ref = (s: SessionRef) => ({ chargePointId: s.chargePointId, transactionId: s.transactionId });

/** A session's key (pk, sk). */
export const sessionKey = (chargePointId: string, transactionId: string) =>
  sessions.get({ chargePointId, transactionId }).params().Key as { pk: string; sk: string };

/** A session with the due entry it holds right now (its queue and position), if any. */
export async function getSessionWithDue<T>(
  chargePointId: string,
  transactionId: string,
): Promise<{ session: T; due?: { queue: string; position: string } } | undefined> {
  const { Item } = await send.get(sessions.get({ chargePointId, transactionId }).params());
  if (!Item) return undefined;
  const due =
    typeof Item.gsi3pk === 'string' ? { queue: Item.gsi3pk, position: String(Item.gsi3sk) } : undefined;
  return { session: withoutKeys<T>(Item), due };
}

/** Whether any connector of the charger has a session that has not ended (one index read). */
export async function hasActiveSession(chargePointId: string): Promise<boolean> {
  const { Count = 0 } = await send.query({
    ...sessions.query.activeByConnector({ chargePointId }).params({ ...PARAMS, limit: 1 }),
    Select: 'COUNT',
  });
  return Count > 0;
}

/** At most `limit` sessions of a queue due before `before` (exclusive), oldest first (one page). */
export async function dueSessionsPage(queue: DueQueue, before: string, limit: number) {
  const { Items = [] } = await send.query(
    sessions.query
      .due({ dueQueue: queue })
      .lt({ dueAt: before })
      .params({ ...PARAMS, limit }),
  );
  return Items;
}

/**
 * An active session not yet decided takes its token's answer (and the token, unless it has one); refused,
 * it is due from `refusedAt` on the refused queue. Refused (false) unless active and undecided.
 */
export const sessionAuthorize = (
  s: SessionRef,
  input: { authStatus: string; idTag?: string },
  refusedAt?: string,
) => {
  const update = sessions
    .patch(ref(s))
    .ifNotExists(input.idTag ? { idTag: input.idTag } : {})
    .set({
      authStatus: input.authStatus,
      ...(refusedAt === undefined ? {} : { dueQueue: DUE_QUEUES.refused, dueAt: refusedAt }),
    });
  return applied(
    send.update(
      update.where((a, op) => `${op.eq(a.status, 'active')} AND ${op.notExists(a.authStatus)}`).params(),
    ),
  );
};

export interface SessionFigures {
  lastSampleAt: string;
  lastMeterWh?: number;
  lastPowerW?: number;
  soc?: number;
  /** Kept only when the session has none yet. */
  startSoc?: number;
}

/**
 * Moves an active session's running figures forward to a sample taken at `lastSampleAt`, unless a later
 * sample was recorded already. With `openDueAt`, the session (open, or on no queue) is due on the open queue
 * from then; a session on another queue (a boot's) is then left as it is. Refused (false) otherwise.
 */
export function sessionFigures(s: SessionRef, figures: SessionFigures, openDueAt?: string) {
  const { startSoc, ...set } = figures;
  const defined = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
  const params = sessions
    .patch(ref(s))
    .ifNotExists(startSoc === undefined ? {} : { startSoc })
    .set({
      ...defined,
      ...(openDueAt === undefined ? {} : { dueQueue: DUE_QUEUES.open, dueAt: openDueAt }),
    })
    .where((a, op) => {
      const newer = `${op.eq(a.status, 'active')} AND (${op.notExists(a.lastSampleAt)} OR ${op.lte(a.lastSampleAt, figures.lastSampleAt)})`;
      if (openDueAt === undefined) return newer;
      // The queue is a key-only composite: the condition reads its index field.
      return `${newer} AND (attribute_not_exists(gsi3pk) OR gsi3pk = ${op.value(a.dueQueue, DUE_QUEUES.open)})`;
    })
    .params();
  return applied(send.update(params));
}

/** A reboot at `at` ends an active session not already ended by one: due on the boot queue from `at`. */
export const sessionBooted = (s: SessionRef, at: string) =>
  applied(
    send.update(
      sessions
        .patch(ref(s))
        .set({ bootAt: at, dueQueue: DUE_QUEUES.boot, dueAt: at })
        .where((a, op) => `${op.eq(a.status, 'active')} AND ${op.notExists(a.bootAt)}`)
        .params(),
    ),
  );

export interface SessionEnd {
  endTime: string;
  meterStopWh: number;
  energyWh: number;
  durationSeconds: number;
  endSoc?: number;
  stopReason?: string;
  stopIdTag?: string;
  closedBy?: string;
}

/**
 * Completes an active session once: its end figures, off its charger's active index, on the hand-off queue
 * from its end. Refused (false) when it is no longer active.
 */
export const sessionComplete = (s: SessionRef & { connectorNo: number }, end: SessionEnd) =>
  applied(
    send.update(
      sessions
        .patch(ref(s))
        .set({
          status: 'completed',
          ...Object.fromEntries(Object.entries(end).filter(([, v]) => v !== undefined)),
          connectorNo: s.connectorNo,
          active: false,
          dueQueue: DUE_QUEUES.handoff,
          dueAt: end.endTime,
        })
        .where((a, op) => op.eq(a.status, 'active'))
        .params(),
    ),
  );

/** The order pipeline has the session: off every queue, and when (the first time) noted. */
export const sessionHandedOff = (s: SessionRef, at: string) =>
  send.update(
    sessions.update(ref(s)).ifNotExists({ handedOffAt: at }).set({ dueQueue: '', dueAt: '' }).params(),
  );

/**
 * The first session of a station's transaction id notes the newest session that reused the id (its own id,
 * and its start as UTC ISO): applied only when no later reuse is noted already. Refused (false) otherwise,
 * or when the first session does not exist.
 */
export const sessionReusedBy = (first: SessionRef, reuse: { transactionId: string; startTime: string }) =>
  applied(
    send.update(
      sessions
        .patch(ref(first))
        .set({ reusedBy: reuse.transactionId, reusedAt: reuse.startTime })
        .where((a, op) => `(${op.notExists(a.reusedAt)} OR ${op.lte(a.reusedAt, reuse.startTime)})`)
        .params(),
    ),
  );
