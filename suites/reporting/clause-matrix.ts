/**
 * The clause matrix: which tests cite which clause, and what that means for a release.
 * Pure functions only; clause-reporter.ts feeds them from vitest and writes the reports.
 */
import type { Clause, ClauseKind } from '../../contract/clauses/clause.js';
import { CLAUSE_ID_PATTERN, type ClauseScope, isSuiteFile, scopeOf } from '../../contract/clauses/index.js';
import type { AssumedWarning, NoAnswerNote, ServerErrorNote, TestOutcome, TestState } from './outcome.js';

export type TargetKind = 'fake' | 'real';

/**
 * `warn`: an assumed clause whose check failed against a target other than the fake (HARNESS-TWO-STRENGTHS).
 * `inconclusive`: every citing test that ran met a spent quota.
 */
export type ClauseStatus = 'pass' | 'fail' | 'warn' | 'inconclusive' | 'skip' | 'untested';

// The outcome's types are the matrix's vocabulary too: importers keep reading them from here.
export {
  type AssumedWarning,
  type BoundFailure,
  NO_ANSWER,
  type NoAnswerNote,
  SERVER_ERROR_MET,
  type ServerErrorNote,
  type TestOutcome,
  type TestState,
} from './outcome.js';

/** A test outcome with the clause ids its title cites and those it checked through assumed(). */
export interface CitingTest extends TestOutcome {
  readonly clauseIds: readonly string[];
  /** The ids its title cites (without those only checked through assumed()). */
  readonly titleIds: readonly string[];
}

export interface ClauseRow {
  readonly id: string;
  readonly section: string;
  readonly kind: ClauseKind;
  /** `api`: a rule of the spec; `harness`: a rule of this harness (REPORT-EVIDENCE). */
  readonly scope: ClauseScope;
  readonly rule: string;
  /** Documented clauses: the spec's own words the rule rests on (REPORT-CLAUSE-QUOTES). */
  readonly quote?: readonly string[];
  readonly status: ClauseStatus;
  /** The evidence: citing tests that reach the target through its public interface (all, for harness clauses). */
  readonly tests: readonly CitingTest[];
  /** Other citing tests of an API clause (the fake's own unit tests): shown apart, never its evidence. */
  readonly fakeEvidence: readonly CitingTest[];
  /** Distinct skip reasons of the evidence tests that were skipped or inconclusive. */
  readonly skipReasons: readonly string[];
  /** Soft failures of this assumed clause's checks against a target other than the fake. */
  readonly warnings: readonly (AssumedWarning & { readonly fullName: string; readonly file: string })[];
}

/** An id cited by tests that the catalogue does not know (a typo or a missing clause). */
export interface UnknownId {
  readonly id: string;
  readonly tests: readonly CitingTest[];
}

export interface ClauseMatrix {
  /** One row per catalogue clause, in catalogue order. */
  readonly rows: readonly ClauseRow[];
  readonly unknownIds: readonly UnknownId[];
  readonly uncitedTests: readonly CitingTest[];
  readonly tests: readonly CitingTest[];
}

/** The start of the skip reason of a clause whose test stopped on another clause's failure (readable()). */
export const UNREADABLE_ANSWER = 'not checked: the answer failed';

const BRACKET_GROUP = /\[([^[\]]*)\]/g;

/**
 * Clause ids cited in a test's full name: every `[...]` group whose members (split on commas
 * or spaces) all look like clause ids. Groups such as `[0, 3]` or `[object Object]` are not
 * citations. Ids come back once each, in order of first appearance.
 */
export const extractClauseIds = (fullName: string): string[] => {
  const ids: string[] = [];
  for (const match of fullName.matchAll(BRACKET_GROUP)) {
    const members = (match[1] ?? '').split(/[\s,]+/).filter((m) => m !== '');
    if (members.length === 0 || !members.every((m) => CLAUSE_ID_PATTERN.test(m))) continue;
    for (const id of members) if (!ids.includes(id)) ids.push(id);
  }
  return ids;
};

/**
 * The clauses an unbound failure of test `t` falls back to: those its own title cites (the part after the last ` > `),
 * else those of its describe titles (issue 39: a describe's citation, such as the SDK suites' RAG-SDK-COMPATIBLE, is
 * the context of every test in it, not the rule each test breaks).
 */
