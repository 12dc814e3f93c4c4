/** The conformance report: everything the three writers (JSON, JUnit, HTML) need. */
import type { Clause } from '../../contract/clauses/clause.js';
import { softenAssumedOnly } from './assumed-only.js';
import type { Baseline } from './baseline.js';
import {
  buildMatrix,
  type ClauseMatrix,
  type Counts,
  countMatrix,
  type TargetKind,
  type TestOutcome,
  type Verdict,
  verdict,
} from './clause-matrix.js';
import { costsOf, type RunCosts } from './costs.js';
import { type Coverage, coverageOf } from './coverage.js';
import { type GateOutcome, gate } from './gate.js';
import { type Headline, headlineOf } from './headline.js';
import { type LikelyDefect, likelyDefectsOf } from './likely-defects.js';
import type { SensitivityReport } from './sensitivity.js';
import { type ServerErrorSummary, serverErrorGroupsOf } from './server-error-groups.js';
import { type TargetSilence, targetSilence } from './silence.js';
import { type StrengthViolation, strengthViolations } from './strength-rule.js';
import type { Waiver } from './waivers.js';

/** File names of the three reports, inside the reports directory. */
/** The runner's FILES arguments, which vitest does not hand a reporter (CONFORMANCE_FILES, comma-separated). */
export const FILES_ENV = 'CONFORMANCE_FILES';

export const REPORT_FILES = {
  junit: 'conformance.junit.xml',
  json: 'conformance.json',
  html: 'conformance.html',
} as const;

export interface TargetInfo {
  readonly name: string;
  readonly kind: TargetKind;
  /** Absolute path of the target config, when one was given. */
  readonly configPath?: string;
}

export interface ConformanceReport {
  readonly target: TargetInfo;
  /** ISO 8601 time the report was written. */
  readonly generatedAt: string;
  readonly verdict: Verdict;
  readonly counts: Counts;
  readonly matrix: ClauseMatrix;
  /** Documented clauses of the API checked on this target, and why the others were not (REPORT-COVERAGE). */
  readonly coverage: Coverage;
  /** The requests the run sent per family and credential, and its slowest files. */
  readonly costs: RunCosts;
  /** Waived failures, expired and stale waivers, and the baseline comparison (REPORT-WAIVERS, REPORT-BASELINE). */
  readonly gate: Omit<GateOutcome, 'verdict'>;
  /** Tests citing documented and assumed clauses that check an assumed one hard (HARNESS-TWO-STRENGTHS). */
  readonly strengthViolations: readonly StrengthViolation[];
  /** Problems outside any test: files that failed to load, unhandled errors, an interrupted run. */
  readonly runErrors: readonly string[];
  /** What a partial run selected (`--filter` and/or FILES); its verdict covers the selected tests only. */
  readonly filter?: string;
  /** What each breaking rule in front of this target did to the run (`--sensitivity`, broken/sensitivity.ts). */
  readonly sensitivity?: SensitivityReport;
  /** The shards this report was merged from (`merge`, suites/runner/merge.ts), e.g. ['1/3', '2/3', '3/3']. */
  readonly shards?: readonly string[];
  /** The target stopped answering before the run ended (suites/reporting/silence.ts): said first. */
  readonly silence?: TargetSilence;
  /** The run's failures grouped by likely defect, most tests first (REPORT-LIKELY-DEFECTS). */
  readonly likelyDefects: readonly LikelyDefect[];
  /** The server errors that fail the run, grouped by cause (REPORT-LIKELY-DEFECTS). */
  readonly serverErrors: ServerErrorSummary;
  /** The numbers every rendering of the report gives (REPORT-ONE-COUNT). */
  readonly headline: Headline;
}

