/**
 * How one key's requests are counted over time, in either window mode (the spec does not show the window):
 * - `fixed` (RATE-WINDOW-FIXED-HOUR, the default): a window opens at the first request after the previous one
 *   ended and lasts `ms`; its requests count until it ends, all at once.
 * - `sliding` (RATE-WINDOW-SLIDING-OPTION): a request counts for `ms` after it was admitted, so at any instant the
 *   admitted requests of the last `ms` count; a slot frees when the oldest of them leaves the window.
 * A request at `t` belongs to the window up to `t + ms - 1` and has left it at `t + ms`. Only admitted requests
 * are recorded (a refused one takes no slot). Times come from the virtual clock, which only moves forward.
 */

import { type WindowMode, windowModes } from '../../contract/control/requests.js';

/** The modes are part of the control API (FAKE-RATE-WINDOW-CONTROL): declared in contract/control/. */
export { type WindowMode, windowModes };

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
  if (mode === 'fixed') return fixedTally(state);
  return slidingTally(state && 'stamps' in state ? state.stamps : []);
}

function fixedTally(initial?: TallyState): Tally {
  // A state of the other mode has neither field, so it reads as an empty tally.
  const held = { start: null, count: 0, ...initial };
  let start = held.start ?? Number.NEGATIVE_INFINITY;
  let count = held.count;
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

/** Admission times still counting, oldest first (they arrive in order: the clock only moves forward). */
function slidingTally(initial: readonly number[]): Tally {
  const stamps: number[] = [...initial];
  /** Forget the requests that have left the window at `now`: a prefix, as the oldest leave first. */
  const drop = (now: number, ms: number) => {
    let gone = 0;
    while ((stamps[gone] ?? Number.POSITIVE_INFINITY) <= now - ms) gone += 1;
    stamps.splice(0, gone);
  };
  return {
    count(now, ms) {
      drop(now, ms);
      return stamps.length;
    },
    add(now, ms) {
      drop(now, ms);
      stamps.push(now);
    },
    resetAt(now, ms, limit) {
      drop(now, ms);
      // The count falls below `limit` when the request at that rank from the newest leaves; with none counted, a
      // request now would be the oldest.
      return (stamps[Math.max(0, stamps.length - limit)] ?? now) + ms;
    },
    startAt(now, ms) {
      drop(now, ms);
      return stamps[0] ?? now;
    },
    state: () => ({ stamps: [...stamps] }),
  };
}
