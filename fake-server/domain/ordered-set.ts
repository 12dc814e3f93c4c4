/**
 * A set kept in (time, id) order, read whole or as a window between two bounds found by binary search, so that a
 * ranged read costs what the range holds (plus a logarithm), not what the set holds (FAKE-PAGE-COST).
 */
import { type CostCounter, visit } from './cost.js';

type Keyed = { id: number };

/** An ordered run of records read by position: an array, or a window over one. */
export interface Run<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

/** A run's records in an array (reading every one). */
export function runToArray<T>(run: Run<T>): T[] {
  return Array.from({ length: run.length }, (_, i) => run.at(i)!);
}

/** Positions `start..end-1` of `items`; each record read is counted. */
class Window<T> implements Run<T> {
  readonly length: number;

  constructor(
    private readonly items: readonly T[],
    private readonly start: number,
    end: number,
    private readonly counter: CostCounter | undefined,
  ) {
    this.length = end - start;
  }

  at(index: number): T | undefined {
    if (index < 0 || index >= this.length) return undefined;
    visit(this.counter, 1);
    return this.items[this.start + index];
  }
}

/**
 * The first index of `items` at which `reached` holds, for a `reached` false then true along `items` (monotone);
 * `items.length` when it never does; the search starts at `from`. Each probe is counted.
 */
function partitionPoint<T>(
  items: readonly T[],
  from: number,
  reached: (t: T) => boolean,
  counter: CostCounter | undefined,
): number {
  let lo = from;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    visit(counter, 1);
    if (reached(items[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Bounds of a window, as predicates monotone along the (time, id) order; an absent bound is open. */
export interface Bounds<T> {
  /** True from the first record in the window on. */
  atOrAfterStart?: ((t: T) => boolean) | undefined;
  /** True from the first record after the window on. */
  afterEnd?: ((t: T) => boolean) | undefined;
}

/** Pending changes up to this many are applied one by one on the next read; more rebuild the order. */
const PATCH_AT_MOST = 64;

/**
 * The order is built on the first read and kept: a record arriving in order (the clock only moves forward) is
 * appended; others, and removals, wait for the next read, which places them by binary search (a few of them) or
 * rebuilds the order (many). A record's time must not change while it is in the set.
 */
export class OrderedSet<T extends Keyed> {
  private readonly members = new Set<T>();
  private sorted: T[] | null = null;
  /** Since `sorted` was built: members to insert into it, and records to take out of it. */
  private readonly added = new Set<T>();
  private readonly removed = new Set<T>();

  constructor(private readonly time: (t: T) => number) {}

  private compare = (a: T, b: T): number => this.time(a) - this.time(b) || a.id - b.id;

  get size(): number {
    return this.members.size;
  }

  add(t: T): void {
    if (this.members.has(t)) return;
    this.members.add(t);
    if (this.sorted === null || this.removed.delete(t)) return;
    const last = this.sorted[this.sorted.length - 1];
    if (last === undefined || this.compare(last, t) < 0) this.sorted.push(t);
    else this.added.add(t);
  }

  delete(t: T): void {
    if (!this.members.delete(t) || this.sorted === null || this.added.delete(t)) return;
    this.removed.add(t);
  }

  private order(counter: CostCounter | undefined): T[] {
    // Pending changes are kept only while `sorted` is built (add and delete keep none without it).
    if (this.added.size + this.removed.size > PATCH_AT_MOST) this.sorted = null;
    if (this.sorted !== null && !this.patch(this.sorted, counter)) this.sorted = null;
    if (this.sorted === null) {
      // Sorting visits every member.
      visit(counter, this.members.size);
      this.sorted = [...this.members].sort(this.compare);
      this.added.clear();
      this.removed.clear();
    }
    return this.sorted;
  }

  /** Apply the pending changes to `sorted` by binary search; false when a removed record is not where it belongs. */
  private patch(sorted: T[], counter: CostCounter | undefined): boolean {
    for (const t of this.removed) {
      let i = partitionPoint(sorted, 0, (u) => this.compare(u, t) >= 0, counter);
      while (i < sorted.length && sorted[i] !== t && this.compare(sorted[i]!, t) === 0) i++;
      if (sorted[i] !== t) return false;
      sorted.splice(i, 1);
    }
    this.removed.clear();
    for (const t of this.added)
      sorted.splice(
        partitionPoint(sorted, 0, (u) => this.compare(u, t) > 0, counter),
        0,
        t,
      );
    this.added.clear();
    return true;
  }

  /** The members in ascending (time, id) order, all of them (counted as visited). Do not modify. */
  ascending(counter?: CostCounter): readonly T[] {
    const sorted = this.order(counter);
    visit(counter, sorted.length);
    return sorted;
  }

  /** The members within `bounds`, in ascending (time, id) order; only the probes and the records read are counted. */
  window(bounds: Bounds<T>, counter: CostCounter | undefined): Run<T> {
    const sorted = this.order(counter);
    const start = bounds.atOrAfterStart ? partitionPoint(sorted, 0, bounds.atOrAfterStart, counter) : 0;
    const end = bounds.afterEnd ? partitionPoint(sorted, start, bounds.afterEnd, counter) : sorted.length;
    return new Window(sorted, start, end, counter);
  }
}
