/**
 * The blast-radius check's runs (blast-radius.ts is its command): how many documented clauses one backend bug turns
 * red. Every rule of broken/ is tried with every test a whole conformance run takes, without running the whole suite
 * once per rule:
 *
 * 1. One unbroken whole run through the breaking proxy, in which every rule observes every exchange (observer.ts):
 *    which test files it would have changed something in.
 * 2. Each rule then runs every test of the files it touched, with the rule on. A file it did not touch runs exactly
 *    as unbroken: every file starts from the fake's seeded state (the target keeps its control API), the rule starts
 *    afresh with each file, and every run of the check shares one fast-check seed and one run tag, so the same
 *    requests get the same answers. Rules that touched no file in common share a round (rounds.ts).
 * 3. A rule's red documented clauses are those failing in its files' tests and not failing in the unbroken run.
 *
 * `whole: true` runs every file for every rule instead (the plain whole run with the rule on), to check step 2.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { TargetConfig } from '../contract/index.js';
import type { ConformanceReport } from '../suites/reporting/report.js';
import { FC_SEED_ENV, RUN_TAG_ENV } from '../suites/target/cassette-env.js';
import {
  type BlastRadiusReport,
  type BlastRow,
  blastRow,
  failingDocumented,
  GOAL,
  median,
  NOT_A_RUN_FILE,
  offencesOf,
  problemsOf,
} from './blast-radius-report.js';
import { type Observed, OUTSIDE_FILES, WHOLE_FILE } from './observer.js';
import { openProxiedSession, ROOT } from './proxied-session.js';
import { EVERY_TEST, planRounds, type Round } from './rounds.js';
import type { BreakingRule } from './rule.js';

export interface BlastRadiusOptions {
  /**
   * The target, once per lane: the fake over HTTP presented as staging with its control API (asStaging(fake, true,
   * true)), each lane a fake of its own; test files run side by side, one per lane.
   */
  readonly targets: readonly TargetConfig[];
  readonly rules: readonly BreakingRule[];
  /** Test files (relative to the repository root) instead of every file a whole run takes. */
  readonly files?: readonly string[];
  /** Run every file for every rule (the plain whole run with the rule on) instead of the files it touched. */
  readonly whole?: boolean;
  /**
   * Run every test of the files a rule touched, instead of each file's tests from the one running at the rule's first
   * touch: the previous shortcut, slower, to check this one.
   */
  readonly touchedFiles?: boolean;
  /** fast-check's seed, and the run tag of the names the suites create, shared by every run. */
  readonly seed: number;
  readonly log?: (line: string) => void;
}

/** A file as the proxy hears it (absolute) as the reports name it (relative to the root). */
const fromRoot = (file: string) => relative(ROOT, file).split(sep).join('/');

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A round whose files each run only their tests from the one running when the file's rule first touched it: the tests
 * before it met exactly the unbroken answers (the rule had changed nothing yet) and are the unbroken run's. A file the
 * rule touched in its own beforeAll runs whole.
 */
function withTouchedTests(round: Round, observation: Observed): Round {
  const testIds = new Map<string, readonly string[]>();
  for (const [file, rule] of round.ruleOfFile) {
    const tests = observation.touchedTests(rule, file);
    if (tests !== undefined && tests !== WHOLE_FILE) testIds.set(fromRoot(file), tests);
  }
  return { ...round, selection: { ...round.selection, testIds } };
}

/** A test file asked for that a whole run does not take: a bad argument, found once the session lists its files. */
export class NotARunFile extends Error {
  override name = NOT_A_RUN_FILE;
}