export const buildReport = (input: {
  catalogue: readonly Clause[];
  outcomes: readonly TestOutcome[];
  target: TargetInfo;
  generatedAt: string;
  runErrors?: readonly string[];
  filter?: string;
  shards?: readonly string[];
  waivers?: readonly Waiver[];
  baseline?: Baseline;
}): ConformanceReport => {
  const kinds = new Map(input.catalogue.map((c) => [c.id, c]));
  const outcomes = softenAssumedOnly(input.outcomes, (id) => kinds.get(id), input.target.kind);
  const matrix = buildMatrix(input.catalogue, outcomes, input.target.kind);
  const runErrors = input.runErrors ?? [];
  const silence = targetSilence(outcomes);
  const { verdict: gated, ...gateRest } = gate(verdict(matrix, input.target.kind, runErrors), matrix, {
    today: input.generatedAt.slice(0, 10),
    ...(input.waivers ? { waivers: input.waivers } : {}),
    ...(input.baseline ? { baseline: input.baseline } : {}),
  });
  const counts = countMatrix(matrix);
  const coverage = coverageOf(matrix.rows, input.filter !== undefined);
  // What fails the run after the gate: the likely defects and the server errors are of those failures only.
  const failingIds = new Set(gated.failing.flatMap((i) => (i.type === 'clause' ? [i.id] : [])));
  const failingTests = (type: 'test' | 'server-error') =>
    new Set(gated.failing.flatMap((i) => (i.type === type ? [`${i.file}\u0000${i.fullName}`] : [])));
  const uncited = failingTests('test');
  const served = failingTests('server-error');
  const likelyDefects = likelyDefectsOf(matrix.tests, {
    clause: (id) => failingIds.has(id),
    uncitedTest: (t) => uncited.has(`${t.file}\u0000${t.fullName}`),
  });
  const serverErrors = serverErrorGroupsOf(
    matrix.tests.filter((t) => served.has(`${t.file}\u0000${t.fullName}`)),
  );
  return {
    target: input.target,
    generatedAt: input.generatedAt,
    verdict: gated,
    gate: gateRest,
    counts,
    matrix,
    coverage,
    likelyDefects,
    serverErrors,
    headline: headlineOf({
      verdict: gated,
      counts,
      coverage,
      waived: gateRest.waived.length,
      likelyDefects,
      serverErrors,
    }),
    costs: costsOf(outcomes),
    strengthViolations: strengthViolations(matrix.tests, (id) => kinds.get(id)),
    runErrors,
    ...(input.filter !== undefined ? { filter: input.filter } : {}),
    ...(input.shards ? { shards: input.shards } : {}),
    ...(silence ? { silence } : {}),
  };
};

const ref = (t: { fullName: string; file: string; state: string }) => ({
  fullName: t.fullName,
  file: t.file,
  state: t.state,
});

/**
 * The shape of reports/conformance.json. Tests appear once in full under `tests`; the matrix
 * refers to them by file and full name.
 */
export const toJson = (r: ConformanceReport) => ({
  target: r.target,
  generatedAt: r.generatedAt,
  filter: r.filter ?? null,
  ...(r.shards ? { shards: r.shards } : {}),
  ...(r.silence ? { silence: r.silence } : {}),
  headline: r.headline,
  likelyDefects: r.likelyDefects,
  serverErrorGroups: r.serverErrors.groups,
  verdict: r.verdict,
  counts: r.counts,
  coverage: r.coverage,
  costs: r.costs,
  gate: r.gate,
  strengthViolations: r.strengthViolations,
  runErrors: r.runErrors,
  ...(r.sensitivity ? { sensitivity: r.sensitivity } : {}),
  matrix: r.matrix.rows.map((row) => ({
    ...row,
    tests: row.tests.map(ref),
    fakeEvidence: row.fakeEvidence.map(ref),
  })),
  unknownIds: r.matrix.unknownIds.map((u) => ({ id: u.id, tests: u.tests.map(ref) })),
  uncitedTests: r.matrix.uncitedTests.map(ref),
  tests: r.matrix.tests,
});
export type ConformanceJson = ReturnType<typeof toJson>;
