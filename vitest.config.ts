import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import EnvironmentSequencer from './test/setup/sequencer.ts';

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
    setupFiles: [
      'test/setup/loopback-guard.ts',
      'test/setup/shared-dynamodb.ts',
      'test/setup/process-state.ts',
      'test/setup/browser-evidence.ts',
      'test/setup/testing-library.ts',
      'test/setup/react-owner-stacks.ts',
    ],
    globalSetup: ['test/setup/shared-dynamodb.global.ts'],
    sequence: { sequencer: EnvironmentSequencer },
    // Deadlines, not durations: a test that passes goes on at once. On a busy machine a DOM test that renders a
    // wizard keystroke by keystroke needs minutes (docs/testing.md).
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Files share their worker's loaded modules (decision 360): no file replaces a module (vi.mock); a test
    // that must watch or hold a call spies on the object its module calls through (vi.spyOn).
    isolate: false,
    // One worker more than there are cores, not Vitest's cores - 1: most files wait on sockets and timers
    // (measured on two cores: 2 workers 614 s, 3 workers 500 s, 4 workers 541 s; with the files ordered by
    // environment 3 and 4 were even, 355 s and 357 s; decision 360). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? os.availableParallelism() + 1),
  },
});
