/**
 * Two strengths of assertion. A test's plain `expect`s are hard: they check what the spec documents, and a failure
 * fails the test. What the fake chose where the spec says "not shown" is checked through `assumed(CLAUSE-ID, check)`:
 * against the fake (kind `fake`) a failing check fails the test as a hard one would; against any other target it
 * records a warning on that assumed clause, with the evidence, and the test goes on. The reporter reads what was
 * recorded from the test's meta (see suites/reporting/clause-reporter.ts).
 *
 * A 429 that the spec's rate message explains, met by a test that is not about rate limits, makes the test
 * inconclusive (quota spent), never failed: `markInconclusive` records why, then the test is skipped.
 */
import { TestRunner } from 'vitest';
import { clauseById } from '../../contract/clauses/index.js';

/** What a test recorded about its own strengths; read by the reporter from `TestCase.meta()`. */
export interface StrengthMeta {
  /** Assumed clause ids checked through `assumed()`, failing or not. */
  assumedChecks?: string[];
  /** Assumed checks that failed against a target other than the fake: warnings, with their evidence. */
  assumedWarnings?: { clauseId: string; message: string }[];
  /** Set when the test met a spent quota: why it could not conclude. */
  inconclusive?: string;
}

declare module '@vitest/runner' {
  interface TaskMeta extends StrengthMeta {}
}

/** Assumed checks fail hard against this kind of target only. */
let hardOnAssumed = true;

/** Called once per file by useTarget(): assumed checks are hard against the fake, soft against anything else. */
export function setAssumedStrength(targetIsFake: boolean): void {
  hardOnAssumed = targetIsFake;
}

export class StrengthRuleError extends Error {}

function assumedClause(clauseId: string): void {
  const clause = clauseById(clauseId);
  if (!clause) throw new StrengthRuleError(`assumed('${clauseId}'): no such clause in the catalogue`);
  if (clause.kind !== 'assumed')
    throw new StrengthRuleError(
      `assumed('${clauseId}'): ${clauseId} is a documented clause; check it with a hard expect`,
    );
}

const messageOf = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).split('\n').slice(0, 6).join('\n');

function record(clauseId: string, failure: unknown | undefined): void {
  const test = TestRunner.getCurrentTest();
  if (!test) return;
  test.meta.assumedChecks ??= [];
  if (!test.meta.assumedChecks.includes(clauseId)) test.meta.assumedChecks.push(clauseId);
  if (failure === undefined) return;
  test.meta.assumedWarnings ??= [];
  test.meta.assumedWarnings.push({ clauseId, message: messageOf(failure) });
}

/**
 * Check the fake's choice `clauseId` (an assumed clause). Hard against the fake; against other targets a failure
 * becomes a warning on that clause and the test continues. Returns whether the check held.
 */
export function assumed(clauseId: string, check: () => void): boolean;
export function assumed(clauseId: string, check: () => Promise<void>): Promise<boolean>;
export function assumed(clauseId: string, check: () => void | Promise<void>): boolean | Promise<boolean> {
  assumedClause(clauseId);
  const settle = (failure: unknown | undefined): boolean => {
    record(clauseId, hardOnAssumed ? undefined : failure);
    if (failure !== undefined && hardOnAssumed) throw failure;
    return failure === undefined;
  };
  let result: void | Promise<void>;
  try {
    result = check();
  } catch (err) {
    return settle(err);
  }
  if (result instanceof Promise)
    return result.then(
      () => settle(undefined),
      (err: unknown) => settle(err ?? new Error('rejected')),
    );
  return settle(undefined);
}

/** Whether assumed checks currently fail hard (against the fake). */
export const assumedIsHard = (): boolean => hardOnAssumed;

/** Record that the running test cannot conclude, with the reason; the caller then skips it. */
export function markInconclusive(reason: string): void {
  const test = TestRunner.getCurrentTest();
  if (test) test.meta.inconclusive ??= reason;
}

export { currentTestId, currentTestTitle } from '../target/current-test.js';

/**
 * The rest of the running test builds on the fake's choice `clauseId`, checked just before: when it did not hold on
 * this target, stop the test as skipped, with the reason, rather than let it pass having checked nothing of what it
 * cites (against the fake an assumed check that fails has already failed the test).
 */
export function continueIfAssumedHeld(held: boolean, clauseId: string, rest: string): void {
  if (held) return;
  const test = TestRunner.getCurrentTest();
  const reason = `not checked on this target: ${rest} builds on the fake's choice ${clauseId}, which this target does not share (see its warning)`;
  if (!test) throw new Error(reason);
  test.context.skip(reason);
}
