/**
 * Vitest reporter that builds the clause matrix at the end of a run and writes
 * reports/conformance.{junit.xml,json,html} (relative to process.cwd(), or `outputDir`).
 *
 * vitest.config.ts: `reporters: ['default', './suites/reporting/clause-reporter.ts']`
 * (options: `['./suites/reporting/clause-reporter.ts', { outputDir: 'reports' }]`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { SerializedError, TestCase, TestModule, TestRunEndReason, TestSuite, Vitest } from 'vitest/node';
import type { Reporter } from 'vitest/reporters';
import { clauses } from '../../contract/clauses/index.js';
import { BASELINE_ENV, type Baseline, loadBaseline } from './baseline.js';
import { type BoundFailure, NO_ANSWER, SERVER_ERROR_MET, type TestOutcome } from './clause-matrix.js';
import { toHtml } from './html.js';
import { toJUnitXml } from './junit.js';
import { plannedKey, plannedOutFromEnv } from './plan-file.js';
import {
  buildReport,
  type ConformanceReport,
  FILES_ENV,
  REPORT_FILES,
  type TargetInfo,
  toJson,
} from './report.js';
import { DEFAULT_TARGET, targetFromEnv } from './target-info.js';
import { closingLines } from './terminal-summary.js';
import { cleanText } from './text.js';
import { loadWaivers, WAIVERS_ENV, type Waiver } from './waivers.js';

export interface ClauseReporterOptions {
  /** Where to write the reports; relative to process.cwd(). Default `reports`. */
  readonly outputDir?: string;
  /** Hand each run's report to this function instead of writing the files (broken/sensitivity.ts). */
  readonly onReport?: (report: ConformanceReport) => void;
  /** The target the results are of, instead of CONFORMANCE_TARGET's (a merge of shards, suites/runner/merge.ts). */
  readonly target?: TargetInfo;
  /** The shards merged (suites/runner/merge.ts), named in the report. */
  readonly shards?: readonly string[];
}

/** What a partial run selected: the name pattern and the file filters, as the report's `filter`. */
function selectionOf(pattern: RegExp | undefined, env: NodeJS.ProcessEnv = process.env): { filter?: string } {
  const parts = [
    ...(pattern ? [pattern.source] : []),
    ...(env[FILES_ENV] ? [`files: ${env[FILES_ENV]}`] : []),
  ];
  return parts.length > 0 ? { filter: parts.join(' · ') } : {};
}

/** The waiver file and the baseline the runner named (CONFORMANCE_WAIVERS, CONFORMANCE_BASELINE), when any. */
function gateFromEnv(env: NodeJS.ProcessEnv = process.env) {
  const errors: string[] = [];
  let waivers: readonly Waiver[] | undefined;
  let baseline: Baseline | undefined;
  const waiverFile = env[WAIVERS_ENV];
  if (waiverFile) {
    const loaded = loadWaivers(waiverFile);
    if (loaded.ok) waivers = loaded.waivers;
    else errors.push(`${WAIVERS_ENV}=${waiverFile}: ${loaded.error}`);
  }
  const baselineFile = env[BASELINE_ENV];
  if (baselineFile) {
    const loaded = loadBaseline(baselineFile);
    if (loaded.ok) baseline = loaded.baseline;
    else errors.push(`${BASELINE_ENV}=${baselineFile}: ${loaded.error}`);
  }
  return { errors, waivers, baseline };
}

const errorText = (errors: readonly SerializedError[] | undefined): { message?: string; stack?: string } => {
  if (!errors || errors.length === 0) return {};
  const message = errors
    .map((err) => {
      const diff = typeof err.diff === 'string' && err.diff !== '' ? `\n\n${err.diff}` : '';
      return `${err.name && err.name !== 'Error' ? `${err.name}: ` : ''}${err.message}${diff}`;
    })
    .join('\n\n');
  const stack = errors.map((err) => err.stack ?? '').join('\n\n');
  return { message: cleanText(message), stack: cleanText(stack) };
};

