/** Clauses on the fake's durable state (issue 7). */
import type { Clause } from './clause.js';

export const durabilityClauses: readonly Clause[] = [];
