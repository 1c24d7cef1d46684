/** Platform domain: `GET /health`, the readiness of what the API depends on. */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { httpHandler } from '@functions/lib/http.ts';

export async function checkDatabase(): Promise<{ status: 'ok' | 'down'; detail?: string }> {
  try {
    await dynamoDocument().send(new DescribeTableCommand({ TableName: config.tableName('main') }));
    return { status: 'ok' };
  } catch (error) {
    return { status: 'down', detail: (error as Error).name };
  }
}

export const handler = httpHandler(
  {
    'GET /health': async () => {
      const dynamodb = await checkDatabase();
      return { status: dynamodb.status === 'ok' ? 'ok' : 'degraded', services: { dynamodb } };
    },
  },
  ['GET /health'],
);
