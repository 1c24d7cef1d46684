/**
 * The OCPI commands module, receiver interface (issue 20): an eMSP's START_SESSION, STOP_SESSION and
 * UNLOCK_CONNECTOR become the console's OCPP commands (remote start, remote stop, unlock) through the same
 * pipeline (functions/commands/send.ts: stored, queued, sent over the charger's WebSocket, answered or timed
 * out), recorded as sent by `ocpi:{partnerId}`. The eMSP gets a CommandResponse at once and the CommandResult
 * at its `response_url` when the charger answered (or did not). RESERVE_NOW and CANCEL_RESERVATION answer
 * NOT_SUPPORTED for now (reservations have their own domain and fees; decision 426).
 */
import { ocpiCommandSchemas, type OcpiCommandType } from '@shared/schemas/ocpi.ts';
import { CHARGE_TYPE } from '@shared/schemas/order.ts';
import { commandAnswerTimeoutSeconds, getCommand, type CommandRecord } from '@functions/commands/store.ts';
import { sendPlatformCommand } from '@functions/commands/send.ts';
import { getRoamingCommand, putRoamingCommand } from '@functions/data/roaming-commands.ts';
import { putRoamingToken } from '@functions/data/roaming-tokens.ts';
import { chargePointById } from '@functions/devices/sites.ts';
import { AppError } from '@functions/lib/errors.ts';
import { translate } from '@functions/lib/i18n.ts';
import { getSession } from '@functions/ocpp/transactions.ts';
import { orderNoOf } from '@functions/orders/session-order.ts';
import { ocpiCall } from './client.ts';
import { invalidParameters } from './errors.ts';
import { noteExchange, partnerById, type Partner } from './partners.ts';
import { queuePush } from './queue.ts';
import { asRoaming } from './tokens.ts';

/** A message of the push queue: an OCPI command's result to post to its response URL. */
export interface CommandResultPush {
  kind: 'commandResult';
  commandId: string;
}

const SENDER = 'ocpi:';

const response = (result: string, text?: string) => ({
  result,
  timeout: commandAnswerTimeoutSeconds(),
  ...(text ? { message: [{ language: 'en', text }] } : {}),
});

/** The pile and gun of an EVSE uid (`{chargePointId}*{gun}`) at a bound location, if it is one. */
async function gunAt(partner: Partner, locationId: string, uid: string | undefined) {
  if (!(partner.stationIds ?? []).includes(locationId) || !uid) return undefined;
  const star = uid.lastIndexOf('*');
  const pile = star > 0 ? await chargePointById(uid.slice(0, star)) : undefined;
  const gun = Number(uid.slice(star + 1));
  if (!pile || pile.stationId !== locationId) return undefined;
  return ((pile.connectors as { connectorNo: number }[] | undefined) ?? []).some((c) => c.connectorNo === gun)
    ? { chargePointId: pile.id, connectorNo: gun }
    : undefined;
}

/**
 * The session of a session id (the order number it will have: `{day}-{charger}-{tx}`). Charger ids and 2.0.1
 * transaction ids may both hold dashes: each split is tried, shortest charger id first, until a session is.
 */
async function sessionOfId(id: string) {
  if (!/^\d{8}-/.test(id)) return undefined;
  const rest = id.slice(9);
  for (let i = rest.indexOf('-'); i > 0; i = rest.indexOf('-', i + 1)) {
    const session = await getSession(rest.slice(0, i), rest.slice(i + 1));
    if (session && orderNoOf(session) === id) return session;
  }
  return undefined;
}

/** Sends the OCPP command and records where its result goes; the CommandResponse. */
async function dispatch(
  partner: Partner,
  type: OcpiCommandType,
  responseUrl: string,
  command: Parameters<typeof sendPlatformCommand>[0],
) {
  try {
    const sent = await sendPlatformCommand({ ...command, createdBy: `${SENDER}${partner.id}` });
    await putRoamingCommand({
      commandId: sent.commandId,
      partnerId: partner.id,
      type,
      responseUrl,
      createdAt: new Date().toISOString(),
    });
    return response('ACCEPTED');
  } catch (error) {
    // Refused before sending (the charger offline, no session...): said in the answer, nothing to follow.
    if (error instanceof AppError) return response('REJECTED', translate('en', error.message, error.values));
    throw error;
  }
}

