import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { soakPlan, soakTotal } from './soak-plan.ts';

describe('soak arithmetic [LOAD-CAP-CHECK]', () => {
  it('[RATE-PLATFORM-1000, RATE-RAG-PROFESSIONAL-200, RATE-SEARCH-KEY-100] each family sends a fraction of its cap', () => {
    expect(
      soakPlan(['platform', 'rag', 'search'], { platform: 1000, rag: 200, search: 100 }, 60, 0.5),
    ).toEqual([
      { family: 'platform', total: 500, durationS: 60 },
      { family: 'rag', total: 100, durationS: 60 },
      { family: 'search', total: 50, durationS: 60 },
    ]);
  });

  it('[LOAD-CAP-CHECK] property: always at least one request and strictly under the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 100_000 }),
        fc.double({ min: 0.0001, max: 1, noNaN: true }),
        (cap, f) => {
          const total = soakTotal(cap, f);
          expect(total).toBeGreaterThanOrEqual(1);
          expect(total).toBeLessThan(cap);
        },
      ),
    );
  });
});
