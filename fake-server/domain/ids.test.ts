/** The seeded id source: the shapes of the values it draws, and that a position resumes the same sequence. */
import { describe, expect, it } from 'vitest';
import { createIdSource } from './ids.js';

describe('createIdSource [FAKE-DETERMINISTIC-SEED]', () => {
  it('draws lowercase hex without a prefix, lowercase alphanumerics and integers in range, of the length asked', () => {
    const ids = createIdSource(7);
    for (let i = 0; i < 50; i += 1) {
      expect(ids.hex(32)).toMatch(/^[0-9a-f]{32}$/);
      expect(ids.token(12)).toMatch(/^[0-9a-z]{12}$/);
      const n = ids.int(100_000, 100_003);
      expect(Number.isInteger(n) && n >= 100_000 && n <= 100_003).toBe(true);
    }
  });

  it('draws tokens from lowercase letters and digits both, not digits alone', () => {
    const ids = createIdSource(7);
    const drawn = Array.from({ length: 50 }, () => ids.token(12)).join('');
    expect(drawn).toMatch(/[a-z]/);
    expect(drawn).toMatch(/[0-9]/);
  });

  it('counts each kind on its own, and a resumed source draws what the original would have', () => {
    const ids = createIdSource(42);
    expect([ids.next('a'), ids.next('a'), ids.next('b')]).toEqual([1, 2, 1]);
    ids.token(8);
    const { seed, ...position } = ids.position();
    const resumed = createIdSource(seed, position);
    expect([resumed.next('a'), resumed.token(16), resumed.hex(8)]).toEqual([
      ids.next('a'),
      ids.token(16),
      ids.hex(8),
    ]);
  });
});
