/**
 * `npm run conformance -- --target FILE [--record DIR] [--filter PATTERN] [--min-documented-coverage N] [FILES...]`
 * `npm run conformance -- --replay DIR [--filter PATTERN] [FILES...]`
 * `npm run conformance -- --target FILE --sensitivity [--rule ID]...` (broken/sensitivity.ts)
 * The package's `chatbot-conformance` (bin/chatbot-conformance.mjs) is this runner, from any working directory.
 *
 * Validates the target config, runs the suites once against it with vitest, and exits on the
 * conformance verdict (reports/conformance.json), not on vitest's own exit code: see EXIT_CODES.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { TargetConfig } from '../../contract/index.js';
import { readCassetteSetMeta, TARGET_FILE } from '../../recording/cassette.js';
import { startCassetteSet } from '../../recording/cassette-set.js';
import { BASELINE_ENV, loadBaseline } from '../reporting/baseline.js';
import { coverageLine } from '../reporting/coverage.js';
import { type ConformanceJson, FILES_ENV, REPORT_FILES } from '../reporting/report.js';
import { loadTargetConfig, TARGET_ENV } from '../reporting/target-info.js';
import { loadWaivers, WAIVERS_ENV, waiverLabel } from '../reporting/waivers.js';
import {
  CASSETTE_MODE_ENV,
  CASSETTES_ENV,
  FC_SEED_ENV,
  REDACTION_KEY_ENV,
  RUN_TAG_ENV,
} from '../target/cassette-env.js';
import { LEDGER_ENV } from '../target/quota-ledger.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const REPORTER = resolve(REPO_ROOT, 'suites/reporting/clause-reporter.ts');

/** How it was started: `npm run conformance` in this repository, else the package's bin. */
const PROGRAM =
  process.env.npm_lifecycle_event === 'conformance' ? 'npm run conformance --' : 'chatbot-conformance';

const HELP = `Usage: ${PROGRAM} --target FILE [--out DIR] [--record DIR] [--filter PATTERN] [--min-documented-coverage N] [FILES...]
       ${PROGRAM} --replay DIR [--out DIR] [--filter PATTERN] [FILES...]
       ${PROGRAM} --target FILE --sensitivity [--rule ID]... [--out DIR]

Runs the conformance suites once against a deployment and gates on the clause verdict.

Options:
  -t, --target FILE      target config JSON (schema TargetConfig in contract/target-config.ts);
                         \`npm start\` and \`chatbot-fake\` write one for the fake at reports/fake-target.json
  -o, --out DIR          where the reports and the quota ledger go (default ./reports)
      --record DIR       also record every interaction into cassettes under DIR (one per test file, credentials
                         and personal values redacted; DIR is emptied first), e.g. fixtures/cassettes/staging
      --replay DIR       run offline against the cassettes recorded in DIR (its target.json is the target); a
                         request no cassette matches fails its test, naming the closest recorded request
  -f, --filter PATTERN   only run tests whose full name matches this regular expression,
                         e.g. a clause id: --filter SET-TEMPERATURE-RANGE (a partial run)
      --waivers FILE     a waiver file: failures of the clauses or tests it names show as waived until
                         each waiver's expiry date; an expired waiver fails the run; a waiver
                         on a clause that passes is flagged stale
                         (docs/qa-staging.md#waivers-and-baselines)
      --baseline FILE    an earlier reports/conformance.json of this target: fail only on failures
                         it did not have, and list what was fixed since
      --min-documented-coverage N
                         fail the gate (exit 4) when fewer than N percent (0-100) of the spec's
                         documented clauses were checked on this target
      --sensitivity      what a run on this target would catch: puts the breaking proxy (broken/) in front of
                         the target and, after one unbroken run, runs for each breaking rule only the tests
                         citing the documented clause it breaks, with this target's credentials, allow-list and
                         provider states; prints caught / missed / not checkable here (and why) per rule and adds a
                         sensitivity section to the reports. Requests count against the same quota ledger and
                         request budget as a normal run (docs/qa-staging.md, "The sensitivity check")
      --rule ID          with --sensitivity: only this breaking rule (repeatable; ids in broken/rules/)
  FILES...               only run test files whose path contains one of these strings
  -h, --help             show this help

Reports (in ./reports, or --out DIR):
  ${REPORT_FILES.html}, ${REPORT_FILES.json}, ${REPORT_FILES.junit}; quota-ledger.json (unless
  CONFORMANCE_QUOTA_LEDGER names another file)

Exit codes:
  0  verdict PASS: no documented clause failed (and, against kind "fake", no assumed clause);
     assumed clauses failing against kind "real" are reported as warnings; the share of
     documented clauses checked is printed beside it
  1  verdict FAIL, or no report was produced
  2  usage error: missing or invalid target config, unknown option or bad value
  3  verdict INCOMPLETE: nothing failed, but tests met a spent hourly quota (inconclusive);
     run again when the quota is back (reports/quota-ledger.json says what was spent)
  4  nothing failed, but fewer documented clauses were checked than --min-documented-coverage
With --sensitivity: 0 the check ran and the unbroken run did not fail (caught and missed are in the table),
  1 the unbroken run failed (its failing clauses' rules are not checkable) or no report, 2 usage error
  (an unknown --rule, a missing target, an option that does not go with it); an earlier report is kept`;

