/**
 * Sending a generated request through the run's target client (suites/target/target.ts), so that it is drawn from
 * the quota ledger and the request budget like every request of the run: what it got, as the search reads it
 * (search.ts). The target keeps every server error on the running test (suites/target/answers.ts); while a search
 * runs, each one is taken off the test again and handed to the search with its answer (`capturing`), since the
 * failing values fast-check tries on its way to the smallest are not findings: the note of each finding's shrunk
 * request is put back (`keepNote`), the verdict's server-error item with its request, response and curl line.
 */
import { TestRunner } from 'vitest';
import { NoAnswer, type ServerErrorNote, serverErrorIn } from '../../suites/target/answers.js';
import { BudgetExhausted } from '../../suites/target/request-budget.js';
import type { Target } from '../../suites/target/target.js';
import type { RawResponse } from '../../suites/target/transport.js';
import type { Sent } from './search.js';

/**
 * What `request` got: a server error where answers.ts sees one (with the note the target made of it), a stop where the
 * budget refused or nothing answered.
 */
export async function sentThrough(request: () => Promise<RawResponse>, json: boolean): Promise<Sent> {
  const test = TestRunner.getCurrentTest();
  const kept = test?.meta.serverErrors;
  const more = test?.meta.serverErrorsMore;
  if (test) {
    test.meta.serverErrors = [];
    test.meta.serverErrorsMore = 0;
  }
  try {
    const res = await request();
    const why = serverErrorIn(res, json);
    if (why === undefined) return { ok: true, status: res.status };
    const note = test?.meta.serverErrors?.[0];
    return { ok: false, why, status: res.status, ...(note ? { note } : {}) };
  } catch (err) {
    if (err instanceof BudgetExhausted || err instanceof NoAnswer) return { spent: err.message };
    throw err;
  } finally {
    if (test) {
      test.meta.serverErrors = kept ?? [];
      test.meta.serverErrorsMore = more ?? 0;
    }
  }
}

/** A finding's server error back on the running test, as the target made it. */
export function keepNote(note: unknown): void {
  const test = TestRunner.getCurrentTest();
  if (!test || note === undefined) return;
  test.meta.serverErrors = [...(test.meta.serverErrors ?? []), note as ServerErrorNote];
}

/**
 * Runs `search` with the target's budget refusals thrown as BudgetExhausted: the search stops and keeps what it found,
 * instead of the test stopping as inconclusive.
 */
export async function withinBudget<T>(target: Target, search: () => Promise<T>): Promise<T> {
  const onBudgetExhausted = target.onBudgetExhausted;
  target.onBudgetExhausted = (note) => {
    throw new BudgetExhausted(note);
  };
  try {
    return await search();
  } finally {
    target.onBudgetExhausted = onBudgetExhausted;
  }
}
