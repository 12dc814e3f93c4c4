/** The difference kinds in display order, and the one stable order of a list of differences. */
import type { Difference, DifferenceKind } from './types.js';

export const DIFFERENCE_KINDS: readonly DifferenceKind[] = [
  'schema',
  'status',
  'envelope',
  'presence',
  'type',
  'message',
];

const TOKENS = /\d+|\D+/g;

/** Orders paths as text, except that runs of digits compare as numbers (`$events[2]` before `$events[10]`). */
export function comparePaths(a: string, b: string): number {
  const ta = a.match(TOKENS) ?? [];
  const tb = b.match(TOKENS) ?? [];
  for (let i = 0; i < Math.min(ta.length, tb.length); i++) {
    const x = ta[i]!;
    const y = tb[i]!;
    if (x === y) continue;
    const nx = /^\d/.test(x) && /^\d/.test(y) ? Number(x) - Number(y) : 0;
    if (nx !== 0) return nx;
    return x < y ? -1 : 1;
  }
  return ta.length - tb.length;
}

/** Sorted by path, then kind (in DIFFERENCE_KINDS order), then detail; a new array. */
export const sortDifferences = (list: readonly Difference[]): Difference[] =>
  [...list].sort(
    (a, b) =>
      comparePaths(a.path, b.path) ||
      DIFFERENCE_KINDS.indexOf(a.kind) - DIFFERENCE_KINDS.indexOf(b.kind) ||
      (a.detail < b.detail ? -1 : a.detail > b.detail ? 1 : 0),
  );

/** The kinds a real-vs-fake comparison gives ('schema' is for violations of the real answer). */
export type ComparisonKind = Exclude<DifferenceKind, 'schema'>;
export const COMPARISON_KINDS = DIFFERENCE_KINDS.filter((k): k is ComparisonKind => k !== 'schema');

/** Zero for every comparison kind. */
export const zeroByKind = (): Record<ComparisonKind, number> =>
  Object.fromEntries(COMPARISON_KINDS.map((k) => [k, 0])) as Record<ComparisonKind, number>;
