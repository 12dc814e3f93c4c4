/**
 * The report of a real vitest run of one fixture file (a small run that is not one of the suites: its name ends in
 * .fixture.ts) through the clause reporter, for the tests that read what a run of such tests reports.
 */
import { resolve } from 'node:path';
import ClauseReporter from './clause-reporter.js';
import type { ConformanceReport } from './report.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** Runs `fixture` (a path from the repository root) against a target of `kind` and hands back its report. */
export async function reportOfFixture(
  fixture: string,
  kind: 'real' | 'fake' = 'real',
): Promise<ConformanceReport> {
  const { createVitest } = await import('vitest/node');
  let last: ConformanceReport | undefined;
  const vitest = await createVitest('test', {
    root: ROOT,
    run: true,
    watch: false,
    include: [fixture],
    reporters: [new ClauseReporter({ onReport: (r) => (last = r), target: { name: 'stub', kind } })],
  });
  try {
    await vitest.start([resolve(ROOT, fixture)]);
  } finally {
    await vitest.close();
    process.exitCode = undefined; // a fixture's tests fail in vitest's eyes on purpose: not the calling run's failure
  }
  if (!last) throw new Error(`the run of ${fixture} wrote no report`);
  return last;
}
