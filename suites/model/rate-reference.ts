/**
 * The reference counter of the rate model (rate.model.test.ts; the commands: rate-commands.ts): fixed windows per
 * project (RATE-WINDOW-FIXED-HOUR): a window opens with the first request after the previous one ended; a request is
 * admitted while its window has fewer than 100 admitted; refused ones take no slot.
 */

export const HOUR = 3_600_000;
export const CAP = 100;

export interface Counter {
  /** Start of the current window (epoch ms); undefined before the first request. */
  start: number | undefined;
  count: number;
  /** When the project's first request was made (epoch ms); undefined before it. */
  firstAt?: number;
}

export interface Model {
  now: number;
  counters: [Counter, Counter];
}

/** The window a request at `now` counts in: the current one, or a new one once it has ended. */
export function windowAt(c: Counter, now: number): Counter {
  return c.start === undefined || now >= c.start + HOUR ? { start: now, count: 0 } : c;
}
