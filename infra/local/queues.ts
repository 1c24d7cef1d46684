/**
 * SQS and S3 from fauxqs (pinned 1.9.2, in-process), with S3 objects written through to the data folder so
 * uploads survive a restart. Queues and buckets are created from the topology. The runtime also plays the
 * Lambda event-source mapping: it long-polls each queue and invokes its consumer with a real SQS event,
 * deleting what succeeded and leaving batch item failures to come back after the visibility time-out, until
 * the queue's redrive policy moves them to the dead-letter queue.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SQSClient,
  type MessageAttributeValue,
} from '@aws-sdk/client-sqs';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { BucketDecl, QueueDecl } from '@shared/topology/types.ts';
import { invoke } from './invoke.ts';
import { fromRoot } from './paths.ts';

type S3Object = { key: string; body: Buffer; contentType: string; metadata: Record<string, string> };
type StoreCtor = new () => {
  putObject(
    bucket: string,
    key: string,
    body: Buffer,
    contentType?: string,
    metadata?: Record<string, string>,
  ): S3Object;
  deleteObject(bucket: string, key: string): void;
  createBucket(name: string): void;
  completeMultipartUpload(uploadId: string, parts: unknown[]): S3Object & { bucket?: string };
  multipartUploads: Map<string, { bucket: string; key: string }>;
};

// fauxqs exports only its server; its stores are reached by file so one can be made persistent.
const fauxqsFile = (rel: string) => pathToFileURL(fromRoot('node_modules/fauxqs/dist', rel)).href;

const encodeKey = (key: string) => Buffer.from(key).toString('base64url');
const decodeKey = (name: string) => Buffer.from(name, 'base64url').toString('utf8');

async function persistentS3Store(dir: string) {
  const { S3Store } = (await import(fauxqsFile('s3/s3Store.js'))) as { S3Store: StoreCtor };
  class PersistentS3Store extends S3Store {
    loading = false;
    override createBucket(name: string) {
      super.createBucket(name);
      mkdirSync(path.join(dir, name), { recursive: true });
    }
    override putObject(
      bucket: string,
      key: string,
      body: Buffer,
      contentType?: string,
      metadata?: Record<string, string>,
    ) {
      const obj = super.putObject(bucket, key, body, contentType, metadata);
      if (!this.loading) {
        const file = path.join(dir, bucket, encodeKey(key));
        writeFileSync(file, body);
        writeFileSync(
          `${file}.meta.json`,
          JSON.stringify({ contentType: obj.contentType, metadata: obj.metadata }),
        );
      }
      return obj;
    }
    override deleteObject(bucket: string, key: string) {
      super.deleteObject(bucket, key);
      const file = path.join(dir, bucket, encodeKey(key));
      rmSync(file, { force: true });
      rmSync(`${file}.meta.json`, { force: true });
    }
    override completeMultipartUpload(uploadId: string, parts: unknown[]) {
      const upload = this.multipartUploads.get(uploadId);
      const obj = super.completeMultipartUpload(uploadId, parts);
      if (upload) this.putObject(upload.bucket, upload.key, obj.body, obj.contentType, obj.metadata);
      return obj;
    }
    load() {
      this.loading = true;
      for (const bucket of existsSync(dir) ? readdirSync(dir) : []) {
        super.createBucket(bucket);
        for (const name of readdirSync(path.join(dir, bucket))) {
          if (name.endsWith('.meta.json')) continue;
          const file = path.join(dir, bucket, name);
          const meta = existsSync(`${file}.meta.json`)
            ? JSON.parse(readFileSync(`${file}.meta.json`, 'utf8'))
            : {};
          this.putObject(bucket, decodeKey(name), readFileSync(file), meta.contentType, meta.metadata);
        }
      }
      this.loading = false;
    }
  }
  return new PersistentS3Store();
}

export interface LocalQueues {
  endpoint: string;
  sqs: SQSClient;
  s3: S3Client;
  queueUrls: Record<string, string>;
  dlqUrls: Record<string, string>;
  check(): Promise<void>;
  stop(): Promise<void>;
}

export async function startQueues(
  dataDir: string,
  queues: QueueDecl[],
  buckets: BucketDecl[],
): Promise<LocalQueues> {
  const { buildApp } = await import('fauxqs');
  const { SqsStore } = (await import(fauxqsFile('sqs/sqsStore.js'))) as { SqsStore: new () => unknown };
  const { SnsStore } = (await import(fauxqsFile('sns/snsStore.js'))) as { SnsStore: new () => unknown };
  const s3Store = await persistentS3Store(path.join(dataDir, 's3'));
  s3Store.load();
  const app = buildApp({
    logger: false,
    stores: { sqsStore: new SqsStore(), snsStore: new SnsStore(), s3Store } as never,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const endpoint = address.replace('localhost', '127.0.0.1');
  const region = process.env.AWS_REGION ?? 'us-east-1';
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const sqs = new SQSClient({ endpoint, region, credentials });
  const s3 = new S3Client({ endpoint, region, credentials, forcePathStyle: true });

  const queueUrls: Record<string, string> = {};
  const dlqUrls: Record<string, string> = {};
  for (const q of queues) {
    const dlq = await sqs.send(
      new CreateQueueCommand({
        QueueName: `${q.id}-dlq`,
        Attributes: { MessageRetentionPeriod: String(14 * 86400) },
      }),
    );
    dlqUrls[q.id] = dlq.QueueUrl!;
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }),
    );
    const main = await sqs.send(
      new CreateQueueCommand({
        QueueName: q.id,
        Attributes: {
          VisibilityTimeout: String(q.visibilityTimeoutSeconds),
          MessageRetentionPeriod: String(q.retentionSeconds),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: Attributes!.QueueArn,
            maxReceiveCount: q.maxReceiveCount,
          }),
        },
      }),
    );
    queueUrls[q.id] = main.QueueUrl!;
  }
  for (const b of buckets) {
    const exists = await s3.send(new HeadBucketCommand({ Bucket: b.id })).then(
      () => true,
      () => false,
    );
    if (!exists) await s3.send(new CreateBucketCommand({ Bucket: b.id }));
  }

  return {
    endpoint,
    sqs,
    s3,
    queueUrls,
    dlqUrls,
    check: async () => {
      await sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: Object.values(queueUrls)[0],
          AttributeNames: ['QueueArn'],
        }),
      );
    },
    stop: async () => {
      sqs.destroy();
      s3.destroy();
      await app.close();
    },
  };
}

/**
 * A message's attributes as Lambda's SQS event has them (`stringValue`, `dataType`, ...), not as the SQS API
 * answers them (`StringValue`, `DataType`): a consumer reads them the same on both hosts (the correlation id,
 * functions/lib/queue.ts).
 */
