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
import { processError } from '@vitest/utils/error';
import { TestRunner } from 'vitest';
import { clauseById } from '../../contract/clauses/index.js';
import type { BoundFailure } from '../reporting/clause-matrix.js';
import { BudgetExhausted } from '../target/request-budget.js';
import { bindingNow, withinAssumed, withinDocumented } from './arrangement-context.js';

/** What a test recorded about its own strengths; read by the reporter from `TestCase.meta()`. */
export interface StrengthMeta {
  /** Assumed clause ids checked through `assumed()`, failing or not. */
  assumedChecks?: string[];
  /** Assumed checks that failed against a target other than the fake: warnings, with their evidence. */
  assumedWarnings?: { clauseId: string; message: string }[];
  /** Set when the test met a spent quota: why it could not conclude. */
  inconclusive?: string;
  /** Documented clause ids checked through documented(), failing or not. */
  documentedChecks?: string[];
  /** Failures of documented() checks: each names the clauses its assertion checks (the test fails with them). */
  boundFailures?: BoundFailure[];
}

export type { BoundFailure };

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

/** Failures kept per set of clauses; the rest are counted (a property may break one rule in hundreds of cases). */
const KEPT_PER_CLAUSES = 3;

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

/** Run `check`, sync or async, and hand its failure (or undefined) to `settle`, whose answer is the result. */
function runCheck(
  check: () => void | Promise<void>,
  settle: (failure: unknown | undefined) => boolean,
): boolean | Promise<boolean> {
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

/**
 * Check the fake's choice `clauseId` (an assumed clause). Hard against the fake; against other targets a failure
 * becomes a warning on that clause and the test continues. Returns whether the check held.
 */
export function assumed(clauseId: string, check: () => void): boolean;
export function assumed(clauseId: string, check: () => Promise<void>): Promise<boolean>;
export function assumed(clauseId: string, check: () => void | Promise<void>): boolean | Promise<boolean> {
  assumedClause(clauseId);
  const settle = (failure: unknown | undefined): boolean => {
    // A stop (ctx.skip, a spent quota or credits, a missing arrangement) is no failure of the check: it goes on
    // stopping the test, never a warning on this clause.
    if (isStop(failure)) throw failure;
    record(clauseId, hardOnAssumed ? undefined : failure);
    if (failure !== undefined && hardOnAssumed) throw failure;
    return failure === undefined;
  };
  // Every check inside is this assumed clause's: a documented() check there binds nothing of its own.
  return runCheck(() => withinAssumed(clauseId, check), settle);
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

/** Thrown by arranged() when the target lacks what a test needs: the test stops "not checkable here", never fails. */
export class ArrangementStop extends Error {}

/**
 * An arrangement step (finding or creating the data a test needs) never fails the test (issue 32, "no red from
 * arrangement"): `arranged(ctx, holds, reason)` stops the running test as skipped with "not checkable here: <reason>"
 * when `holds` is false, so a target whose data cannot serve the test (too few sessions, a knowledgebase with too few
 * matching chunks) leaves the clause unchecked instead of red. Use it wherever a test would otherwise `expect` a
 * precondition on the target's data; create the data through the public API or a provider state first when the target
 * allows it.
 */
export function arranged(
  ctx: { skip: (note: string) => never } | undefined,
  holds: boolean,
  reason: string,
): asserts holds {
  if (holds) return;
  const note = `not checkable here: ${reason}`;
  const test = TestRunner.getCurrentTest();
  const skip = ctx?.skip ?? test?.context.skip;
  if (!skip) throw new ArrangementStop(note);
  skip(note);
}

/**
 * vitest's skip (a PendingError), the request budget's stop, an arrangement stop, a request with no answer
 * (suites/target/answers.ts) and a test stopped after a bound failure: not failures of a check.
 */
export const isStop = (err: unknown): boolean =>
  err instanceof ArrangementStop ||
  err instanceof StoppedAfterBound ||
  (typeof err === 'object' &&
    err !== null &&
    ((err as { code?: unknown }).code === 'VITEST_PENDING' ||
      err instanceof BudgetExhausted ||
      (err as { name?: unknown }).name === 'NoAnswer'));

function documentedClauses(ids: readonly string[]): void {
  if (ids.length === 0)
    throw new StrengthRuleError('documented([], …): name the clause(s) the check is about');
  for (const id of ids) {
    const clause = clauseById(id);
    if (!clause) throw new StrengthRuleError(`documented('${id}'): no such clause in the catalogue`);
    if (clause.kind !== 'documented')
      throw new StrengthRuleError(`documented('${id}'): ${id} is an assumed clause; check it with assumed()`);
  }
}

function recordBound(ids: readonly string[], failure: unknown | undefined): void {
  const test = TestRunner.getCurrentTest();
  if (!test) {
    if (failure !== undefined) throw failure;
    return;
  }
  test.meta.documentedChecks ??= [];
  for (const id of ids) if (!test.meta.documentedChecks.includes(id)) test.meta.documentedChecks.push(id);
  if (failure === undefined) return;
  const message = messageOf(failure);
  const key = `${ids.join(',')}\u0000${message.split('\n')[0]}`;
  test.meta.boundFailures ??= [];
  const same = test.meta.boundFailures.filter((f) => f.clauseIds.join(',') === ids.join(','));
  const again = same.find((f) => `${f.clauseIds.join(',')}\u0000${f.message.split('\n')[0]}` === key);
  if (again || same.length >= KEPT_PER_CLAUSES) {
    const counted = again ?? (same.at(-1) as BoundFailure);
    counted.more = (counted.more ?? 0) + 1;
    return;
  }
  test.meta.boundFailures.push({ clauseIds: [...ids], message });
  // The test fails with this error, as expect.soft() fails it, and goes on checking; the serialized error carries the
  // clauses it names, so the reporter marks red only those (suites/reporting/clause-reporter.ts).
  const error = processError(failure) as Record<string, unknown>;
  error.boundClauses = [...ids];
  test.result ??= { state: 'fail' } as NonNullable<typeof test.result>;
  const result = test.result;
  result.state = 'fail';
  result.errors ??= [];
  result.errors.push(error as never);
}

/**
 * A hard assertion bound to the documented clause(s) it checks (issue 33, "a red names the clause its failed
 * assertion checks"): when `check` fails, the test fails (as a plain expect would, on every target) but the clause
 * matrix marks red only `clauseIds`, not every clause the test's title cites; and the test goes on, so its other
 * checks still count. Use it where a test (or a property) checks several documented rules, so one broken rule does
 * not turn the others red. Returns whether the check held. An unbound failure (a plain expect) still falls back to
 * every clause of the title.
 */
export function documented(clauseIds: string | readonly string[], check: () => void): boolean;
export function documented(
  clauseIds: string | readonly string[],
  check: () => Promise<void>,
): Promise<boolean>;
export function documented(
  clauseIds: string | readonly string[],
  check: () => void | Promise<void>,
): boolean | Promise<boolean> {
  const ids = typeof clauseIds === 'string' ? [clauseIds] : [...clauseIds];
  documentedClauses(ids);
  const settle = (failure: unknown | undefined): boolean => {
    // A stop (ctx.skip, an inconclusive quota) is no failure of the check: it goes on stopping the test.
    if (isStop(failure)) throw failure;
    // While a test arranges or cleans up (suites/support/arrangement.ts), or checks an assumed clause, a failure is the
    // arrangement's or the assumed check's, not a red of its own.
    if (failure !== undefined && !bindingNow()) throw failure;
    if (bindingNow()) recordBound(ids, failure);
    return failure === undefined;
  };
  return runCheck(() => withinDocumented(ids, check), settle);
}

/**
 * Thrown by readable() after a bound failure: the test stops there, failing only the clauses the failed check names;
 * its other clauses count as not checked (the answer they rest on could not be read), never as passed or failed.
 */
export class StoppedAfterBound extends Error {
  override readonly name = 'StoppedAfterBound';
  readonly boundClauses: string[];
  readonly stoppedAfterBound = true;
  constructor(ids: readonly string[]) {
    super(`stopped: the answer failed ${ids.join(', ')} first, so the rest of the test could not be checked`);
    this.boundClauses = [...ids];
  }
}

/**
 * The answer can be read as the spec documents it (its envelope, its `total`, its data's shape): a hard check bound
 * to the documented clause(s) that say so. When it fails, those clauses turn red and the test stops, since what it
 * would check next rests on that answer (issue 39: an answer whose `message` is an array reds the error envelope once,
 * not the clause of every test that met it). Inside an arrangement the failure is the arrangement's.
 */
export function readable(clauseIds: string | readonly string[], check: () => void): void {
  const ids = typeof clauseIds === 'string' ? [clauseIds] : [...clauseIds];
  if (!documented(ids, check)) stopAfter(ids);
}

/** Stop the running test after the bound failures of `failed` (nothing when none failed, or while arranging). */
export function stopAfter(failed: readonly string[]): void {
  if (failed.length > 0 && bindingNow() && TestRunner.getCurrentTest()) throw new StoppedAfterBound(failed);
}
