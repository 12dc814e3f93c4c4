/** One key's tally called directly, in each window mode: counts, window boundaries and state, in virtual ms. */
import { describe, expect, it } from 'vitest';
import { createTally } from './rate-window.js';

/** count, startAt and resetAt (under `limit`) of a tally at `now` with a window of `ms`. */
const view = (t: ReturnType<typeof createTally>, now: number, ms: number, limit = 1_000) => [
  t.count(now, ms),
  t.startAt(now, ms),
  t.resetAt(now, ms, limit),
];

describe('fixed tally', () => {
  it('empty, a window would open now and end one length later [RATE-WINDOW-FIXED-HOUR, RATE-HEADERS]', () => {
    const t = createTally('fixed');
    expect(view(t, 5_000, 1_000)).toEqual([0, 5_000, 6_000]);
    expect(t.state()).toEqual({ start: null, count: 0 });
  });

  it('the first request opens the window; it ends all at once one length later [RATE-WINDOW-FIXED-HOUR, RATE-HEADERS]', () => {
    const t = createTally('fixed');
    t.add(5_000, 1_000);
    t.add(5_400, 1_000);
    expect(view(t, 5_999, 1_000)).toEqual([2, 5_000, 6_000]);
    expect(t.state()).toEqual({ start: 5_000, count: 2 });
    // At 6 s it has ended: nothing counts, and a window opened now would end at 7 s.
    expect(view(t, 6_000, 1_000)).toEqual([0, 6_000, 7_000]);
    t.add(6_500, 1_000);
    expect(view(t, 6_500, 1_000)).toEqual([1, 6_500, 7_500]);
    expect(t.state()).toEqual({ start: 6_500, count: 1 });
  });

  it('the length is read at each call: a shorter one ends the window sooner [FAKE-RATE-WINDOW-CONTROL]', () => {
    const t = createTally('fixed');
    t.add(0, 10_000);
    expect(view(t, 4_999, 5_000)).toEqual([1, 0, 5_000]);
    expect(view(t, 5_000, 5_000)).toEqual([0, 5_000, 10_000]);
  });

  it('rebuilt from its state, it holds the same window; a sliding state reads as empty [FAKE-STATE-FILE, RATE-WINDOW-FIXED-HOUR]', () => {
    const t = createTally('fixed', { start: 5_000, count: 2 });
    expect(view(t, 5_999, 1_000)).toEqual([2, 5_000, 6_000]);
    expect(t.state()).toEqual({ start: 5_000, count: 2 });
    expect(view(t, 6_000, 1_000)).toEqual([0, 6_000, 7_000]);
    const unopened = createTally('fixed', { start: null, count: 0 });
    expect(view(unopened, 5_000, 1_000)).toEqual([0, 5_000, 6_000]);
    const foreign = createTally('fixed', { stamps: [5_000, 5_500] });
    expect(view(foreign, 5_500, 1_000)).toEqual([0, 5_500, 6_500]);
    expect(foreign.state()).toEqual({ start: null, count: 0 });
  });
});

describe('sliding tally', () => {
  it('empty: nothing counts, the window would start now and free one length later [RATE-WINDOW-SLIDING-OPTION, RATE-HEADERS]', () => {
    const t = createTally('sliding');
    expect(view(t, 5_000, 1_000, 3)).toEqual([0, 5_000, 6_000]);
    expect(t.state()).toEqual({ stamps: [] });
  });

  it('each request counts from t to t + window - 1; the reset is when the count falls below the limit [RATE-WINDOW-SLIDING-OPTION, RATE-HEADERS]', () => {
    const t = createTally('sliding');
    for (const at of [1_000, 1_200, 1_500]) t.add(at, 1_000);
    expect(t.state()).toEqual({ stamps: [1_000, 1_200, 1_500] });
    // Under the limit the count next falls when the oldest leaves; at or over it, when the one at that rank leaves.
    expect(view(t, 1_999, 1_000, 10)).toEqual([3, 1_000, 2_000]);
    expect(t.resetAt(1_999, 1_000, 3)).toBe(2_000);
    expect(t.resetAt(1_999, 1_000, 2)).toBe(2_200);
    expect(t.resetAt(1_999, 1_000, 1)).toBe(2_500);
    expect(view(t, 2_000, 1_000, 1)).toEqual([2, 1_200, 2_500]);
    expect(t.state()).toEqual({ stamps: [1_200, 1_500] });
    expect(view(t, 2_499, 1_000, 1)).toEqual([1, 1_500, 2_500]);
    expect(view(t, 2_500, 1_000, 1)).toEqual([0, 2_500, 3_500]);
    expect(t.state()).toEqual({ stamps: [] });
  });

  it('requests admitted at the same instant leave together; a long run keeps only the last window [RATE-WINDOW-SLIDING-OPTION]', () => {
    const t = createTally('sliding');
    t.add(0, 100);
    t.add(0, 100);
    t.add(50, 100);
    expect(view(t, 99, 100)).toEqual([3, 0, 100]);
    expect(view(t, 100, 100)).toEqual([1, 50, 150]);
    for (let at = 200; at < 500; at++) t.add(at, 100);
    expect(view(t, 499, 100, 1)).toEqual([100, 400, 599]);
    expect(t.state()).toEqual({ stamps: Array.from({ length: 100 }, (_, i) => 400 + i) });
    t.add(600, 100);
    expect(t.state()).toEqual({ stamps: [600] });
  });

  it('the length is read at each call: a shorter one lets requests leave sooner [FAKE-RATE-WINDOW-CONTROL]', () => {
    const t = createTally('sliding');
    t.add(0, 10_000);
    t.add(3_000, 10_000);
    expect(view(t, 4_999, 5_000)).toEqual([2, 0, 5_000]);
    expect(view(t, 5_000, 5_000)).toEqual([1, 3_000, 8_000]);
  });

  it('rebuilt from its state, it holds the same requests; a fixed state reads as empty [FAKE-STATE-FILE, RATE-WINDOW-SLIDING-OPTION]', () => {
    const t = createTally('sliding', { stamps: [1_200, 1_500] });
    expect(t.state()).toEqual({ stamps: [1_200, 1_500] });
    expect(view(t, 2_199, 1_000, 1)).toEqual([2, 1_200, 2_500]);
    expect(view(t, 2_200, 1_000, 1)).toEqual([1, 1_500, 2_500]);
    const foreign = createTally('sliding', { start: 1_000, count: 2 });
    expect(view(foreign, 1_500, 1_000)).toEqual([0, 1_500, 2_500]);
    expect(foreign.state()).toEqual({ stamps: [] });
  });
});
