/**
 * Hourly caps: one tally per key (token, project search, project RAG), counted in windows of `ms` in the `fixed`
 * mode (RATE-WINDOW-FIXED-HOUR, the default) or the `sliding` one (RATE-WINDOW-SLIDING-OPTION); see rate-window.ts.
 * `hit` checks and counts in one synchronous step, so the cap is exact under any concurrency in one process: no
 * await separates the check from the count.
 */
import { MIN_WINDOW_MS } from '../../contract/control/requests.js';
import { HOUR_MS } from './clock.js';
import { errors } from './errors.js';
import { createTally, type Tally, type TallyState, type WindowMode, windowModes } from './rate-window.js';

export { MIN_WINDOW_MS, type TallyState, type WindowMode, windowModes };

export interface RateDecision {
  limit: number;
  remaining: number;
  /** Epoch ms at which the count next falls (see Tally.resetAt). */
  resetAt: number;
}

/** The window: its length and mode (FAKE-RATE-WINDOW-CONTROL). */
export interface RateWindow {
  ms: number;
  mode: WindowMode;
}

export const DEFAULT_RATE_WINDOW: Readonly<RateWindow> = { ms: HOUR_MS, mode: 'fixed' };

/** What counts for one key at an instant, as the control API shows it. */
export interface CounterView {
  count: number;
  /** Epoch ms: the fixed window's start, or the oldest counted request. */
  start: number;
  /** Epoch ms at which the count next falls. */
  reset_at: number;
}

export interface RateLimiter {
  /** Count one request for `key` against `limit` at `now`; throws 429 (nothing counted) when the cap is reached. */
  hit(key: string, limit: number, now: number, message: string): RateDecision;
  window(): RateWindow;
  /**
   * Change the window. A new length applies at once to the counts already made; a new mode starts every count
   * afresh (the two modes record different things).
   */
  setWindow(change: Partial<RateWindow>): RateWindow;
  /** Forget every count. */
  reset(): void;
  /** Forget the counts whose key matches; the others stay. Returns how many were forgotten. */
  forget(matches: (key: string) => boolean): number;
  /** Every key with a request still counting at `now`. */
  counters(now: number): Record<string, CounterView>;
  /** The window and every tally as plain data (for the state file); createRateLimiter rebuilds them. */
  snapshot(): RateLimiterSnapshot;
}

export interface RateLimiterSnapshot {
  window: RateWindow;
  tallies: [key: string, tally: TallyState][];
}

export function checkWindow(w: RateWindow): RateWindow {
  if (!Number.isInteger(w.ms) || w.ms < MIN_WINDOW_MS)
    throw new RangeError(`window must be a whole number of ms, at least ${MIN_WINDOW_MS}`);
  if (!windowModes.includes(w.mode)) throw new RangeError(`window mode must be one of ${windowModes}`);
  return w;
}

/** A limiter with the window `initial` and no counts, or, with `tallies`, holding those counts. */
export function createRateLimiter(
  initial: Partial<RateWindow> = {},
  restored: RateLimiterSnapshot['tallies'] = [],
): RateLimiter {
  let current = checkWindow({ ...DEFAULT_RATE_WINDOW, ...initial });
  const tallies = new Map<string, Tally>(
    restored.map(([key, state]) => [key, createTally(current.mode, state)]),
  );
  return {
    hit(key, limit, now, message) {
      const { ms, mode } = current;
      let tally = tallies.get(key);
      if (!tally) {
        tally = createTally(mode);
        tallies.set(key, tally);
      }
      const used = tally.count(now, ms);
      if (used >= limit) {
        const resetAt = tally.resetAt(now, ms, limit);
        const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
        throw errors.rateLimited(message, rateHeaders({ limit, remaining: 0, resetAt }, retryAfter));
      }
      tally.add(now, ms);
      return { limit, remaining: limit - used - 1, resetAt: tally.resetAt(now, ms, limit) };
    },
    window: () => ({ ...current }),
    setWindow(change) {
      const next = checkWindow({ ...current, ...change });
      if (next.mode !== current.mode) tallies.clear();
      current = next;
      return { ...current };
    },
    reset: () => tallies.clear(),
    forget(matches) {
      let n = 0;
      for (const key of [...tallies.keys()])
        if (matches(key)) {
          tallies.delete(key);
          n += 1;
        }
      return n;
    },
    counters(now) {
      const { ms } = current;
      const out: Record<string, CounterView> = {};
      for (const [key, t] of tallies) {
        const count = t.count(now, ms);
        if (count > 0)
          out[key] = {
            count,
            start: t.startAt(now, ms),
            reset_at: t.resetAt(now, ms, Number.POSITIVE_INFINITY),
          };
      }
      return out;
    },
    snapshot: () => ({ window: { ...current }, tallies: [...tallies].map(([key, t]) => [key, t.state()]) }),
  };
}

/** The X-RateLimit headers of a decision (RATE-HEADERS), and Retry-After on a refusal. */
export function rateHeaders(d: RateDecision, retryAfterSeconds?: number): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': String(d.remaining),
    'X-RateLimit-Reset': String(Math.ceil(d.resetAt / 1000)),
  };
  if (retryAfterSeconds !== undefined) headers['Retry-After'] = String(retryAfterSeconds);
  return headers;
}
