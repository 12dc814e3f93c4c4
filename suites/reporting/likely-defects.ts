/**
 * Failures grouped by likely defect (issue 39, item 6; Allure and the OpenID suite show failures grouped, the likely
 * cause first). Each failing assertion (a bound failure of a documented() check, or the error of a test that failed
 * unbound) is placed by the operation of the request it failed on, the credential that request went out with, and what
 * was expected against what came (expectation.ts, numbers and ids folded): thirty cells of one access-table row that
 * all got 200 where 403 was expected are one defect. An expectation that names a value, a message or a schema path
 * (a reworded 401 message, `total` sent as a string) is one defect on whatever operation and credential it fails.
 * Pure: reads the report's tests and which clauses and tests fail the run.
 */
import { type CitingTest, oneLine } from './clause-matrix.js';
import { commonBasePath, credentialOf } from './credential-of.js';
import { curlLine } from './curl.js';
import { expectationOf } from './expectation.js';
import { operationName, type RequestOperation, requestOperation } from './request-operation.js';
import { distinctTests, type TestRef } from './test-refs.js';
import { truncate } from './text.js';

/** Tests named per defect; the rest are counted. */
export const TESTS_NAMED = 3;

export interface DefectExample {
  readonly fullName: string;
  readonly file: string;
  /** The failed assertion, on one line. */
  readonly message: string;
  readonly request?: string;
  readonly response?: string;
  readonly curl?: string;
}

export interface LikelyDefect {
  /** What was expected against what came, as the first failure says it. */
  readonly expectation: string;
  /** The operations its failures were on (an operation id, or the request line outside the table). */
  readonly operations: readonly string[];
  /** The credentials those requests went out with, by the report's names for them (none without a request). */
  readonly credentials: readonly string[];
  /** The failing clauses its assertions are bound to (or its tests cite), most named first. */
  readonly clauses: readonly string[];
  /** Distinct failing tests. */
  readonly tests: number;
  /** The first TESTS_NAMED of them. */
  readonly firstTests: readonly TestRef[];
  /** Failing assertions, counterexamples a property did not keep included. */
  readonly assertions: number;
  readonly example: DefectExample;
}

interface Assertion {
  readonly test: CitingTest;
  readonly clauses: readonly string[];
  readonly message: string;
  readonly count: number;
}

/** A bound failure's message is cut to its first lines; the test's error carries it whole. */
function wholeMessage(cut: string, test: CitingTest): string {
  const first = cut.split('\n')[0] ?? cut;
  const whole = test.errorMessage ?? '';
  const at = whole.indexOf(first);
  if (at < 0) return cut;
  const end = whole.indexOf('\n\n', at + first.length);
  return whole.slice(at, end < 0 ? undefined : end);
}

function assertionsOf(test: CitingTest, failingClause: (id: string) => boolean): Assertion[] {
  const bound: Assertion[] = (test.boundFailures ?? []).flatMap((f) => {
    const clauses = f.clauseIds.filter(failingClause);
    return clauses.length === 0
      ? []
      : [{ test, clauses, message: wholeMessage(f.message, test), count: 1 + (f.more ?? 0) }];
  });
  // Every failure of the test was bound: those are its failures (none, when all their clauses were waived).
  if (test.failedClauses !== undefined) return bound;
  // A failure not bound to a clause fails every clause the test cites.
  const clauses = test.clauseIds.filter(failingClause);
  const unbound = { test, clauses, message: test.errorMessage ?? 'failed', count: 1 };
  return [...bound.filter((b) => b.message !== unbound.message), unbound];
}

/** Values most frequent first, ties in order of first appearance. */
function byFrequency(values: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([v]) => v);
}

export interface FailingSet {
  /** Whether a clause fails the run (waived and baseline-known failures do not). */
  readonly clause: (id: string) => boolean;
  /** Whether a test that cites no clause fails the run. */
  readonly uncitedTest: (test: CitingTest) => boolean;
}

/**
 * The likely defects of the failed tests, most tests first. A failure counts when it is on a clause that fails the
 * run, or is the failure of a test citing no clause that fails it.
 */
export function likelyDefectsOf(tests: readonly CitingTest[], failing: FailingSet): LikelyDefect[] {
  const placed: { assertion: Assertion; found?: RequestOperation; credential: string; key: string }[] = [];
  for (const test of tests) {
    if (test.state !== 'failed') continue;
    const uncited = test.clauseIds.length === 0;
    if (uncited && !failing.uncitedTest(test)) continue;
    const last = test.exchanges?.at(-1);
    const found = last ? requestOperation(last.request) : undefined;
    // A failure with no request kept (a test that sent none, or failed before its first) has no credential either.
    const credential = found ? credentialOf(found, last?.credential, test.requests) : '';
    for (const assertion of assertionsOf(test, failing.clause)) {
      if (assertion.clauses.length === 0 && !uncited) continue;
      const expectation = expectationOf(assertion.message);
      const where = found ? operationName(found) : 'no request kept';
      const key = expectation.specific ? `*|${expectation.key}` : `${where}|${credential}|${expectation.key}`;
      placed.push({ assertion, ...(found ? { found } : {}), credential, key });
    }
  }
  const basePath = commonBasePath(placed.flatMap((p) => (p.found ? [p.found] : [])));
  const groups = new Map<string, typeof placed>();
  for (const p of placed) groups.set(p.key, [...(groups.get(p.key) ?? []), p]);
  const defects = [...groups.values()].map((members): LikelyDefect => {
    const first = members[0] as (typeof placed)[number];
    const shown = members.find((m) => m.assertion.test.exchanges?.length) ?? first;
    const exchange = shown.assertion.test.exchanges?.at(-1);
    const named = distinctTests(
      members.map((m) => m.assertion.test),
      TESTS_NAMED,
    );
    return {
      expectation: expectationOf(first.assertion.message).text,
      operations: byFrequency(members.map((m) => (m.found ? operationName(m.found) : 'no request kept'))),
      credentials: byFrequency(members.flatMap((m) => (m.credential === '' ? [] : [m.credential]))),
      clauses: byFrequency(members.flatMap((m) => m.assertion.clauses)),
      tests: named.count,
      firstTests: named.first,
      assertions: members.reduce((n, m) => n + m.assertion.count, 0),
      example: {
        fullName: shown.assertion.test.fullName,
        file: shown.assertion.test.file,
        message: truncate(oneLine(shown.assertion.message), 400),
        ...(exchange
          ? {
              request: exchange.request,
              response: exchange.response,
              curl: curlLine(exchange.request, {
                credential: shown.credential,
                ...(basePath !== undefined ? { basePath } : {}),
              }),
            }
          : {}),
      },
    };
  });
  return defects.sort((a, b) => b.tests - a.tests || b.assertions - a.assertions);
}
