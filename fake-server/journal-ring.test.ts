import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../contract/control-journal.js';
import { JournalRing, type RecordedEntry } from './journal-ring.js';

const entry = (i: number, at: string | number): RecordedEntry => ({
  at,
  method: 'POST',
  path: `/p${i}`,
  operation: i % 2 ? 'getMyProjects' : null,
  status: 200 + (i % 3),
  message: i % 5 ? `m${i}` : null,
});

describe('journal ring [FAKE-REQUEST-JOURNAL]', () => {
  it('reads as an array trimmed from the front to its capacity, through adds and clears', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.oneof(fc.constant('clear' as const), fc.integer({ min: 0, max: 2e12 })), {
          maxLength: 60,
        }),
        (capacity, steps) => {
          const ring = new JournalRing(capacity);
          let model: JournalEntry[] = [];
          steps.forEach((step, i) => {
            if (step === 'clear') {
              ring.clear();
              model = [];
              return;
            }
            // Odd steps record the instant as ms (formatted on reading), even ones as a string.
            const at = i % 2 ? step : new Date(step).toISOString();
            ring.add(entry(i, at));
            model.push(entry(i, new Date(step).toISOString()) as JournalEntry);
            if (model.length > capacity) model.splice(0, model.length - capacity);
            expect(ring.entries()).toEqual(model);
          });
          expect(JSON.stringify(ring.entries())).toBe(JSON.stringify(model));
        },
      ),
    );
  });
});
