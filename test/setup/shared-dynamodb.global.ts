/**
 * Vitest global set-up: one DynamoDB Local for the whole run, its tables in memory (decision 360). Each test
 * runtime creates its own tables on it under a prefix (test/helpers/runtime.ts), so files stay apart and no
 * file pays for a JVM of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamo } from '@infra/local/dynamodb.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedDynamodbEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evc-test-dynamodb-'));
  const dynamo = await startDynamo(dir, { inMemory: true });
  project.provide('sharedDynamodbEndpoint', dynamo.endpoint);
  return async () => {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
