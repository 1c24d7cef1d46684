/**
 * Data-layer tests: the tables the topology declares, made for this file on the run's shared DynamoDB Local
 * (decision 360) under a prefix of its own, and the main table read and written by hand, as the code before
 * the data layer did. No runtime: the modules need only their tables (a runtime's start and demo seed cost
 * each file about 15 s).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { connectDynamo, dropTables, ensureTables } from '@infra/local/dynamodb.ts';
import { envNames } from '@shared/topology/env.ts';
import { topology } from '@shared/topology/index.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

export function withDatabase() {
  let done: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const endpoint = process.env.EVC_TEST_DYNAMODB_ENDPOINT;
    if (!endpoint) {
      // Outside the shared database (a file run by another harness): a runtime makes the tables.
      const rt = await startTestRuntime({ seed: 'none' });
      done = () => rt.cleanup();
      return;
    }
    const prefix = `d${randomUUID().slice(0, 12)}.`;
    const nameOf = (id: string) => `${prefix}${id}`;
    const db = await connectDynamo(endpoint);
    await ensureTables(db.client, topology.tables, nameOf);
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_DYNAMODB: endpoint,
      ...Object.fromEntries(topology.tables.map((t) => [envNames.table(t.id), nameOf(t.id)])),
    });
    done = async () => {
      await dropTables(db.client, topology.tables, nameOf);
      await db.stop();
    };
  });
  afterAll(async () => {
    await done?.();
  });
}

export const table = () => config.tableName('main');

/** The stored item at a key, as it is. */
export const rawGet = async (key: { pk: string; sk: string }) =>
  (await dynamoDocument().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;

/** Writes an item as it is. */
export const rawPut = (item: Record<string, unknown>) =>
  dynamoDocument().send(new PutCommand({ TableName: table(), Item: item }));

/** Sends a put the data layer built. */
export const sendPut = (params: object) => dynamoDocument().send(new PutCommand(params as PutCommandInput));
