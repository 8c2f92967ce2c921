import { defineConfig } from 'vitest/config';

// The project's own tests. The conformance suites (suites/**/*.conformance.ts) are not
// collected here: the engine (engine/suite-runner.ts) runs them through vitest's Node API
// with its own configuration.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'reports/out/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
