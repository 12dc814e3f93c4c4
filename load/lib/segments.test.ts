import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sharedIterationIndices, sharedIterationShares, stripedIndices, stripedShares } from './segments.ts';

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

describe('k6 execution segments [LOAD-DISTRIBUTED]', () => {
  it("matches the table in k6's own source (segments 1/2, 1/4, 1/4 scaling 1…12)", () => {
    // lib/execution_segment.go, the ExecutionTuple comment: "Calling ScaleInt64()".
    const table = Array.from({ length: 12 }, (_, v) => stripedShares(v + 1, [2, 1, 1]));
    expect(table.map((t) => t[0])).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
    expect(table.map((t) => t[1])).toEqual([0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3]);
    expect(table.map((t) => t[2])).toEqual([0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3]);
  });

  it('[RATE-PLATFORM-1000] 1,100 requests over 3 equal instances: 367 + 367 + 366, exactly 1,100', () => {
    expect(stripedShares(1100, [1, 1, 1])).toEqual([367, 367, 366]);
  });

  it('[RATE-PLATFORM-1000] shared iterations follow the VUs: 10 VUs over 3 instances are 4 + 3 + 3', () => {
    expect(sharedIterationShares(1100, 10, 3)).toEqual([
      { index: 0, vus: 4, iterations: 440 },
      { index: 1, vus: 3, iterations: 330 },
      { index: 2, vus: 3, iterations: 330 },
    ]);
    expect(sharedIterationShares(1100, 9, 3).map((s) => s.iterations)).toEqual([367, 367, 366]);
  });

  it('[RATE-SEARCH-KEY-100] an instance without a VU sends nothing; the others take its share', () => {
    expect(sharedIterationShares(110, 2, 3)).toEqual([
      { index: 0, vus: 1, iterations: 55 },
      { index: 1, vus: 1, iterations: 55 },
      { index: 2, vus: 0, iterations: 0 },
    ]);
  });

  it('shares always sum to the whole, and equal instances differ by at most one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 12 }),
        (iterations, vus, instances) => {
          const shares = sharedIterationShares(iterations, vus, instances);
          expect(sum(shares.map((s) => s.iterations))).toBe(iterations);
          expect(sum(shares.map((s) => s.vus))).toBe(vus);
          const equal = stripedShares(
            iterations,
            Array.from({ length: instances }, () => 1),
          );
          expect(sum(equal)).toBe(iterations);
          expect(Math.max(...equal) - Math.min(...equal)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it("each instance runs its own iteration numbers (k6's iterationInTest), together every one once", () => {
    // The k6 source's iterator table for 1/2, 1/4, 1/4: 0 2 4 6 8 10 …, 1 5 9 …, 3 7 11 ….
    expect(stripedIndices(12, [2, 1, 1], 0)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(stripedIndices(12, [2, 1, 1], 1)).toEqual([1, 5, 9]);
    expect(stripedIndices(12, [2, 1, 1], 2)).toEqual([3, 7, 11]);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 32 }),
        fc.integer({ min: 1, max: 8 }),
        (iterations, vus, instances) => {
          const shares = sharedIterationShares(iterations, vus, instances);
          const all = shares.flatMap((s) => {
            const indices = sharedIterationIndices(iterations, vus, instances, s.index);
            expect(indices).toHaveLength(s.iterations);
            return indices;
          });
          expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: iterations }, (_, i) => i));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses what k6 would not run', () => {
    expect(() => sharedIterationShares(0, 1, 1)).toThrow(RangeError);
    expect(() => sharedIterationShares(10, 0, 1)).toThrow(RangeError);
    expect(() => sharedIterationShares(10, 1, 0)).toThrow(RangeError);
    expect(() => stripedShares(10, [])).toThrow(RangeError);
    expect(() => stripedShares(10, [1, 0])).toThrow(RangeError);
  });
});
