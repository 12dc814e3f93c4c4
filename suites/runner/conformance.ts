/**
 * `npm run conformance -- --target FILE [--record DIR] [--filter PATTERN] [--min-documented-coverage N] [FILES...]`
 * `npm run conformance -- --replay DIR [--filter PATTERN] [FILES...]`
 * `npm run conformance -- --target FILE --sensitivity [--rule ID]...` (broken/sensitivity.ts)
 * `npm run conformance -- --target FILE --shard i/n [--out DIR] [FILES...]` then `npm run conformance -- merge DIR...`
 *   (shard-run.ts, merge.ts)
 * The package's `chatbot-conformance` (bin/chatbot-conformance.mjs) is this runner, from any working directory.
 *
 * Validates the target config, runs the suites once against it with vitest, and exits on the
 * conformance verdict (reports/conformance.json), not on vitest's own exit code: see EXIT_CODES.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { TargetConfig } from '../../contract/index.js';
import { readCassetteSetMeta, TARGET_FILE } from '../../recording/cassette.js';
import { startCassetteSet } from '../../recording/cassette-set.js';
import { FILES_ENV, REPORT_FILES } from '../reporting/report.js';
import { loadTargetConfig, TARGET_ENV } from '../reporting/target-info.js';
import {
  CASSETTE_MODE_ENV,
  CASSETTES_ENV,
  FC_SEED_ENV,
  REDACTION_KEY_ENV,
  RUN_TAG_ENV,
} from '../target/cassette-env.js';
import { LEDGER_ENV } from '../target/quota-ledger.js';
import { COORDINATOR_ENV, startCoordinator } from '../target/run-coordinator.js';
import { concurrencyOf, SharedDataSequencer } from './concurrency.js';
import { applyGateOptions, checkGateOptions } from './gate-options.js';
import { runMerge } from './merge.js';
import { MERGE_COMMAND, RUN_OPTIONS } from './options.js';
import { runStateCheck, stateCheckExit } from './provider-states-check.js';
import { parseShard, type Shard } from './shard.js';
import { runShard } from './shard-run.js';
import { EXIT_CODES, verdictExit } from './verdict-output.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const REPORTER = resolve(REPO_ROOT, 'suites/reporting/clause-reporter.ts');

/** How it was started: `npm run conformance` in this repository, else the package's bin. */
const PROGRAM =
  process.env.npm_lifecycle_event === 'conformance' ? 'npm run conformance --' : 'chatbot-conformance';

const HELP = `Usage: ${PROGRAM} --target FILE [--out DIR] [--record DIR] [--filter PATTERN] [--min-documented-coverage N] [FILES...]
       ${PROGRAM} --replay DIR [--out DIR] [--filter PATTERN] [FILES...]
       ${PROGRAM} --target FILE --sensitivity [--rule ID]... [--out DIR]
       ${PROGRAM} --target FILE --shard i/n [--out DIR] [--filter PATTERN] [FILES...]
       ${PROGRAM} merge DIR... [--out DIR] [--waivers FILE] [--baseline FILE] [--min-documented-coverage N]
       ${PROGRAM} --target FILE --check-provider-states [--out DIR]

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
      --concurrency N    how many test files run side by side against a deployment (default 8; 1 runs them one
                         by one); files that touch the same shared data of the target config wait for each other
                         and files that must be alone run alone (suites/target/shared-data.ts), and every request
                         is drawn from one quota ledger. Against a target with a control API files run one at a
                         time (docs/qa-staging.md, "Concurrency")
      --shard i/n        run the i-th of n shards of the suite (vitest's sharding: a deterministic 1/n of the
                         test files) into DIR/shard-i-of-n/ (DIR is --out, default ./reports), with a share of
                         the target's tokens dealt apart from the other shards' (token_pools); prints what it
                         was dealt before sending a request; exits 0 once its result is written. The verdict is
                         the merge's: \`${PROGRAM} merge DIR...\` (docs/ci.md, "Sharded runs")
      --check-provider-states
                         only enter each provider state the target offers once, with the probes of
                         suites/target/provider-state-probes.ts, tear it down, and print every difference from
                         the catalogue (docs/provider-states.schema.json): the state, the parameter, what came
                         back; writes DIR/provider-states-check.json. Every run whose target has provider_states
                         does this first, and treats a state that fails as not offered (its tests skip, saying why)
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
With merge: as above, and 2 when the shards given are not one whole run (one missing, one given twice, another
  target or selection); nothing is written then
With --check-provider-states: 0 every state the target offers passed, 1 one failed or the catalogue could not be
  read, 2 usage error
With --sensitivity: 0 the check ran and the unbroken run did not fail (caught and missed are in the table),
  1 the unbroken run failed (its failing clauses' rules are not checkable) or no report, 2 usage error
  (an unknown --rule, a missing target, an option that does not go with it); an earlier report is kept`;

