/**
 * Stored items of the OCPP domain in the main table. A charger's credentials (passwordHash, agentId) are on
 * its charge point record (functions/devices/sites.ts), so deleting the record refuses the charger.
 */
export const chargePointCredentialsKey = (chargePointId: string) => ({
  pk: `CHARGEPOINT#${chargePointId}`,
  sk: 'CHARGEPOINT',
});

/** A remote command; its id is also the OCPP message id of the CALL sent to the charger. */
export const commandKey = (commandId: string) => ({ pk: `COMMAND#${commandId}`, sk: 'COMMAND' });
/** Index partition of commands sent and waiting for an answer (sorted by sentAt). */
export const COMMANDS_AWAITING_ANSWER = 'COMMANDSTATUS#sent';
/** Index partition of commands queued and not yet sent (sorted by createdAt): the sweep fails stuck ones. */
export const COMMANDS_QUEUED = 'COMMANDSTATUS#queued';
