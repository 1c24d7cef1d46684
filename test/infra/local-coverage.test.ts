/**
 * The local runtime covers every topology entry: this test walks the topology and checks each table, queue
 * (and DLQ), bucket, HTTP and WebSocket route, schedule, state machine task and IoT rule is present in the
 * running stand-ins or resolvable to a handler, through the same wire protocols the functions use.
 */
import { ListTablesCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { ListQueuesCommand, GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { ListBucketsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { allFunctionRefs, topology } from '@shared/topology/index.ts';
import { compileRoutes, matchRoute } from '@infra/local/http-front.ts';
import { compileRule } from '@infra/local/iot.ts';
import { nextFireIn } from '@infra/local/schedules.ts';
import { stateMachineArn } from '@infra/local/stepfunctions.ts';
import { fromRoot } from '@infra/local/paths.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  // Its own database, so the tables carry the topology's names as `npm start` creates them.
  rt = await startTestRuntime({ seed: 'none', ownDatabase: true });
});
afterAll(async () => rt?.cleanup());

describe('local runtime covers the topology', () => {
  it('creates every table with its keys, indexes and stream', async () => {
    const { TableNames = [] } = await dynamoDocument().send(new ListTablesCommand({}));
    for (const table of topology.tables) {
      expect(TableNames).toContain(table.id);
      const { Table } = await dynamoDocument().send(new DescribeTableCommand({ TableName: table.id }));
      expect(Table?.KeySchema?.[0]?.AttributeName).toBe(table.partitionKey.name);
      expect((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort()).toEqual(
        table.indexes.map((i) => i.name).sort(),
      );
      expect(Table?.StreamSpecification?.StreamEnabled ?? false).toBe(Boolean(table.stream));
    }
  });

  it('creates every queue with a dead-letter queue and polls it', async () => {
    const { QueueUrls = [] } = await rt.queues.sqs.send(new ListQueuesCommand({}));
    for (const q of topology.queues) {
      expect(QueueUrls).toContain(rt.queues.queueUrls[q.id]);
      expect(QueueUrls).toContain(rt.queues.dlqUrls[q.id]);
      const { Attributes } = await rt.queues.sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: rt.queues.queueUrls[q.id],
          AttributeNames: ['RedrivePolicy', 'VisibilityTimeout'],
        }),
      );
      expect(JSON.parse(Attributes!.RedrivePolicy!).maxReceiveCount).toBe(q.maxReceiveCount);
      expect(Number(Attributes!.VisibilityTimeout)).toBe(q.visibilityTimeoutSeconds);
    }
  });

  it('creates every bucket', async () => {
    const { Buckets = [] } = await rt.queues.s3.send(new ListBucketsCommand({}));
    expect(Buckets.map((b) => b.Name).sort()).toEqual(topology.buckets.map((b) => b.id).sort());
  });

  it('routes every HTTP route to a domain handler', () => {
    const routes = compileRoutes(topology.routes);
    for (const r of topology.routes) {
      const concrete = r.path.replace(/\{(\w+)\+?\}/g, 'x');
      expect(matchRoute(routes, r.method, concrete)?.route).toEqual(r);
      expect(topology.domains[r.domain], `${r.method} ${r.path}`).toBeDefined();
    }
  });

  it('runs every state machine and every schedule', async () => {
    for (const m of topology.stateMachines) expect(rt.sfn.arns).toContain(stateMachineArn(m.id));
    for (const s of topology.schedules) expect(nextFireIn(s.expression)).toBeGreaterThan(0);
    for (const r of topology.iot.rules) expect(compileRule(r).filter).toBeTruthy();
  });

  it('can load every handler module the topology names', async () => {
    for (const { key, ref } of allFunctionRefs()) {
      const mod = await import(fromRoot(ref.module));
      expect(typeof mod[ref.export ?? 'handler'], key).toBe('function');
    }
  });
});
