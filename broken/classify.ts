/**
 * What a breaking rule's run says about this target: caught (a test citing the clause failed), missed (the citing
 * tests ran and passed), or not checkable here (they skip on this target, met a spent quota, or fail already without
 * the rule). Pure: it reads the clause's row of the unbroken run and of the rule's run.
 */
import type { ClauseRow } from '../suites/reporting/clause-matrix.js';
import type { SensitivityOutcome } from '../suites/reporting/sensitivity.js';

export interface Verdict {
  readonly outcome: SensitivityOutcome;
  readonly why: string;
}

const firstLine = (text: string | undefined) => (text ?? '').split('\n')[0] ?? '';

/** Why the rule cannot be tried here, from the unbroken run; undefined when it can. */
export function notCheckableBefore(row: ClauseRow | undefined): Verdict | undefined {
  const none = (why: string): Verdict => ({ outcome: 'not checkable', why });
  if (!row || row.tests.length === 0) return none('no suite test citing the clause ran on this target');
  switch (row.status) {
    case 'fail':
      return none('a citing test fails already without the rule: fix that first');
    case 'skip':
      return none(`every citing test skips on this target: ${row.skipReasons.join('; ')}`);
    case 'inconclusive':
      return none(`every citing test met a spent quota: ${row.skipReasons.join('; ')}`);
    default:
      return undefined;
  }
}

/** The rule's outcome from its run; `warned` are the assumed clauses its run only warned on. */
export function outcomeOf(row: ClauseRow | undefined, warned: readonly string[]): Verdict {
  if (row?.status === 'fail') {
    const failed = row.tests.find((t) => t.state === 'failed');
    return {
      outcome: 'caught',
      why: `${failed?.fullName ?? 'a citing test'} failed: ${firstLine(failed?.errorMessage)}`,
    };
  }
  if (!row || row.tests.length === 0)
    return { outcome: 'not checkable', why: 'no citing test ran in its run' };
  if (row.status === 'inconclusive')
    return { outcome: 'not checkable', why: `quota spent: ${row.skipReasons.join('; ')}` };
  if (row.status === 'skip')
    return { outcome: 'not checkable', why: `the citing tests skipped: ${row.skipReasons.join('; ')}` };
  const passed = row.tests.filter((t) => t.state === 'passed').length;
  const soft =
    warned.length > 0
      ? `; the run only warned on the assumed clause(s) ${warned.join(', ')} (warnings, not failures, against a real target)`
      : '';
  const skipped = row.tests.filter((t) => t.state === 'skipped' || t.state === 'inconclusive').length;
  const unrun = skipped > 0 ? `; ${skipped} skipped here (${row.skipReasons.join('; ')})` : '';
  return { outcome: 'missed', why: `${passed} citing test(s) passed with the rule in place${unrun}${soft}` };
}
