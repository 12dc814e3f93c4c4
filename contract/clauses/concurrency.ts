/** Clauses on the fake's concurrency (issue 7). */
import type { Clause } from './clause.js';

export const concurrencyClauses: readonly Clause[] = [];
