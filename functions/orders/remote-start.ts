/**
 * A remote start that failed (docs/decisions/140): a RemoteStartTransaction (1.6) or RequestStartTransaction
 * (2.0.1) sent from the console that timed out becomes an order with end flag 3 (request timeout); one the
 * charger refused (status other than Accepted, or a CALLERROR) an order with end flag 4 (start failure).
 * Such an order is written like a refused session's (docs/decisions/044): no energy, priced at nothing,
 * settled as free and kept out of the revenue figures. Its number is derived from the command (`RS` and the
 * command id as its transaction), and settlement writes it with a condition, so each failed remote start is
 * exactly one order however often its end is heard. Commands that never reached the charger (offline,
 * delivery failed) make none: no start was requested of it.
 *
 * A 1.6 StartTransaction says nothing of how it was started: an accepted RemoteStartTransaction leaves a
 * mark on its charger's connector (idTag, time, command, charge type and value), and the first
 * StartTransaction on that connector with that idTag within `REMOTE_START_WINDOW_SECONDS` takes it (start
 * mode app instead of card, and the remote start's charge type and value: docs/decisions/170). A 2.0.1
 * TransactionEvent names its RequestStartTransaction by `remoteStartId`: the choice is noted under that id
 * when the request is sent, and the session that names it takes it.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '@functions/lib/conditional.ts';
import { CHARGE_TYPE, canonicalChargeValue, END_FLAG, type ChargeType } from '@shared/schemas/order.ts';
import { chargePointResource } from '@shared/resources/site/charge-point.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { table } from '@functions/lib/store.ts';
import type { CommandRecord } from '@functions/commands/store.ts';
import { START_MODE, type Session } from '@functions/ocpp/transactions.ts';
import { orderOf } from './session-consumer.ts';
import { settleSession } from './settlement.ts';

export const REMOTE_START_ACTIONS = ['RemoteStartTransaction', 'RequestStartTransaction'] as const;

/** The end flag a remote start's end gives its order: 3 timed out, 4 refused, none otherwise. */
export function remoteStartEndFlag(command: Pick<CommandRecord, 'action' | 'status' | 'result'>) {
  if (!(REMOTE_START_ACTIONS as readonly string[]).includes(command.action)) return undefined;
  if (command.status === 'timeout') return END_FLAG.requestTimeout;
  if (command.status === 'rejected') return END_FLAG.startFailure;
  const status = (command.result as { status?: unknown } | undefined)?.status;
  if (command.status === 'answered' && status !== 'Accepted') return END_FLAG.startFailure;
  return undefined;
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

const idTagOf = (payload: Record<string, unknown>) => {
  const token = payload.idToken as { idToken?: unknown } | undefined;
  const value = payload.idTag ?? token?.idToken;
  return typeof value === 'string' ? value : undefined;
};

/** How long after its acceptance a remote start names the session its charger starts (1.6). */
export const REMOTE_START_WINDOW_SECONDS = Number(process.env.REMOTE_START_WINDOW_SECONDS ?? 600);

const markKey = (chargePointId: string, connectorNo: number) => ({
  pk: `REMOTESTART#${chargePointId}#${connectorNo}`,
  sk: 'REMOTESTART',
});

/**
 * Whether a 1.6 session starting now on this connector with this idTag is the one a recent accepted remote
 * start asked for: its charge choice, else undefined. The mark is taken (deleted on the command it names),
 * so it names one session only.
 */
export async function takeRemoteStart(
  chargePointId: string,
  connectorNo: number,
  idTag: string,
): Promise<ChargeChoice | undefined> {
  const key = markKey(chargePointId, connectorNo);
  const { Item: mark } = await dynamoDocument().send(new GetCommand({ TableName: table(), Key: key }));
  if (!mark || String(mark.idTag).toUpperCase() !== idTag.toUpperCase()) return undefined;
  if (Date.now() - Date.parse(String(mark.at)) > REMOTE_START_WINDOW_SECONDS * 1000) return undefined;
  try {
    await dynamoDocument().send(
      new DeleteCommand({
        TableName: table(),
        Key: key,
        ConditionExpression: 'commandId = :id',
        ExpressionAttributeValues: { ':id': mark.commandId },
      }),
    );
    return chargeChoiceOf(mark);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

const remoteStartIdKey = (chargePointId: string, remoteStartId: number) => ({
  pk: `REMOTESTARTID#${chargePointId}#${remoteStartId}`,
  sk: 'REMOTESTARTID',
});

/**
 * 2.0.1: notes a RequestStartTransaction's charge choice under its remoteStartId before the request is
 * queued, so the station's Started event, which may come before its answer is recorded, finds it.
 */
export async function noteRemoteStartId(
  chargePointId: string,
  remoteStartId: number,
  commandId: string,
  choice: ChargeChoice,
) {
  await dynamoDocument().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...remoteStartIdKey(chargePointId, remoteStartId),
        commandId,
        ...choice,
        at: new Date().toISOString(),
        // Kept a day: a station starts a requested transaction within seconds.
        expiresAt: Math.floor(Date.now() / 1000) + 86_400,
      },
    }),
  );
}

