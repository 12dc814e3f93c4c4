/** Virtual time. Domain code reads time only from here; tests and the control API move it. */
export interface Clock {
  now(): number;
  advance(ms: number): number;
  set(ms: number): number;
}

/** Monday 2026-01-05 09:00:00 UTC: the default start of virtual time. */
export const DEFAULT_EPOCH = Date.UTC(2026, 0, 5, 9, 0, 0);

export function createVirtualClock(start: number = DEFAULT_EPOCH): Clock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      current += Math.floor(ms);
      return current;
    },
    set(ms) {
      if (!Number.isFinite(ms) || ms < current) throw new RangeError('the clock only moves forward');
      current = Math.floor(ms);
      return current;
    },
  };
}

export const iso = (ms: number): string => new Date(ms).toISOString();
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
