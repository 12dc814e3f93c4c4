/**
 * How one key's requests are counted over time, in either window mode (the spec does not show the window):
 * - `fixed` (RATE-WINDOW-FIXED-HOUR, the default): a window opens at the first request after the previous one
 *   ended and lasts `ms`; its requests count until it ends, all at once.
 * - `sliding` (RATE-WINDOW-SLIDING-OPTION): a request counts for `ms` after it was admitted, so at any instant the
 *   admitted requests of the last `ms` count; a slot frees when the oldest of them leaves the window.
 * A request at `t` belongs to the window up to `t + ms - 1` and has left it at `t + ms`. Only admitted requests
 * are recorded (a refused one takes no slot). Times come from the virtual clock, which only moves forward.
 */

export const windowModes = ['fixed', 'sliding'] as const;
export type WindowMode = (typeof windowModes)[number];

/** One key's count under one mode; `ms` is read at every call, so a changed window length applies at once. */
export interface Tally {
  /** Admitted requests that still count at `now`. */
  count(now: number, ms: number): number;
  /** Record one admitted request at `now`. */
  add(now: number, ms: number): void;
  /**
   * Epoch ms at which the count next falls: the fixed window's end; in sliding mode, when the oldest counted request
   * leaves the window, or, with `limit` counted or more (a cap lowered meanwhile), when the count falls below it.
   */
  resetAt(now: number, ms: number, limit: number): number;
  /** Epoch ms of the start of what counts at `now`: the fixed window's start, or the oldest counted request. */
  startAt(now: number, ms: number): number;
  /** What it holds, as plain data (for the state file); createTally(mode, state) rebuilds it. */
  state(): TallyState;
}

/**
 * A tally as data: the fixed window's start (null before the first request) and count, or the admission times
 * still kept in sliding mode, oldest first.
 */
export type TallyState = { start: number | null; count: number } | { stamps: number[] };

/** A tally of `mode`, empty or holding `state` (which must be of the same mode). */
export function createTally(mode: WindowMode, state?: TallyState): Tally {
  if (mode === 'fixed') return fixedTally(state && 'count' in state ? state : undefined);
  return slidingTally(state && 'stamps' in state ? state.stamps : []);
}

function fixedTally(initial?: { start: number | null; count: number }): Tally {
  let start = initial?.start ?? Number.NEGATIVE_INFINITY;
  let count = initial?.count ?? 0;
  const ended = (now: number, ms: number) => now >= start + ms;
  return {
    count: (now, ms) => (ended(now, ms) ? 0 : count),
    add(now, ms) {
      if (ended(now, ms)) {
        start = now;
        count = 0;
      }
      count += 1;
    },
    resetAt: (now, ms) => (ended(now, ms) ? now + ms : start + ms),
    startAt: (now, ms) => (ended(now, ms) ? now : start),
    state: () => ({ start: Number.isFinite(start) ? start : null, count }),
  };
}

/** Admission times, oldest first, from `head` on; the dropped prefix is compacted away now and then. */
function slidingTally(initial: readonly number[]): Tally {
  let stamps: number[] = [...initial];
  let head = 0;
  const drop = (now: number, ms: number) => {
    while (head < stamps.length && (stamps[head] as number) <= now - ms) head += 1;
    if (head > 64 && head * 2 > stamps.length) {
      stamps = stamps.slice(head);
      head = 0;
    }
  };
  return {
    count(now, ms) {
      drop(now, ms);
      return stamps.length - head;
    },
    add(now, ms) {
      drop(now, ms);
      stamps.push(now);
    },
    resetAt(now, ms, limit) {
      drop(now, ms);
      const count = stamps.length - head;
      if (count === 0) return now + ms;
      return (stamps[head + Math.max(0, count - limit)] as number) + ms;
    },
    startAt(now, ms) {
      drop(now, ms);
      return head < stamps.length ? (stamps[head] as number) : now;
    },
    state: () => ({ stamps: stamps.slice(head) }),
  };
}
