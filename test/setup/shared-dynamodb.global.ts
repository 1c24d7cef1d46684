/**
 * Vitest global set-up: one DynamoDB Local for the whole run, its tables in memory (decision 360). Each test
 * runtime creates its own tables on it under a prefix (test/helpers/runtime.ts), so files stay apart and no
 * file pays for a JVM of its own. Vitest calls this once per project: the projects share the first call's
 * database, and the last project's teardown stops it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamo, type LocalDynamo } from '@infra/local/dynamodb.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedDynamodbEndpoint: string;
  }
}

interface Shared {
  started: Promise<{ dynamo: LocalDynamo; dir: string }>;
  users: number;
}
const state = globalThis as { evcSharedDynamodb?: Shared };

export default async function setup(project: TestProject) {
  const shared = (state.evcSharedDynamodb ??= {
    users: 0,
    started: (async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'evc-test-dynamodb-'));
      return { dynamo: await startDynamo(dir, { inMemory: true }), dir };
    })(),
  });
  shared.users++;
  const { dynamo, dir } = await shared.started;
  project.provide('sharedDynamodbEndpoint', dynamo.endpoint);
  return async () => {
    if (--shared.users > 0) return;
    delete state.evcSharedDynamodb;
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
