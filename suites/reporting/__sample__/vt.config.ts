import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['suites/**/*.test.ts'], reporters: ['default', './suites/reporting/clause-reporter.ts'] } });
