/**
 * Data-layer tests: a runtime for its database (the tables the topology declares), and the main table read
 * and written by hand, as the code before the data layer does.
 */
import { GetCommand, PutCommand, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

export function withDatabase() {
  let rt: Awaited<ReturnType<typeof startTestRuntime>> | undefined;
  beforeAll(async () => {
    rt = await startTestRuntime();
  });
  afterAll(async () => {
    await rt?.cleanup();
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