export const fallbackClauses = (t: Pick<TestOutcome, 'fullName'>): string[] => {
  const own = extractClauseIds(t.fullName.split(' > ').at(-1) ?? '');
  return own.length > 0 ? own : extractClauseIds(t.fullName);
};

/**
 * Whether test `t` fails clause `id`: a failed test whose failures were all bound to named clauses through
 * documented() (`failedClauses`) fails those; one with an unbound failure fails the clauses its own title cites (its
 * describes' when it cites none: fallbackClauses). For its other clauses it counts as having passed (its checks of
 * them ran and held), unless it stopped first.
 */
export const failsClause = (t: TestOutcome, id: string): boolean =>
  t.state === 'failed' &&
  (t.failedClauses === undefined ? fallbackClauses(t).includes(id) : t.failedClauses.includes(id));

/**
 * Whether test `t` counts as passing clause `id` (a test failed only on other clauses' bound checks does, unless it
 * stopped there: then it did not check `id`).
 */
const passesClause = (t: TestOutcome, id: string): boolean =>
  t.state === 'passed' || (t.state === 'failed' && !failsClause(t, id) && t.stopped !== true);

/** Whether test `t` stopped on another clause's bound failure before it could check `id`. */
export const stoppedBefore = (t: TestOutcome, id: string): boolean =>
  t.state === 'failed' && t.stopped === true && !failsClause(t, id);

const statusOf = (id: string, tests: readonly CitingTest[], warned: boolean): ClauseStatus => {
  if (tests.length === 0) return 'untested';
  if (tests.some((t) => failsClause(t, id))) return 'fail';
  if (warned) return 'warn';
  if (tests.some((t) => passesClause(t, id))) return 'pass';
  if (tests.some((t) => t.state === 'inconclusive')) return 'inconclusive';
  return 'skip';
};

const distinct = (values: Iterable<string>): string[] => [...new Set(values)];

/**
 * An assumed clause never fails against a target of kind real: there it warns (HARNESS-TWO-STRENGTHS, REPORT-ONE-COUNT),
 * in the row's status as in the verdict.
 */
const strengthOf = (status: ClauseStatus, kind: ClauseKind, target: TargetKind): ClauseStatus =>
  status === 'fail' && kind === 'assumed' && target === 'real' ? 'warn' : status;

/** `target`: the kind of target the outcomes are of (an assumed clause's failure only warns against `real`). */
export const buildMatrix = (
  catalogue: readonly Clause[],
  outcomes: readonly TestOutcome[],
  target: TargetKind = 'fake',
): ClauseMatrix => {
  const tests: CitingTest[] = outcomes.map((o) => {
    const titleIds = extractClauseIds(o.fullName);
    return {
      ...o,
      titleIds,
      clauseIds: distinct([...titleIds, ...(o.documentedChecks ?? []), ...(o.assumedChecks ?? [])]),
    };
  });
  const byId = new Map<string, CitingTest[]>();
  for (const test of tests) {
    for (const id of test.clauseIds) {
      const list = byId.get(id) ?? [];
      list.push(test);
      byId.set(id, list);
    }
  }
  const known = new Set(catalogue.map((c) => c.id));
  const rows: ClauseRow[] = catalogue.map((clause) => {
    const scope = scopeOf(clause);
    const all = byId.get(clause.id) ?? [];
    const evidence = scope === 'api' ? all.filter((t) => isSuiteFile(t.file)) : all;
    const warnings = evidence.flatMap((t) =>
      (t.assumedWarnings ?? [])
        .filter((w) => w.clauseId === clause.id)
        .map((w) => ({ ...w, fullName: t.fullName, file: t.file })),
    );
    return {
      id: clause.id,
      section: clause.section,
      kind: clause.kind,
      scope,
      rule: clause.rule,
      ...(clause.quote ? { quote: clause.quote } : {}),
      status: strengthOf(statusOf(clause.id, evidence, warnings.length > 0), clause.kind, target),
      tests: evidence,
      fakeEvidence: scope === 'api' ? all.filter((t) => !isSuiteFile(t.file)) : [],
      skipReasons: distinct([
        ...evidence
          .filter((t) => t.state === 'skipped' || t.state === 'inconclusive')
          .map((t) => t.skipReason ?? 'skipped (no reason given)'),
        ...evidence
          .filter((t) => stoppedBefore(t, clause.id))
          .map((t) => `${UNREADABLE_ANSWER} ${t.failedClauses?.join(', ')} first`),
      ]),
      warnings,
    };
  });
  const unknownIds: UnknownId[] = [...byId.entries()]
    .filter(([id]) => !known.has(id))
    .map(([id, citing]) => ({ id, tests: citing }))
    .sort((a, b) => a.id.localeCompare(b.id));
  return { rows, unknownIds, uncitedTests: tests.filter((t) => t.clauseIds.length === 0), tests };
};

