import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import EnvironmentSequencer from './test/setup/sequencer.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Files that need a fresh module registry of their own: they replace modules with vi.mock. Every other file
 * shares its worker's modules with the files before it (decision 360); each of these starts a worker of its
 * own, so the list stays short (test/setup/sequencer.ts runs them between the two environments' files).
 */
const ISOLATED = [
  'test/identity/auth.test.ts',
  'test/ocpp/protocol.test.ts',
  'test/functions/ocpp-authorizer.test.ts',
  'test/web/layout.dom.test.tsx',
  'test/web/subscription/wizard.test.tsx',
  'test/web/subscription/plan.test.tsx',
];

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
    setupFiles: [
      'test/setup/loopback-guard.ts',
      'test/setup/shared-dynamodb.ts',
      'test/setup/process-state.ts',
      'test/setup/browser-evidence.ts',
    ],
    globalSetup: ['test/setup/shared-dynamodb.global.ts'],
    sequence: { sequencer: EnvironmentSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One worker more than there are cores, not Vitest's cores - 1: most files wait on sockets and timers
    // (measured on two cores: 2 workers 614 s, 3 workers 500 s, 4 workers 541 s; with the files ordered by
    // environment 3 and 4 were even, 355 s and 357 s; decision 360). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? os.availableParallelism() + 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.{ts,tsx}'],
          isolate: false,
          exclude: [...configDefaults.exclude, ...ISOLATED],
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
