/**
 * Command delivery when things go wrong: a consumer that cannot reach the WebSocket management endpoint
 * fails the message; on its last receive (before the dead-letter queue) the command is marked failed with the
 * reason, so the results view never shows it queued for ever. A charger that answers before the consumer has
 * marked its command sent still gets its answer recorded. (Offline and time-out: send.test.ts and the runtime
 * smoke test.)
 */
import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as consume } from '@functions/commands/consumer.ts';
import { createCommand, getCommand, markSent, recordCommandAnswer } from '@functions/commands/store.ts';
import { saveConnection } from '@functions/chargepoints/connections.ts';
import { envNames } from '@shared/topology/env.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;

beforeAll(async () => {
  rt = await startTestRuntime();
}, 120_000);
afterAll(async () => {
  await rt?.cleanup();
});

const event = (commandId: string, receiveCount: number): SQSEvent => ({
  Records: [
    {
      messageId: randomUUID(),
      receiptHandle: 'r',
      body: JSON.stringify({ commandId }),
      attributes: { ApproximateReceiveCount: String(receiveCount) } as never,
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:commands',
      awsRegion: 'us-east-1',
    },
  ],
});

describe('command delivery', () => {
  it('fails the message while retries remain, and marks the command failed on the last one', async () => {
    const commandId = randomUUID();
    await saveConnection({
      connectionId: 'conn-x',
      chargePointId: 'DEMO-CP-003',
      agentId: 'demo-operator',
      protocol: 'ocpp1.6',
    });
    await createCommand({
      commandId,
      chargePointId: 'DEMO-CP-003',
      agentId: 'demo-operator',
      action: 'ClearCache',
      payload: {},
    });
    const endpoint = process.env[envNames.wsManagementEndpoint];
    process.env[envNames.wsManagementEndpoint] = 'http://127.0.0.1:1'; // nothing listens: delivery throws
    try {
      const first = await consume(event(commandId, 1));
      expect(first.batchItemFailures).toHaveLength(1);
      expect((await getCommand(commandId))?.status).toBe('queued');
      const last = await consume(event(commandId, 3));
      expect(last.batchItemFailures).toHaveLength(1); // on to the dead-letter queue
    } finally {
      process.env[envNames.wsManagementEndpoint] = endpoint;
    }
    const command = await getCommand(commandId);
    expect(command?.status).toBe('failed');
    expect(command?.error?.description).toMatch(/^Not delivered: /);
    // A redelivery of a command that has ended changes nothing.
    expect((await consume(event(commandId, 4))).batchItemFailures).toHaveLength(0);
    expect((await getCommand(commandId))?.status).toBe('failed');
  });

  it('records an answer that comes before the command is marked sent, and the late mark leaves it answered', async () => {
    const commandId = randomUUID();
    await createCommand({
      commandId,
      chargePointId: 'DEMO-CP-003',
      agentId: 'demo-operator',
      action: 'ClearCache',
      payload: {},
    });
    // PostToConnection has returned, the charger's answer is in before markSent.
    const answered = await recordCommandAnswer('DEMO-CP-003', {
      type: 3,
      id: commandId,
      payload: { status: 'Accepted' },
    });
    expect(answered).toBe(true);
    expect(await markSent(commandId)).toBe(false);
    const command = await getCommand(commandId);
    expect(command).toMatchObject({ status: 'answered', result: { status: 'Accepted' } });
    expect(command?.sentAt).toBe(command?.answeredAt);
    // Another charger cannot answer it.
    const other = randomUUID();
    await createCommand({
      commandId: other,
      chargePointId: 'DEMO-CP-003',
      agentId: 'demo-operator',
      action: 'ClearCache',
      payload: {},
    });
    expect(await recordCommandAnswer('DEMO-CP-002', { type: 3, id: other, payload: {} })).toBe(false);
    expect((await getCommand(other))?.status).toBe('queued');
  });
});