export async function runBlastRadius(options: BlastRadiusOptions): Promise<BlastRadiusReport> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'blast-radius-'));
  const env = { [FC_SEED_ENV]: process.env[FC_SEED_ENV], [RUN_TAG_ENV]: process.env[RUN_TAG_ENV] };
  process.env[FC_SEED_ENV] = String(options.seed);
  process.env[RUN_TAG_ENV] = `br${options.seed.toString(36)}`;
  const opened = await openProxiedSession(options.targets, dir, 'blast-radius-target.json');
  const { proxy, session } = opened;
  try {
    const all = await session.files();
    const unknown = (options.files ?? []).filter((f) => !all.includes(f));
    if (unknown.length > 0)
      throw new NotARunFile(`not a test file a whole conformance run takes: ${unknown.join(', ')}`);
    const files = options.files && options.files.length > 0 ? [...options.files].sort() : all;

    const observation = proxy.observe(options.rules);
    const t0 = Date.now();
    const baseline = await session.run({ files, pattern: EVERY_TEST });
    const requests0 = proxy.requests();
    const baselineSummary = {
      status: baseline.verdict.status,
      tests: baseline.counts.tests.total,
      failedTests: baseline.counts.tests.failed,
      failing: failingDocumented(baseline),
      problems: problemsOf(baseline),
      requests: requests0,
      durationMs: Date.now() - t0,
    };
    log(
      `blast-radius: unbroken run of ${files.length} test files with every rule observing: ${baselineSummary.status}, ${baselineSummary.tests} tests, ${requests0} requests, ${seconds(baselineSummary.durationMs)}`,
    );
    const touchedOf = new Map<BreakingRule, string[]>();
    for (const rule of options.rules) {
      const touched = observation.touchedFiles(rule);
      if (touched.includes(OUTSIDE_FILES))
        log(`  ${rule.id} changed an exchange outside any test file: its run takes every file`);
      touchedOf.set(
        rule,
        touched.includes(OUTSIDE_FILES) ? files : touched.map(fromRoot).filter((f) => files.includes(f)),
      );
    }
    const filesOf = (rule: BreakingRule) =>
      options.whole ? files : (touchedOf.get(rule) as readonly string[]);
    log(
      `  files each rule touched: ${options.rules.map((r) => `${r.id} ${touchedOf.get(r)?.length}`).join(', ')}`,
    );

    const rows = new Map<BreakingRule, BlastRow>();
    const untouched = options.rules.filter((r) => filesOf(r).length === 0);
    for (const rule of untouched)
      rows.set(
        rule,
        blastRow(
          { rule, touchedFiles: [], run: undefined, files: new Set(), requests: 0, durationMs: 0 },
          baseline,
        ),
      );
    // Largest first, so that the smaller rules fill the rounds the larger ones leave room in.
    const toRun = options.rules
      .filter((r) => filesOf(r).length > 0)
      .sort((a, b) => filesOf(b).length - filesOf(a).length);
    const planned = options.whole
      ? toRun.map((rule) => planRounds([rule], filesOf, ROOT, 'every')[0]!)
      : planRounds(toRun, filesOf, ROOT, 'every');
    const rounds =
      options.whole || options.touchedFiles
        ? planned
        : planned.map((round) => withTouchedTests(round, observation));
    let requests = requests0;
    for (const [n, round] of rounds.entries()) {
      const t = Date.now();
      proxy.useByFile(round.ruleOfFile);
      const run: ConformanceReport = await session.run(round.selection);
      const durationMs = Date.now() - t;
      requests += proxy.requests();
      for (const rule of round.rules) {
        const touched = touchedOf.get(rule) ?? [];
        const read = (files: readonly string[]) =>
          blastRow(
            {
              rule,
              touchedFiles: touched,
              run,
              files: new Set(files),
              requests: proxy.requestsOf(rule),
              durationMs,
            },
            baseline,
          );
        const row = read(filesOf(rule));
        // A whole run also says what the shortcut would have missed: clauses red only in files the rule never touched.
        const inTouched = options.whole ? read(touched).red : undefined;
        rows.set(
          rule,
          inTouched ? { ...row, untouchedRed: row.red.filter((id) => !inTouched.includes(id)) } : row,
        );
      }
      log(
        `  round ${n + 1} of ${rounds.length} (${round.selection.files.length} files, ${seconds(durationMs)}): ${round.rules
          .map((r) => `${r.id} ${rows.get(r)?.red.length} red`)
          .join(', ')}`,
      );
    }
    proxy.use(undefined);
    const ordered = options.rules.map((r) => rows.get(r) as BlastRow);
    const counts = ordered.map((r) => r.red.length);
    const totals = { median: median(counts), largest: counts.length > 0 ? Math.max(...counts) : 0 };
    const offences = offencesOf(ordered, baselineSummary, totals);
    return {
      format: 'chatbot-platform-blast-radius',
      version: 1,
      generatedAt: new Date().toISOString(),
      mode: options.whole ? 'whole run' : options.touchedFiles ? 'touched files' : 'touched tests',
      target: (options.targets[0] as TargetConfig).name,
      lanes: options.targets.length,
      seed: options.seed,
      files: files.length,
      baseline: baselineSummary,
      rows: ordered,
      ...totals,
      goal: GOAL,
      offences,
      pass: offences.length === 0,
      rounds: rounds.length,
      requests,
      durationMs: Date.now() - started,
    };
  } finally {
    await opened.close();
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
