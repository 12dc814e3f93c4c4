/**
 * The clause matrix: which tests cite which clause, and what that means for a release.
 * Pure functions only; clause-reporter.ts feeds them from vitest and writes the reports.
 */
import type { Clause, ClauseKind } from '../../contract/clauses/clause.js';
import { CLAUSE_ID_PATTERN } from '../../contract/clauses/index.js';

export type TargetKind = 'fake' | 'real';
export type TestState = 'passed' | 'failed' | 'skipped';
export type ClauseStatus = 'pass' | 'fail' | 'skip' | 'untested';

/** One finished test, as the reporter saw it. */
export interface TestOutcome {
  /** Describe titles and the test title joined with ` > `. */
  readonly fullName: string;
  /** Test file, relative to the repository root. */
  readonly file: string;
  readonly state: TestState;
  readonly durationMs: number;
  /** For failed tests: the error message (and diff, when there is one). */
  readonly errorMessage?: string;
  /** For failed tests: the stack, for the JUnit failure body. */
  readonly errorStack?: string;
  /** For skipped tests: the note given to `ctx.skip(note)`, or how the test was skipped. */
  readonly skipReason?: string;
}

/** A test outcome with the clause ids its title cites. */
export interface CitingTest extends TestOutcome {
  readonly clauseIds: readonly string[];
}

export interface ClauseRow {
  readonly id: string;
  readonly section: string;
  readonly kind: ClauseKind;
  readonly rule: string;
  readonly status: ClauseStatus;
  readonly tests: readonly CitingTest[];
  /** Distinct skip reasons of the citing tests that were skipped. */
  readonly skipReasons: readonly string[];
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

const statusOf = (tests: readonly CitingTest[]): ClauseStatus => {
  if (tests.length === 0) return 'untested';
  if (tests.some((t) => t.state === 'failed')) return 'fail';
  if (tests.some((t) => t.state === 'passed')) return 'pass';
  return 'skip';
};

const distinct = (values: Iterable<string>): string[] => [...new Set(values)];

export const buildMatrix = (catalogue: readonly Clause[], outcomes: readonly TestOutcome[]): ClauseMatrix => {
  const tests: CitingTest[] = outcomes.map((o) => ({ ...o, clauseIds: extractClauseIds(o.fullName) }));
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
    const citing = byId.get(clause.id) ?? [];
    return {
      id: clause.id,
      section: clause.section,
      kind: clause.kind,
      rule: clause.rule,
      status: statusOf(citing),
      tests: citing,
      skipReasons: distinct(
        citing.filter((t) => t.state === 'skipped').map((t) => t.skipReason ?? 'skipped (no reason given)'),
      ),
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
  readonly skip: number;
  readonly untested: number;
}

export interface Counts {
  readonly tests: {
    readonly total: number;
    readonly passed: number;
    readonly failed: number;
    readonly skipped: number;
  };
  readonly clauses: StatusCounts & { readonly documented: StatusCounts; readonly assumed: StatusCounts };
  readonly unknownIds: number;
  readonly uncitedTests: number;
}

const countStatuses = (rows: readonly ClauseRow[]): StatusCounts => ({
  total: rows.length,
  pass: rows.filter((r) => r.status === 'pass').length,
  fail: rows.filter((r) => r.status === 'fail').length,
  skip: rows.filter((r) => r.status === 'skip').length,
  untested: rows.filter((r) => r.status === 'untested').length,
});

export const countMatrix = (matrix: ClauseMatrix): Counts => ({
  tests: {
    total: matrix.tests.length,
    passed: matrix.tests.filter((t) => t.state === 'passed').length,
    failed: matrix.tests.filter((t) => t.state === 'failed').length,
    skipped: matrix.tests.filter((t) => t.state === 'skipped').length,
  },
  clauses: {
    ...countStatuses(matrix.rows),
    documented: countStatuses(matrix.rows.filter((r) => r.kind === 'documented')),
    assumed: countStatuses(matrix.rows.filter((r) => r.kind === 'assumed')),
  },
  unknownIds: matrix.unknownIds.length,
  uncitedTests: matrix.uncitedTests.length,
});

export type VerdictItem =
  | { readonly type: 'clause'; readonly id: string; readonly kind: ClauseKind; readonly message: string }
  | { readonly type: 'test'; readonly fullName: string; readonly file: string; readonly message: string }
  | { readonly type: 'unknown-id'; readonly id: string; readonly message: string }
  | { readonly type: 'run-error'; readonly message: string };

export interface Verdict {
  readonly pass: boolean;
  /** Clause and test failures that fail the run. */
  readonly failing: readonly VerdictItem[];
  /** Assumed clauses failing against a real target: shown, never fatal. */
  readonly warnings: readonly VerdictItem[];
  /** Report errors (unknown clause ids, run errors such as a file that failed to load): fatal. */
  readonly errors: readonly VerdictItem[];
}

const firstError = (row: ClauseRow): string =>
  row.tests.find((t) => t.state === 'failed')?.errorMessage?.split('\n')[0] ?? 'a citing test failed';

/**
 * The release verdict. Failing: documented clauses with status fail; assumed ones too when the
 * target is the fake; tests that fail while citing no clause. Warnings: assumed clauses failing
 * against a real target. Errors: unknown cited ids and `runErrors` (collection failures,
 * unhandled errors, an interrupted run). The run passes when failing and errors are empty.
 */
export const verdict = (
  matrix: ClauseMatrix,
  kind: TargetKind,
  runErrors: readonly string[] = [],
): Verdict => {
  const failing: VerdictItem[] = [];
  const warnings: VerdictItem[] = [];
  for (const row of matrix.rows) {
    if (row.status !== 'fail') continue;
    const item: VerdictItem = { type: 'clause', id: row.id, kind: row.kind, message: firstError(row) };
    if (row.kind === 'documented' || kind === 'fake') failing.push(item);
    else warnings.push(item);
  }
  for (const test of matrix.uncitedTests) {
    if (test.state !== 'failed') continue;
    const message = test.errorMessage?.split('\n')[0] ?? 'failed';
    failing.push({ type: 'test', fullName: test.fullName, file: test.file, message });
  }
  const errors: VerdictItem[] = [
    ...matrix.unknownIds.map((u): VerdictItem => {
      const message = `cited by ${u.tests.length} test(s) but not in the clause catalogue`;
      return { type: 'unknown-id', id: u.id, message };
    }),
    ...runErrors.map((message): VerdictItem => ({ type: 'run-error', message })),
  ];
  return { pass: failing.length === 0 && errors.length === 0, failing, warnings, errors };
};

/** `conformance: 412 clauses, 380 pass, 0 fail, 12 skip, 20 untested, 3 warnings → PASS` */
export const summaryLine = (counts: Counts, v: Verdict): string => {
  const c = counts.clauses;
  const extra = v.errors.length > 0 ? `, ${v.errors.length} report errors` : '';
  return (
    `conformance: ${c.total} clauses, ${c.pass} pass, ${c.fail} fail, ${c.skip} skip, ` +
    `${c.untested} untested, ${v.warnings.length} warnings${extra} → ${v.pass ? 'PASS' : 'FAIL'}`
  );
};
