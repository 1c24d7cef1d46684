/**
 * Listeners of command ends: domains that sent a command for their own records (a reservation's ReserveNow
 * and CancelReservation, a remote start's order when it failed) hear how it ended. `store.ts` calls `commandEnded` after every move to an end
 * (answered, rejected, offline, timeout, failed), once per command (the move is conditional). A listener's
 * failure is logged and never undoes the command's end; the listener's own sweep catches up.
 */
import { logger } from '@functions/lib/http.ts';
import { availabilityCommandEnded } from '@functions/devices/availability.ts';
import { remoteStartEnded } from '@functions/orders/remote-start.ts';
import { reservationCommandEnded } from '@functions/orders/reservations.ts';
import type { CommandRecord } from './store.ts';

type Listener = (command: CommandRecord) => Promise<void>;

/** By OCPP action (the same for both versions). Called lazily: modules import each other. */
const listeners: Record<string, Listener[]> = {
  ReserveNow: [(command) => reservationCommandEnded(command)],
  CancelReservation: [(command) => reservationCommandEnded(command)],
  // A remote start that timed out or was refused becomes its order (end flag 3 or 4).
  RemoteStartTransaction: [async (command) => void (await remoteStartEnded(command))],
  RequestStartTransaction: [async (command) => void (await remoteStartEnded(command))],
  // The pile's operative flag follows an accepted availability change.
  ChangeAvailability: [(command) => availabilityCommandEnded(command)],
};

export async function commandEnded(command: CommandRecord): Promise<void> {
  for (const listener of listeners[command.action] ?? []) {
    try {
      await listener(command);
    } catch (error) {
      logger.error('A command end listener failed', { commandId: command.commandId, error: String(error) });
    }
  }
}
