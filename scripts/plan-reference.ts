/**
 * `npm run plan:reference`: the reference costs a `--budget N` run plans with when the target has no earlier report
 * (suites/runner/cost-book.ts): one rehearsal against the fake presented as staging, without provider states, every
 * token of its config given (what each test sends where nothing is minted for it), read into
 * suites/runner/reference-costs.json. Run it again when tests are added or change what they send.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { costTableOfReport, REFERENCE_COSTS, referenceOf } from '../suites/runner/cost-book.js';

const ROOT = resolve(import.meta.dirname, '..');
const out = mkdtempSync(join(tmpdir(), 'plan-reference-'));
try {
  const run = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    [join(ROOT, 'suites/runner/rehearse.ts'), '--without-provider-states', '--out', out],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (run.status !== 0 && run.status !== 3) {
    process.stderr.write(`plan:reference: the rehearsal failed (exit ${run.status}); nothing written\n`);
    process.exit(1);
  }
  const table = costTableOfReport(join(out, 'run-1', 'reports', 'conformance.json'));
  if ('error' in table) {
    process.stderr.write(`plan:reference: ${table.error}; nothing written\n`);
    process.exit(1);
  }
  const reference = referenceOf(
    table,
    `the reference costs (the fake as staging without provider states, ${new Date().toISOString().slice(0, 10)})`,
  );
  writeFileSync(REFERENCE_COSTS, `${JSON.stringify(reference)}\n`);
  const tests = Object.values(table.tests).reduce((n, f) => n + Object.keys(f).length, 0);
  process.stdout.write(`plan:reference: ${tests} tests costed → ${REFERENCE_COSTS}\n`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
