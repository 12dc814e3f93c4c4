/**
 * `tsx suites/runner/same-report.ts A.json B.json`: exits 0 when two conformance reports agree clause by clause
 * (compare-reports.ts), else prints every difference and exits 1; 2 when a file is not a report. CI checks the merge of
 * a sharded replay against the unsharded recording run with it (docs/ci.md, "Sharded runs").
 */
import { commandLine, usageError } from '../../bin/command-line.mjs';
import { reportDifferences } from '../reporting/compare-reports.js';
import { readReport } from './verdict-output.js';

const { positionals } = commandLine({
  name: 'same-report',
  usage: `Usage: tsx suites/runner/same-report.ts A.json B.json

Compares two conformance reports (reports/conformance.json) clause by clause: each clause's status and the tests
citing it, the verdict, the counts and the documented coverage (durations left out). Exit codes: 0 they agree, 1 they differ (every difference printed), 2 a usage error or a file that is not
a conformance report.`,
  allowPositionals: true,
});
const [first, second] = positionals;
if (!first || !second || positionals.length > 2)
  usageError('same-report', `two reports to compare, A.json and B.json (got ${positionals.length})`);
const a = readReport(first);
const b = readReport(second);
if (!a || !b)
  usageError('same-report', `${!a ? first : second} is not a conformance report (reports/conformance.json)`);
const differences = reportDifferences(a, b);
if (differences.length > 0) {
  process.stdout.write(`${first} and ${second} differ:\n${differences.map((d) => `  ${d}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(
  `${first} and ${second} agree clause by clause: ${a.matrix.length} clauses, ${a.counts.tests.total} tests, verdict ${a.verdict.status}\n`,
);
