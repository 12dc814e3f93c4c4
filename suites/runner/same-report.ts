/**
 * `tsx suites/runner/same-report.ts A.json B.json`: exits 0 when two conformance reports agree clause by clause
 * (compare-reports.ts), else prints every difference and exits 1; 2 when a file is not a report. CI checks the merge of
 * a sharded replay against the unsharded recording run with it (docs/ci.md, "Sharded runs").
 */
import { reportDifferences } from '../reporting/compare-reports.js';
import { readReport } from './verdict-output.js';

const [first, second] = process.argv.slice(2);
if (!first || !second) {
  process.stderr.write('usage: tsx suites/runner/same-report.ts A.json B.json\n');
  process.exit(2);
}
const a = readReport(first);
const b = readReport(second);
if (!a || !b) {
  process.stderr.write(
    `same-report: ${!a ? first : second} is not a conformance report (reports/conformance.json)\n`,
  );
  process.exit(2);
}
const differences = reportDifferences(a, b);
if (differences.length > 0) {
  process.stdout.write(`${first} and ${second} differ:\n${differences.map((d) => `  ${d}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(
  `${first} and ${second} agree clause by clause: ${a.matrix.length} clauses, ${a.counts.tests.total} tests, verdict ${a.verdict.status}\n`,
);
