/** Virtual time. Domain code reads time only from here; tests and the control API move it. */
export interface Clock {
  now(): number;
  advance(ms: number): number;
  set(ms: number): number;
}

/** Monday 2026-01-05 09:00:00 UTC: the default start of virtual time. */
export const DEFAULT_EPOCH = Date.UTC(2026, 0, 5, 9, 0, 0);

/**
 * A virtual clock starting at `start`. Frozen by default: it moves only when told. Given a wall-time source
 * (`ticking`), it also moves with real time, so a long-running fake (npm start) ages sessions and rate windows as a
 * real deployment would; advance() still jumps ahead. Only the composition root passes a wall-time source.
 */
export function createVirtualClock(start: number = DEFAULT_EPOCH, ticking?: () => number): Clock {
  let offset = start;
  const wallAtStart = ticking?.() ?? 0;
  const elapsed = () => (ticking ? Math.floor(ticking() - wallAtStart) : 0);
  return {
    now: () => offset + elapsed(),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      offset += Math.floor(ms);
      return offset + elapsed();
    },
    set(ms) {
      const current = offset + elapsed();
      if (!Number.isFinite(ms) || ms < current) throw new RangeError('the clock only moves forward');
      offset += Math.floor(ms) - current;
      return offset + elapsed();
    },
  };
}

/**
 * Recently formatted instants: the views format the same stored timestamps on every read, and formatting is a large
 * part of a small request. A pure function of `ms`, so a kept string never goes stale; bounded (cleared when full).
 */
const formatted = new Map<number, string>();
export const ISO_CACHE_SIZE = 4096;

/** An instant as ISO 8601 (`toISOString`); throws RangeError for an invalid one, as `toISOString` does. */
export const iso = (ms: number): string => formatted.get(ms) ?? format(ms);

function format(ms: number): string {
  const s = new Date(ms).toISOString();
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent; when the kept strings are dropped changes memory use only, never a result
  if (formatted.size >= ISO_CACHE_SIZE) formatted.clear();
  formatted.set(ms, s);
  return s;
}
/** The UTC calendar day (YYYY-MM-DD) of an instant, as date-only filters compare it. */
export const isoDay = (ms: number): string => iso(ms).slice(0, 10);
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