/** 2.0.1: the charge choice of the RequestStartTransaction a TransactionEvent names (none noted: full). */
export async function remoteStartIdChoice(
  chargePointId: string,
  remoteStartId: number,
): Promise<ChargeChoice | undefined> {
  const { Item } = await dynamoDocument().send(
    new GetCommand({ TableName: table(), Key: remoteStartIdKey(chargePointId, remoteStartId) }),
  );
  return Item ? chargeChoiceOf(Item) : undefined;
}

/**
 * A remote start's end: a failed one is written as its order ('created', or 'exists' when written before);
 * an accepted 1.6 one leaves its mark for the session to come ('none').
 */
export async function remoteStartEnded(command: CommandRecord): Promise<'created' | 'exists' | 'none'> {
  const endFlag = remoteStartEndFlag(command);
  if (endFlag === undefined) {
    const idTag = idTagOf(command.payload);
    const connectorNo = Number(command.connectorNo ?? command.payload.connectorId ?? 0);
    if (command.action === 'RemoteStartTransaction' && command.status === 'answered' && idTag)
      await dynamoDocument().send(
        new PutCommand({
          TableName: table(),
          Item: {
            ...markKey(command.chargePointId, connectorNo),
            idTag,
            commandId: command.commandId,
            at: command.answeredAt ?? new Date().toISOString(),
            ...chargeChoiceOf(command.params),
          },
        }),
      );
    return 'none';
  }
  const { Item: pile } = await dynamoDocument().send(
    new GetCommand({
      TableName: table(),
      Key: { pk: `${chargePointResource.type}#${command.chargePointId}`, sk: chargePointResource.type },
    }),
  );
  if (!pile) return 'none';
  const at = command.answeredAt ?? new Date().toISOString();
  const session: Session = {
    chargePointId: command.chargePointId,
    transactionId: `RS${command.commandId}`,
    connectorNo: Number(command.connectorNo ?? command.payload.connectorId ?? command.payload.evseId ?? 0),
    protocol: command.action === 'RemoteStartTransaction' ? 'ocpp1.6' : 'ocpp2.0.1',
    tenant: String(command.tenant ?? pile.tenant),
    agentId: String(command.agentId || pile.agentId || ''),
    stationId: String(pile.stationId ?? ''),
    idTag: idTagOf(command.payload),
    startMode: START_MODE.app,
    ...chargeChoiceOf(command.params),
    // Not accepted by the charger: priced and settled as a refused session (docs/decisions/044).
    authStatus: endFlag === END_FLAG.requestTimeout ? 'Timeout' : 'Rejected',
    startTime: command.createdAt,
    endTime: at,
    meterStartWh: 0,
    meterStopWh: 0,
    energyWh: 0,
    durationSeconds: 0,
    status: 'completed',
    endFlag,
  };
  const base = Object.fromEntries(
    Object.entries({ ...orderOf(session), commandId: command.commandId }).filter(([, v]) => v !== undefined),
  );
  return settleSession(session, base);
}
