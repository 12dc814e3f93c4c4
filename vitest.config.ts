import { defineConfig } from 'vitest/config';

/** Against a deployment over HTTP the suites share one server, so files run one at a time. */
const remote = Boolean(process.env.CONFORMANCE_TARGET);

export default defineConfig({
  test: {
    include: remote
      ? ['suites/**/*.test.ts']
      : [
          'suites/**/*.test.ts',
          'fake-server/**/*.test.ts',
          'load/**/*.test.ts',
          'contract/**/*.test.ts',
          'bench/**/*.test.ts',
          'recording/**/*.test.ts',
          'drift/**/*.test.ts',
          'lib/**/*.test.ts',
          'broken/**/*.test.ts',
          'fuzz/**/*.test.ts',
          'examples/**/*.test.ts',
          'scripts/**/*.test.ts',
        ],
    exclude: remote ? ['suites/reporting/**', 'node_modules/**'] : ['node_modules/**'],
    fileParallelism: !remote,
    // Each worker imports the fake, the contract and the fixtures once and runs file after file in that module graph
    // (a fresh graph per file spent two thirds of `npm test` re-importing them). Tests keep their state in their own
    // fakes and worlds, never in module-level variables (suites/README.md: "Test files share a worker").
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', './suites/reporting/clause-reporter.ts'],
    // Fixes fast-check's seed in record and replay modes (suites/target/cassettes.ts).
    setupFiles: ['./suites/support/property-seed.ts'],
  },
});
