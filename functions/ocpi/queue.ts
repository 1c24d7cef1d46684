/** The `ocpiPush` queue (docs/decisions/426): every exchange the platform starts with a partner goes through it. */
import { sendToQueue } from '@functions/lib/queue.ts';

/** Queues one message (its `kind` says what the consumer does: functions/ocpi/push-consumer.ts). */
export async function queuePush<M extends { kind: string }>(message: M): Promise<void> {
  await sendToQueue('ocpiPush', message);
}