/** What the process exits with (documented in HELP, docs/qa-staging.md and docs/ci.md). */
export const EXIT_CODES = { pass: 0, fail: 1, usage: 2, incomplete: 3, coverage: 4 } as const;

const usageError = (message: string): never => {
  process.stderr.write(`conformance: ${message}\n\nRun with --help for usage.\n`);
  process.exit(2);
};

const parse = () => {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: {
        target: { type: 'string', short: 't' },
        out: { type: 'string', short: 'o' },
        filter: { type: 'string', short: 'f' },
        record: { type: 'string' },
        replay: { type: 'string' },
        'min-documented-coverage': { type: 'string' },
        waivers: { type: 'string' },
        baseline: { type: 'string' },
        sensitivity: { type: 'boolean' },
        rule: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return usageError((err as Error).message);
  }
};

const readReport = (path: string): ConformanceJson | undefined => {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ConformanceJson;
  } catch {
    return undefined;
  }
};

const main = async (): Promise<number> => {
  const { values, positionals } = parse();
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (values.replay !== undefined && (values.target !== undefined || values.record !== undefined)) {
    return usageError(
      '--replay DIR takes its target from DIR/target.json: give neither --target nor --record',
    );
  }
  const targetFile = values.replay !== undefined ? join(values.replay, TARGET_FILE) : values.target;
  if (!targetFile) return usageError('missing --target FILE (a target config JSON), or --replay DIR');
  const loaded = loadTargetConfig(targetFile);
  if (!loaded.ok) return usageError(`invalid target config ${loaded.path}: ${loaded.error}`);
  const minCoverageText = values['min-documented-coverage'];
  const minCoverage = minCoverageText === undefined ? undefined : Number(minCoverageText);
  if (minCoverage !== undefined && (!Number.isFinite(minCoverage) || minCoverage < 0 || minCoverage > 100))
    return usageError(`--min-documented-coverage takes a percentage from 0 to 100, not "${minCoverageText}"`);
  if (values.waivers !== undefined) {
    const loaded = loadWaivers(values.waivers);
    if (!loaded.ok) return usageError(`invalid waiver file ${loaded.path}: ${loaded.error}`);
  }
  if (values.baseline !== undefined) {
    const loaded = loadBaseline(values.baseline);
    if (!loaded.ok) return usageError(`invalid baseline ${loaded.path}: ${loaded.error}`);
  }
  let filter: RegExp | undefined;
  if (values.filter !== undefined) {
    try {
      filter = new RegExp(values.filter);
    } catch (err) {
      return usageError(`--filter is not a valid regular expression: ${(err as Error).message}`);
    }
  }

  const reportsDir = resolve(values.out ?? 'reports');
  if (existsSync(reportsDir) && !statSync(reportsDir).isDirectory())
    return usageError(`--out ${values.out}: not a directory`);
  if (values.rule !== undefined && !values.sensitivity) return usageError('--rule goes with --sensitivity');
  if (values.sensitivity) {
    const clash = (
      [
        ['--replay', values.replay],
        ['--record', values.record],
        ['--filter', values.filter],
        ['--waivers', values.waivers],
        ['--baseline', values.baseline],
        ['--min-documented-coverage', values['min-documented-coverage']],
      ] as const
    ).find(([, v]) => v !== undefined);
    if (clash)
      return usageError(`--sensitivity selects its own tests per rule: it does not go with ${clash[0]}`);
    if (positionals.length > 0) return usageError('--sensitivity selects its own test files: give no FILES');
    return sensitivityCheck(loaded.path, loaded.config, reportsDir, values.rule);
  }

  process.env[TARGET_ENV] = loaded.path;
  process.env[LEDGER_ENV] ??= join(reportsDir, 'quota-ledger.json');
  const { config } = loaded;
  process.stdout.write(`conformance: target "${config.name}" (${config.kind}) at ${config.base_url}\n`);
  if (values.replay !== undefined) {
    const dir = resolve(values.replay);
    let meta: ReturnType<typeof readCassetteSetMeta>;
    try {
      meta = readCassetteSetMeta(dir);
    } catch (err) {
      return usageError((err as Error).message);
    }
    Object.assign(process.env, {
      [CASSETTE_MODE_ENV]: 'replay',
      [CASSETTES_ENV]: dir,
      [RUN_TAG_ENV]: meta.run_tag,
      [FC_SEED_ENV]: String(meta.fc_seed),
    });
    process.stdout.write(
      `conformance: replaying the cassettes in ${relative(process.cwd(), dir) || '.'} (recorded ${meta.recorded_at}); nothing is sent to the network\n`,
    );
  } else if (values.record !== undefined) {
    const dir = resolve(values.record);
    const meta = {
      recorded_at: new Date().toISOString(),
      run_tag: Date.now().toString(36),
      fc_seed: randomInt(2 ** 31),
    };
    startCassetteSet(dir, config, meta);
    Object.assign(process.env, {
      [CASSETTE_MODE_ENV]: 'record',
      [CASSETTES_ENV]: dir,
      [REDACTION_KEY_ENV]: randomBytes(32).toString('hex'),
      [RUN_TAG_ENV]: meta.run_tag,
      [FC_SEED_ENV]: String(meta.fc_seed),
    });
    process.stdout.write(`conformance: recording cassettes into ${relative(process.cwd(), dir) || '.'}\n`);
  }

  if (values.waivers !== undefined) process.env[WAIVERS_ENV] = resolve(values.waivers);
  if (values.baseline !== undefined) {
    // The baseline is read now: the run is about to replace reports/conformance.json, which may be the baseline.
    const copy = join(reportsDir, 'conformance.baseline.json');
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(resolve(values.baseline), copy);
    process.env[BASELINE_ENV] = copy;
  }
  const jsonPath = resolve(reportsDir, REPORT_FILES.json);
  rmSync(jsonPath, { force: true }); // a stale report must never decide this run

  if (positionals.length > 0) process.env[FILES_ENV] = positionals.join(', ');
  else delete process.env[FILES_ENV];
  const { startVitest } = await import('vitest/node');
  const vitest = await startVitest('test', positionals, {
    root: REPO_ROOT,
    run: true,
    watch: false,
    // Ours regardless of the config's reporters, so the verdict file is always written once.
    reporters: ['default', [REPORTER, { outputDir: reportsDir }]],
    ...(filter ? { testNamePattern: filter } : {}),
  });
  await vitest?.close();

  const report = readReport(jsonPath);
  if (!report) {
    process.stderr.write(`conformance: no report at ${jsonPath} (did any test file run?) → FAIL\n`);
    return 1;
  }
  process.stdout.write('\nconformance reports:\n');
  for (const name of [REPORT_FILES.html, REPORT_FILES.json, REPORT_FILES.junit]) {
    process.stdout.write(`  ${relative(process.cwd(), resolve(reportsDir, name))}\n`);
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
  const lines = [
    ...v.failing.map((i) => `  FAIL  ${'id' in i ? i.id : 'fullName' in i ? i.fullName : ''}: ${i.message}`),
    ...v.errors.map((i) => `  ERROR ${'id' in i ? `${i.id}: ` : ''}${i.message.split('\n')[0]}`),
    ...v.warnings.map((i) => `  WARN  ${'id' in i ? i.id : ''}: ${i.message}`),
  ];
  if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`);
  const cov = report.coverage;
  const partial = v.status === 'PASS' && cov.checked < cov.documented ? ' (partial)' : '';
  process.stdout.write(
    `\nconformance verdict: ${v.status}${partial} (${v.failing.length} failing, ${v.errors.length} report errors, ${v.warnings.length} warnings, ${v.inconclusive} inconclusive)${report.filter ? ' — partial run' : ''}\n`,
  );
  process.stdout.write(`coverage: ${coverageLine(cov)}\n`);
  const reasons = Object.entries(cov.byReason).filter(([, n]) => n > 0);
  if (reasons.length > 0)
    process.stdout.write(`  not checked: ${reasons.map(([r, n]) => `${n} ${r}`).join(', ')}\n`);
  const t = report.counts.tests;
  process.stdout.write(
    `tests: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped, ${t.inconclusive} inconclusive\n`,
  );
  if (!v.pass) return EXIT_CODES.fail;
  if (v.status === 'INCOMPLETE') return EXIT_CODES.incomplete;
  if (minCoverage !== undefined && cov.percent < minCoverage) {
    process.stdout.write(
      `conformance: documented coverage ${cov.percent}% is under --min-documented-coverage ${minCoverage}% → exit ${EXIT_CODES.coverage}\n`,
    );
    return EXIT_CODES.coverage;
  }
  return EXIT_CODES.pass;
};

/** `--sensitivity`: the breaking proxy in front of the target (broken/sensitivity.ts, in this repository only). */
async function sensitivityCheck(
  targetPath: string,
  config: TargetConfig,
  reportsDir: string,
  ruleIds: string[] | undefined,
): Promise<number> {
  let rules: typeof import('../../broken/rules/index.js');
  let check: typeof import('../../broken/sensitivity.js');
  try {
    rules = await import('../../broken/rules/index.js');
    check = await import('../../broken/sensitivity.js');
  } catch (err) {
    return usageError(
      `--sensitivity needs the breaking rules of the repository's broken/ folder: ${(err as Error).message}`,
    );
  }
  const unknown = (ruleIds ?? []).filter((id) => !rules.ruleById(id));
  if (unknown.length > 0)
    return usageError(
      `unknown --rule ${unknown.join(', ')} (known: ${rules.breakingRules.map((r) => r.id).join(', ')})`,
    );
  const selected = ruleIds?.map((id) => rules.ruleById(id)!);
  process.stdout.write(
    `conformance: sensitivity check of "${config.name}" (${config.kind}) at ${config.base_url}: ${(selected ?? rules.breakingRules).length} breaking rules\n`,
  );
  const { report } = await check.runSensitivity({
    targetPath,
    config,
    reportsDir,
    ...(selected ? { rules: selected } : {}),
  });
  process.stdout.write(
    `\nconformance reports (with the sensitivity section): ${relative(process.cwd(), reportsDir) || '.'}/\n`,
  );
  return report.verdict.pass ? EXIT_CODES.pass : EXIT_CODES.fail;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`conformance: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
