/**
 * `npm run plan:reference`: the reference costs a `--budget N` run plans with where the target has no earlier report
 * (suites/runner/cost-book.ts, HARNESS-BUDGET-COSTS). What a test sends depends on how the staging is set up: with
 * provider states a test builds its world and runs (the platform cap's test sends a thousand requests), without them
 * it skips and sends nothing; allowing nothing skips every test that writes. So one rehearsal per set-up, against the
 * fake presented as staging with every token of its config: with provider states and without, allowing all and
 * allowing nothing, each read into one table of suites/runner/reference-costs.json. Run it again when tests are added
 * or change what they send. Heavy (four whole runs): `flock /tmp/heavy.lock npm run plan:reference`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { commandLine } from '../bin/command-line.mjs';
import { TargetConfig } from '../contract/index.js';
import {
  type CostTable,
  costTableOfReport,
  REFERENCE_COSTS,
  referenceOf,
} from '../suites/runner/cost-book.js';
import { type CostProfile, describeProfile, profileOf } from '../suites/runner/cost-profile.js';

const ROOT = resolve(import.meta.dirname, '..');

const SET_UPS: readonly { readonly states: boolean; readonly allow: 'all' | 'none' }[] = [
  { states: true, allow: 'all' },
  { states: false, allow: 'all' },
  { states: true, allow: 'none' },
  { states: false, allow: 'none' },
];

commandLine({
  name: 'plan:reference',
  usage: `Usage: npm run plan:reference

Measures the reference costs a \`--budget N\` run plans with where the target has no earlier report: one rehearsal
(suites/runner/rehearse.ts) per set-up of a staging, with provider states and without, allowing all and allowing
nothing, each read into one table of suites/runner/reference-costs.json, which it rewrites. Heavy (four whole runs):
flock /tmp/heavy.lock npm run plan:reference. Takes no options.

Exit codes: 0 written, 1 a rehearsal left no report (nothing written), 2 a usage error.`,
});

const fail = (message: string): never => {
  process.stderr.write(`plan:reference: ${message}; nothing written\n`);
  process.exit(1);
};

/** One rehearsal of the set-up; its profile (read from the staging target file it wrote) and its cost table. */
function measure(setUp: (typeof SET_UPS)[number], out: string): { profile: CostProfile; table: CostTable } {
  const args = [
    join(ROOT, 'suites/runner/rehearse.ts'),
    '--allow',
    setUp.allow,
    ...(setUp.states ? [] : ['--without-provider-states']),
    '--out',
    out,
  ];
  const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), args, {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const what = `the rehearsal ${args.slice(1, -2).join(' ')}`;
  // A failed test still sent what it sent: its costs are kept, with a warning (a run with no report has none).
  if (run.status !== 0)
    process.stderr.write(
      `plan:reference: ${what} exited ${run.status}; its costs are kept if it wrote a report\n`,
    );
  const profile = profileOf(
    TargetConfig.parse(JSON.parse(readFileSync(join(out, 'staging-target.json'), 'utf8'))),
  );
  const table = costTableOfReport(join(out, 'run-1', 'reports', 'conformance.json'));
  if ('error' in table) return fail(`${what}: ${table.error}`);
  return { profile, table };
}

const dir = mkdtempSync(join(tmpdir(), 'plan-reference-'));
try {
  const date = new Date().toISOString().slice(0, 10);
  const tables = SET_UPS.map((setUp, i) => {
    const { profile, table } = measure(setUp, join(dir, String(i)));
    const tests = Object.values(table.tests).flatMap((f) => Object.values(f));
    process.stdout.write(
      `plan:reference: ${describeProfile(profile)}: ${tests.filter((t) => t.checked).length} tests measured, ${tests.filter((t) => !t.checked).length} skipped\n`,
    );
    return { profile, source: `the fake as staging, ${date}`, table };
  });
  writeFileSync(REFERENCE_COSTS, `${JSON.stringify(referenceOf(tables))}\n`);
  process.stdout.write(`plan:reference: ${tables.length} tables → ${REFERENCE_COSTS}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
