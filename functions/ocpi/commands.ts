/**
 * The OCPI commands module, receiver interface (docs/decisions/426): an eMSP's START_SESSION, STOP_SESSION and
 * UNLOCK_CONNECTOR become the console's OCPP commands (remote start, remote stop, unlock) through the same
 * pipeline (functions/commands/send.ts: stored, queued, sent over the charger's WebSocket, answered or timed
 * out), recorded as sent by `ocpi:{partnerId}`; RESERVE_NOW and CANCEL_RESERVATION become reservation orders
 * of the partner and their ReserveNow / CancelReservation (functions/orders/reservations.ts: the station's
 * reservation switch and fee apply, the fee is billed to the partner by a CDR). The eMSP gets a
 * CommandResponse at once and the CommandResult at its `response_url` when the charger answered (or did not):
 * where the result goes is stored under the command's id before the command is sent.
 *
 * START_SESSION and RESERVE_NOW name a token: the partner's own only, never a local payer's tag at the
 * station's company (`partnerScope`, the one check every roaming start passes; docs/decisions/432), refused
 * before anything is kept or sent. A session the partner's START_SESSION starts is the partner's, billed to it
 * (functions/commands/remote-start-marks.ts).
 */
import type { z } from 'zod';
import { ciEquals, ocpiCommandSchemas, type OcpiCommandType } from '@shared/schemas/ocpi.ts';
import { CHARGE_TYPE } from '@shared/schemas/order.ts';
import { commandAnswerTimeoutSeconds, getCommand, type CommandRecord } from '@functions/commands/store.ts';
import { sendPlatformCommand } from '@functions/commands/send.ts';
import { ROAMING_SENDER } from '@functions/commands/remote-start-marks.ts';
import { getRoamingCommand, putRoamingCommand } from '@functions/data/roaming-commands.ts';
import { putRoamingToken } from '@functions/data/roaming-tokens.ts';
import { AppError, notFound } from '@functions/lib/errors.ts';
import { translate } from '@functions/lib/i18n.ts';
import { getSession } from '@functions/sessions/transactions.ts';
import {
  addPartnerReservation,
  cancelPartnerReservation,
  type Requester,
} from '@functions/orders/reservations.ts';
import { RESERVE_MINUTES_MAX } from '@shared/schemas/reservation.ts';
import { ocpiCall } from './client.ts';
import { chargingProfileResultOf } from './chargingprofiles.ts';
import { invalidParameters } from './errors.ts';
import { evseAt } from './locations.ts';
import { noteExchange, partnerById, type Partner } from './partners.ts';
import { queuePush } from './queue.ts';
import { partnerSession } from './sessions.ts';
import { asRoaming, partnerScope } from './tokens.ts';

/** A message of the push queue: an OCPI command's result to post to its response URL. */
export interface CommandResultPush {
  kind: 'commandResult';
  commandId: string;
}

const SENDER = ROAMING_SENDER;

const response = (result: string, text?: string) => ({
  result,
  timeout: commandAnswerTimeoutSeconds(),
  ...(text ? { message: [{ language: 'en', text }] } : {}),
});

/**
 * The pile and gun of an EVSE uid (`{chargePointId}*{gun}`) at a bound location, if it is one; both ids are
 * CiStrings, matched in any case (docs/ocpi.md).
 */
async function gunAt(partner: Partner, locationId: string, uid: string | undefined) {
  const found = await evseAt(partner, locationId, uid);
  return found
    ? { chargePointId: found.chargePointId, connectorNo: found.connectorNo, tenant: found.tenant }
    : undefined;
}

/** Why the partner may not start with this token at the pile's company (docs/decisions/432), if it may not. */
const outOfScope = (
  partner: Partner,
  tenant: string,
  token: { uid: string; country_code: string; party_id: string },
) => partnerScope(tenant, token.uid, { partner, countryCode: token.country_code, partyId: token.party_id });

/** Sends an OCPP command for the partner, its result's destination stored first (under the command's id). */
async function sendFor(
  partner: Partner,
  type: OcpiCommandType,
  responseUrl: string,
  command: Parameters<typeof sendPlatformCommand>[0],
) {
  const commandId = crypto.randomUUID();
  await putRoamingCommand({
    commandId,
    partnerId: partner.id,
    type,
    responseUrl,
    createdAt: new Date().toISOString(),
  });
  return sendPlatformCommand({ ...command, commandId, createdBy: `${SENDER}${partner.id}` });
}

/** The partner as a reservation's requester: the reservation's commands sent for it. */
const reservationRequester = (partner: Partner, type: OcpiCommandType, responseUrl: string): Requester => ({
  createdBy: `${SENDER}${partner.id}`,
  send: (command) => sendFor(partner, type, responseUrl, command),
});

