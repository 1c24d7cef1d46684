/**
 * The topology's queues, both ends: every message is sent here, and every consumer runs each message in its
 * context here, so the flow's correlation id crosses the queue as the message attribute `correlationId`
 * (functions/lib/correlation.ts, docs/decisions/458-metrics-tracing-correlation.md).
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { sqsClient } from './aws.ts';
import { config } from './config.ts';
import { CORRELATION_ATTRIBUTE, correlationId, withCorrelation } from './correlation.ts';

/** SQS's longest delivery delay, in seconds. */
const MAX_DELAY_SECONDS = 900;

/**
 * Sends `body` (as JSON) to the topology queue `queueId`, with the current flow's correlation id; delivered
 * `delaySeconds` from now (rounded up, at most 15 minutes).
 */
export async function sendToQueue(
  queueId: string,
  body: unknown,
  options: { delaySeconds?: number } = {},
): Promise<void> {
  const id = correlationId();
  const delay = options.delaySeconds ?? 0;
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: config.queueUrl(queueId),
      MessageBody: JSON.stringify(body),
      ...(delay > 0 ? { DelaySeconds: Math.min(MAX_DELAY_SECONDS, Math.ceil(delay)) } : {}),
      ...(id === undefined
        ? {}
        : { MessageAttributes: { [CORRELATION_ATTRIBUTE]: { DataType: 'String', StringValue: id } } }),
    }),
  );
}

/** The correlation id a message carries (Lambda's SQS event shape), if any. */
export const correlationOf = (record: Pick<SQSRecord, 'messageAttributes'>): string | undefined =>
  record.messageAttributes?.[CORRELATION_ATTRIBUTE]?.stringValue;

/**
 * Runs a consumer's work on one message in that message's log context: its id, the correlation id it
 * carries (its own id when it carries none: a message sent by hand), and `keys`.
 */
export function inMessageContext<T>(
  record: Pick<SQSRecord, 'messageId' | 'messageAttributes'>,
  keys: Record<string, unknown>,
  fn: () => T,
): T {
  return withCorrelation(
    correlationOf(record) ?? record.messageId,
    { messageId: record.messageId, ...keys },
    fn,
  );
}
