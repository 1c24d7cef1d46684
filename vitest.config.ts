import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@shared': here('./shared'),
      '@functions': here('./functions'),
      '@infra': here('./infra'),
      '@web': here('./web/src'),
    },
  },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup/loopback-guard.ts', 'test/setup/shared-dynamodb.ts'],
    globalSetup: ['test/setup/shared-dynamodb.global.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One worker per core, not Vitest's cores - 1: most files wait on sockets and timers, and on two cores
    // the default of one worker left a core idle (decision 360).
    maxWorkers: os.availableParallelism(),
  },
});
