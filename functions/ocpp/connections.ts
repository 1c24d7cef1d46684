/** The connections table: which WebSocket connection a charge point is on right now. */
import { DeleteConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import {
  allConnections,
  connectionsOfChargePoint,
  deleteConnection,
  deleteConnections,
  putConnection,
  touchConnection as touchStored,
  type Connection,
} from '@functions/data/connections.ts';
import { wsManagementClient } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { instanceCache } from '@functions/lib/memo.ts';
import { topology } from '@infra/topology/index.ts';

export type { Connection };
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function saveConnection(c: Omit<Connection, 'expiresAt' | 'lastSeenAt' | 'connectedAt'>) {
  const now = nowSeconds();
  const item: Connection = {
    ...c,
    connectedAt: now,
    lastSeenAt: now,
    expiresAt: now + topology.websocket.maxConnectionSeconds + 60,
  };
  await putConnection(item);
  return item;
}

/**
 * Each function instance remembers the connections it has seen. A busy charger's messages then cost no
 * write: its connection item is touched at most every TOUCH_INTERVAL_MS, which is plenty for the sweep's
 * silence grace (minutes). A connection the platform closed gets no more frames, so a remembered one that was
 * superseded meanwhile is harmless.
 */
export const TOUCH_INTERVAL_MS = 30_000;
const seen = instanceCache(new Map<string, { connection: Connection; touchedAt: number }>());

/** Records activity on a connection and returns it (undefined when it is no longer known). */
export async function touchConnection(connectionId: string): Promise<Connection | undefined> {
  const hit = seen.get(connectionId);
  if (hit && Date.now() - hit.touchedAt < TOUCH_INTERVAL_MS) return hit.connection;
  try {
    const connection = await touchStored(connectionId, nowSeconds());
    if (!connection) {
      seen.delete(connectionId);
      return undefined;
    }
    if (seen.size > 10_000) seen.clear();
    seen.set(connectionId, { connection, touchedAt: Date.now() });
    return connection;
  } catch (error) {
    seen.delete(connectionId);
    throw error;
  }
}

export async function removeConnection(connectionId: string) {
  seen.delete(connectionId);
  await deleteConnection(connectionId);
}

/**
 * Forgets every connection (the local runtime's start-up: no socket survives the process that held it);
 * returns what was recorded, for presence.
 */
export async function removeAllConnections(): Promise<Connection[]> {
  seen.clear();
  const all = await allConnections();
  await deleteConnections(all.map((c) => c.connectionId));
  return all;
}

/** The live connections of a charge point, newest first; expired items are ignored (DynamoDB Local has no TTL). */
export async function connectionsOf(chargePointId: string): Promise<Connection[]> {
  const now = nowSeconds();
  return (await connectionsOfChargePoint(chargePointId))
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
