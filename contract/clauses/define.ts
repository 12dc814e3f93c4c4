/** Tiny constructors so each catalogue file reads as a list of rules. */
import type { Clause } from './clause.js';

/**
 * A normative statement the spec makes, resting on `quote`: the spec's own sentence(s), verbatim (a string, or several
 * for a rule that rests on more than one place). The rule says nothing its quotes do not say; what goes further is an
 * assumed clause of its own. contract/clauses/quotes.test.ts finds every quote in the spec.
 */
export const documented = (
  id: string,
  section: string,
  rule: string,
  quote?: string | readonly string[],
): Clause => ({
  id,
  section,
  kind: 'documented',
  rule,
  ...(quote === undefined ? {} : { quote: typeof quote === 'string' ? [quote] : [...quote] }),
});

/** A choice the spec leaves open ("not shown") that the fake still has to make. */
export const assumed = (id: string, section: string, rule: string): Clause => ({
  id,
  section,
  kind: 'assumed',
  rule,
});
