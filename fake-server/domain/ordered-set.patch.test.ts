/**
 * OrderedSet keeps its order between reads (FAKE-PAGE-COST): a record arriving in order is appended, a few
 * out-of-order additions and removals are placed by binary search on the next read, many rebuild the order. Each
 * case counts the records the next read visits: the order it hands out, plus the probes of the searches it needed,
 * plus every member again when it rebuilt.
 */
import { describe, expect, it } from 'vitest';
import type { CostCounter } from './cost.js';
import { OrderedSet } from './ordered-set.js';

type Rec = { id: number; t: number };

/** A set of `n` records (ids 1..n at the even times 0, 2, …) whose order has been built by one read. */
function built(n: number) {
  const set = new OrderedSet<Rec>((r) => r.t);
  const recs = Array.from({ length: n }, (_, i) => ({ id: i + 1, t: 2 * i }));
  for (const r of recs) set.add(r);
  set.ascending();
  return { set, recs };
}

/** The records `read` visits. */
function visits(read: (counter: CostCounter) => unknown): number {
  const counter = { visited: 0 };
  read(counter);
  return counter.visited;
}

/** The most probes a binary search over `length` records makes. */
const probes = (length: number) => Math.ceil(Math.log2(length + 1));

const naive = (recs: Iterable<Rec>) => [...recs].sort((a, b) => a.t - b.t || a.id - b.id);

/** `k` records at odd times inside the span of `built(n)` (before its last record), so out of order. */
const between = (k: number) => Array.from({ length: k }, (_, j) => ({ id: 10_000 + j, t: 2 * j + 1 }));

describe('OrderedSet appends records arriving in order [FAKE-PAGE-COST]', () => {
  it('records later than the last are appended: the next read visits only the order it hands out', () => {
    const { set, recs } = built(100);
    const later = Array.from({ length: 10 }, (_, i) => ({ id: 101 + i, t: 200 + 2 * i }));
    for (const r of later) set.add(r);
    expect(visits((c) => set.ascending(c))).toBe(110);
    expect(set.ascending()).toEqual([...recs, ...later]);
  });

  it('a set read while empty takes its first records in order', () => {
    const set = new OrderedSet<Rec>((r) => r.t);
    expect(set.ascending()).toEqual([]);
    const first = { id: 1, t: 5 };
    const second = { id: 2, t: 6 };
    set.add(first);
    set.add(second);
    expect(visits((c) => set.ascending(c))).toBe(2);
    expect(set.ascending()).toEqual([first, second]);
  });

  it("a record tying the last one's key (another record with its time and id) waits for the next read, which places it after the last by one search", () => {
    const { set, recs } = built(100);
    const twin = { id: 100, t: 198 };
    set.add(twin);
    // The 101 records handed out, and the 6 probes of a search over 100 records that never turns true
    // (at 50, 75, 88, 94, 97 and 99).
    expect(visits((c) => set.ascending(c))).toBe(101 + 6);
    const order = set.ascending();
    expect(order).toHaveLength(101);
    expect(order[99]).toBe(recs[99]);
    expect(order[100]).toBe(twin);
  });
});

