/**
 * A second start on the same data folder keeps DynamoDB items and S3 objects: with a DynamoDB Local of its
 * own on the folder's disk, as `npm start` runs it (not the test run's shared in-memory one).
 */
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
    const first = await startTestRuntime({ dataDir, seed: 'none', ownDatabase: true });
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

    const second = await startTestRuntime({ dataDir, seed: 'none', ownDatabase: true });
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
