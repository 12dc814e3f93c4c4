/**
 * Vitest setup file of the mutation runs: the property tests that take their size from FC_RUNS (1,000 bodies per
 * operation by default) run 30 per property, so a mutant costs seconds, not minutes. A mutant that only a rare
 * generated body would catch may survive here; the full `npm test` still runs the full count.
 */
process.env.FC_RUNS ??= '30';
