import { describe, expect, it } from 'vitest';
import { percentile } from './percentile.ts';

describe('percentile [LOAD-CAP-CHECK]', () => {
  it('interpolates between closest ranks as k6 does for p(95)', () => {
    const values = Array.from({ length: 101 }, (_, i) => 100 - i);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([10, 20], 95)).toBeCloseTo(19.5);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNull();
    expect(percentile([1, 2, 3, 4], 0)).toBe(1);
    expect(percentile([1, 2, 3, 4], 100)).toBe(4);
  });
});
