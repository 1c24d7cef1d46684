/** Stored items of the OCPP domain in the main table. */
export const chargePointCredentialsKey = (chargePointId: string) => ({
  pk: `CHARGEPOINT#${chargePointId}`,
  sk: 'CREDENTIALS',
});

/** A remote command; its id is also the OCPP message id of the CALL sent to the charger. */
export const commandKey = (commandId: string) => ({ pk: `COMMAND#${commandId}`, sk: 'COMMAND' });
/** Index partition of commands sent and waiting for an answer (sorted by sentAt). */
export const COMMANDS_AWAITING_ANSWER = 'COMMANDSTATUS#sent';
