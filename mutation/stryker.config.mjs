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
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  concurrency: 2,
  timeoutMS: 5_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignoreStatic: false,
};
