/**
 * How the devices' records react to what happens above them (docs/decisions/400): a pile's operative flag
 * follows an accepted ChangeAvailability. Imported by every Lambda entry that can emit a command end
 * (test/functions/events-wiring.test.ts); importing it again subscribes nothing more.
 */
import { logger } from '@functions/lib/logger.ts';
import { on } from '@functions/lib/events.ts';
import { availabilityCommandEnded } from './availability.ts';

on('commandEnded', async function pileAvailability(command) {
  if (command.action !== 'ChangeAvailability') return;
  await availabilityCommandEnded(command).catch((error: unknown) =>
    logger.error('A command end listener failed', { commandId: command.commandId, error: String(error) }),
  );
});