/**
 * The CommandResponse of a request the platform took (ACCEPTED) or refused before sending (REJECTED, with the
 * reason; `unknown` the message when what it names was not found, if given). A CommandResponse is one of
 * NOT_SUPPORTED, REJECTED, ACCEPTED, UNKNOWN_SESSION (OCPI CommandResponseType): UNKNOWN_RESERVATION is a
 * CommandResult, never an answer here (docs/ocpi.md, decision 437).
 */
async function accepted(run: () => Promise<unknown>, unknown?: string) {
  try {
    await run();
    return response('ACCEPTED');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (unknown && error.message === notFound().message) return response('REJECTED', unknown);
    // Refused before sending (the charger offline, no session, no reservation fee...): said in the answer.
    return response('REJECTED', translate('en', error.message, error.values));
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
      const found = await gunAt(partner, start.location_id, start.evse_uid);
      if (!found) return response('REJECTED', 'Unknown location or EVSE');
      const { tenant, ...gun } = found;
      const refusal = await outOfScope(partner, tenant, start.token);
      if (refusal) return response('REJECTED', refusal);
      // The token it starts with is the eMSP's: the charger's authorisation finds it (functions/ocpi/tokens.ts).
      await putRoamingToken(asRoaming(partner.id, start.token));
      return accepted(() =>
        sendFor(partner, type, input.response_url, {
          ...gun,
          command: 'remoteStart',
          params: { idTag: start.token.uid, chargeType: CHARGE_TYPE.full },
        }),
      );
    }
    case 'STOP_SESSION': {
      const kept = await partnerSession(partner, String(input.session_id));
      const session = kept && (await getSession(kept.chargePointId, kept.transactionId));
      if (!session || session.status !== 'active' || session.roaming?.partnerId !== partner.id)
        return response('UNKNOWN_SESSION');
      return accepted(() =>
        sendFor(partner, type, input.response_url, {
          chargePointId: session.chargePointId,
          connectorNo: session.connectorNo,
          command: 'remoteStop',
          transactionId: session.transactionId,
        }),
      );
    }
    case 'UNLOCK_CONNECTOR': {
      const found = await gunAt(partner, String(input.location_id), String(input.evse_uid));
      if (!found || !ciEquals(String(input.connector_id), '1'))
        return response('REJECTED', 'Unknown location, EVSE or connector');
      const { chargePointId, connectorNo } = found;
      return accepted(() =>
        sendFor(partner, type, input.response_url, {
          chargePointId,
          connectorNo,
          command: 'unlockConnector',
        }),
      );
    }
    case 'RESERVE_NOW': {
      const reserve = parsed.data as z.infer<(typeof ocpiCommandSchemas)['RESERVE_NOW']>;
      // An EVSE is required: the reservation order holds one connector (decision 426).
      const found = await gunAt(partner, reserve.location_id, reserve.evse_uid);
      if (!found) return response('REJECTED', 'Unknown location or EVSE (an EVSE is required)');
      const { tenant, ...gun } = found;
      const minutes = Math.ceil((Date.parse(reserve.expiry_date) - Date.now()) / 60_000);
      if (minutes < 1 || minutes > RESERVE_MINUTES_MAX)
        return response('REJECTED', `The expiry must be 1 to ${RESERVE_MINUTES_MAX} minutes ahead`);
      const refusal = await outOfScope(partner, tenant, reserve.token);
      if (refusal) return response('REJECTED', refusal);
      await putRoamingToken(asRoaming(partner.id, reserve.token));
      return accepted(() =>
        addPartnerReservation(
          { ...gun, idTag: reserve.token.uid, minutes },
          {
            partnerId: partner.id,
            reservationId: reserve.reservation_id,
            authorizationReference: reserve.authorization_reference,
          },
          reservationRequester(partner, type, input.response_url),
        ),
      );
    }
    case 'CANCEL_RESERVATION': {
      const id = String(input.reservation_id);
      return accepted(
        () =>
          cancelPartnerReservation(partner.id, id, reservationRequester(partner, type, input.response_url)),
        `Unknown reservation ${id}`,
      );
    }
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
    // A charging profile's request has its own result object (functions/ocpi/chargingprofiles.ts).
    const body = chargingProfileResultOf(sent.type, command) ?? { result: commandResultOf(command) };
    await ocpiCall(partner, partner.emspToken, 'POST', sent.responseUrl, body);
  } catch (error) {
    await noteExchange(partner, error as Error);
    throw error;
  }
}
