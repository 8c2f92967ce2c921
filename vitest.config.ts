import { defineConfig } from 'vitest/config';

// The project's own tests, in two lanes (vitest projects). The conformance suites
// (suites/**/*.conformance.ts) are not collected here: the engine (engine/suite-runner.ts) runs
// them through vitest's Node API with its own configuration.
//
// - `unit` (`npm test`): unit and in-process tests, no process spawned, no network beyond
//   loopback, nothing installed; one module graph per worker (isolate: false), so the sandbox
//   data and the contract load once per worker instead of once per file.
// - `e2e` (`npm run test:e2e`): the command line run as a process, whole suite runs, packing,
//   the browser test: each file in its own process.

/** Files of the slow lane; every other test file is the fast lane's. */
const E2E_FILES = [
  'test/e2e/**/*.test.ts',
  '**/*.e2e.test.ts',
  'cli/main.test.ts',
  'test/document-mock/judge.test.ts',
  'test/package.test.ts',
  'test/state-model.test.ts',
];
const NEVER = ['node_modules/**', 'reports/out/**', 'dist/**', '.pack-scratch-*/**'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: [...NEVER, ...E2E_FILES],
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        // Whole runs of the CLI: their bound is minutes, not the fast lane's 30 s.
        test: { name: 'e2e', include: E2E_FILES, exclude: NEVER, pool: 'forks', testTimeout: 120_000 },
      },
    ],
  },
});
