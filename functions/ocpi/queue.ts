/** The `ocpiPush` queue (docs/decisions/426): every exchange the platform starts with a partner goes through it. */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';

/** Queues one message (its `kind` says what the consumer does: functions/ocpi/push-consumer.ts). */
export async function queuePush<M extends { kind: string }>(message: M): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: config.queueUrl('ocpiPush'), MessageBody: JSON.stringify(message) }),
  );
}
