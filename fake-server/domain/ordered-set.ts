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

/**
 * The order is built on the first read and kept while records arrive in order (the clock only moves forward); an
 * out-of-order arrival or a removal rebuilds it on the next read.
 */
export class OrderedSet<T extends Keyed> {
  private readonly members = new Set<T>();
  private sorted: T[] | null = null;

  constructor(private readonly time: (t: T) => number) {}

  private compare = (a: T, b: T): number => this.time(a) - this.time(b) || a.id - b.id;

  get size(): number {
    return this.members.size;
  }

  add(t: T): void {
    this.members.add(t);
    if (this.sorted === null) return;
    const last = this.sorted[this.sorted.length - 1];
    if (last === undefined || this.compare(last, t) < 0) this.sorted.push(t);
    else this.sorted = null;
  }

  delete(t: T): void {
    if (this.members.delete(t)) this.sorted = null;
  }

  private order(counter: CostCounter | undefined): T[] {
    if (this.sorted === null) {
      // Sorting visits every member.
      visit(counter, this.members.size);
      this.sorted = [...this.members].sort(this.compare);
    }
    return this.sorted;
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
