/** A second start on the same data folder keeps DynamoDB items and S3 objects. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evc-persist-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('data folder', () => {
  it('keeps items and uploaded files across a restart', async () => {
    const first = await startTestRuntime({ dataDir, seed: 'none' });
    await dynamoDocument().send(
      new PutCommand({ TableName: 'main', Item: { pk: 'TEST#1', sk: 'A', value: 42 } }),
    );
    await first.queues.s3.send(
      new PutObjectCommand({
        Bucket: 'firmware',
        Key: 'fw/v1 2.bin',
        Body: Buffer.from([1, 2, 3]),
        ContentType: 'application/octet-stream',
      }),
    );
    await first.stop();

    const second = await startTestRuntime({ dataDir, seed: 'none' });
    try {
      const { Item } = await dynamoDocument().send(
        new GetCommand({ TableName: 'main', Key: { pk: 'TEST#1', sk: 'A' } }),
      );
      expect(Item?.value).toBe(42);
      const object = await second.queues.s3.send(
        new GetObjectCommand({ Bucket: 'firmware', Key: 'fw/v1 2.bin' }),
      );
      expect([...(await object.Body!.transformToByteArray())]).toEqual([1, 2, 3]);
      expect(object.ContentType).toBe('application/octet-stream');
    } finally {
      await second.stop();
    }
  });
});