describe('OrderedSet places a few changes by binary search on the next read [FAKE-PAGE-COST]', () => {
  it('adding a member again changes nothing, whether it is the last one or one in the middle', () => {
    const { set, recs } = built(10);
    set.add(recs[9]!);
    set.add(recs[4]!);
    expect(set.size).toBe(10);
    expect(visits((c) => set.ascending(c))).toBe(10);
    expect(set.ascending()).toEqual(recs);
    const fresh = new OrderedSet<Rec>((r) => r.t);
    fresh.add(recs[0]!);
    fresh.add(recs[0]!);
    expect(fresh.ascending()).toEqual([recs[0]]);
  });

  it('deleting a record that is not a member (never added, or already taken out) leaves the order as it is', () => {
    const { set, recs } = built(100);
    set.delete({ id: 500, t: 7 });
    expect(visits((c) => set.ascending(c))).toBe(100);
    set.delete(recs[3]!);
    expect(set.ascending()).toEqual(recs.filter((r) => r !== recs[3]));
    set.delete(recs[3]!);
    expect(visits((c) => set.ascending(c))).toBe(99);
    expect(set.size).toBe(99);
  });

  it('an out-of-order addition deleted before the next read is only dropped: that read visits just the order', () => {
    const { set, recs } = built(100);
    const late = { id: 1000, t: 51 };
    set.add(late);
    set.delete(late);
    expect(visits((c) => set.ascending(c))).toBe(100);
    expect(set.ascending()).toEqual(recs);
  });

  it('a set never read keeps no deleted record alive (nothing waits to be taken out of an order not built)', () => {
    const set = new OrderedSet<Rec>((r) => r.t);
    const a = { id: 1, t: 1 };
    const b = { id: 2, t: 2 };
    set.add(a);
    set.add(b);
    set.delete(a);
    // White-box: the pending removals of a set whose order was never built stay empty.
    expect((set as unknown as { removed: Set<Rec> }).removed.size).toBe(0);
    expect(set.ascending()).toEqual([b]);
  });

  it('deleting a record whose key ties others (equal time and id) finds it among them, without rebuilding', () => {
    const set = new OrderedSet<Rec>((r) => r.t);
    const recs = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, t: 2 * i }));
    for (const r of recs.slice(0, 500)) set.add(r);
    const [x1, x2, x3] = [0, 1, 2].map(() => ({ id: 5000, t: 999 }));
    for (const x of [x1!, x2!, x3!]) set.add(x);
    for (const r of recs.slice(500)) set.add(r);
    set.ascending();
    set.delete(x2!);
    // One search among 1,003 records, and the 1,002 handed out.
    expect(visits((c) => set.ascending(c))).toBeLessThanOrEqual(1002 + probes(1003));
    expect(set.ascending()[500]).toBe(x1);
    expect(set.ascending()[501]).toBe(x3);
    set.delete(x3!);
    expect(visits((c) => set.ascending(c))).toBeLessThanOrEqual(1001 + probes(1002));
    expect(set.ascending()[500]).toBe(x1);
    set.delete(x1!);
    expect(visits((c) => set.ascending(c))).toBeLessThanOrEqual(1000 + probes(1001));
    expect(set.ascending()).toEqual(recs);
  });

  it('a tie first in the order is found where its search lands', () => {
    const set = new OrderedSet<Rec>((r) => r.t);
    const [x1, x2] = [0, 1].map(() => ({ id: 1, t: 0 }));
    const rest = Array.from({ length: 20 }, (_, i) => ({ id: i + 2, t: i + 1 }));
    for (const r of [x1!, x2!, ...rest]) set.add(r);
    set.ascending();
    set.delete(x2!);
    expect(visits((c) => set.ascending(c))).toBeLessThanOrEqual(21 + probes(22));
    expect(set.ascending()[0]).toBe(x1);
    expect(set.ascending()).toHaveLength(21);
  });
});

describe('OrderedSet patches at most 64 pending changes; more rebuild the order [FAKE-PAGE-COST]', () => {
  /** `n` records built, then `adds` out-of-order additions and `removes` removals (every 7th record). */
  function changed(n: number, adds: number, removes: number) {
    const { set, recs } = built(n);
    const added = between(adds);
    for (const r of added) set.add(r);
    const removed = recs.filter((_, i) => i % 7 === 3).slice(0, removes);
    expect(removed).toHaveLength(removes);
    for (const r of removed) set.delete(r);
    const live = naive([...recs.filter((r) => !removed.includes(r)), ...added]);
    return { set, live };
  }

  it.each([
    [64, 0],
    [0, 64],
    [32, 32],
  ])(
    '%i additions and %i removals into 1,000 are placed one by one: a search each, not a rebuild',
    (adds, removes) => {
      const { set, live } = changed(1000, adds, removes);
      const visited = visits((c) => set.ascending(c));
      expect(visited).toBeLessThanOrEqual(live.length + (adds + removes) * probes(1000 + adds));
      expect(visited).toBeLessThan(2 * live.length);
      expect(set.ascending()).toEqual(live);
    },
  );

  it.each([
    [65, 0],
    [0, 65],
    [33, 32],
    [32, 33],
    [200, 100],
  ])(
    '%i additions and %i removals into 1,000 rebuild the order: every member twice, no search',
    (adds, removes) => {
      const { set, live } = changed(1000, adds, removes);
      expect(visits((c) => set.ascending(c))).toBe(2 * live.length);
      expect(set.ascending()).toEqual(live);
      // Built again, the order takes the next few changes by search.
      const late = { id: 20_000, t: 3 };
      set.add(late);
      expect(visits((c) => set.ascending(c))).toBeLessThanOrEqual(live.length + 1 + probes(live.length));
    },
  );
});
