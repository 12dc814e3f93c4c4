/**
 * Vitest setup file of the mutation runs (before suites/support/property-seed.ts):
 * - the property tests that take their size from FC_RUNS (300 bodies per operation by default) run 30 per property,
 *   so a mutant costs seconds, not minutes;
 * - fast-check draws from one fixed seed, so the initial run and every mutant see the same generated inputs: a mutant
 *   is killed by a test, never by a lucky draw, and a report can be reproduced.
 * A mutant that only a rare generated input would catch may survive here; `npm test` still runs the full counts.
 */
process.env.FC_RUNS ??= '30';
process.env.CONFORMANCE_FC_SEED ??= '20261122';
