import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant of the fake (mutation/stryker.config.mjs): the fake's own unit tests,
 * the contract tests and the conformance suites against the in-process fake. Tests that spawn processes, build
 * bundles or replay cassettes (broken/, lib/, recording/, drift/, load/, bench/, fuzz/) reach the fake through a
 * child process or a bundle that Stryker's instrumented sources never reach, so they would only slow every mutant.
 * Property tests that read FC_RUNS run fewer cases here (mutation/setup.ts).
 */
export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  test: {
    // One module graph for every test file of a run: importing the fake again per file cost ~4 s, which made a
    // mutant cost tens of seconds. Safe because Stryker activates a mutant at run time (mutation switching) and
    // static mutants, which would need a fresh import, are ignored (mutation/stryker.config.mjs).
    isolate: false,
    include: ['fake-server/**/*.test.ts', 'contract/**/*.test.ts', 'suites/**/*.test.ts'],
    exclude: [
      'suites/reporting/**',
      'node_modules/**',
      // The slowest files (seconds each, thousands of requests against the hourly caps, or hundreds of generated
      // runs), which every mutant they cover would pay again. Leaving tests out can only let more mutants survive:
      // the score is a lower bound of what the whole suite achieves.
      'suites/properties/rate-limit.property.test.ts',
      'suites/limits/exactness.test.ts',
      // Starts the fake as a child process from its bundle, which Stryker's instrumented sources never reach.
      'fake-server/persistence/kill-nine.test.ts',
    ],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    setupFiles: ['./mutation/setup.ts', './suites/support/property-seed.ts'],
  },
});
