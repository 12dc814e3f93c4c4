/**
 * Test support (imported by the envelope property tests only): run counts, seed and timeout of the properties
 * (FC_RUNS, FC_SEED), and assumed() once per clause for a property's many requests.
 */
import { assumed } from '../support/strength.js';
import type { Target } from '../target/target.js';

const FC_RUNS = Number.parseInt(process.env.FC_RUNS ?? '', 10) || undefined;
/**
 * Runs per property: FC_RUNS, else 300 on the fake (its counters are cleared between tests); against other
 * targets the hourly cap is shared by the whole run, so 40 when allow.quota says quota may be spent, else 8.
 * Every run draws a fresh seed, so runs add up to more cases; a deep run sets FC_RUNS (docs/ci.md, "Deeper runs").
 */
const runsFor = (t: Target): number => FC_RUNS ?? (t.control ? 300 : t.config.allow.quota ? 40 : 8);
const SEED = process.env.FC_SEED !== undefined ? Number(process.env.FC_SEED) : undefined;
export const TIMEOUT = Math.max(30_000, (FC_RUNS ?? 300) * 100);

/** A check of the fake's choice `clauseId` (assumed()): hard on the fake; elsewhere a warning, once per clause. */
export type Soft = (clauseId: string, check: () => void) => void;

/**
 * assumed() for a property's many requests: against the fake every failure fails the run as before; against any
 * other target a clause warns once per test (its first counterexample), not once per request.
 */
export function assumedOnce(): Soft {
  const warned = new Set<string>();
  return (clauseId, check) => {
    if (warned.has(clauseId)) return;
    if (!assumed(clauseId, check)) warned.add(clauseId);
  };
}

export const fcParams = (t: Target) => ({
  numRuns: runsFor(t),
  ...(SEED !== undefined ? { seed: SEED } : {}),
});
