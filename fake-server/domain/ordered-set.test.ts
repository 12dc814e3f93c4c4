/** OrderedSet windows: the records between two monotone bounds, the same as filtering the whole order. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderedSet, runToArray } from './ordered-set.js';

type Rec = { id: number; t: number };

describe('OrderedSet.window [FAKE-PAGE-COST, EXEC-LOGS-DATE-FILTER, SESSIONS-DATE-FILTER]', () => {
  it('holds exactly the records a filter on the bounds keeps, in order, and counts probes plus records read', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 }),
        fc.option(fc.integer({ min: -1, max: 21 }), { nil: undefined }),
        fc.option(fc.integer({ min: -1, max: 21 }), { nil: undefined }),
        (times, from, to) => {
          const set = new OrderedSet<Rec>((r) => r.t);
          times.forEach((t, i) => {
            set.add({ id: i + 1, t });
          });
          const counter = { visited: 0 };
          const window = set.window(
            {
              atOrAfterStart: from === undefined ? undefined : (r) => r.t >= from,
              afterEnd: to === undefined ? undefined : (r) => r.t > to,
            },
            counter,
          );
          const expected = set
            .ascending()
            .filter((r) => (from === undefined || r.t >= from) && (to === undefined || r.t <= to));
          expect(runToArray(window)).toEqual(expected);
          expect(window.at(-1)).toBeUndefined();
          expect(window.at(window.length)).toBeUndefined();
          const probes = Math.ceil(Math.log2(times.length + 1));
          expect(counter.visited).toBeLessThanOrEqual(times.length + 2 * probes + expected.length + 2);
          expect(counter.visited).toBeGreaterThanOrEqual(expected.length);
        },
      ),
    );
  });

  it('counts the whole order when it hands it out', () => {
    const set = new OrderedSet<Rec>((r) => r.t);
    for (let i = 1; i <= 5; i++) set.add({ id: i, t: i });
    set.ascending();
    const counter = { visited: 0 };
    expect(set.ascending(counter)).toHaveLength(5);
    expect(counter.visited).toBe(5);
    const window = set.window({ atOrAfterStart: (r) => r.t >= 2, afterEnd: (r) => r.t > 3 }, counter);
    expect(counter.visited).toBeLessThanOrEqual(5 + 6);
    expect([window.at(0)?.id, window.at(1)?.id, window.length]).toEqual([2, 3, 2]);
  });

  it('places a few out-of-order additions and removals by binary search on the next read, without re-sorting [FAKE-PAGE-COST]', () => {
    const set = new OrderedSet<Rec>((r) => r.t);
    const recs = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, t: 2 * i }));
    for (const r of recs) set.add(r);
    set.window({}, undefined);
    set.add({ id: 5000, t: 501 });
    set.delete(recs[700]!);
    const counter = { visited: 0 };
    const window = set.window({ atOrAfterStart: (r) => r.t >= 500, afterEnd: (r) => r.t > 504 }, counter);
    expect(runToArray(window).map((r) => r.t)).toEqual([500, 501, 502, 504]);
    // Two placements and two bounds of about log2(1000) = 10 probes each, and the four records read.
    expect(counter.visited).toBeLessThanOrEqual(4 * 11 + 4);
  });
});
