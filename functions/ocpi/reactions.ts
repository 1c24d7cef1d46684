/**
 * How roaming reacts to what happens below it (docs/decisions/400, 426): a connector state the console shows
 * changed, so the partners its station is bound to are told (queued: functions/ocpi/push.ts); a roaming
 * partner's session started, so it is pushed (functions/ocpi/sessions.ts); a roaming partner's order was
 * settled, so its CDR is queued (functions/ocpi/cdrs.ts); a command ended, so a partner's command gets its result
 * and a partner's charging profile that load management changed is told to it
 * (functions/ocpi/chargingprofiles.ts). Imported by
 * every Lambda entry that can emit the event (test/functions/events-wiring.test.ts).
 */
import { on } from '@functions/lib/events.ts';
import { logger } from '@functions/lib/logger.ts';
import { queueCdr } from './cdrs.ts';
import { queueActiveProfileUpdate } from './chargingprofiles.ts';
import { queueCommandResult } from './commands.ts';
import { queueEvseStatus } from './push.ts';
import { queueSessionUpdate } from './sessions.ts';

on('connectorStatesChanged', async function evseStatusQueued(change) {
  // The charger's message is answered whatever happens to roaming.
  await queueEvseStatus(change).catch((error: unknown) =>
    logger.error('Queueing an OCPI status push failed', { ...change, error: String(error) }),
  );
});

on('roamingOrderSettled', async function cdrQueued({ orderNo }) {
  // Owed in the order's own transaction: a failed queueing is put right by the minute's sweep.
  await queueCdr(orderNo).catch((error: unknown) =>
    logger.error('Queueing a CDR failed', { orderNo, error: String(error) }),
  );
});

on('sessionStarted', async function roamingSessionQueued(session) {
  if (!session.roaming) return;
  await queueSessionUpdate(session.chargePointId, session.transactionId).catch((error: unknown) =>
    logger.error('Queueing an OCPI session push failed', { ...session, error: String(error) }),
  );
});

on('commandEnded', async function roamingCommandEnded(command) {
  // An eMSP's command: its result goes to the eMSP's response URL (queued).
  await queueCommandResult(command).catch((error: unknown) =>
    logger.error('Queueing an OCPI command result failed', {
      commandId: command.commandId,
      error: String(error),
    }),
  );
  // Load management's new limits on a partner's charging profile: the partner is told (docs/decisions/438).
  await queueActiveProfileUpdate(command).catch((error: unknown) =>
    logger.error('Queueing an OCPI active profile failed', {
      commandId: command.commandId,
      error: String(error),
    }),
  );
});
