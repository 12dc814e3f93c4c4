/**
 * OrderedSet's order when the comparator ties (equal time and id, different records) and when a removed record is not
 * where its time places it: the order a patch gives is the order a rebuild gives (FAKE-PAGE-COST keeps reads cheap,
 * never at the price of another order).
 */
import { describe, expect, it } from 'vitest';
import type { CostCounter } from './cost.js';
import { OrderedSet } from './ordered-set.js';

type Rec = { id: number; t: number; tag: string };

const rec = (tag: string, id: number, t: number): Rec => ({ id, t, tag });
const tags = (set: OrderedSet<Rec>) => set.ascending().map((r) => r.tag);

describe('OrderedSet ties of its comparator [FAKE-PAGE-COST, SESSIONS-DATE-FILTER]', () => {
  it('records with equal time and id keep their arrival order, whether placed by search or by a rebuild', () => {
    const arrivals = [rec('a', 1, 0), rec('x1', 5, 10), rec('b', 9, 20), rec('x2', 5, 10), rec('x3', 5, 10)];
    // Placed by search: the order is built after the first three, the two ties wait for the next read.
    const patched = new OrderedSet<Rec>((r) => r.t);
    for (const r of arrivals.slice(0, 3)) patched.add(r);
    patched.ascending();
    for (const r of arrivals.slice(3)) patched.add(r);
    const counter: CostCounter = { visited: 0 };
    expect(patched.ascending(counter).map((r) => r.tag)).toEqual(['a', 'x1', 'x2', 'x3', 'b']);
    expect(counter.visited).toBeLessThan(2 * arrivals.length);
    // Sorted once, all arrivals in hand.
    const rebuilt = new OrderedSet<Rec>((r) => r.t);
    for (const r of arrivals) rebuilt.add(r);
    expect(tags(rebuilt)).toEqual(['a', 'x1', 'x2', 'x3', 'b']);
  });

  it('a tie re-added after its removal goes after the ties still there', () => {
    const set = new OrderedSet<Rec>((r) => r.t);
    const x1 = rec('x1', 5, 10);
    const x2 = rec('x2', 5, 10);
    for (const r of [rec('a', 1, 0), x1, x2, rec('b', 9, 20)]) set.add(r);
    set.ascending();
    set.delete(x1);
    expect(tags(set)).toEqual(['a', 'x2', 'b']);
    set.add(x1);
    expect(tags(set)).toEqual(['a', 'x2', 'x1', 'b']);
  });

  it('deleting one of several ties takes out that one, wherever it stands among them', () => {
    for (const gone of ['x1', 'x2', 'x3']) {
      const set = new OrderedSet<Rec>((r) => r.t);
      const ties = ['x1', 'x2', 'x3'].map((tag) => rec(tag, 5, 10));
      for (const r of [rec('a', 1, 0), ...ties, rec('b', 9, 20)]) set.add(r);
      set.ascending();
      set.delete(ties.find((r) => r.tag === gone)!);
      expect(tags(set)).toEqual(['a', ...['x1', 'x2', 'x3'].filter((t) => t !== gone), 'b']);
      expect(set.size).toBe(4);
    }
  });
});

describe('OrderedSet when a removed record is not where its time places it [FAKE-PAGE-COST]', () => {
  // Against the rule (a record's time must not change while it is in the set): the patch finds the removed record
  // missing from its place, and the read rebuilds the order from the members' current times instead.
  it('a record whose time rose past every other is still taken out', () => {
    const set = new OrderedSet<Rec>((r) => r.t);
    const a = rec('a', 1, 1);
    for (const r of [a, rec('b', 2, 2), rec('c', 3, 3)]) set.add(r);
    set.ascending();
    a.t = 99;
    set.delete(a);
    const counter: CostCounter = { visited: 0 };
    expect(set.ascending(counter).map((r) => r.tag)).toEqual(['b', 'c']);
    // Two probes, then the two members sorted and handed out.
    expect(counter.visited).toBe(2 + 2 + 2);
    expect(tags(set)).toEqual(['b', 'c']);
  });

  it('a record whose time fell below others is still taken out, and the members are re-sorted by their current times', () => {
    const set = new OrderedSet<Rec>((r) => r.t);
    const b = rec('b', 2, 2);
    const c = rec('c', 3, 3);
    for (const r of [rec('a', 1, 1), b, c]) set.add(r);
    set.ascending();
    b.t = 0;
    c.t = -1;
    set.delete(c);
    expect(tags(set)).toEqual(['b', 'a']);
    expect(set.size).toBe(2);
  });
});
