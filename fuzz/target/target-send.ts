/**
 * Sending a generated request through the run's target client (suites/target/target.ts), so that it is drawn from
 * the quota ledger and the request budget like every request of the run: what it got, as the search reads it
 * (search.ts). While the search runs, the server errors it meets are not kept on the test (`quietly`): the failing
 * values fast-check tries on its way to the smallest are not findings; the shrunk request of each finding is then sent
 * once more, kept as the verdict's server-error item with its request, response and curl line (`keptAgain`).
 */
import { TestRunner } from 'vitest';
import { NoAnswer, serverErrorIn } from '../../suites/target/answers.js';
import { BudgetExhausted } from '../../suites/target/request-budget.js';
import type { Target } from '../../suites/target/target.js';
import type { RawResponse } from '../../suites/target/transport.js';
import type { Sent } from './search.js';

/** What `request` got: a server error where answers.ts sees one, a stop where the budget refused or nothing answered. */
export async function sentThrough(request: () => Promise<RawResponse>, json: boolean): Promise<Sent> {
  try {
    const res = await request();
    const why = serverErrorIn(res, json);
    return why === undefined ? { ok: true, status: res.status } : { ok: false, why, status: res.status };
  } catch (err) {
    if (err instanceof BudgetExhausted || err instanceof NoAnswer) return { spent: err.message };
    throw err;
  }
}

/**
 * Runs `search` with the target's budget refusals thrown as BudgetExhausted (the search stops and keeps what it found,
 * instead of the test stopping as inconclusive) and the server errors it meets left off the test.
 */
export async function quietly<T>(target: Target, search: () => Promise<T>): Promise<T> {
  const test = TestRunner.getCurrentTest();
  const quiet = test?.meta.scriptsServerErrors;
  const onBudgetExhausted = target.onBudgetExhausted;
  target.onBudgetExhausted = (note) => {
    throw new BudgetExhausted(note);
  };
  if (test) test.meta.scriptsServerErrors = true;
  try {
    return await search();
  } finally {
    target.onBudgetExhausted = onBudgetExhausted;
    if (test) test.meta.scriptsServerErrors = quiet;
  }
}

/** Sends a finding's request again with its server error kept on the test: whether it answered one again. */
export async function keptAgain(target: Target, send: () => Promise<Sent>): Promise<Sent> {
  const onBudgetExhausted = target.onBudgetExhausted;
  target.onBudgetExhausted = (note) => {
    throw new BudgetExhausted(note);
  };
  try {
    return await send();
  } finally {
    target.onBudgetExhausted = onBudgetExhausted;
  }
}
