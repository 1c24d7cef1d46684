/**
 * The notes a remote start leaves for the session it starts (functions/commands/remote-start-marks.ts,
 * decisions 140 and 170):
 * - 1.6: a mark on the charger's connector `REMOTESTART#{chargePointId}#{connectorNo}` / `REMOTESTART`
 *   (idTag, time, command, charge choice), taken once: deleted on the command it names;
 * - 2.0.1: the charge choice and the idToken sent (its value and type) under the request's id
 *   `REMOTESTARTID#{chargePointId}#{remoteStartId}` / `REMOTESTARTID`, kept a day (the token: decision 441).
 * Access patterns: a mark by its connector (put over any mark before it; taken by a delete conditional on
 * the command it names), a note by its request (put; read).
 */
import { applied } from '@functions/lib/conditional.ts';
import { defineEntity, getRecord, model, putRecord, request, send } from './table.ts';

export const remoteStartMarks = defineEntity(
  {
    model: model('REMOTESTART'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      connectorNo: { type: 'number', required: true },
      idTag: { type: 'string' },
      commandId: { type: 'string' },
      at: { type: 'string' },
    },
    indexes: {
      byConnector: {
        pk: {
          field: 'pk',
          composite: ['chargePointId', 'connectorNo'],
          template: 'REMOTESTART#${chargePointId}#${connectorNo}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'REMOTESTART', casing: 'none' },
      },
    },
  },
  { keyOnly: ['chargePointId', 'connectorNo'] },
);

export const remoteStartIdNotes = defineEntity(
  {
    model: model('REMOTESTARTID'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      remoteStartId: { type: 'number', required: true },
      commandId: { type: 'string' },
      at: { type: 'string' },
      expiresAt: { type: 'number' },
    },
    indexes: {
      byRequest: {
        pk: {
          field: 'pk',
          composite: ['chargePointId', 'remoteStartId'],
          template: 'REMOTESTARTID#${chargePointId}#${remoteStartId}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'REMOTESTARTID', casing: 'none' },
      },
    },
  },
  { keyOnly: ['chargePointId', 'remoteStartId'] },
);

/** A 1.6 mark: who, when, which command, and the charge choice (chargeType, chargeValue). */
export interface RemoteStartMark {
  idTag: string;
  commandId: string;
  at: string;
  chargeType: number;
  chargeValue?: string;
}

type Connector = { chargePointId: string; connectorNo: number };

export const markPut = (connector: Connector, mark: RemoteStartMark) =>
  putRecord(remoteStartMarks.put({ ...connector, ...mark }).params(), mark);

export const getMark = (connector: Connector) =>
  getRecord<RemoteStartMark>(remoteStartMarks.get(connector).params());

/** The delete that takes a mark, refused (condition) when another command's mark replaced it. */
export const markTake = (connector: Connector, commandId: string) =>
  request(
    remoteStartMarks
      .delete(connector)
      .where((a, op) => op.eq(a.commandId, commandId))
      .params(),
  );

export interface RemoteStartNote {
  commandId: string;
  at: string;
  expiresAt: number;
  chargeType: number;
  chargeValue?: string;
  /**
   * The idToken the RequestStartTransaction sent and its type: the session's token when the station reports
   * none (docs/decisions/441-remote-start-token-and-reused-transaction-ids.md). Notes written before: none.
   */
  idToken?: string;
  idTokenType?: string;
}

type Request = { chargePointId: string; remoteStartId: number };

export const notePut = (ref: Request, note: RemoteStartNote) =>
  putRecord(remoteStartIdNotes.put({ ...ref, ...note }).params(), note);

export const getNote = (ref: Request) => getRecord<RemoteStartNote>(remoteStartIdNotes.get(ref).params());

/** Leaves a 1.6 mark on a connector (replacing any mark before it). */
export const leaveMark = (connector: Connector, mark: RemoteStartMark) => send.put(markPut(connector, mark));

/** Takes a mark: false when another command's mark replaced it (or it is gone). */
export const takeMark = (connector: Connector, commandId: string) =>
  applied(send.delete(markTake(connector, commandId)));

/** Notes a 2.0.1 request's charge choice and token under its remoteStartId. */
export const leaveNote = (ref: Request, note: RemoteStartNote) => send.put(notePut(ref, note));