/** The note of an inconclusive stop (ctx.skip('inconclusive …')) anywhere in a failure's errors and their causes. */
export function inconclusiveStopIn(errors: readonly SerializedError[] | undefined): string | undefined {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): string | undefined => {
    if (value === null || typeof value !== 'object' || seen.has(value) || depth > 8) return undefined;
    seen.add(value);
    const { code, note } = value as { code?: unknown; note?: unknown };
    if (code === 'VITEST_PENDING' && typeof note === 'string' && note.startsWith('inconclusive')) return note;
    for (const child of Object.values(value)) {
      const found = visit(child, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  for (const err of errors ?? []) {
    const found = visit(err, 0);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * What a failed test's documented() checks name (issue 33): the clauses of its bound failures, as `failedClauses`
 * only when every error of the test is one of them (any other error falls back to every clause the test cites).
 */
export function boundOf(
  errors: readonly SerializedError[] | undefined,
  bound: readonly BoundFailure[] | undefined,
): Pick<TestOutcome, 'failedClauses' | 'boundFailures' | 'stopped'> {
  const boundFailures = (bound ?? []).map((f) => ({ ...f, message: cleanText(f.message) }));
  const kept = boundFailures.length > 0 ? { boundFailures } : {};
  // Every error is a bound failure, this test's or one it met through another (a stop rethrown by a promise that
  // tests of a file share: they depended on the same unreadable answer).
  const named = (errors ?? []).map((e) => boundIn(e));
  const all = named.length > 0 && named.every((b) => b !== undefined);
  if (!all) return kept;
  const failedClauses = [...new Set(named.flatMap((b) => b?.boundClauses ?? []))];
  // readable() stopped the test after its bound failure: its other clauses were not checked.
  const stopped = named.some((b) => b?.stoppedAfterBound === true);
  return { ...kept, failedClauses, ...(stopped ? { stopped } : {}) };
}

/**
 * The bound failure an error is, itself or as the cause it wraps (fast-check throws its own error with the failure
 * of the property's case as `cause`): the clauses it names, and whether readable() stopped the test there.
 */
function boundIn(
  err: unknown,
  depth = 0,
): { boundClauses: string[]; stoppedAfterBound?: boolean } | undefined {
  if (err === null || typeof err !== 'object' || depth > 4) return undefined;
  const { boundClauses, stoppedAfterBound, cause } = err as {
    boundClauses?: unknown;
    stoppedAfterBound?: unknown;
    cause?: unknown;
  };
  if (Array.isArray(boundClauses))
    return { boundClauses: boundClauses as string[], stoppedAfterBound: stoppedAfterBound === true };
  return boundIn(cause, depth + 1);
}

/** The note of an arrangement that failed in a hook (ArrangementFailed, suites/support/arrangement.ts), if every error is one. */
export function arrangementFailureIn(errors: readonly SerializedError[] | undefined): string | undefined {
  if (!errors || errors.length === 0 || !errors.every((e) => e.name === 'ArrangementFailed'))
    return undefined;
  return String(errors[0]?.message ?? 'arrangement failed');
}

const skipReasonOf = (test: TestCase, note: string | undefined): string => {
  if (note) return cleanText(note);
  if (test.options.mode === 'todo') return 'todo';
  return 'skipped without a reason (it.skip, it.skipIf or .only elsewhere); use ctx.skip(reason)';
};

/** The nearest suite (or the module) with errors of its own, when `test` was skipped without a note. */
const failedAncestor = (test: TestCase): { owner: TestModule | TestSuite; message: string } | undefined => {
  const result = test.result();
  // Tests skipped on purpose (it.skip, skipIf, todo, filters) have a mode other than `run`.
  if (result.state !== 'skipped' || result.note !== undefined || test.options.mode !== 'run')
    return undefined;
  for (let owner: TestModule | TestSuite = test.parent; ; owner = owner.parent) {
    const errors = owner.errors();
    if (errors.length > 0) return { owner, message: errorText(errors).message ?? 'hook failed' };
    if (owner.type === 'module') return undefined;
  }
};

export default class ClauseReporter implements Reporter {
  private vitest: Vitest | undefined;
  private readonly outputDir: string;
  private readonly onReport: ((report: ConformanceReport) => void) | undefined;
  private readonly target: TargetInfo | undefined;
  private readonly shards: readonly string[] | undefined;

  constructor(options: ClauseReporterOptions = {}) {
    this.outputDir = options.outputDir ?? 'reports';
    this.onReport = options.onReport;
    this.target = options.target;
    this.shards = options.shards;
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  async onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ): Promise<void> {
    const fromEnv = this.target ? undefined : targetFromEnv();
    const target = this.target ?? fromEnv?.target ?? DEFAULT_TARGET;
    const runErrors: string[] = [];
    if (fromEnv?.error) runErrors.push(fromEnv.error);
    if (reason === 'interrupted') runErrors.push('the test run was interrupted before it finished');
    for (const err of unhandledErrors) runErrors.push(`unhandled error: ${errorText([err]).message ?? ''}`);

    const pattern = this.namePattern();
    const outcomes: TestOutcome[] = [];
    // A budgeted run (--budget N) reports each test its plan left out, with the plan's reason, ran or not.
    const plan = plannedOutFromEnv();
    if (plan.error) runErrors.push(plan.error);
    const plannedOut = new Map(plan.tests.map((t) => [plannedKey(t.file, t.fullName), t.reason]));
    for (const module of testModules) {
      const file = this.relativeFile(module.moduleId);
      const blamed = new Set<TestModule | TestSuite>();
      for (const test of module.children.allTests()) {
        const outOfPlan = plannedOut.get(plannedKey(file, test.fullName));
        if (outOfPlan !== undefined) {
          plannedOut.delete(plannedKey(file, test.fullName));
          if (test.result().state === 'skipped') {
            outcomes.push({
              fullName: cleanText(test.fullName),
              file,
              durationMs: 0,
              state: 'skipped',
              skipReason: outOfPlan,
            });
            continue;
          }
        }
        const outcome = this.outcomeOf(test, file, pattern);
        if (!outcome) continue;
        const hook = outcome.state === 'skipped' ? failedAncestor(test) : undefined;
        if (!hook) {
          outcomes.push(outcome);
          continue;
        }
        // vitest skips the tests of a suite whose beforeAll failed: they count as failures, unless what failed was
        // only the suite's arrangement (ArrangementFailed): then they prove nothing either way.
        blamed.add(hook.owner);
        const arrangement = arrangementFailureIn(hook.owner.errors());
        if (arrangement !== undefined) {
          outcomes.push({ ...outcome, state: 'inconclusive', skipReason: cleanText(arrangement) });
          continue;
        }
        const where = hook.owner.type === 'module' ? file : hook.owner.fullName;
        const { skipReason: _, ...rest } = outcome;
        outcomes.push({
          ...rest,
          state: 'failed',
          errorMessage: `not run: a hook of "${where}" failed: ${hook.message}`,
        });
      }
      for (const owner of [module, ...module.children.allSuites()]) {
        if (blamed.has(owner)) continue;
        const where = owner.type === 'module' ? file : `${file} > ${owner.fullName}`;
        for (const err of owner.errors()) runErrors.push(`${where}: ${errorText([err]).message ?? ''}`);
      }
    }

    for (const t of plan.tests)
      if (plannedOut.has(plannedKey(t.file, t.fullName)))
        outcomes.push({
          fullName: cleanText(t.fullName),
          file: t.file,
          durationMs: 0,
          state: 'skipped',
          skipReason: t.reason,
        });

    // An empty run proves nothing: a gate must not pass on it.
    if (outcomes.length === 0) runErrors.push('no tests ran (no test file or test name matched the filters)');

    const gateFiles = gateFromEnv();
    runErrors.push(...gateFiles.errors);
    const report = buildReport({
      catalogue: clauses,
      outcomes,
      target,
      generatedAt: new Date().toISOString(),
      runErrors,
      ...selectionOf(pattern),
      ...(this.shards ? { shards: this.shards } : {}),
      ...(gateFiles.waivers ? { waivers: gateFiles.waivers } : {}),
      ...(gateFiles.baseline ? { baseline: gateFiles.baseline } : {}),
    });
    if (this.onReport) this.onReport(report);
    else this.write(report);
  }

  private outcomeOf(test: TestCase, file: string, pattern: RegExp | undefined): TestOutcome | undefined {
    const result = test.result();
    const durationMs = test.diagnostic()?.duration ?? 0;
    const startedAt = test.diagnostic()?.startTime;
    const meta = test.meta();
    const base = {
      fullName: cleanText(test.fullName),
      file,
      durationMs,
      ...(startedAt !== undefined ? { startedAt } : {}),
      ...(meta.assumedChecks?.length ? { assumedChecks: [...meta.assumedChecks] } : {}),
      ...(meta.assumedWarnings?.length
        ? { assumedWarnings: meta.assumedWarnings.map((w) => ({ ...w, message: cleanText(w.message) })) }
        : {}),
      ...(meta.documentedChecks?.length ? { documentedChecks: [...meta.documentedChecks] } : {}),
      ...(meta.serverErrors?.length
        ? {
            serverErrors: meta.serverErrors,
            ...(meta.serverErrorsMore ? { serverErrorsMore: meta.serverErrorsMore } : {}),
          }
        : {}),
      ...(meta.noAnswers?.length ? { noAnswers: meta.noAnswers } : {}),
      ...(meta.cleanupNotes?.length ? { cleanupNotes: meta.cleanupNotes.map(cleanText) } : {}),
      ...(meta.requests ? { requests: { ...meta.requests } } : {}),
    };
    // A test that did not pass while a request of it got no answer proves nothing about its clauses: silence is an
    // item of its own (issue 33), never a red on the clause the test was about.
    if (meta.noAnswers?.length && result.state !== 'passed') {
      const first = meta.noAnswers[0] as NonNullable<typeof meta.noAnswers>[number];
      return {
        ...base,
        state: 'inconclusive',
        skipReason: `${NO_ANSWER} ${first.request.split('\n')[0]} ${first.testTimedOut ? `was still waiting (${first.elapsedMs} ms) when the test ran out of its time` : `waited ${first.elapsedMs} ms`} with ${first.inFlight} request(s) in flight${meta.noAnswers.length > 1 ? ` (and ${meta.noAnswers.length - 1} more unanswered)` : ''}`,
      };
    }
    // A test that met a spent quota proves nothing either way (HARNESS-INCONCLUSIVE-QUOTA), even when the stop it was
    // given was swallowed by its own code and it then failed, or when it failed on the stop another test was given
    // (a promise shared between tests).
    const inconclusive =
      meta.inconclusive ?? (result.state === 'failed' ? inconclusiveStopIn(result.errors) : undefined);
    if (inconclusive !== undefined && result.state !== 'passed')
      return { ...base, state: 'inconclusive', skipReason: cleanText(inconclusive) };
    // A test that failed after meeting a server error proves nothing about its clauses: the 5xx (or the answer that is
    // not JSON) is an item of its own that fails the verdict (REPORT-SERVER-ERRORS), never a red on a clause.
    const serverError = meta.serverErrors?.[0];
    if (serverError && result.state === 'failed')
      return {
        ...base,
        state: 'inconclusive',
        skipReason: `${SERVER_ERROR_MET} ${serverError.request.split('\n')[0]} → ${serverError.why === 'not JSON' ? `${serverError.status}, not JSON` : serverError.status}`,
      };
    switch (result.state) {
      case 'passed':
        return { ...base, state: 'passed' };
      case 'failed': {
        const { message, stack } = errorText(result.errors);
        return {
          ...base,
          state: 'failed',
          ...boundOf(result.errors, meta.boundFailures),
          errorMessage: message ?? 'failed',
          ...(stack ? { errorStack: stack } : {}),
          ...(meta.exchanges?.length ? { exchanges: meta.exchanges } : {}),
        };
      }
      case 'skipped': {
        // A test left out by the name filter (--filter / -t) was not selected: not in the report.
        if (pattern && result.note === undefined && !this.matches(pattern, test, file)) return undefined;
        return { ...base, state: 'skipped', skipReason: skipReasonOf(test, result.note) };
      }
      case 'pending':
        return { ...base, state: 'skipped', skipReason: 'did not finish (the run ended first)' };
    }
  }

  private namePattern(): RegExp | undefined {
    // A session that runs several selections sets each one's pattern with setGlobalTestNamePattern.
    const p = this.vitest?.getGlobalTestNamePattern() ?? this.vitest?.config.testNamePattern;
    return p ? new RegExp(p.source, p.flags.replace(/[gy]/g, '')) : undefined;
  }

  private matches(pattern: RegExp, test: TestCase, file: string): boolean {
    const spaced = test.fullName.split(' > ').join(' ');
    return pattern.test(spaced) || pattern.test(`${file} ${spaced}`);
  }

  /** Test files relative to the repository root (vitest's root), wherever the run was started from. */
  private relativeFile(moduleId: string): string {
    return relative(this.vitest?.config.root ?? process.cwd(), moduleId)
      .split(sep)
      .join('/');
  }

  private write(report: ConformanceReport): void {
    const dir = resolve(process.cwd(), this.outputDir);
    mkdirSync(dir, { recursive: true });
    const outputs: [string, string][] = [
      [REPORT_FILES.junit, toJUnitXml(report)],
      [REPORT_FILES.json, `${JSON.stringify(toJson(report), null, 2)}\n`],
      [REPORT_FILES.html, toHtml(report)],
    ];
    const log = (line: string) => (this.vitest ? this.vitest.logger.log(line) : console.log(line));
    log('');
    for (const [name, content] of outputs) {
      const path = resolve(dir, name);
      writeFileSync(path, content);
      log(`conformance report: ${relative(process.cwd(), path) || path}`);
    }
    // The headline's counts, as the end of a conformance run prints them (REPORT-ONE-COUNT).
    for (const line of closingLines(report)) log(line);
    log(`target: ${report.target.name}`);
  }
}