export interface StatusCounts {
  readonly total: number;
  readonly pass: number;
  readonly fail: number;
  readonly warn: number;
  readonly inconclusive: number;
  readonly skip: number;
  readonly untested: number;
}

export interface Counts {
  readonly tests: {
    readonly total: number;
    readonly passed: number;
    readonly failed: number;
    readonly skipped: number;
    readonly inconclusive: number;
  };
  /** Every clause; `documented` and `assumed` are the API's clauses only, `harness` the harness's own. */
  readonly clauses: StatusCounts & {
    readonly documented: StatusCounts;
    readonly assumed: StatusCounts;
    readonly harness: StatusCounts;
  };
  readonly unknownIds: number;
  readonly uncitedTests: number;
}

const countStatuses = (rows: readonly ClauseRow[]): StatusCounts => {
  const n = (s: ClauseStatus) => rows.filter((r) => r.status === s).length;
  return {
    total: rows.length,
    pass: n('pass'),
    fail: n('fail'),
    warn: n('warn'),
    inconclusive: n('inconclusive'),
    skip: n('skip'),
    untested: n('untested'),
  };
};

export const countMatrix = (matrix: ClauseMatrix): Counts => {
  const api = matrix.rows.filter((r) => r.scope === 'api');
  const n = (s: TestState) => matrix.tests.filter((t) => t.state === s).length;
  return {
    tests: {
      total: matrix.tests.length,
      passed: n('passed'),
      failed: n('failed'),
      skipped: n('skipped'),
      inconclusive: n('inconclusive'),
    },
    clauses: {
      ...countStatuses(matrix.rows),
      documented: countStatuses(api.filter((r) => r.kind === 'documented')),
      assumed: countStatuses(api.filter((r) => r.kind === 'assumed')),
      harness: countStatuses(matrix.rows.filter((r) => r.scope === 'harness')),
    },
    unknownIds: matrix.unknownIds.length,
    uncitedTests: matrix.uncitedTests.length,
  };
};

export type VerdictItem =
  | { readonly type: 'clause'; readonly id: string; readonly kind: ClauseKind; readonly message: string }
  | { readonly type: 'test'; readonly fullName: string; readonly file: string; readonly message: string }
  | { readonly type: 'unknown-id'; readonly id: string; readonly message: string }
  | { readonly type: 'run-error'; readonly message: string }
  | {
      readonly type: 'server-error';
      readonly fullName: string;
      readonly file: string;
      readonly message: string;
      readonly exchanges: readonly ServerErrorNote[];
    }
  | {
      readonly type: 'no-answer';
      readonly fullName: string;
      readonly file: string;
      readonly message: string;
      readonly requests: readonly NoAnswerNote[];
    };

/**
 * FAIL: something failed or the report has errors. INCOMPLETE: nothing failed, but tests met a spent quota and proved
 * nothing (HARNESS-INCONCLUSIVE-QUOTA). PASS: neither; how much of the spec it covers is said beside it (coverage).
 */
export type VerdictStatus = 'PASS' | 'INCOMPLETE' | 'FAIL';

export interface Verdict {
  /** No failure and no report error (an INCOMPLETE run passes what it checked). */
  readonly pass: boolean;
  readonly status: VerdictStatus;
  /** Clause and test failures that fail the run. */
  readonly failing: readonly VerdictItem[];
  /** Assumed clauses failing or warned against a real target: shown, never fatal. */
  readonly warnings: readonly VerdictItem[];
  /** Report errors (unknown clause ids, run errors such as a file that failed to load): fatal. */
  readonly errors: readonly VerdictItem[];
  /** Tests that met a spent quota. */
  readonly inconclusive: number;
  /** Tests a request of which got no answer (issue 33): shown apart, never a red on a clause. */
  readonly noAnswer: readonly VerdictItem[];
}

