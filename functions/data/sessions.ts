/**
 * Charging sessions (functions/ocpp/transactions.ts): `TX#{chargePointId}#{transactionId}` / `TX`. Access
 * patterns:
 * - a session by its charger and transaction id;
 * - a company's sessions by start time (gsi1 `TX`, `{tenant}{startTime}#{chargePointId}#{transactionId}`);
 * - a charger's active sessions by connector (gsi2 `TXACTIVE#{chargePointId}`, the connector padded to four
 *   digits; the entry goes when the session ends);
 * - sessions due for the platform's attention by time (gsi3): an open, refused or booted session by when it
 *   times out (`TXOPEN`, `TXREFUSED`, `TXBOOT`), an ended one waiting for hand-off to the order pipeline
 *   (`TXHANDOFF`), each `{at}#{chargePointId}#{transactionId}`; none once handed off.
 */
import { defineEntity, getRecord, model, putRecord, queryAll } from './table.ts';

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
