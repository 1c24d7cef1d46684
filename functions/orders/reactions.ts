/**
 * How orders react to what happens below them (docs/decisions/400): command ends, session starts and
 * meter values, connector statuses and reservation statuses. Imported by every Lambda entry that can emit
 * these (test/functions/events-wiring.test.ts); importing it again subscribes nothing more.
 *
 * Each reaction keeps the error handling of the direct call it replaces: a failure is logged and never
 * fails the command's end or the charger's message (the orders sweep catches up).
 */
import { logger } from '@functions/lib/logger.ts';
import { on } from '@functions/lib/events.ts';
import { chargeTargetStarted, enforceChargeTarget } from './charge-target.ts';
import { connectorAvailable, queueSessionStarted } from './queue.ts';
import { REMOTE_START_ACTIONS, remoteStartEnded } from './remote-start.ts';
import { reservationCommandEnded, reservationStatusUpdate, reservationUsed } from './reservations.ts';

const RESERVATION_ACTIONS = new Set(['ReserveNow', 'CancelReservation']);
const REMOTE_STARTS = new Set<string>(REMOTE_START_ACTIONS);

const commandEndFailed = (commandId: string, error: unknown) =>
  logger.error('A command end listener failed', { commandId, error: String(error) });

// A reservation's ReserveNow and CancelReservation move its order.
on('commandEnded', async function reservationCommand(command) {
  if (!RESERVATION_ACTIONS.has(command.action)) return;
  await reservationCommandEnded(command).catch((error) => commandEndFailed(command.commandId, error));
});

// A remote start that timed out or was refused becomes its order (end flag 3 or 4).
on('commandEnded', async function remoteStart(command) {
  if (!REMOTE_STARTS.has(command.action)) return;
  await remoteStartEnded(command).catch((error) => commandEndFailed(command.commandId, error));
});

// A session start: the reservation it names is used, the idTag's queue entry served, a time target noted.
on('sessionStarted', async function reservationUsedBySession(session) {
  try {
    if (session.reservationId !== undefined && Number.isFinite(session.reservationId))
      await reservationUsed(
        session.chargePointId,
        session.reservationId,
        session.startTime,
        session.transactionId,
      );
  } catch (error) {
    logger.error('Ending a used reservation failed', { error: String(error) });
  }
});

on('sessionStarted', async function queueServed(session) {
  await queueSessionStarted(session).catch((error) =>
    logger.error('Serving a queue entry failed', { error: String(error) }),
  );
});

on('sessionStarted', async function timeTargetNoted(session) {
  await chargeTargetStarted(session).catch((error) =>
    logger.error('Noting a time target failed', { error: String(error) }),
  );
});

// A session charged up to a value is stopped once it reaches it (never throws).
on('sessionMetered', async function chargeTarget({ chargePointId, transactionId }) {
  await enforceChargeTarget(chargePointId, transactionId);
});

// A free connector calls the station's queue (never throws).
on('connectorAvailable', async function queueCalled({ stationId, chargePointId, connectorNo }) {
  await connectorAvailable(stationId, chargePointId, connectorNo);
});

// 2.0.1: Expired and Removed end the reservation order (the emitter logs a failure).
on('reservationStatusChanged', async function reservationStatus({ chargePointId, reservationId, status }) {
  await reservationStatusUpdate(chargePointId, reservationId, status);
});
