/**
 * The `ocpiPush` queue's consumer (issue 20): each message is one push to one partner (functions/ocpi/push.ts);
 * a push the partner did not take is reported as a failure of its message, so the queue tries it again and,
 * after its last try, moves it to the dead-letter queue.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '@functions/lib/http.ts';
import { deliver, type OcpiPush } from './push.ts';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    let push: OcpiPush;
    try {
      push = JSON.parse(record.body) as OcpiPush;
    } catch {
      continue; // not ours: dropping it is the only answer
    }
    if (push?.kind !== 'evse' || typeof push.partnerId !== 'string') continue;
    try {
      await deliver(push);
    } catch (error) {
      logger.warn('OCPI push not taken', { error: String(error), messageId: record.messageId });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
