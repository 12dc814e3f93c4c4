/** The memory verdict on hand-made samples: flat passes, growth past the bound fails, too few samples is not judged. */
import { describe, expect, it } from 'vitest';
import { judgeMemory, MEMORY_BOUND, type MemoryPoint } from './memory.js';

const MiB = 1024 * 1024;
const series = (n: number, at: (i: number) => number): MemoryPoint[] =>
  Array.from({ length: n }, (_, i) => ({ done: i * 1_000, bytes: at(i) }));

describe('judgeMemory [FUZZ-MEMORY-STABLE]', () => {
  it('a flat heap and resident set pass, with start, peak and end reported', () => {
    const v = judgeMemory(
      series(50, (i) => 200 * MiB + (i % 3) * MiB),
      series(50, () => 50 * MiB),
      10_000,
    );
    expect(v.ok).toBe(true);
    expect(v.rss).toMatchObject({ start: 200 * MiB + MiB, peak: 202 * MiB });
    expect(v.heapAfterGc).toMatchObject({
      baseline: 50 * MiB,
      end: 50 * MiB,
      bound: 50 * MiB + MEMORY_BOUND.heapGrowth(50 * MiB),
    });
  });

  it('a heap that keeps growing after the warm-up fails, naming the bound', () => {
    const v = judgeMemory(
      series(50, () => 200 * MiB),
      series(50, (i) => 50 * MiB + i * MiB),
      10_000,
    );
    expect(v.ok).toBe(false);
    expect(v.reason).toMatch(/heap after GC .* over the bound/);
  });

  it('a resident set that keeps growing fails; growth during the warm-up does not count', () => {
    expect(
      judgeMemory(
        series(60, (i) => 100 * MiB + i * 10 * MiB),
        [],
        10_000,
      ).reason,
    ).toMatch(/resident set/);
    const warmingUp = series(60, (i) => (i < 10 ? 100 * MiB + i * 50 * MiB : 600 * MiB));
    expect(judgeMemory(warmingUp, [], 10_000).ok).toBe(true);
  });

  it('too few samples after the warm-up: not judged, and said so', () => {
    const v = judgeMemory(
      series(3, () => MiB),
      series(1, () => MiB),
      10_000,
    );
    expect(v).toMatchObject({ ok: true, skipped: expect.stringMatching(/too few samples/) });
  });
});
