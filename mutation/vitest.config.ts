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
    include: ['fake-server/**/*.test.ts', 'contract/**/*.test.ts', 'suites/**/*.test.ts'],
    exclude: ['suites/reporting/**', 'node_modules/**'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    setupFiles: ['./mutation/setup.ts', './suites/support/property-seed.ts'],
  },
});
