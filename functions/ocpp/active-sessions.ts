/**
 * The index of a charger's active sessions (gsi2 `TXACTIVE#{chargePointId}`, by connector), written by the
 * session store (functions/ocpp/transactions.ts). On its own so that the charge point records
 * (functions/devices/sites.ts), which the session store reads, can ask it without importing the store.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { table } from '@functions/lib/store.ts';

/** The gsi2 partition of a charger's active sessions. */
export const activeSessionsPartition = (chargePointId: string) => `TXACTIVE#${chargePointId}`;

/** Whether any connector of the charger has a session that has not ended. */
export async function hasActiveSession(chargePointId: string): Promise<boolean> {
  const { Count = 0 } = await dynamoDocument().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :p',
      ExpressionAttributeValues: { ':p': activeSessionsPartition(chargePointId) },
      Limit: 1,
      Select: 'COUNT',
    }),
  );
  return Count > 0;
}
