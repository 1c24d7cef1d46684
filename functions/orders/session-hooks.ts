/**
 * What a session start means for reservation and queue orders (called by functions/ocpp/transactions.ts
 * when a session is first recorded): a reservation named by the session's reservation id is used, and the
 * idTag's queue entry at the station is served, and a time target is noted for the sweep
 * (functions/orders/charge-target.ts). A failure here is logged and never fails the charger's
 * message (the reservation sweep still ends the reservation at its expiry).
 */
import { logger } from '@functions/lib/http.ts';
import type { Session } from '@functions/ocpp/transactions.ts';
import { chargeTargetStarted } from './charge-target.ts';
import { queueSessionStarted } from './queue.ts';
import { reservationUsed } from './reservations.ts';

export async function sessionStarted(session: Session): Promise<void> {
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
  try {
    await queueSessionStarted(session);
  } catch (error) {
    logger.error('Serving a queue entry failed', { error: String(error) });
  }
  try {
    await chargeTargetStarted(session);
  } catch (error) {
    logger.error('Noting a time target failed', { error: String(error) });
  }
}
