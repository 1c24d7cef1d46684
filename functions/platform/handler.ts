/** Platform domain: `GET /health`, the readiness of what the API depends on. */
import { describeTable } from '@functions/data/table-health.ts';
import { httpHandler } from '@functions/api/http.ts';

export async function checkDatabase(): Promise<{ status: 'ok' | 'down'; detail?: string }> {
  try {
    await describeTable('main');
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
