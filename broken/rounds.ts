/**
 * Rules tried together: the rules of one round have no test file in common, so each file of the round runs under
 * exactly one rule (the proxy switches rule as each file starts) and a failure is the rule's own. One vitest run per
 * round instead of one per rule: twenty-odd rules take a handful of runs. A rule's files are any set: those citing
 * its clause (the sensitivity check, which runs only the citing tests) or those it touched (the blast-radius check,
 * which runs every test of them).
 */
import { resolve } from 'node:path';
import type { BreakingRule } from './rule.js';
import { citing, type Selection } from './selection.js';

export interface Round {
  readonly rules: readonly BreakingRule[];
  /** Each selected file (absolute path) and the rule it runs under. */
  readonly ruleOfFile: ReadonlyMap<string, BreakingRule>;
  readonly selection: Selection;
  /** The files of each rule, relative to the repository root. */
  readonly filesOf: ReadonlyMap<BreakingRule, readonly string[]>;
}

/** Which tests of a rule's files its run takes: those citing its clause, or every test. */
export type RoundTests = 'citing' | 'every';

/** Matches every test name. */
export const EVERY_TEST = /(?:)/;

/** Rounds of `rules`, each rule's tests being those of `filesOf(rule)` that `tests` says. */
export function planRounds(
  rules: readonly BreakingRule[],
  filesOf: (rule: BreakingRule) => readonly string[],
  root: string,
  tests: RoundTests = 'citing',
): Round[] {
  const groups: { rules: BreakingRule[]; files: Set<string> }[] = [];
  for (const rule of rules) {
    const own = filesOf(rule);
    const group = groups.find((g) => own.every((f) => !g.files.has(f)));
    if (group) {
      group.rules.push(rule);
      for (const f of own) group.files.add(f);
    } else groups.push({ rules: [rule], files: new Set(own) });
  }
  return groups.map((g) => ({
    rules: g.rules,
    ruleOfFile: new Map(g.rules.flatMap((r) => filesOf(r).map((f) => [resolve(root, f), r] as const))),
    selection: {
      files: [...g.files].sort(),
      pattern:
        tests === 'every'
          ? EVERY_TEST
          : new RegExp([...new Set(g.rules.map((r) => citing(r.clause)))].join('|')),
    },
    filesOf: new Map(g.rules.map((r) => [r, filesOf(r)])),
  }));
}