/** POST `/commands/{command}`: the CommandResponse; the result follows at the response URL. */
export async function receiveCommand(partner: Partner, command: string, body: unknown) {
  if (!(command in ocpiCommandSchemas)) throw invalidParameters(`Unknown command ${command}`);
  const type = command as OcpiCommandType;
  const parsed = ocpiCommandSchemas[type].safeParse(body);
  if (!parsed.success)
    throw invalidParameters(`Invalid ${type}: ${parsed.error.issues[0]?.path.join('.') || 'body'}`);
  const input = parsed.data as Record<string, unknown> & { response_url: string };
  switch (type) {
    case 'START_SESSION': {
      const start = parsed.data as {
        token: Parameters<typeof asRoaming>[1];
        location_id: string;
        evse_uid?: string;
      };
      const gun = await gunAt(partner, start.location_id, start.evse_uid);
      if (!gun) return response('REJECTED', 'Unknown location or EVSE');
      // The token it starts with is the eMSP's: the charger's authorisation finds it (functions/ocpi/tokens.ts).
      await putRoamingToken(asRoaming(partner.id, start.token));
      return dispatch(partner, type, input.response_url, {
        ...gun,
        command: 'remoteStart',
        params: { idTag: start.token.uid, chargeType: CHARGE_TYPE.full },
      });
    }
    case 'STOP_SESSION': {
      const session = await sessionOfId(String(input.session_id));
      if (!session || session.status !== 'active' || session.roaming?.partnerId !== partner.id)
        return response('UNKNOWN_SESSION');
      return dispatch(partner, type, input.response_url, {
        chargePointId: session.chargePointId,
        connectorNo: session.connectorNo,
        command: 'remoteStop',
        transactionId: session.transactionId,
      });
    }
    case 'UNLOCK_CONNECTOR': {
      const gun = await gunAt(partner, String(input.location_id), String(input.evse_uid));
      if (!gun || input.connector_id !== '1')
        return response('REJECTED', 'Unknown location, EVSE or connector');
      return dispatch(partner, type, input.response_url, { ...gun, command: 'unlockConnector' });
    }
    default:
      return response('NOT_SUPPORTED');
  }
}

/** The OCPI CommandResult of an ended OCPP command. */
export function commandResultOf(command: CommandRecord): string {
  if (command.status === 'timeout') return 'TIMEOUT';
  if (command.status !== 'answered') return 'FAILED';
  const status = String((command.result as { status?: unknown } | undefined)?.status ?? '');
  if (status === 'Accepted' || status === 'Unlocked') return 'ACCEPTED';
  if (status === 'NotSupported' || status === 'UnknownConnector') return 'NOT_SUPPORTED';
  if (status === 'Rejected') return 'REJECTED';
  return 'FAILED';
}

/** Queues the result of a command an eMSP sent (other commands: nothing). */
export async function queueCommandResult(command: CommandRecord & { createdBy?: string }): Promise<void> {
  if (!String(command.createdBy ?? '').startsWith(SENDER)) return;
  await queuePush({ kind: 'commandResult', commandId: command.commandId } satisfies CommandResultPush);
}

/** Posts a command's result to the eMSP's response URL; throws when it was not taken (tried again). */
export async function deliverCommandResult(commandId: string): Promise<void> {
  const [sent, command] = await Promise.all([getRoamingCommand(commandId), getCommand(commandId)]);
  if (!command) return;
  const partner = sent ? await partnerById(sent.partnerId) : undefined;
  if (!sent || !partner?.emspToken) return;
  try {
    await ocpiCall(partner, partner.emspToken, 'POST', sent.responseUrl, {
      result: commandResultOf(command),
    });
  } catch (error) {
    await noteExchange(partner, (error as Error).message);
    throw error;
  }
}