/** The first of `names` the command line gives. */
const firstGivenOf = <V extends Record<string, unknown>>(values: V, names: (keyof V)[]) =>
  names.find((name) => values[name] !== undefined && values[name] !== false);

const usageError = (message: string): never => {
  process.stderr.write(`conformance: ${message}\n\nRun with --help for usage.\n`);
  process.exit(2);
};

const parse = () => {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: RUN_OPTIONS,
    });
  } catch (err) {
    return usageError((err as Error).message);
  }
};

const main = async (): Promise<number> => {
  if (process.argv[2] === MERGE_COMMAND)
    return runMerge({
      args: process.argv.slice(3),
      repoRoot: REPO_ROOT,
      reporter: REPORTER,
      program: PROGRAM,
    });
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
  const gateChecked = checkGateOptions(values);
  if ('error' in gateChecked) return usageError(gateChecked.error);
  const { minCoverage } = gateChecked;
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
  if (values['check-provider-states']) {
    const clash = firstGivenOf(values, [
      'replay',
      'record',
      'filter',
      'sensitivity',
      'shard',
      'waivers',
      'baseline',
    ]);
    if (clash) return usageError(`--check-provider-states runs no tests: it does not go with --${clash}`);
    if (!loaded.config.provider_states)
      return usageError(`the target config ${loaded.path} names no provider_states to check`);
    mkdirSync(reportsDir, { recursive: true });
    return stateCheckExit(await runStateCheck(loaded.config, reportsDir));
  }
  /** The first of these options the command line gives. */
  const firstGiven = (names: (keyof typeof values)[]) => names.find((name) => values[name] !== undefined);
  let shard: Shard | undefined;
  if (values.shard !== undefined) {
    const parsed = parseShard(values.shard);
    if ('error' in parsed) return usageError(parsed.error);
    shard = parsed;
    const clash = firstGiven(['sensitivity', 'record', 'waivers', 'baseline', 'min-documented-coverage']);
    if (clash)
      return usageError(
        clash === 'record'
          ? '--record writes one cassette set per run: record unsharded, then replay it in shards (--replay DIR --shard i/n)'
          : `--${clash} belongs to the merge, which makes the verdict: give it to \`${PROGRAM} merge\``,
      );
  }
  if (values.sensitivity) {
    const clash = firstGiven([
      'replay',
      'record',
      'filter',
      'waivers',
      'baseline',
      'min-documented-coverage',
    ]);
    if (clash)
      return usageError(`--sensitivity selects its own tests per rule: it does not go with --${clash}`);
    if (positionals.length > 0) return usageError('--sensitivity selects its own test files: give no FILES');
    return sensitivityCheck(loaded.path, loaded.config, reportsDir, values.rule);
  }

  const concurrency = concurrencyOf(values.concurrency, loaded.config);
  if ('error' in concurrency) return usageError(concurrency.error);
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

  applyGateOptions(values, reportsDir);
  // Provider states are checked before any test relies on them (not in record or replay: the check's requests
  // belong to no test file's cassette).
  if (config.provider_states && values.replay === undefined && values.record === undefined) {
    mkdirSync(reportsDir, { recursive: true });
    await runStateCheck(config, reportsDir);
  }
  if (shard)
    return runShard({
      repoRoot: REPO_ROOT,
      shard,
      config,
      outDir: reportsDir,
      files: positionals,
      ...(filter ? { filter } : {}),
      program: PROGRAM,
    });
  const jsonPath = resolve(reportsDir, REPORT_FILES.json);
  rmSync(jsonPath, { force: true }); // a stale report must never decide this run

  if (positionals.length > 0) process.env[FILES_ENV] = positionals.join(', ');
  else delete process.env[FILES_ENV];
  if (concurrency.note) process.stdout.write(`conformance: ${concurrency.note}\n`);
  // Every file asks the coordinator for its claims on the shared data and draws its requests from its quota bank.
  const coordinator = await startCoordinator({
    config,
    hasControl: config.control !== undefined,
    repoRoot: REPO_ROOT,
  });
  process.env[COORDINATOR_ENV] = coordinator.url;
  try {
    const { startVitest } = await import('vitest/node');
    const vitest = await startVitest('test', positionals, {
      root: REPO_ROOT,
      run: true,
      watch: false,
      // Ours regardless of the config's reporters, so the verdict file is always written once.
      reporters: ['default', [REPORTER, { outputDir: reportsDir }]],
      ...(filter ? { testNamePattern: filter } : {}),
      fileParallelism: concurrency.files > 1,
      maxWorkers: concurrency.files,
      sequence: { sequencer: SharedDataSequencer },
    });
    await vitest?.close();
  } finally {
    await coordinator.close();
    delete process.env[COORDINATOR_ENV];
    writeFileSync(
      join(reportsDir, 'concurrency.json'),
      `${JSON.stringify({ concurrency: concurrency.files, files: coordinator.timeline() }, null, 2)}\n`,
    );
  }

  return verdictExit(jsonPath, minCoverage);
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
