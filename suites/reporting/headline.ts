/**
 * One count everywhere (issue 39, item 7; REPORT-ONE-COUNT): the numbers a reader of a run is given, computed once
 * when the report is built and rendered as they are by the terminal (clause-reporter.ts, suites/runner/
 * verdict-output.ts), the JSON (`headline`) and the HTML. Failing clauses are those that fail the run (a waived or
 * baseline-known failure does not; an assumed clause against a target of kind real only warns), failing tests those
 * whose state is failed, likely defects the groups of likely-defects.ts, server errors every one the run met and
 * their groups by cause, no-answer items the tests a request of which got no answer, warnings the assumed clauses
 * this target chose differently on.
 */
import type { Counts, Verdict, VerdictStatus } from './clause-matrix.js';
import type { Coverage } from './coverage.js';
import type { LikelyDefect } from './likely-defects.js';
import type { ServerErrorSummary } from './server-error-groups.js';

export interface Headline {
  readonly verdict: VerdictStatus;
  /** PASS with documented clauses left unchecked on this target. */
  readonly partial: boolean;
  readonly likelyDefects: number;
  readonly failingClauses: number;
  readonly failingTests: number;
  readonly serverErrors: { readonly count: number; readonly groups: number; readonly tests: number };
  readonly noAnswer: { readonly tests: number; readonly requests: number };
  readonly warnings: number;
  readonly reportErrors: number;
  /** Tests that proved nothing either way: a spent quota, no answer, a failed arrangement, a server error met. */
  readonly inconclusive: number;
  /** Failures a waiver names, shown and not failing the run. */
  readonly waived: number;
  readonly coverage: { readonly checked: number; readonly documented: number; readonly percent: number };
}

export function headlineOf(input: {
  readonly verdict: Verdict;
  readonly counts: Counts;
  readonly coverage: Coverage;
  readonly waived: number;
  readonly likelyDefects: readonly LikelyDefect[];
  readonly serverErrors: ServerErrorSummary;
}): Headline {
  const { verdict: v, coverage } = input;
  const noAnswerRequests = v.noAnswer.reduce(
    (n, i) => n + (i.type === 'no-answer' ? i.requests.length : 0),
    0,
  );
  return {
    verdict: v.status,
    partial: v.status === 'PASS' && coverage.checked < coverage.documented,
    likelyDefects: input.likelyDefects.length,
    failingClauses: v.failing.filter((i) => i.type === 'clause').length,
    failingTests: input.counts.tests.failed,
    serverErrors: {
      count: input.serverErrors.count,
      groups: input.serverErrors.groups.length,
      tests: input.serverErrors.tests,
    },
    noAnswer: { tests: v.noAnswer.length, requests: noAnswerRequests },
    warnings: v.warnings.length,
    reportErrors: v.errors.length,
    inconclusive: v.inconclusive,
    waived: input.waived,
    coverage: { checked: coverage.checked, documented: coverage.documented, percent: coverage.percent },
  };
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The verdict as a reader says it: `FAIL`, `PASS (partial)`, `INCOMPLETE`. */
export const verdictText = (h: Headline): string => `${h.verdict}${h.partial ? ' (partial)' : ''}`;

/** One count as it is shown: the figure, its words, and whether it is a failure of the run (shown red). */
export interface Figure {
  readonly n: number;
  readonly words: string;
  readonly fails: boolean;
}

/** The counts in the order a reader wants them: the one list the terminal line and the HTML header both render. */
export function headlineFigures(h: Headline): readonly Figure[] {
  const s = h.serverErrors;
  const fig = (n: number, one: string, many: string, fails: boolean): Figure => ({
    n,
    words: n === 1 ? one : many,
    fails,
  });
  return [
    fig(h.likelyDefects, 'likely defect', 'likely defects', true),
    fig(h.failingClauses, 'failing clause', 'failing clauses', true),
    fig(h.failingTests, 'failing test', 'failing tests', true),
    s.count === 0
      ? fig(0, 'server errors', 'server errors', true)
      : fig(
          s.count,
          `server error in ${plural(s.groups, 'group')} (${plural(s.tests, 'test')})`,
          `server errors in ${plural(s.groups, 'group')} (${plural(s.tests, 'test')})`,
          true,
        ),
    fig(h.noAnswer.tests, 'test without an answer', 'tests without an answer', false),
    fig(h.warnings, 'warning', 'warnings', false),
    fig(h.reportErrors, 'report error', 'report errors', true),
    fig(h.inconclusive, 'inconclusive', 'inconclusive', false),
    ...(h.waived > 0 ? [fig(h.waived, 'waived', 'waived', false)] : []),
  ];
}

/**
 * `conformance verdict: FAIL — 3 likely defects, 12 failing clauses, 30 failing tests, 27 server errors in 1 group
 * (27 tests), 0 tests without an answer, 4 warnings, 0 report errors, 27 inconclusive; 140 of 235
 * documented clauses checked (59.5%)`
 */
export const headlineLine = (h: Headline): string =>
  `conformance verdict: ${verdictText(h)} — ${headlineFigures(h)
    .map((f) => `${f.n} ${f.words}`)
    .join(
      ', ',
    )}; ${h.coverage.checked} of ${h.coverage.documented} documented clauses checked (${h.coverage.percent}%)`;
