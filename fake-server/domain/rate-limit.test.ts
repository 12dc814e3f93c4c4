import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { failure } from './errors.test-support.js';
import { createRateLimiter, type RateLimiter, rateHeaders, type WindowMode } from './rate-limit.js';

const HOUR = 3_600_000;

function outcome(fn: () => unknown): number | 'ok' {
  try {
    fn();
    return 'ok';
  } catch (err) {
    if (err instanceof DomainError) return err.status;
    throw err;
  }
}

const hitN = (limiter: RateLimiter, n: number, now: number, limit = n) => {
  for (let i = 0; i < n; i++) limiter.hit('k', limit, now, 'm');
};

describe('rate limiter, both modes', () => {
  describe.each(['fixed', 'sliding'] as WindowMode[])('%s', (mode) => {
    it('admits exactly the cap within a window, then 429 with nothing counted [RATE-PLATFORM-1000, RATE-WINDOW-FIXED-HOUR, RATE-WINDOW-SLIDING-OPTION]', () => {
      const limiter = createRateLimiter({ mode });
      const outcomes = Array.from({ length: 1005 }, (_, i) =>
        outcome(() => limiter.hit('k', 1000, 1000 + i, 'm')),
      );
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1000);
      expect(outcomes.slice(1000)).toEqual([429, 429, 429, 429, 429]);
      expect(limiter.counters(2005).k?.count).toBe(1000);
    });

    it('counts keys apart [RATE-PLATFORM-PER-TOKEN]', () => {
      const limiter = createRateLimiter({ mode });
      limiter.hit('a', 1, 0, 'm');
      expect(outcome(() => limiter.hit('a', 1, 0, 'm'))).toBe(429);
      expect(outcome(() => limiter.hit('b', 1, 0, 'm'))).toBe('ok');
    });

    it('a request at t counts until t + window - 1 and has left at t + window [RATE-WINDOW-FIXED-HOUR, RATE-WINDOW-SLIDING-OPTION]', () => {
      const limiter = createRateLimiter({ mode });
      hitN(limiter, 3, 5_000);
      expect(outcome(() => limiter.hit('k', 3, 5_000 + HOUR - 1, 'm'))).toBe(429);
      expect(limiter.hit('k', 3, 5_000 + HOUR, 'm').remaining).toBe(2);
    });

    it('many concurrent async tasks hitting one key: exactly the cap admitted [RATE-PLATFORM-1000]', async () => {
      const limiter = createRateLimiter({ mode });
      const tasks = Array.from({ length: 1500 }, async (_, i) => {
        // Interleave the tasks: each yields to the event loop a varying number of times before its hit.
        for (let y = 0; y < i % 7; y++) await yieldToLoop();
        return outcome(() => limiter.hit('token:1', 1000, 42, 'm'));
      });
      const outcomes = await Promise.all(tasks);
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1000);
      expect(outcomes.filter((o) => o === 429)).toHaveLength(500);
      expect(limiter.counters(42)['token:1']?.count).toBe(1000);
    });

    it('a shrunk window applies to counts already made; reset forgets them [FAKE-RATE-WINDOW-CONTROL]', () => {
      const limiter = createRateLimiter({ mode });
      limiter.hit('k', 1, 0, 'm');
      expect(limiter.setWindow({ ms: 60_000 })).toEqual({ ms: 60_000, mode });
      expect(outcome(() => limiter.hit('k', 1, 59_999, 'm'))).toBe(429);
      expect(outcome(() => limiter.hit('k', 1, 60_000, 'm'))).toBe('ok');
      limiter.reset();
      expect(limiter.counters(60_000)).toEqual({});
      expect(limiter.hit('k', 1, 60_000, 'm').remaining).toBe(0);
    });
  });

  it('fixed: Retry-After and X-RateLimit-Reset name the end of the window opened by its first request [RATE-HEADERS, RATE-WINDOW-FIXED-HOUR]', () => {
    const limiter = createRateLimiter();
    expect(limiter.window()).toEqual({ ms: HOUR, mode: 'fixed' });
    expect(limiter.hit('k', 2, 10_000, 'm')).toEqual({ limit: 2, remaining: 1, resetAt: 10_000 + HOUR });
    expect(limiter.hit('k', 2, 20_000, 'm')).toEqual({ limit: 2, remaining: 0, resetAt: 10_000 + HOUR });
    const e = failure(() => limiter.hit('k', 2, 11_500, 'Rate limit exceeded. Please try again later.'));
    expect([e.status, e.message]).toEqual([429, 'Rate limit exceeded. Please try again later.']);
    expect(e.headers).toEqual({
      'X-RateLimit-Limit': '2',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Math.ceil((10_000 + HOUR) / 1000)),
      'Retry-After': String(Math.ceil((HOUR - 1_500) / 1000)),
    });
    expect(limiter.counters(20_000)).toEqual({ k: { count: 2, start: 10_000, reset_at: 10_000 + HOUR } });
    // The whole count goes at once when the window ends.
    expect(limiter.hit('k', 2, 10_000 + HOUR, 'm').remaining).toBe(1);
  });

  it('sliding: each request leaves the window on its own; Retry-After names when the oldest leaves [RATE-WINDOW-SLIDING-OPTION, RATE-HEADERS]', () => {
    const limiter = createRateLimiter({ mode: 'sliding', ms: 60_000 });
    expect(limiter.hit('k', 3, 0, 'm')).toEqual({ limit: 3, remaining: 2, resetAt: 60_000 });
    limiter.hit('k', 3, 20_000, 'm');
    expect(limiter.hit('k', 3, 40_000, 'm')).toEqual({ limit: 3, remaining: 0, resetAt: 60_000 });
    const e = failure(() => limiter.hit('k', 3, 45_000, 'm'));
    expect(e.headers?.['Retry-After']).toBe('15');
    expect(e.headers?.['X-RateLimit-Reset']).toBe('60');
    expect(limiter.counters(45_000)).toEqual({ k: { count: 3, start: 0, reset_at: 60_000 } });
    // At 60 s the first request has left: one slot, and the next to free is the one of 20 s.
    expect(limiter.hit('k', 3, 60_000, 'm')).toEqual({ limit: 3, remaining: 0, resetAt: 80_000 });
    expect(failure(() => limiter.hit('k', 3, 79_999, 'm')).headers?.['Retry-After']).toBe('1');
    expect(limiter.hit('k', 3, 80_000, 'm').remaining).toBe(0);
    // Unlike a fixed window, the count never drops all at once: 40 s, 60 s and 80 s still count at 99.999 s.
    expect(limiter.counters(99_999).k?.count).toBe(3);
    expect(limiter.counters(100_000).k?.count).toBe(2);
  });

  it('sliding, a cap lowered below the count: Retry-After waits until the count falls below it [RATE-WINDOW-SLIDING-OPTION, RATE-HEADERS]', () => {
    const limiter = createRateLimiter({ mode: 'sliding', ms: 10_000 });
    for (let t = 0; t < 5; t++) limiter.hit('k', 5, t * 1000, 'm');
    // Five counted (0 s … 4 s); under a cap of 2 the count must fall to 1: the request of 3 s leaves at 13 s.
    const e = failure(() => limiter.hit('k', 2, 5_000, 'm'));
    expect(e.headers?.['Retry-After']).toBe('8');
    expect(outcome(() => limiter.hit('k', 2, 12_999, 'm'))).toBe(429);
    expect(limiter.hit('k', 2, 13_000, 'm').remaining).toBe(0);
  });

  it('a change of mode starts every count afresh; bad windows are refused [FAKE-RATE-WINDOW-CONTROL]', () => {
    const limiter = createRateLimiter();
    limiter.hit('k', 1, 0, 'm');
    expect(limiter.setWindow({ mode: 'sliding' })).toEqual({ ms: HOUR, mode: 'sliding' });
    expect(limiter.counters(0)).toEqual({});
    expect(outcome(() => limiter.hit('k', 1, 0, 'm'))).toBe('ok');
    limiter.setWindow({ mode: 'sliding', ms: 2_000 });
    expect(limiter.counters(1_999).k?.count).toBe(1);
    expect(() => limiter.setWindow({ ms: 999 })).toThrow(RangeError);
    expect(() => limiter.setWindow({ ms: 1500.5 })).toThrow(RangeError);
    expect(() => limiter.setWindow({ mode: 'rolling' as WindowMode })).toThrow(RangeError);
    expect(() => createRateLimiter({ ms: 0 })).toThrow(RangeError);
    expect(limiter.window()).toEqual({ ms: 2_000, mode: 'sliding' });
  });

  it('the shortest window is 1000 ms; a refused window says why [FAKE-RATE-WINDOW-CONTROL]', () => {
    const limiter = createRateLimiter({ ms: 1_000 });
    expect(limiter.window()).toEqual({ ms: 1_000, mode: 'fixed' });
    expect(limiter.setWindow({ ms: 5_000 })).toEqual({ ms: 5_000, mode: 'fixed' });
    expect(limiter.setWindow({ ms: 1_000 })).toEqual({ ms: 1_000, mode: 'fixed' });
    expect(() => limiter.setWindow({ ms: 999 })).toThrow(
      new RangeError('window must be a whole number of ms, at least 1000'),
    );
    expect(() => limiter.setWindow({ mode: 'rolling' as WindowMode })).toThrow(
      new RangeError('window mode must be one of fixed,sliding'),
    );
    expect(limiter.window()).toEqual({ ms: 1_000, mode: 'fixed' });
  });

  it('counters list only keys still counting; a snapshot rebuilds the window and every count [FAKE-RATE-WINDOW-CONTROL, FAKE-STATE-FILE]', () => {
    const limiter = createRateLimiter({ mode: 'sliding', ms: 10_000 });
    limiter.hit('a', 5, 0, 'm');
    limiter.hit('b', 5, 4_000, 'm');
    limiter.hit('b', 5, 6_000, 'm');
    expect(limiter.counters(9_999)).toEqual({
      a: { count: 1, start: 0, reset_at: 10_000 },
      b: { count: 2, start: 4_000, reset_at: 14_000 },
    });
    // At 10 s the request of `a` has left: `a` is no longer listed.
    expect(limiter.counters(10_000)).toEqual({ b: { count: 2, start: 4_000, reset_at: 14_000 } });
    const snapshot = limiter.snapshot();
    expect(snapshot).toEqual({
      window: { ms: 10_000, mode: 'sliding' },
      tallies: [
        ['a', { stamps: [] }],
        ['b', { stamps: [4_000, 6_000] }],
      ],
    });
    const rebuilt = createRateLimiter(snapshot.window, snapshot.tallies);
    expect(rebuilt.window()).toEqual({ ms: 10_000, mode: 'sliding' });
    expect(rebuilt.counters(10_000)).toEqual({ b: { count: 2, start: 4_000, reset_at: 14_000 } });
    expect(outcome(() => rebuilt.hit('b', 2, 13_999, 'm'))).toBe(429);
    expect(rebuilt.hit('b', 2, 14_000, 'm')).toEqual({ limit: 2, remaining: 0, resetAt: 16_000 });
    const fixed = createRateLimiter({}, [['t', { start: 1_000, count: 3 }]]);
    expect(fixed.counters(1_000 + HOUR - 1)).toEqual({
      t: { count: 3, start: 1_000, reset_at: 1_000 + HOUR },
    });
  });

  it('rateHeaders rounds the reset up to whole epoch seconds [RATE-HEADERS]', () => {
    expect(rateHeaders({ limit: 100, remaining: 7, resetAt: 1_000_001 })).toEqual({
      'X-RateLimit-Limit': '100',
      'X-RateLimit-Remaining': '7',
      'X-RateLimit-Reset': '1001',
    });
  });
});
