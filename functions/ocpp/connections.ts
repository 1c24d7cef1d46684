/** The connections table: which WebSocket connection a charge point is on right now. */
import { DeleteConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import {
  BatchWriteCommand,
  DeleteCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { dynamoDocument, wsManagementClient } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { topology } from '@infra/topology/index.ts';
import { isConditionFailure } from '@functions/lib/conditional.ts';

export interface Connection {
  connectionId: string;
  chargePointId: string;
  agentId: string;
  protocol: string;
  connectedAt: number;
  lastSeenAt: number;
  /** Epoch seconds; API Gateway drops a connection after its maximum duration, so the item goes then too. */
  expiresAt: number;
}

const table = () => config.tableName('connections');
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function saveConnection(c: Omit<Connection, 'expiresAt' | 'lastSeenAt' | 'connectedAt'>) {
  const now = nowSeconds();
  const item: Connection = {
    ...c,
    connectedAt: now,
    lastSeenAt: now,
    expiresAt: now + topology.websocket.maxConnectionSeconds + 60,
  };
  await dynamoDocument().send(new PutCommand({ TableName: table(), Item: item }));
  return item;
}

/**
 * Each function instance remembers the connections it has seen. A busy charger's messages then cost no
 * write: its connection item is touched at most every TOUCH_INTERVAL_MS, which is plenty for the sweep's
 * silence grace (minutes). A connection the platform closed gets no more frames, so a remembered one that was
 * superseded meanwhile is harmless.
 */
export const TOUCH_INTERVAL_MS = 30_000;
const seen = new Map<string, { connection: Connection; touchedAt: number }>();

/** Records activity on a connection and returns it (undefined when it is no longer known). */
export async function touchConnection(connectionId: string): Promise<Connection | undefined> {
  const hit = seen.get(connectionId);
  if (hit && Date.now() - hit.touchedAt < TOUCH_INTERVAL_MS) return hit.connection;
  try {
    const { Attributes } = await dynamoDocument().send(
      new UpdateCommand({
        TableName: table(),
        Key: { connectionId },
        UpdateExpression: 'SET lastSeenAt = :now',
        ConditionExpression: 'attribute_exists(connectionId)',
        ExpressionAttributeValues: { ':now': nowSeconds() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (seen.size > 10_000) seen.clear();
    seen.set(connectionId, { connection: Attributes as Connection, touchedAt: Date.now() });
    return Attributes as Connection;
  } catch (error) {
    seen.delete(connectionId);
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

export async function removeConnection(connectionId: string) {
  seen.delete(connectionId);
  await dynamoDocument().send(new DeleteCommand({ TableName: table(), Key: { connectionId } }));
}

/**
 * Forgets every connection (the local runtime's start-up: no socket survives the process that held it);
 * returns what was recorded, for presence.
 */
export async function removeAllConnections(): Promise<Connection[]> {
  seen.clear();
  const all: Connection[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocument().send(new ScanCommand({ TableName: table(), ExclusiveStartKey }));
    all.push(...((page.Items ?? []) as Connection[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  for (let i = 0; i < all.length; i += 25) {
    let writes: BatchWriteCommandInput['RequestItems'] = {
      [table()]: all
        .slice(i, i + 25)
        .map((c) => ({ DeleteRequest: { Key: { connectionId: c.connectionId } } })),
    };
    while (writes && Object.keys(writes).length) {
      const answer: BatchWriteCommandOutput = await dynamoDocument().send(
        new BatchWriteCommand({ RequestItems: writes }),
      );
      writes = answer.UnprocessedItems;
    }
  }
  return all;
}

/** The live connections of a charge point, newest first; expired items are ignored (DynamoDB Local has no TTL). */
export async function connectionsOf(chargePointId: string): Promise<Connection[]> {
  const { Items = [] } = await dynamoDocument().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'byChargePoint',
      KeyConditionExpression: 'chargePointId = :id',
      ExpressionAttributeValues: { ':id': chargePointId },
    }),
  );
  const now = nowSeconds();
  return (Items as Connection[])
    .filter((c) => c.expiresAt > now)
    .sort((a, b) => b.connectedAt - a.connectedAt);
}

/** The live connection of a charge point (the newest one). */
export async function findConnection(chargePointId: string): Promise<Connection | undefined> {
  return (await connectionsOf(chargePointId))[0];
}

/**
 * Closes a connection from the platform's side (`DeleteConnection` on the `@connections` endpoint; a
 * connection already gone is fine) and forgets it.
 */
export async function closeConnection(connectionId: string): Promise<void> {
  try {
    await wsManagementClient(config.wsManagementEndpoint()).send(
      new DeleteConnectionCommand({ ConnectionId: connectionId }),
    );
  } catch (error) {
    if ((error as Error).name !== 'GoneException') throw error;
  } finally {
    await removeConnection(connectionId);
  }
}
