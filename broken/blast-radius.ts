/**
 * `npm run blast-radius -- [--rule ID]... [--out DIR] [--seed N] [--lanes N] [--whole | --touched-files] [FILES...]`: one defect, one
 * red, measured.
 * For each breaking rule of broken/ (all, or those named), every test a whole conformance run takes runs with the
 * rule on (blast-radius-run.ts: the files the rule touched in an observed unbroken run), against the fake over HTTP
 * presented as staging with its control API kept (kind real: assumed clauses only warn). Prints the table (rule,
 * declared clauses, red documented clauses, count, within, caught), the median and the largest count per rule, and
 * one line per offence; writes DIR/blast-radius.json (default reports/).
 *
 * Exit codes: 0 every rule caught and within its declared clauses, and the goal (median 1, largest at most 3) met;
 * 1 an offence (a rule red outside its declared clauses, a rule not caught, the unbroken run not green, the goal
 * missed), or the check could not run; 2 a bad argument (one line, nothing run, an earlier report kept).
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve, sep } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { commandLine } from '../bin/command-line.mjs';
import { asStaging, type TargetConfig } from '../contract/target-config.js';
import { blastTable, NOT_A_RUN_FILE } from './blast-radius-report.js';
import { breakingRules, ruleById } from './rules/index.js';

const ROOT = resolve(import.meta.dirname, '..');

export const REPORT_FILE = 'blast-radius.json';
const MAX_SEED = 2 ** 31 - 1;
const DEFAULT_LANES = 2;
const MAX_LANES = 8;

const HELP = `Usage: npm run blast-radius -- [--rule ID]... [--out DIR] [--seed N] [--lanes N] [--whole | --touched-files] [FILES...]

For each breaking rule of broken/ (a plausible backend bug against one documented clause), runs every test a whole
conformance run takes with the rule on, against the fake over HTTP presented as staging with its control API kept,
and counts the documented clauses that turn red. Each rule must turn its own clause red (caught) and no documented
clause outside its declared ones (its clause and its alsoRed list); the goal is a median of 1 and at most 3.

Options:
  -r, --rule ID   only this rule (repeatable); default every rule
  -o, --out DIR   where blast-radius.json goes (default ./reports)
      --seed N    fast-check's seed (and the run tag) shared by every run of the check (default: drawn, printed)
      --lanes N   fakes, each behind its own proxy, that test files run on side by side (1 to ${MAX_LANES},
                  default ${DEFAULT_LANES}): a file and its fake mostly wait on each other, so two lanes keep two cores busy
      --whole     run every test file for every rule (the plain whole run with the rule on) instead of the files
                  the rule touched in the observed unbroken run: slow, it checks the shortcut
      --touched-files
                  run every test of each file the rule touched, not only its tests from the first it touched on:
                  slower, it checks the test shortcut
  FILES           test files instead of every file a whole run takes (e.g. suites/platform/projects.test.ts)
  -h, --help      this text

Exit codes: 0 every rule caught and within its declared clauses, goal met; 1 an offence, or the check could not
run; 2 a bad argument.`;

const fail = (message: string, code: number): never => {
  process.stderr.write(`blast-radius: ${message}\n`);
  process.exit(code);
};

const parse = () =>
  commandLine({
    name: 'blast-radius',
    usage: HELP,
    allowPositionals: true,
    options: {
      rule: { type: 'string', short: 'r', multiple: true },
      out: { type: 'string', short: 'o' },
      seed: { type: 'string' },
      lanes: { type: 'string' },
      whole: { type: 'boolean' },
      'touched-files': { type: 'boolean' },
    },
  });

/** A FILES argument as the suites name it (relative to the repository root), or why it is not a test file. */
function testFile(arg: string): string {
  const path = resolve(arg);
  const rel = relative(ROOT, path).split(sep).join('/');
  if (!existsSync(path)) return fail(`no such test file: ${arg}`, 2);
  if (!rel.startsWith('suites/') || !rel.endsWith('.test.ts'))
    return fail(`not a suite test file (suites/**/*.test.ts): ${arg}`, 2);
  return rel;
}

async function main(): Promise<number> {
  const { values, positionals } = parse();
  const unknown = (values.rule ?? []).filter((id) => !ruleById(id));
  if (unknown.length > 0)
    fail(`unknown --rule ${unknown.join(', ')} (known: ${breakingRules.map((r) => r.id).join(', ')})`, 2);
  const rules = values.rule ? [...new Set(values.rule)].map((id) => ruleById(id)!) : breakingRules;
  const out = resolve(values.out ?? 'reports');
  if (existsSync(out) && !statSync(out).isDirectory()) fail(`--out ${values.out}: not a directory`, 2);
  let seed = Math.floor(Math.random() * MAX_SEED);
  if (values.seed !== undefined) {
    if (!/^\d+$/.test(values.seed) || Number(values.seed) > MAX_SEED)
      fail(`--seed takes a whole number from 0 to ${MAX_SEED}, not "${values.seed}"`, 2);
    seed = Number(values.seed);
  }
  let lanes = DEFAULT_LANES;
  if (values.lanes !== undefined) {
    if (!/^\d+$/.test(values.lanes) || Number(values.lanes) < 1 || Number(values.lanes) > MAX_LANES)
      fail(`--lanes takes a whole number from 1 to ${MAX_LANES}, not "${values.lanes}"`, 2);
    lanes = Number(values.lanes);
  }
  const files = positionals.map(testFile);
  // What runs the check is loaded once the arguments hold: a bad one is answered at once.
  const { createFakeServer } = await import('../fake-server/index.js');
  const { runBlastRadius } = await import('./blast-radius-run.js');

  // The fake over HTTP on loopback, presented as QA presents a staging, its control API kept (kind real): one per lane.
  const servers: Server[] = [];
  const targets: TargetConfig[] = [];
  for (let n = 0; n < lanes; n++) {
    const fake = createFakeServer({ onUnexpectedError: () => {} });
    const server = createServer(fake.app.callback());
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    targets.push({
      ...asStaging(fake.targetConfig(origin), true, true),
      name: 'the fake over HTTP as staging, with its control API (kind real)',
    });
  }
  process.stdout.write(
    `blast-radius: ${rules.length} breaking rules against ${targets[0]?.name}, ${lanes} lane(s) (${targets.map((t) => new URL(t.base_url).origin).join(', ')}); seed ${seed}${values.whole ? '; every rule runs every file (--whole)' : values['touched-files'] ? '; every rule runs every test of the files it touched (--touched-files)' : ''}\n`,
  );
  try {
    const report = await runBlastRadius({
      targets,
      rules,
      ...(files.length > 0 ? { files } : {}),
      whole: values.whole === true,
      touchedFiles: values['touched-files'] === true,
      seed,
    });
    process.stdout.write(`\n${blastTable(report)}\n`);
    mkdirSync(out, { recursive: true });
    const path = join(out, REPORT_FILE);
    writeFileAtomic.sync(path, `${JSON.stringify(report, null, 2)}\n`);
    for (const line of report.offences) process.stderr.write(`blast-radius: ${line}\n`);
    process.stdout.write(
      `\nblast-radius: ${report.pass ? 'PASS' : `FAIL (${report.offences.length} offences)`} in ${(report.durationMs / 1000).toFixed(1)} s, ${report.requests} requests, ${report.rounds} rounds; ${relative(process.cwd(), path) || path}\n`,
    );
    return report.pass ? 0 : 1;
  } finally {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) =>
    fail(
      err instanceof Error ? err.message : String(err),
      (err as { name?: unknown })?.name === NOT_A_RUN_FILE ? 2 : 1,
    ),
);
