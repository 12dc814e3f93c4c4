import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { conformanceFiles } from './suites/target/conformance-files.js';

/**
 * A QA run against a deployment over HTTP (CONFORMANCE_TARGET names its target file): the suites share one server, so
 * files run one at a time unless the runner says otherwise (--concurrency).
 */
const remote = Boolean(process.env.CONFORMANCE_TARGET);
const ROOT = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  test: {
    // A QA run takes only the files that reach the target (HARNESS-SELF-TESTS-APART): the harness's self-tests under
    // suites/ run in `npm test`, and no count of a QA run is about them.
    include: remote
      ? conformanceFiles(ROOT)
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
    exclude: ['node_modules/**'],
    fileParallelism: !remote,
    // Vitest's default (one worker fewer than the cores) leaves a 2-core machine one worker: much of a test file's
    // time is spent waiting on a fake over loopback or a child process, so one worker per core keeps both busy
    // (`npm test` 4m20s -> 2m32s on the 2-core machine, docs/ci.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each worker imports the fake, the contract and the fixtures once and runs file after file in that module graph
    // (a fresh graph per file spent two thirds of `npm test` re-importing them). Tests keep their state in their own
    // fakes and worlds, never in module-level variables (suites/README.md: "Test files share a worker").
    isolate: false,
    // Against a deployment over a network a test's time is its requests' round trips (1,134 requests of one file at
    // 40 ms are 45 s): a remote test gets ten minutes, and a request that gets no answer is its own item
    // (request_timeout_ms, suites/target/answers.ts), so no test waits that long on one request.
    testTimeout: remote ? 600_000 : 30_000,
    hookTimeout: remote ? 600_000 : 30_000,
    reporters: ['default', './suites/reporting/clause-reporter.ts'],
    // Fixes fast-check's seed in record and replay modes (suites/target/cassettes.ts).
    setupFiles: ['./suites/support/property-seed.ts'],
  },
});
