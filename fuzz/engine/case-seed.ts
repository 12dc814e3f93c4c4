/**
 * Case i of a run with seed S is drawn alone, from its own seed derived from (S, i): any case can be replayed
 * without drawing the ones before it, and the run's order of completion does not matter.
 */
import fc from 'fast-check';

/** A murmur3-style finalizer: every input bit moves every output bit. */
function mix(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A 32-bit seed for case `index` of a run seeded `seed` (distinct runs do not share cases by a shifted index). */
export function caseSeed(seed: number, index: number): number {
  return mix(mix(seed) + Math.imul(index + 1, 0x9e3779b1)) | 0;
}

export function drawCase<T>(arb: fc.Arbitrary<T>, seed: number, index: number): T {
  return fc.sample(arb, { seed: caseSeed(seed, index), numRuns: 1 })[0]!;
}
