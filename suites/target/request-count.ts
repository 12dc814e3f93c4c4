/**
 * What a run costs (issue 34, "say what it costs"): every request the suites send is counted on the running test, by
 * API family and by credential (the target config's name for it, never its value); the report adds them up per
 * family, per credential and per file (suites/reporting/costs.ts).
 */
import { TestRunner } from 'vitest';

declare module '@vitest/runner' {
  interface TaskMeta {
    /** Requests the test sent, keyed `family|credential`. */
    requests?: Record<string, number>;
  }
}

/** `platform`, `integration`, `rag`, or `other` (a path outside the operation table). */
export type RequestFamily = 'platform' | 'integration' | 'rag' | 'other';

export const requestKey = (family: RequestFamily, credential: string): string => `${family}|${credential}`;

/** Count one request of the running test. */
export function countRequest(family: RequestFamily, credential: string): void {
  const test = TestRunner.getCurrentTest();
  if (!test) return;
  test.meta.requests ??= {};
  const key = requestKey(family, credential);
  test.meta.requests[key] = (test.meta.requests[key] ?? 0) + 1;
}
