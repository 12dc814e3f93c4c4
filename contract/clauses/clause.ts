/**
 * One normative statement of the spec (documented) or one choice the spec leaves open (assumed).
 * Tests cite clause ids in their titles as `[CLAUSE-ID]` (several: `[A-ID, B-ID]`).
 */
export type ClauseKind = 'documented' | 'assumed';

export interface Clause {
  /** Stable id, UPPER-KEBAB, e.g. `SET-TEMPERATURE-RANGE`. Never renamed once published. */
  readonly id: string;
  /** Spec section the statement comes from, e.g. `Limits`, `Authentication`, `Endpoints/Platform`. */
  readonly section: string;
  readonly kind: ClauseKind;
  /** The rule in our own words; for assumed clauses, the choice we made and why. */
  readonly rule: string;
  /**
   * Documented clauses: the spec's sentence(s) the rule rests on, verbatim (white space folded); the rule says no more
   * than they do (contract/clauses/quotes.test.ts).
   */
  readonly quote?: readonly string[];
}

export const defineClauses = (clauses: readonly Clause[]): readonly Clause[] => clauses;
