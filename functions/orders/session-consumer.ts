/**
 * The order pipeline's entry: a completed charging session becomes an order. The order number is derived
 * from the session, and the order is written with a condition, so a session delivered twice (queue retry, the
 * sweep's re-queue, a replayed stop) makes one order and is billed once. The session then leaves the
 * hand-off index.
 *
 * Orders carry the session's facts (energy, duration, state of charge, stop reason, start mode) and are priced
 * and settled as they are written (functions/orders/settlement.ts), in one transaction. A refused session
 * (its token not accepted) becomes a start-failure order that bills nothing and counts no energy
 * (docs/decisions/044); one the platform closed says so (`closedBy`).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '@functions/lib/logger.ts';
import { inMessageContext } from '@functions/lib/queue.ts';
import { getSession, handOffDone } from '@functions/sessions/transactions.ts';
import { orderOf } from '@functions/sessions/session-order.ts';
import { settleSession } from './settlement.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

export { ORDER_TYPE, orderNoOf, orderOf } from '@functions/sessions/session-order.ts';

export async function handOver(
  chargePointId: string,
  transactionId: string,
): Promise<'created' | 'exists' | 'missing'> {
  const session = await getSession(chargePointId, transactionId);
  if (!session || session.status !== 'completed') return 'missing';
  const base = Object.fromEntries(Object.entries(orderOf(session)).filter(([, v]) => v !== undefined));
  const outcome = await settleSession(session, base);
  await handOffDone(chargePointId, transactionId);
  logger.debug('Session handed over', { chargePointId, transactionId, outcome });
  return outcome;
}

async function handle(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    // Each queue message logs under its own id and its flow's correlation id (functions/lib/queue.ts).
    await inMessageContext(record, {}, async () => {
      try {
        const { chargePointId, transactionId } = JSON.parse(record.body) as Record<string, string>;
        if (!chargePointId || !transactionId) return; // not ours: dropping it is the only answer
        await handOver(chargePointId, transactionId);
      } catch (error) {
        logger.error('Session hand-off failed', { error: String(error), messageId: record.messageId });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    });
  }
  return { batchItemFailures };
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
