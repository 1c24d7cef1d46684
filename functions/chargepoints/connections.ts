/** The connections table: which WebSocket connection a charge point is on right now. */
import { DeleteConnectionCommand, GetConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import {
  allConnections,
  connectionsOfChargePoint,
  deleteConnection,
  deleteConnections,
  getConnection,
  putConnection,
  type Connection,
} from '@functions/data/connections.ts';
import { wsManagementClient } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { instanceCache } from '@functions/lib/memo.ts';
import { topology } from '@shared/topology/index.ts';

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
  // Its first frames need not read it back (the boot's answer waits for nothing it need not).
  remember(item);
  return item;
}

/**
 * Each function instance remembers the connections it has seen for KNOWN_FOR_MS, so a charger's messages cost no
 * request for its connection (the subprotocol, and that the platform still knows it). A message writes nothing
 * to the connection item: API Gateway keeps each connection's last activity itself (`connectionActivity`), and
 * the offline sweep asks it about connections whose recorded activity looks old (decision 430).
 */
export const KNOWN_FOR_MS = 30_000;
const seen = instanceCache(new Map<string, { connection: Connection; readAt: number }>());

/**
 * The connection a frame came on (undefined when the platform no longer knows it). A connection the eventually
 * consistent read does not find is read again consistently before it is called unknown (and closed): a
 * charger's first frame can reach another instance than its `$connect` before the table's replicas have its
 * item, and a new connection must not be closed for that
 * (docs/decisions/471-first-connect-after-a-reset-or-a-plan.md).
 */
export async function knownConnection(connectionId: string): Promise<Connection | undefined> {
  const hit = seen.get(connectionId);
  if (hit && Date.now() - hit.readAt < KNOWN_FOR_MS) return hit.connection;
  const connection = (await getConnection(connectionId)) ?? (await getConnection(connectionId, true));
  if (!connection || connection.expiresAt <= nowSeconds()) {
    seen.delete(connectionId);
    return undefined;
  }
  remember(connection);
  return connection;
}

function remember(connection: Connection) {
  if (seen.size > 10_000) seen.clear();
  seen.set(connection.connectionId, { connection, readAt: Date.now() });
}

/**
 * When a connection was last active (epoch ms), as API Gateway knows it (`GetConnection` on `@connections`);
 * undefined when the connection is gone.
 */
export async function connectionActivity(connectionId: string): Promise<number | undefined> {
  try {
    const answer = await wsManagementClient(config.wsManagementEndpoint()).send(
      new GetConnectionCommand({ ConnectionId: connectionId }),
    );
    const at = answer.LastActiveAt ?? answer.ConnectedAt;
    return at ? new Date(at).getTime() : undefined;
  } catch (error) {
    if ((error as Error).name === 'GoneException') return undefined;
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
