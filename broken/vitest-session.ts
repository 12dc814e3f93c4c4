/**
 * One vitest session for many selections: vitest's programmatic API (createVitest, then runTestSpecifications once
 * per selection with its own test-name pattern) runs the unbroken run and every round of breaking rules in the same
 * process, so trying twenty rules costs a handful of test runs, not twenty vitest start-ups. Each run's conformance
 * report (the clause matrix and verdict) comes back from the clause reporter. The workers load
 * file-switch.setup.ts, so that each test file tells the breaking proxy it is starting.
 */
import { relative, resolve, sep } from 'node:path';
import ClauseReporter from '../suites/reporting/clause-reporter.js';
import { type ConformanceReport, FILES_ENV } from '../suites/reporting/report.js';
import type { Selection } from './selection.js';

export interface TestSession {
  /** Run the selected tests; their report. */
  run(selection: Selection): Promise<ConformanceReport>;
  /** Every test file the configuration includes (what a whole run takes), relative to the root, sorted. */
  files(): Promise<string[]>;
  close(): Promise<void>;
}

/** `lanes`: test files side by side, one per worker (each worker's lane, file-switch.setup.ts); 1: one at a time. */
export async function openTestSession(root: string, lanes = 1): Promise<TestSession> {
  const { createVitest } = await import('vitest/node');
  let last: ConformanceReport | undefined;
  const reporter = new ClauseReporter({ onReport: (report) => (last = report) });
  const vitest = await createVitest('test', {
    root,
    run: true,
    watch: false,
    reporters: [reporter],
    ...(lanes > 1 ? { fileParallelism: true, maxWorkers: lanes } : {}),
  });
  // The config's own setup files stay (vitest.config.ts); ours comes last.
  for (const project of vitest.projects)
    project.config.setupFiles.push(resolve(root, 'broken/file-switch.setup.ts'));
  await vitest.standalone();
  return {
    async run(selection) {
      last = undefined;
      // vitest reads no file filter as every file: an empty selection is a bug of the caller, not a whole run.
      if (selection.files.length === 0) throw new Error('an empty selection: no test file to run');
      process.env[FILES_ENV] = selection.files.join(', ');
      vitest.setGlobalTestNamePattern(selection.pattern);
      const specs = await vitest.globTestSpecifications(selection.files.map((f) => resolve(root, f)));
      for (const spec of specs) {
        const ids = selection.testIds?.get(relative(root, spec.moduleId).split(sep).join('/'));
        spec.testIds = ids ? [...ids] : undefined;
      }
      if (specs.length > 0) await vitest.runTestSpecifications(specs);
      if (!last) throw new Error(`no report for ${selection.files.join(', ') || 'an empty selection'}`);
      return last;
    },
    async files() {
      const specs = await vitest.globTestSpecifications();
      return [...new Set(specs.map((s) => relative(root, s.moduleId).split(sep).join('/')))].sort();
    },
    close: () => vitest.close(),
  };
}
