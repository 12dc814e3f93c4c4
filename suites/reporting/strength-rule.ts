/**
 * The strength rule (HARNESS-TWO-STRENGTHS): a test that cites documented and assumed clauses together must check
 * each assumed one through assumed(), so that a hard assertion of the fake's choice cannot turn the documented
 * clause red on a correct server. A test that does not is a violation. Violations known when the rule came in are
 * listed in suites/strength-baseline.json and may only go away; a new one fails CI (scripts/check-strength.mjs).
 */
import type { Clause } from '../../contract/clauses/clause.js';
import { isSuiteFile } from '../../contract/clauses/scope.js';
import type { CitingTest } from './clause-matrix.js';

export interface StrengthViolation {
  readonly fullName: string;
  readonly file: string;
  /** Cited assumed clauses checked without assumed(). */
  readonly unbound: readonly string[];
}

export function strengthViolations(
  tests: readonly CitingTest[],
  clauseById: (id: string) => Pick<Clause, 'kind'> | undefined,
): StrengthViolation[] {
  const violations: StrengthViolation[] = [];
  for (const t of tests) {
    if ((t.state !== 'passed' && t.state !== 'failed') || !isSuiteFile(t.file)) continue;
    const kinds = t.titleIds.map((id) => clauseById(id)?.kind);
    if (!kinds.includes('documented')) continue;
    const checked = new Set(t.assumedChecks ?? []);
    const unbound = t.titleIds.filter((id) => clauseById(id)?.kind === 'assumed' && !checked.has(id));
    if (unbound.length > 0) violations.push({ fullName: t.fullName, file: t.file, unbound });
  }
  return violations;
}
