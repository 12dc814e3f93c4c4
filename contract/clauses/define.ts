/** Tiny constructors so each catalogue file reads as a list of rules. */
import type { Clause } from './clause.js';

/** A normative statement the spec makes. */
export const documented = (id: string, section: string, rule: string): Clause => ({
  id,
  section,
  kind: 'documented',
  rule,
});

/** A choice the spec leaves open ("not shown") that the fake still has to make. */
export const assumed = (id: string, section: string, rule: string): Clause => ({
  id,
  section,
  kind: 'assumed',
  rule,
});
