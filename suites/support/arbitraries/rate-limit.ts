/**
 * Arbitraries for request schedules against an hourly cap: steps of "advance the clock, then send n requests at
 * once". Clock steps favour the window's edges (one ms either side of a window length, half a window) so
 * boundaries are crossed often; counts reach past the cap within a few steps. The window length and the cap come
 * from the caller.
 */
import fc from 'fast-check';

export interface ScheduleStep {
  /** Virtual ms to advance before the requests of this step. */
  advanceMs: number;
  /** Requests sent at once after the advance (0: only time passes). */
  count: number;
}

/** A clock step: 0, the window's edges and halves, or any ms up to two windows. */
export const clockStepArb = (windowMs: number): fc.Arbitrary<number> =>
  fc.oneof(
    fc.constantFrom(0, 1, windowMs - 1, windowMs, windowMs + 1, Math.floor(windowMs / 2)),
    fc.integer({ min: 0, max: 2 * windowMs }),
  );

/** A schedule of 1 to `maxSteps` steps whose counts go up to `maxCount` (pass more than cap / 2 to cross it). */
export const scheduleArb = (windowMs: number, maxCount: number, maxSteps = 6): fc.Arbitrary<ScheduleStep[]> =>
  fc.array(
    fc.record({
      advanceMs: clockStepArb(windowMs),
      count: fc.oneof(fc.constantFrom(0, maxCount), fc.integer({ min: 0, max: maxCount })),
    }),
    { minLength: 1, maxLength: maxSteps },
  );
