/**
 * Assumed-only tests against a target other than the fake (HARNESS-TWO-STRENGTHS): a test whose title cites assumed
 * clauses only checks nothing the spec documents, so its failure there is the target choosing differently from the
 * fake, never a red. The failure becomes a warning on each cited clause, with the evidence, and the test is reported
 * as stopped there ("not checkable here"), as continueIfAssumedHeld stops a test whose ground did not hold. Against
 * the fake it stays a failure.
 */
import type { Clause } from '../../contract/clauses/clause.js';
import { isSuiteFile } from '../../contract/clauses/scope.js';
import { extractClauseIds, type TargetKind, type TestOutcome } from './clause-matrix.js';

export const ASSUMED_ONLY_STOP = 'not checkable here: the test cites assumed clauses only';

export function softenAssumedOnly(
  outcomes: readonly TestOutcome[],
  clauseById: (id: string) => Pick<Clause, 'kind'> | undefined,
  kind: TargetKind,
): TestOutcome[] {
  if (kind === 'fake') return [...outcomes];
  return outcomes.map((o) => {
    if (o.state !== 'failed' || !isSuiteFile(o.file) || (o.documentedChecks?.length ?? 0) > 0) return o;
    const ids = extractClauseIds(o.fullName);
    if (ids.length === 0 || !ids.every((id) => clauseById(id)?.kind === 'assumed')) return o;
    const message = o.errorMessage ?? 'failed';
    const { errorMessage: _m, errorStack: _s, ...rest } = o;
    return {
      ...rest,
      state: 'skipped',
      skipReason: `${ASSUMED_ONLY_STOP} (${ids.join(', ')}), and this target chose differently: ${message.split('\n')[0]}`,
      assumedWarnings: [...(o.assumedWarnings ?? []), ...ids.map((clauseId) => ({ clauseId, message }))],
    };
  });
}
