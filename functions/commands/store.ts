/**
 * Remote command records. A command is created `queued`, becomes `sent` when it reached the charger's
 * connection, then `answered` (CALLRESULT), `rejected` (CALLERROR), `offline` (no connection) or `timeout`
 * (no answer in time). Every transition is a conditional write, so replays change nothing.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '@functions/lib/conditional.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { COMMANDS_AWAITING_ANSWER, commandKey } from '@functions/ocpp/keys.ts';
import type { Frame } from '@functions/ocpp/frames.ts';
import { transitionStatus } from '@functions/lib/conditional.ts';

export type CommandStatus = 'queued' | 'sent' | 'answered' | 'rejected' | 'offline' | 'timeout' | 'failed';

export interface CommandRecord {
  commandId: string;
  chargePointId: string;
  /** The connector the command is for (absent: the pile). */
  connectorNo?: number;
  agentId: string;
  action: string;
  payload: Record<string, unknown>;
  status: CommandStatus;
  createdAt: string;
  sentAt?: string;
  answeredAt?: string;
  result?: unknown;
  error?: { code: string; description: string };
}

const table = () => config.tableName('main');
const db = () => dynamoDocument();

export async function createCommand(c: Omit<CommandRecord, 'status' | 'createdAt'>): Promise<CommandRecord> {
  const record: CommandRecord = { ...c, status: 'queued', createdAt: new Date().toISOString() };
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...commandKey(c.commandId), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return record;
}

export async function getCommand(commandId: string): Promise<CommandRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: commandKey(commandId) }));
  return Item as CommandRecord | undefined;
}

/** The guard that lets one command at a time be pending on a connector (the pile: connector 0). */
export const pendingKey = (chargePointId: string, connectorNo: number | undefined) => ({
  pk: `CMDPENDING#${chargePointId}#${connectorNo ?? 0}`,
  sk: 'CMDPENDING',
});

/** Lets the next command to this connector go (only the command holding the guard releases it). */
export async function releasePending(
  command: Pick<CommandRecord, 'chargePointId' | 'commandId' | 'connectorNo'>,
) {
  try {
    await db().send(
      new DeleteCommand({
        TableName: table(),
        Key: pendingKey(command.chargePointId, command.connectorNo),
        ConditionExpression: 'commandId = :id',
        ExpressionAttributeValues: { ':id': command.commandId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Moves a command from one status to another; false when it was not in `from` (already handled). A move
 * out of `queued` or `sent` to an end releases the connector's guard.
 */
async function transition(
  commandId: string,
  from: CommandStatus,
  set: Record<string, unknown>,
  remove: string[] = [],
) {
  const moved = await transitionStatus({
    table: table(),
    key: commandKey(commandId),
    from: [from],
    set,
    remove,
  });
  if (moved && set.status !== 'sent') {
    const command = await getCommand(commandId);
    if (command) await releasePending(command);
  }
  return moved;
}

export const markSent = (commandId: string, at = new Date().toISOString()) =>
  transition(commandId, 'queued', {
    status: 'sent',
    sentAt: at,
    gsi1pk: COMMANDS_AWAITING_ANSWER,
    gsi1sk: at,
  });

export const markOffline = (commandId: string) => transition(commandId, 'queued', { status: 'offline' });

export const markFailed = (commandId: string, reason: string) =>
  transition(commandId, 'queued', {
    status: 'failed',
    error: { code: 'DeliveryFailed', description: reason },
  });

export const markTimedOut = (commandId: string) =>
  transition(commandId, 'sent', { status: 'timeout' }, ['gsi1pk', 'gsi1sk']);

/** A CALLRESULT / CALLERROR from a charger: only the charger the command went to can answer it. */
export async function recordCommandAnswer(chargePointId: string, frame: Exclude<Frame, { type: 2 }>) {
  const command = await getCommand(frame.id);
  if (!command || command.chargePointId !== chargePointId) return false;
  const answeredAt = new Date().toISOString();
  const outcome =
    frame.type === 3
      ? { status: 'answered', result: frame.payload, answeredAt }
      : { status: 'rejected', error: { code: frame.code, description: frame.description }, answeredAt };
  return transition(frame.id, 'sent', outcome, ['gsi1pk', 'gsi1sk']);
}

/** Commands sent before `cutoff` (ISO time) that still wait for their answer. */
export async function commandsAwaitingSince(cutoff: string): Promise<string[]> {
  const ids: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :cutoff',
        ExpressionAttributeValues: { ':p': COMMANDS_AWAITING_ANSWER, ':cutoff': cutoff },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) ids.push(String(item.commandId));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return ids;
}