/**
 * An assertion message on one line, for a verdict item: stack frames dropped, white space folded (an expectation's
 * label often carries a body printed over several lines, and its first line alone says only `status; body: {`) and
 * vitest's `// Object.is equality` note dropped, so that what was expected stays in view.
 */
export const oneLine = (message: string): string =>
  message
    .split('\n')
    .filter((line) => !/^\s+at \S/.test(line)) // stack frames
    .join(' ')
    .replace(/\s*\/\/ Object\.is equality/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The failure of `test` on clause `id`: its bound check's message when it has one, else the test's error. */
export const failureOn = (test: TestOutcome, id: string): string | undefined =>
  test.boundFailures?.find((f) => f.clauseIds.includes(id))?.message ?? test.errorMessage;

const firstError = (row: ClauseRow): string => {
  const test = row.tests.find((t) => failsClause(t, row.id));
  const failed = test ? failureOn(test, row.id) : undefined;
  const message = failed ?? row.warnings[0]?.message;
  return message === undefined ? 'a citing test failed' : oneLine(message);
};

/**
 * The release verdict. Failing: documented clauses with status fail; assumed ones too when the target is the fake;
 * tests that fail while citing no clause. Warnings: assumed clauses failing or warned against a real target. Errors:
 * unknown cited ids and `runErrors` (collection failures, unhandled errors, an interrupted run).
 */
export const verdict = (
  matrix: ClauseMatrix,
  kind: TargetKind,
  runErrors: readonly string[] = [],
): Verdict => {
  const failing: VerdictItem[] = [];
  const warnings: VerdictItem[] = [];
  for (const row of matrix.rows) {
    if (row.status !== 'fail' && row.status !== 'warn') continue;
    const item: VerdictItem = { type: 'clause', id: row.id, kind: row.kind, message: firstError(row) };
    if (row.status === 'fail' && (row.kind === 'documented' || kind === 'fake')) failing.push(item);
    else warnings.push(item);
  }
  for (const test of matrix.uncitedTests) {
    if (test.state !== 'failed') continue;
    const message = test.errorMessage === undefined ? 'failed' : oneLine(test.errorMessage);
    failing.push({ type: 'test', fullName: test.fullName, file: test.file, message });
  }
  // A server error fails the run as what it is, whatever the test was about and whatever became of it.
  for (const test of matrix.tests) {
    const met = test.serverErrors ?? [];
    if (met.length === 0) continue;
    const total = met.length + (test.serverErrorsMore ?? 0);
    const first = met[0] as ServerErrorNote;
    const message = `${first.request.split('\n')[0]} → ${first.why === 'not JSON' ? `${first.status}, not JSON where the spec documents its JSON envelope` : first.status}${total > 1 ? ` (${total} server errors in this test)` : ''}`;
    failing.push({ type: 'server-error', fullName: test.fullName, file: test.file, message, exchanges: met });
  }
  const noAnswer: VerdictItem[] = matrix.tests
    .filter((t) => (t.noAnswers?.length ?? 0) > 0)
    .map((t) => ({
      type: 'no-answer',
      fullName: t.fullName,
      file: t.file,
      message: t.skipReason ?? `${t.noAnswers?.length} request(s) got no answer`,
      requests: t.noAnswers ?? [],
    }));
  const errors: VerdictItem[] = [
    ...matrix.unknownIds.map((u): VerdictItem => {
      const message = `cited by ${u.tests.length} test(s) but not in the clause catalogue`;
      return { type: 'unknown-id', id: u.id, message };
    }),
    ...runErrors.map((message): VerdictItem => ({ type: 'run-error', message })),
  ];
  const inconclusive = matrix.tests.filter((t) => t.state === 'inconclusive').length;
  const pass = failing.length === 0 && errors.length === 0;
  const status: VerdictStatus = !pass ? 'FAIL' : inconclusive > 0 ? 'INCOMPLETE' : 'PASS';
  return { pass, status, failing, warnings, errors, inconclusive, noAnswer };
};
