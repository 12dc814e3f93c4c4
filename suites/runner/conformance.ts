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
import { commandLine, usageError as usageErrorOf } from '../../bin/command-line.mjs';
import type { TargetConfig } from '../../contract/index.js';
import { readCassetteSetMeta, TARGET_FILE } from '../../recording/cassette.js';
import { startCassetteSet } from '../../recording/cassette-set.js';
import { PLAN_ENV, PLAN_FILE } from '../reporting/plan-file.js';
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
import type { RunPlan } from './budget-plan.js';
import { concurrencyOf, SharedDataSequencer } from './concurrency.js';
import { fuzzOptionOf, withFuzz } from './fuzz-option.js';
import { applyGateOptions, checkGateOptions } from './gate-options.js';
import { helpText } from './help.js';
import { runMerge } from './merge.js';
import { MERGE_COMMAND, RUN_OPTIONS } from './options.js';
import { parseBudget, plannedSpecifications, planTheRun } from './planned-run.js';
import { runPreflight } from './preflight.js';
import type { PreflightScope } from './preflight-probes.js';
import { runStateCheck, stateCheckExit } from './provider-states-check.js';
import { parseShard, type Shard } from './shard.js';
import { runShard } from './shard-run.js';
import { EXIT_CODES, verdictExit } from './verdict-output.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const REPORTER = resolve(REPO_ROOT, 'suites/reporting/clause-reporter.ts');

/** How it was started: `npm run conformance` in this repository, else the package's bin. */
const PROGRAM =
  process.env.npm_lifecycle_event === 'conformance' ? 'npm run conformance --' : 'chatbot-conformance';

/** The first of `names` the command line gives. */
const firstGivenOf = <V extends Record<string, unknown>>(values: V, names: (keyof V)[]) =>
  names.find((name) => values[name] !== undefined && values[name] !== false);

/** A usage error: one line naming what is wrong, pointing at --help, exit 2 (EXIT_CODES.usage). */
const usageError = (message: string): never => usageErrorOf('conformance', message);

/**
 * The pre-flight before any test (suites/runner/preflight.ts): false, with one line per problem printed, when the
 * target cannot be tested. Its requests go into the run's quota ledger.
 */
const testable = async (config: TargetConfig, reportsDir: string, scope: PreflightScope): Promise<boolean> =>
  (
    await runPreflight(config, reportsDir, {
      scope,
      ledgerFile: process.env[LEDGER_ENV] ?? join(reportsDir, 'quota-ledger.json'),
    })
  ).testable;

const main = async (): Promise<number> => {
  if (process.argv[2] === MERGE_COMMAND)
    return runMerge({
      args: process.argv.slice(3),
      repoRoot: REPO_ROOT,
      reporter: REPORTER,
      program: PROGRAM,
    });
  const { values, positionals } = commandLine({
    name: 'conformance',
    usage: helpText(PROGRAM),
    allowPositionals: true,
    options: RUN_OPTIONS,
  });
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
  const fuzz = fuzzOptionOf(values);
  if (fuzz && 'error' in fuzz) return usageError(fuzz.error);
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
  if (values.preflight) {
    const clash = firstGivenOf(values, [
      'replay',
      'record',
      'sensitivity',
      'check-provider-states',
      'shard',
      'budget',
      'filter',
      'waivers',
      'baseline',
    ]);
    if (clash) return usageError(`--preflight runs no tests: it does not go with --${clash}`);
  }
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
    if (!(await testable(loaded.config, reportsDir, 'provider-states'))) return EXIT_CODES.notTestable;
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
  let budget: number | undefined;
  if (values.budget !== undefined) {
    const parsed = parseBudget(values.budget);
    if (typeof parsed !== 'number') return usageError(parsed.error);
    budget = parsed;
    const clash = firstGivenOf(values, ['replay', 'record', 'shard']);
    if (clash)
      return usageError(`--budget plans one run against a deployment: it does not go with --${clash}`);
  } else if (values['plan-from'] !== undefined) return usageError('--plan-from goes with --budget');
  const { config } = loaded;
  process.stdout.write(`conformance: target "${config.name}" (${config.kind}) at ${config.base_url}\n`);
  // Every run that sends requests to a deployment checks first that it can be tested at all (a replay sends none).
  if (values.replay === undefined) {
    if (!(await testable(config, reportsDir, 'run'))) return EXIT_CODES.notTestable;
    if (values.preflight) return EXIT_CODES.pass;
  }
  process.env[TARGET_ENV] = loaded.path;
  process.env[LEDGER_ENV] ??= join(reportsDir, 'quota-ledger.json');
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
  // A budgeted run is planned before any test sends a request, with the costs of this target's last report.
  let plan: RunPlan | undefined;
  delete process.env[PLAN_ENV];
  if (budget !== undefined) {
    mkdirSync(reportsDir, { recursive: true });
    const planned = await planTheRun({
      repoRoot: REPO_ROOT,
      config,
      files: positionals,
      ...(filter ? { filter } : {}),
      budget,
      reportsDir,
      ...(values['plan-from'] !== undefined ? { planFrom: values['plan-from'] } : {}),
    });
    if ('error' in planned) return usageError(planned.error);
    plan = planned;
    process.env[PLAN_ENV] = join(reportsDir, PLAN_FILE);
  }
  const jsonPath = resolve(reportsDir, REPORT_FILES.json);
  rmSync(jsonPath, { force: true }); // a stale report must never decide this run

  const run = withFuzz(fuzz, REPO_ROOT, positionals);
  if (positionals.length > 0) process.env[FILES_ENV] = positionals.join(', ');
  else delete process.env[FILES_ENV];
  if (concurrency.note) process.stdout.write(`conformance: ${concurrency.note}\n`);
  // Every file asks the coordinator for its claims on the shared data and draws its requests from its quota bank.
  const coordinator = await startCoordinator({
    config,
    hasControl: config.control !== undefined,
    repoRoot: REPO_ROOT,
    ...(budget !== undefined ? { runBudget: budget } : {}),
  });
  process.env[COORDINATOR_ENV] = coordinator.url;
  try {
    const { createVitest, startVitest } = await import('vitest/node');
    const options = {
      root: REPO_ROOT,
      run: true,
      watch: false,
      // Ours regardless of the config's reporters, so the verdict file is always written once.
      reporters: ['default', [REPORTER, { outputDir: reportsDir }]] as NonNullable<
        Parameters<typeof startVitest>[2]
      >['reporters'],
      ...(filter ? { testNamePattern: filter } : {}),
      fileParallelism: concurrency.files > 1,
      maxWorkers: concurrency.files,
      sequence: { sequencer: SharedDataSequencer },
      ...(run.include ? { include: run.include } : {}),
    };
    if (plan) {
      const vitest = await createVitest('test', options);
      await vitest.standalone(); // the reporters' onInit, as start() would
      await vitest.runTestSpecifications(await plannedSpecifications(vitest, plan));
      await vitest.close();
    } else {
      const vitest = await startVitest('test', run.files, options);
      await vitest?.close();
    }
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
  // Bad arguments first (exit 2), then whether the target can be tested at all.
  if (!(await testable(config, reportsDir, 'run'))) return EXIT_CODES.notTestable;
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
    // CONFORMANCE_DEBUG=1 shows where an unexpected error came from (a bug of the harness, not of the target).
    const text =
      err instanceof Error
        ? process.env.CONFORMANCE_DEBUG
          ? (err.stack ?? err.message)
          : err.message
        : String(err);
    process.stderr.write(`conformance: ${text}\n`);
    process.exit(1);
  },
);
