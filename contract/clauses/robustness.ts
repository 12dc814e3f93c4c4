/** Clauses on the fake's robustness (issue 7). */
import type { Clause } from './clause.js';

export const robustnessClauses: readonly Clause[] = [];