export function lambdaMessageAttributes(
  attributes: Record<string, MessageAttributeValue> | undefined,
): SQSRecord['messageAttributes'] {
  return Object.fromEntries(
    Object.entries(attributes ?? {}).map(([name, a]) => [
      name,
      {
        dataType: a.DataType ?? 'String',
        ...(a.StringValue === undefined ? {} : { stringValue: a.StringValue }),
        ...(a.BinaryValue === undefined
          ? {}
          : { binaryValue: Buffer.from(a.BinaryValue).toString('base64') }),
        stringListValues: a.StringListValues ?? [],
        binaryListValues: (a.BinaryListValues ?? []).map((v) => Buffer.from(v).toString('base64')),
      },
    ]),
  );
}

/** The Lambda event-source mapping of one queue: poll, invoke, delete successes, leave failures. */
export function pollQueue(sqs: SQSClient, queue: QueueDecl, queueUrl: string, onError: (e: Error) => void) {
  let running = true;
  const abort = new AbortController();
  const arn = `arn:aws:sqs:${process.env.AWS_REGION ?? 'us-east-1'}:000000000000:${queue.id}`;
  const loop = (async () => {
    while (running) {
      try {
        const { Messages = [] } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: Math.min(queue.batchSize, 10),
            WaitTimeSeconds: 1,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        if (!Messages.length) continue;
        const event: SQSEvent = {
          Records: Messages.map((m) => ({
            messageId: m.MessageId!,
            receiptHandle: m.ReceiptHandle!,
            body: m.Body ?? '',
            attributes: (m.Attributes ?? {}) as never,
            messageAttributes: lambdaMessageAttributes(m.MessageAttributes),
            md5OfBody: m.MD5OfBody ?? '',
            eventSource: 'aws:sqs',
            eventSourceARN: arn,
            awsRegion: process.env.AWS_REGION ?? 'us-east-1',
          })),
        };
        let failed = new Set<string>();
        try {
          const response = await invoke<SQSBatchResponse | undefined>(queue.consumer, event);
          failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        } catch (error) {
          // A thrown error fails the whole batch, as in Lambda.
          failed = new Set(Messages.map((m) => m.MessageId!));
          onError(error as Error);
        }
        const done = Messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length) {
          await sqs.send(
            new DeleteMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
            }),
          );
        }
      } catch (error) {
        if (!running) break;
        onError(error as Error);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  })();
  return {
    stop: async () => {
      running = false;
      abort.abort();
      await loop;
    },
  };
}
