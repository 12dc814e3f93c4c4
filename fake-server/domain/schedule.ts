/**
 * A schedule of records by a time that only moves later (FAKE-PAGE-COST): a binary min-heap of (time, record)
 * entries, so that asking what is due costs the due records (and a logarithm each), not the records scheduled.
 *
 * `schedule(t)` queues `t` at `timeOf(t)` unless it is already queued at that time or earlier. A record whose time
 * moved later keeps its earlier entry: when that entry comes due the caller finds the record not due yet and
 * schedules it again. A record whose time may have moved earlier must be scheduled again by whoever moved it.
 * Entries of records that are gone are skipped by the caller when they come due.
 */
export class Schedule<T> {
  private readonly times: number[] = [];
  private readonly items: T[] = [];
  /** The time each record is queued at (its earliest entry); absent once that entry came due. */
  private readonly queued = new Map<T, number>();

  constructor(private readonly timeOf: (t: T) => number) {}

  /** Entries in the heap (stale ones included). */
  get size(): number {
    return this.times.length;
  }

  schedule(t: T): void {
    const time = this.timeOf(t);
    const at = this.queued.get(t);
    if (at !== undefined && at <= time) return;
    this.queued.set(t, time);
    this.push(time, t);
  }

  /**
   * The next record whose queued time `isDue` (false then true as times grow), taken off the schedule; undefined
   * when none is due. An entry left behind by a later, earlier entry of the same record is dropped on the way.
   */
  next(isDue: (time: number) => boolean): T | undefined {
    while (this.times.length > 0 && isDue(this.times[0]!)) {
      const time = this.times[0]!;
      const t = this.items[0]!;
      this.pop();
      if (this.queued.get(t) === time) {
        this.queued.delete(t);
        return t;
      }
    }
    return undefined;
  }

  private push(time: number, t: T): void {
    const { times, items } = this;
    let i = times.length;
    times.push(time);
    items.push(t);
    while (i > 0) {
      const parent = (i - 1) >>> 1;
      if (times[parent]! <= time) break;
      times[i] = times[parent]!;
      items[i] = items[parent]!;
      i = parent;
    }
    times[i] = time;
    items[i] = t;
  }

  private pop(): void {
    const { times, items } = this;
    const lastTime = times.pop()!;
    const last = items.pop()!;
    const n = times.length;
    if (n === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && times[right]! < times[left]! ? right : left;
      if (times[child]! >= lastTime) break;
      times[i] = times[child]!;
      items[i] = items[child]!;
      i = child;
    }
    times[i] = lastTime;
    items[i] = last;
  }
}
