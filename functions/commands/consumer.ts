/**
 * Consumer of the commands queue: delivers each queued command to its charger's live connection with
 * PostToConnection. Idempotent (a command already past `queued` is skipped). A message that cannot be
 * processed is reported as a batch item failure, retried, and ends in the dead-letter queue.
 */
import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { z } from 'zod';
import { wsManagementClient } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { logger } from '@functions/lib/logger.ts';
import { inMessageContext } from '@functions/lib/queue.ts';
import { topology } from '@shared/topology/index.ts';
import { findConnection, removeConnection } from '@functions/chargepoints/connections.ts';
import { call } from '@functions/ocpp-messages/frames.ts';
import { logMessage, sortKey } from '@functions/ocpp-messages/message-log.ts';
import { validateRequest } from '@functions/ocpp-messages/schemas.ts';
import { getCommand, markFailed, markOffline, markSent } from './store.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

export const CommandMessage = z.object({ commandId: z.string().min(1).max(64) }).strict();

/**
 * How long a `$connect` may still be running after it saved its connection: the route's time-out, and a
 * second for `connectedAt`'s rounding to whole seconds.
 */
const CONNECT_SECONDS = (topology.websocket.routes.$connect.timeoutSeconds ?? 10) + 1;
const stillConnecting = (connectedAt: number) =>
  Math.floor(Date.now() / 1000) - connectedAt <= CONNECT_SECONDS;

async function deliver(record: SQSRecord): Promise<void> {
  const { commandId } = CommandMessage.parse(JSON.parse(record.body));
  const command = await getCommand(commandId);
  if (!command) throw new Error(`Command ${commandId} does not exist`);
  if (command.status !== 'queued') return; // delivered by an earlier attempt

  const connection = await findConnection(command.chargePointId);
  if (!connection) {
    await markOffline(commandId);
    return;
  }
  // Nothing leaves that the charger's version of OCPP would reject as malformed.
  const valid = validateRequest(connection.protocol, command.action, command.payload);
  if (!valid.ok) {
    await markFailed(commandId, `${valid.code}: ${valid.description}`);
    return;
  }
  const frame = call(commandId, command.action, command.payload);
  // Sent (and logged) at this time: the charger may answer before PostToConnection returns.
  const sentAt = new Date();
  const position = sortKey(sentAt.getTime());
  try {
    await wsManagementClient(config.wsManagementEndpoint()).send(
      new PostToConnectionCommand({
        ConnectionId: connection.connectionId,
        Data: new TextEncoder().encode(frame),
      }),
    );
  } catch (error) {
    if (!(error instanceof GoneException) && (error as Error).name !== 'GoneException') throw error;
    // API Gateway answers Gone to a post on a connection whose $connect has not returned yet, and its item is
    // saved during the $connect: such a connection is not gone. Its item stays (its first frames need it, or
    // it is closed as unknown), and the queue delivers the command again once it may be open
    // (docs/decisions/471-first-connect-after-a-reset-or-a-plan.md).
    if (stillConnecting(connection.connectedAt))
      throw new Error(`Connection ${connection.connectionId} is not open yet`);
    await removeConnection(connection.connectionId);
    await markOffline(commandId);
    return;
  }
  await markSent(commandId, sentAt.toISOString(), connection.connectionId);
  logger.debug('Command sent', { commandId, action: command.action });
  await logMessage({
    chargePointId: command.chargePointId,
    direction: 'out',
    frame,
    action: command.action,
    messageId: commandId,
    connectionId: connection.connectionId,
    at: position,
  }).catch((error: unknown) => logger.warn('Outgoing command not logged', { error: String(error) }));
}

/** Receives of a command message before it moves to the dead-letter queue (the topology's redrive). */
const MAX_RECEIVES = topology.queues.find((q) => q.id === 'commands')?.maxReceiveCount ?? 3;

async function failForGood(record: SQSRecord, error: Error) {
  const parsed = CommandMessage.safeParse(JSON.parse(record.body));
  if (parsed.success)
    await markFailed(parsed.data.commandId, `Not delivered: ${error.message}`.slice(0, 255));
}

async function handle(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    // Each queue message logs under its own id and its flow's correlation id (functions/lib/queue.ts).
    await inMessageContext(record, {}, async () => {
      try {
        await deliver(record);
      } catch (error) {
        logger.warn('Command delivery failed', {
          messageId: record.messageId,
          error: (error as Error).message,
        });
        // The last try: the message goes on to the dead-letter queue, and the command says it failed (it is
        // never left "queued" for ever).
        if (Number(record.attributes?.ApproximateReceiveCount ?? 0) >= MAX_RECEIVES)
          await failForGood(record, error as Error).catch(() => undefined);
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    });
  }
  return { batchItemFailures };
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
