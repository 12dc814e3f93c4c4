/**
 * What a conformance run (or a merge of its shards) prints at the end and exits with: the reports written, the gate's
 * waivers and baseline, the failing clauses, the verdict, the documented coverage (EXIT_CODES).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { type ConformanceJson, REPORT_FILES } from '../reporting/report.js';
import { closingLines, defectLines } from '../reporting/terminal-summary.js';
import { waiverLabel } from '../reporting/waivers.js';

/**
 * What the process exits with (documented in HELP, docs/qa-staging.md and docs/ci.md). `notTestable`: the pre-flight
 * found that the target cannot be tested (suites/runner/preflight.ts), so there is no verdict.
 */
export const EXIT_CODES = { pass: 0, fail: 1, usage: 2, incomplete: 3, coverage: 4, notTestable: 5 } as const;

export const readReport = (path: string): ConformanceJson | undefined => {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ConformanceJson;
  } catch {
    return undefined;
  }
};

/** Prints the end of a run from the report at `jsonPath` and says what to exit with. */
export function verdictExit(jsonPath: string, minCoverage: number | undefined): number {
  const report = readReport(jsonPath);
  if (!report) {
    process.stderr.write(`conformance: no report at ${jsonPath} (did any test file run?) → FAIL\n`);
    return 1;
  }
  // A target that went away mid-run says so first (suites/reporting/silence.ts).
  if (report.silence) process.stdout.write(`\nconformance: ${report.silence.line}\n`);
  process.stdout.write('\nconformance reports:\n');
  for (const name of [REPORT_FILES.html, REPORT_FILES.json, REPORT_FILES.junit]) {
    process.stdout.write(`  ${relative(process.cwd(), resolve(dirname(jsonPath), name))}\n`);
  }
  const v = report.verdict;
  const g = report.gate;
  const gateLines = [
    ...g.waived.map(
      (w) =>
        `  WAIVED ${'id' in w.item ? w.item.id : 'fullName' in w.item ? w.item.fullName : ''}: ${waiverLabel(w.waiver)}`,
    ),
    ...g.staleWaivers.map((w) => `  STALE  waiver on ${waiverLabel(w)}: nothing it names failed`),
    ...(g.baseline?.known ?? []).map(
      (i) =>
        `  KNOWN  ${'id' in i ? i.id : 'fullName' in i ? i.fullName : i.message}: failing in the baseline too`,
    ),
    ...(g.baseline?.fixed ?? []).map(
      (i) =>
        `  FIXED  ${'id' in i ? i.id : 'fullName' in i ? i.fullName : i.message}: failing in the baseline, not now`,
    ),
  ];
  if (gateLines.length > 0) process.stdout.write(`\n${gateLines.join('\n')}\n`);
  // The likely defects and the server errors by cause first, each with a curl line; then the failing clauses one by
  // one; then the closing lines, from the report's headline (REPORT-ONE-COUNT).
  const defects = defectLines(
    report.likelyDefects,
    report.serverErrorGroups,
    report.headline.serverErrors.count,
  );
  if (defects.length > 0) process.stdout.write(`\n${defects.join('\n')}\n`);
  const lines = [
    ...v.failing.flatMap((i) =>
      i.type === 'server-error'
        ? []
        : [`  FAIL  ${'id' in i ? i.id : 'fullName' in i ? i.fullName : ''}: ${i.message}`],
    ),
    ...(v.noAnswer ?? []).map((i) => `  NO ANSWER  ${'fullName' in i ? i.fullName : ''}: ${i.message}`),
    ...v.errors.map((i) => `  ERROR ${'id' in i ? `${i.id}: ` : ''}${i.message.split('\n')[0]}`),
    ...v.warnings.map((i) => `  WARN  ${'id' in i ? i.id : ''}: ${i.message}`),
  ];
  if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`);
  const { noAnswer } = report.headline;
  if (noAnswer.tests >= 3)
    process.stdout.write(
      `\n${noAnswer.requests} requests in ${noAnswer.tests} tests got no answer: the target or the network could not keep up with this run\n`,
    );
  process.stdout.write(`\n${closingLines(report).join('\n')}\n`);
  const cov = report.coverage;
  if (!v.pass) return EXIT_CODES.fail;
  if (v.status === 'INCOMPLETE') return EXIT_CODES.incomplete;
  if (minCoverage !== undefined && cov.percent < minCoverage) {
    process.stdout.write(
      `conformance: documented coverage ${cov.percent}% is under --min-documented-coverage ${minCoverage}% → exit ${EXIT_CODES.coverage}\n`,
    );
    return EXIT_CODES.coverage;
  }
  return EXIT_CODES.pass;
}
