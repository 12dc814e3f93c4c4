/** The running test, as the target and the quota ledger see it (the strength helpers of suites/support use it too). */
import { TestRunner } from 'vitest';

/** The id of the running test, when a test is running. */
export const currentTestId = (): string | undefined => TestRunner.getCurrentTest()?.id;

/** Titles of the running test and its suites, joined as the reporter joins them (for the clause ids it cites). */
export function currentTestTitle(): string | undefined {
  const test = TestRunner.getCurrentTest();
  if (!test) return undefined;
  const names: string[] = [];
  for (let t: { name: string; suite?: unknown } | undefined = test; t; t = t.suite as typeof t)
    if (t.name) names.unshift(t.name);
  return names.join(' > ');
}
