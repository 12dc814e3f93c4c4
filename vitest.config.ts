import { availableParallelism } from 'node:os';
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
    // Vitest's default (one worker fewer than the cores) leaves a 2-core machine one worker: much of a test file's
    // time is spent waiting on a fake over loopback or a child process, so one worker per core keeps both busy
    // (`npm test` 4m20s -> 2m32s on the 2-core machine, docs/ci.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
