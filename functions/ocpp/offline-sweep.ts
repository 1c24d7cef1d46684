/**
 * Schedule: a connection that has been silent past the idle limit is gone (API Gateway closes idle sockets
 * after 10 minutes, and a vanished charger may never send its close). Its item is removed and the socket
 * closed, so the charger counts as offline and commands to it answer "pile offline" at once.
 */
import { DeleteConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument, wsManagementClient } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { topology } from '@infra/topology/index.ts';
import { removeConnection, type Connection } from './connections.ts';

export const OFFLINE_GRACE_SECONDS = Number(
  process.env.OFFLINE_GRACE_SECONDS ?? topology.websocket.idleTimeoutSeconds + 60,
);

export async function handler(): Promise<{ removed: string[] }> {
  const cutoff = Math.floor(Date.now() / 1000) - OFFLINE_GRACE_SECONDS;
  const removed: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  // The connections table holds one small item per connected charger, so a filtered scan is bounded.
  do {
    const page = await dynamoDocument().send(
      new ScanCommand({
        TableName: config.tableName('connections'),
        FilterExpression: 'lastSeenAt < :cutoff',
        ExpressionAttributeValues: { ':cutoff': cutoff },
        ExclusiveStartKey,
      }),
    );
    for (const c of (page.Items ?? []) as Connection[]) {
      await wsManagementClient(config.wsManagementEndpoint())
        .send(new DeleteConnectionCommand({ ConnectionId: c.connectionId }))
        .catch(() => undefined); // already closed
      await removeConnection(c.connectionId);
      removed.push(c.chargePointId);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return { removed };
}
