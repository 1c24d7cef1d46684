/**
 * What OCPP 1.6 session starts need besides the session (functions/sessions/transactions.ts). Access patterns:
 * - the transaction id counter `COUNTER#transactionId` / `COUNTER` (`value`): the next id, one atomic add;
 * - the start guard `TXSTART#{chargePointId}#{connectorNo}#{timestamp}` / `TXSTART` (`transactionId`): the
 *   transaction id a start was given, written once with its session, in one transaction (a repeated start
 *   finds it).
 */
import { sessionCreate, type SessionFacts, type SessionPlace } from './sessions.ts';
import { defineEntity, getRecord, model, request, send, type TransactItem } from './table.ts';

export const counters = defineEntity(
  {
    model: model('COUNTER'),
    attributes: {
      name: { type: 'string', required: true },
      value: { type: 'number' },
    },
    indexes: {
      byName: {
        pk: { field: 'pk', composite: ['name'], template: 'COUNTER#${name}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'COUNTER', casing: 'none' },
      },
    },
  },
  { keyOnly: ['name'] },
);

/** The next 1.6 transaction id (1, 2, ...). */
export async function nextTransactionId(): Promise<number> {
  const { Attributes } = await send.update(
    counters.update({ name: 'transactionId' }).add({ value: 1 }).params({ response: 'updated_new' }),
  );
  return Number(Attributes?.value);
}

export const startGuards = defineEntity(
  {
    model: model('TXSTART'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      connectorNo: { type: 'number', required: true },
      timestamp: { type: 'string', required: true },
      transactionId: { type: 'string', required: true },
    },
    indexes: {
      byStart: {
        pk: {
          field: 'pk',
          composite: ['chargePointId', 'connectorNo', 'timestamp'],
          template: 'TXSTART#${chargePointId}#${connectorNo}#${timestamp}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'TXSTART', casing: 'none' },
      },
    },
  },
  { keyOnly: ['chargePointId', 'connectorNo', 'timestamp'] },
);

/** A start as the charger reported it: its connector and its timestamp. */
export interface StartRef {
  chargePointId: string;
  connectorNo: number;
  timestamp: string;
}

/** The transaction's put of a start's guard, refused when the start was recorded already. */
export const startGuardCreate = (start: StartRef, transactionId: string): TransactItem => ({
  Put: request(startGuards.create({ ...start, transactionId }).params()) as NonNullable<TransactItem['Put']>,
});

/** The transaction id a recorded start was given. */
export const getStartGuard = async (start: StartRef) =>
  (await getRecord<{ transactionId: string }>(startGuards.get(start).params()))?.transactionId;

/**
 * Records a 1.6 start: its guard and its new session in one transaction, refused
 * (TransactionCanceledException) when the start or the session was recorded already.
 */
export const createGuardedSession = <T extends SessionFacts>(
  start: StartRef,
  session: T,
  place: SessionPlace,
) => send.transact([startGuardCreate(start, session.transactionId), { Put: sessionCreate(session, place) }]);
