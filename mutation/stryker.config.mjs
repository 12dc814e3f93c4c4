// @ts-check
/**
 * Mutation testing of the fake's domain and HTTP layers (`npm run mutation`, scripts/mutation.mjs).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'mutation/vitest.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'fake-server/domain/**/*.ts',
    'fake-server/http/**/*.ts',
    '!fake-server/**/*.test.ts',
    '!fake-server/**/*.test-support.ts',
  ],
  coverageAnalysis: 'perTest',
  // scripts/mutation.mjs runs one chunk of files at a time, with its own JSON report and incremental file, and merges
  // the chunks into reports/mutation/mutation.{json,html}; these are the defaults of a bare `npx stryker run`.
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  concurrency: 2,
  timeoutMS: 5_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // Static mutants (module-level values) need every test file imported afresh, which mutation/vitest.config.ts turns
  // off for speed: they are reported as ignored rather than measured wrongly.
  ignoreStatic: true,
  // A run is long (one vitest run per mutant): later runs reuse the results of mutants whose code and tests did not
  // change. Delete the file (or pass --force) for a run from scratch.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  dryRunTimeoutMinutes: 40,
};
