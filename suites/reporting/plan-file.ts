/**
 * The plan of a `--budget N` run (suites/runner/budget-plan.ts) as the reporter reads it: DIR/plan.json, named by
 * CONFORMANCE_PLAN for the run it belongs to. A test the plan left out is reported skipped, with the plan's reason
 * (`planned out (budget): …`), whether its file ran or not, so its clauses count as planned out, not as uncited.
 */
import { readFileSync } from 'node:fs';

export const PLAN_FILE = 'plan.json';
export const PLAN_ENV = 'CONFORMANCE_PLAN';

export interface PlannedOutTest {
  readonly file: string;
  readonly fullName: string;
  readonly reason: string;
}

/** The tests the run's plan left out, or none when the run has no plan (or it cannot be read: a run error). */
export function plannedOutFromEnv(env: NodeJS.ProcessEnv = process.env): {
  readonly tests: readonly PlannedOutTest[];
  readonly error?: string;
} {
  const path = env[PLAN_ENV];
  if (!path) return { tests: [] };
  try {
    const plan = JSON.parse(readFileSync(path, 'utf8')) as { plannedOut?: PlannedOutTest[] };
    return { tests: plan.plannedOut ?? [] };
  } catch (err) {
    return {
      tests: [],
      error: `${PLAN_ENV}=${path}: the run's plan is unreadable (${(err as Error).message})`,
    };
  }
}

export const plannedKey = (file: string, fullName: string): string => `${file}\u0000${fullName}`;
