/**
 * The notes a remote start leaves for the session it starts (docs/decisions/140, 170). A 1.6
 * StartTransaction says nothing of how it was started: an accepted RemoteStartTransaction leaves a mark on
 * its charger's connector (idTag, time, command, charge type and value), and the first StartTransaction on
 * that connector with that idTag within `REMOTE_START_WINDOW_SECONDS` takes it (start mode app instead of
 * card, and the remote start's charge type and value). A 2.0.1 TransactionEvent names its
 * RequestStartTransaction by `remoteStartId`: the choice and the idToken sent are noted under that id when
 * the request is sent, and the session that names it takes them; a station that reports no idToken for it is
 * charging for the token the platform sent (docs/decisions/441-remote-start-token-and-reused-transaction-ids.md).
 *
 * A roaming partner's remote start (an OCPI START_SESSION: its command id has a roaming command record naming
 * the partner) binds the session it starts to the partner, billed to it, whatever else the uid is
 * (docs/decisions/432-one-payer-per-idtag-and-partner-scope.md).
 *
 * Written by the command pipeline (functions/commands/send.ts) and the remote start's end
 * (functions/orders/remote-start.ts), read by the OCPP actions: so it sits below all three (decision 400).
 */
import { CHARGE_TYPE, canonicalChargeValue, type ChargeType } from '@shared/schemas/order.ts';
import { getMark, getNote, leaveMark, leaveNote, takeMark } from '@functions/data/remote-start-marks.ts';
import { getRoamingCommand } from '@functions/data/roaming-commands.ts';

/** The sender of a roaming partner's commands: `ocpi:{partnerId}` (functions/ocpi/commands.ts). */
export const ROAMING_SENDER = 'ocpi:';

/**
 * What a session takes of the remote start (command `commandId`) that asked for it. The partner is read from
 * the record only an OCPI command writes before it is sent (functions/data/roaming-commands.ts), never from
 * the sender's name (a console user may be called anything).
 */
async function taken(commandId: string, choice: Record<string, unknown>): Promise<RemoteStartTaken> {
  const sent = await getRoamingCommand(commandId);
  return { charge: chargeChoiceOf(choice), ...(sent ? { partnerId: sent.partnerId } : {}) };
}

/** What a session takes of the remote start that asked for it: the charge choice and whose start it was. */
export interface RemoteStartTaken {
  charge: ChargeChoice;
  /** The roaming partner whose START_SESSION it was (its session is the partner's). */
  partnerId?: string;
  /** 2.0.1: the idToken the request sent (notes written before decision 441: none). */
  idToken?: SentToken;
}

/** An idToken as a RequestStartTransaction sent it: its value and type. */
export interface SentToken {
  idToken: string;
  type: string;
}

/** The idToken of a RequestStartTransaction's payload, if it has a readable one. */
export function sentTokenOf(payload: Record<string, unknown>): SentToken | undefined {
  const token = payload.idToken as { idToken?: unknown; type?: unknown } | undefined;
  if (typeof token?.idToken !== 'string' || token.idToken === '') return undefined;
  return { idToken: token.idToken, type: typeof token.type === 'string' ? token.type : 'Central' };
}

/** What a remote start asked to charge: a type and, unless full, a value (docs/decisions/170). */
export interface ChargeChoice {
  chargeType: ChargeType;
  chargeValue?: string;
}

/** The charge choice of a remote start command's parameters (older commands and other callers: full). */
export function chargeChoiceOf(params: Record<string, unknown> | undefined): ChargeChoice {
  const type = Number(params?.chargeType ?? CHARGE_TYPE.full) as ChargeType;
  const value = params?.chargeValue;
  if (type === CHARGE_TYPE.full || typeof value !== 'string') return { chargeType: CHARGE_TYPE.full };
  return { chargeType: type, chargeValue: canonicalChargeValue(type, value) };
}

/** How long after its acceptance a remote start names the session its charger starts (1.6). */
export const remoteStartWindowSeconds = () => Number(process.env.REMOTE_START_WINDOW_SECONDS ?? 600);

/** 1.6: the mark an accepted RemoteStartTransaction leaves on its connector for the session to come. */
export async function leaveRemoteStartMark(
  chargePointId: string,
  connectorNo: number,
  mark: { idTag: string; commandId: string; at: string; choice: ChargeChoice },
) {
  await leaveMark(
    { chargePointId, connectorNo },
    { ...mark.choice, idTag: mark.idTag, commandId: mark.commandId, at: mark.at },
  );
}

/**
 * Whether a 1.6 session starting now on this connector with this idTag is the one a recent accepted remote
 * start asked for: its charge choice and partner, else undefined. The mark is taken (deleted on the command
 * it names), so it names one session only.
 */
export async function takeRemoteStart(
  chargePointId: string,
  connectorNo: number,
  idTag: string,
): Promise<RemoteStartTaken | undefined> {
  const connector = { chargePointId, connectorNo };
  const mark = await getMark(connector);
  if (!mark || String(mark.idTag).toUpperCase() !== idTag.toUpperCase()) return undefined;
  if (Date.now() - Date.parse(String(mark.at)) > remoteStartWindowSeconds() * 1000) return undefined;
  if (!(await takeMark(connector, mark.commandId))) return undefined;
  return taken(mark.commandId, mark as unknown as Record<string, unknown>);
}

/**
 * 2.0.1: notes a RequestStartTransaction's charge choice and the idToken it sends under its remoteStartId
 * before the request is queued, so the station's Started event, which may come before its answer is
 * recorded, finds them. Every remote start is noted: a station may report the transaction without the token
 * (docs/decisions/441), and a roaming partner's session must find its partner (decision 432).
 */
export async function noteRemoteStartId(
  chargePointId: string,
  remoteStartId: number,
  commandId: string,
  choice: ChargeChoice,
  token?: SentToken,
) {
  await leaveNote(
    { chargePointId, remoteStartId },
    {
      commandId,
      ...choice,
      ...(token ? { idToken: token.idToken, idTokenType: token.type } : {}),
      at: new Date().toISOString(),
      // Kept a day: a station starts a requested transaction within seconds.
      expiresAt: Math.floor(Date.now() / 1000) + 86_400,
    },
  );
}

/**
 * 2.0.1: the charge choice, partner and idToken of the RequestStartTransaction a TransactionEvent names (none
 * noted: full, the console's, no token known).
 */
export async function remoteStartIdChoice(
  chargePointId: string,
  remoteStartId: number,
): Promise<RemoteStartTaken | undefined> {
  const note = await getNote({ chargePointId, remoteStartId });
  if (!note) return undefined;
  const choice = await taken(note.commandId, note as unknown as Record<string, unknown>);
  return note.idToken
    ? { ...choice, idToken: { idToken: note.idToken, type: note.idTokenType ?? 'Central' } }
    : choice;
}
