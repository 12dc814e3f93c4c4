// The strength rule in CI (HARNESS-TWO-STRENGTHS): a suite test that cites documented and assumed clauses together
// must check each cited assumed clause through assumed(). The report of a run against the in-process fake lists the
// tests that do not (`strengthViolations`). Those known when the rule came in are in suites/strength-baseline.json;
// that list may only shrink. A violation not on it fails; an entry that no longer violates is reported, to be removed
// with --prune (not a failure: a property test may reach a clause in one run and not in another).
//
//   node scripts/check-strength.mjs [--report reports/conformance.json] [--baseline suites/strength-baseline.json]
//   node scripts/check-strength.mjs --prune     # rewrite the baseline without the entries that no longer violate
//
// The arrangement rule (issue 32): a test never fails on the target's data. A suite test that throws or asserts a
// precondition on what the target holds ("the project has no session", "needs more than 10") fails a correct server
// whose data is sparse; it must create the data or stop with arranged(ctx, holds, reason) (suites/support/strength.ts).
// Every test file under --suites (default suites/) is scanned for such a throw or assertion; any is a violation.
//
//   node scripts/check-strength.mjs [--report reports/conformance.json] [--baseline suites/strength-baseline.json]
//                                   [--suites suites]
//
// Exit codes: 0 no violation beyond the baseline, 1 a new one (or an arrangement failure), 2 usage or unreadable files.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine } from '../bin/command-line.mjs';

const fail = (message, code = 2) => {
  process.stderr.write(`check-strength: ${message}\n`);
  process.exit(code);
};

const { values } = commandLine({
  name: 'check-strength',
  usage: `Usage: node scripts/check-strength.mjs [--report FILE] [--baseline FILE] [--suites DIR] [--prune]

The strength rule: a suite test citing documented and assumed clauses together checks each assumed one through
assumed(); the report of a whole run against the in-process fake (npm test) lists those that do not, and only those
on the baseline may remain. The arrangement rule: no suite test fails on the target's data.

Options:
  --report FILE    the conformance report of \`npm test\` (default reports/conformance.json)
  --baseline FILE  the known violations, a list that may only shrink (default suites/strength-baseline.json)
  --suites DIR     the test files scanned for the arrangement rule (default suites)
  --prune          rewrite the baseline without the entries that no longer violate
  -h, --help       this text

Exit codes: 0 no violation beyond the baseline, 1 a new one (or an arrangement failure), 2 usage or unreadable files.`,
  options: {
    report: { type: 'string', default: 'reports/conformance.json' },
    baseline: { type: 'string', default: 'suites/strength-baseline.json' },
    prune: { type: 'boolean', default: false },
    suites: { type: 'string', default: 'suites' },
  },
});

const readJson = (path, what) => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    return fail(`cannot read ${what} ${path}: ${err.code === 'ENOENT' ? 'file not found' : err.message}`);
  }
};

const report = readJson(values.report, 'the conformance report');
if (!Array.isArray(report.strengthViolations))
  fail(`${values.report} has no strengthViolations (a report from before the rule?)`);
if (report.target?.kind !== 'fake' || report.filter)
  fail(
    `${values.report} must be a whole run against the in-process fake (npm test), not "${report.target?.name}"`,
  );
const baseline = readJson(values.baseline, 'the baseline');
const key = (v) => `${v.file} :: ${v.fullName}`;
const known = new Set((baseline.violations ?? []).map(key));
const now = new Map(report.strengthViolations.map((v) => [key(v), v]));

// Generated sequences (model and property tests) reach a cited assumed clause in one run and not in another, so a
// violation there is reported but does not fail: cite such clauses through the assumed() checks that reach them.
const generated = (v) => /^suites\/(model|properties)\//.test(v.file);
const varies = [...now.values()].filter((v) => !known.has(key(v)) && generated(v));
const added = [...now.values()].filter((v) => !known.has(key(v)) && !generated(v));
const gone = (baseline.violations ?? []).filter((v) => !now.has(key(v)));

if (values.prune) {
  const kept = (baseline.violations ?? []).filter((v) => now.has(key(v)));
  writeFileSync(values.baseline, `${JSON.stringify({ ...baseline, violations: kept }, null, 2)}\n`);
  process.stdout.write(
    `check-strength: ${values.baseline}: ${gone.length} entries removed, ${kept.length} left\n`,
  );
}

for (const v of varies)
  process.stdout.write(
    `VARIES ${v.file}: "${v.fullName}" did not reach ${v.unbound.join(', ')} through assumed() in this run (a generated test): cite it through the check, not the title\n`,
  );
for (const v of added)
  process.stdout.write(`NEW   ${v.file}: "${v.fullName}" checks ${v.unbound.join(', ')} without assumed()\n`);
if (!values.prune)
  for (const v of gone)
    process.stdout.write(`GONE  ${v.file}: "${v.fullName}" no longer violates: remove it (--prune)\n`);
process.stdout.write(
  `check-strength: ${now.size} violations, ${known.size} in the baseline; ${added.length} new, ${values.prune ? 0 : gone.length} to remove\n`,
);

// The arrangement rule: a precondition on the target's data thrown or asserted as a failure.
const ARRANGEMENT_FAILURE = [
  /throw new Error\(\s*[`'"][^`'"]*\b(has no|have no|holds no|needs? (more|at least)|not enough|for this test)\b/,
  /expect\([^;]*[`'"][^`'"]*\b(needs? (more|at least)|not enough|for this test)\b[^`'"]*[`'"]\s*\)\s*\.(toBeGreaterThan|toBeGreaterThanOrEqual|toBe\(true\))/,
];
// suites/reporting holds the harness's own tests of its reports (this rule's among them), which reach no target.
const testFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'reporting'
        ? []
        : testFiles(join(dir, e.name))
      : e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
let arrangementFailures = 0;
let files = [];
try {
  files = testFiles(values.suites);
} catch (err) {
  fail(`cannot read the suites ${values.suites}: ${err.message}`);
}
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (!ARRANGEMENT_FAILURE.some((re) => re.test(line))) return;
    arrangementFailures += 1;
    process.stdout.write(
      `ARRANGE ${file}:${i + 1}: a precondition on the target's data fails the test; create the data, or stop with arranged(ctx, holds, reason): ${line.trim().slice(0, 160)}\n`,
    );
  });
}
process.stdout.write(
  `check-strength: ${arrangementFailures} arrangement failures in ${files.length} test files\n`,
);
process.exit(added.length > 0 || arrangementFailures > 0 ? 1 : 0);
