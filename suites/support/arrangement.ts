/**
 * Arranging and cleaning up a test, apart from checking it (issue 39, "one defect, one red"; suites/README.md
 * "Arranging never fails a test"):
 *
 * - `arrange(what, fn)`: finding or creating what a test needs (reading members to find a user, parsing a list to
 *   pick a project, a fresh project, a member). A server answer that fails there (a refusal, an answer that does not
 *   parse) makes the running test inconclusive with `arrangement failed (what): …`, never red: the clause of that
 *   answer turns red once, in the test that checks it. In a hook (beforeAll) the failure is an ArrangementFailed,
 *   which the reporter turns into inconclusive tests of that suite.
 * - `cleanUp(what, fn)`: undoing what a test made (removing the limit it set, restoring a name). A failure there is a
 *   note on the test (`cleanupNotes`, shown in the report), never a red: the test's own checks already concluded.
 *
 * Stops (a skip, a spent budget, an arrangement stop, a request with no answer) go through untouched.
 */
import { TestRunner } from 'vitest';
import { withinArrangement } from './arrangement-context.js';
import { isStop, markInconclusive } from './strength.js';

/** The start of the inconclusive note of a test whose arrangement failed (coverage: `arrangement failed`). */
export const ARRANGEMENT_FAILED = 'arrangement failed';

/** Thrown by arrange() where no test runs (a beforeAll): the reporter makes that suite's tests inconclusive. */
export class ArrangementFailed extends Error {
  override readonly name = 'ArrangementFailed';
}

declare module '@vitest/runner' {
  interface TaskMeta {
    /** Clean-ups of the test that failed: notes of their own, never a red. */
    cleanupNotes?: string[];
  }
}

const firstLine = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0]?.trim().slice(0, 300) ?? '';

/** Arrange `what` through `fn`; a failure makes the running test inconclusive (see the file's comment). */
export async function arrange<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await withinArrangement(what, fn);
  } catch (err) {
    if (isStop(err)) throw err;
    const note = `${ARRANGEMENT_FAILED} (${what}): ${firstLine(err)}`;
    const test = TestRunner.getCurrentTest();
    if (!test) throw new ArrangementFailed(note);
    markInconclusive(note);
    return test.context.skip(note);
  }
}

/** Undo `what` through `fn`; a failure is a note on the running test, never a failure of it. */
export async function cleanUp(what: string, fn: () => Promise<unknown>): Promise<void> {
  try {
    await withinArrangement(what, fn);
  } catch (err) {
    if (isStop(err)) return;
    const note = `clean-up failed (${what}): ${firstLine(err)}`;
    const test = TestRunner.getCurrentTest();
    if (!test) {
      process.stderr.write(`${note}\n`);
      return;
    }
    test.meta.cleanupNotes ??= [];
    test.meta.cleanupNotes.push(note);
  }
}
