import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { createRateLimiter } from './rate-limit.js';

const HOUR = 3_600_000;

function statusOf(fn: () => unknown): number | 'ok' {
  try {
    fn();
    return 'ok';
  } catch (err) {
    if (err instanceof DomainError) return err.status;
    throw err;
  }
}

describe('rate limiter', () => {
  it('admits exactly the cap within a window, then 429 [RATE-PLATFORM-1000, RATE-WINDOW-FIXED-HOUR]', () => {
    const limiter = createRateLimiter(HOUR);
    const outcomes = Array.from({ length: 1005 }, (_, i) =>
      statusOf(() => limiter.hit('k', 1000, 1000 + i, 'm')),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1000);
    expect(outcomes.slice(1000)).toEqual([429, 429, 429, 429, 429]);
  });

  it('opens a new window at the first request after the old one ends [RATE-WINDOW-FIXED-HOUR]', () => {
    const limiter = createRateLimiter(HOUR);
    const start = 5_000;
    for (let i = 0; i < 3; i++) limiter.hit('k', 3, start, 'm');
    expect(statusOf(() => limiter.hit('k', 3, start + HOUR - 1, 'm'))).toBe(429);
    expect(statusOf(() => limiter.hit('k', 3, start + HOUR, 'm'))).toBe('ok');
  });

  it('counts keys apart [RATE-PLATFORM-PER-TOKEN]', () => {
    const limiter = createRateLimiter(HOUR);
    limiter.hit('a', 1, 0, 'm');
    expect(statusOf(() => limiter.hit('a', 1, 0, 'm'))).toBe(429);
    expect(statusOf(() => limiter.hit('b', 1, 0, 'm'))).toBe('ok');
  });

  it('reports limit, remaining and reset, and Retry-After on refusal [RATE-HEADERS]', () => {
    const limiter = createRateLimiter(HOUR);
    const d = limiter.hit('k', 2, 10_000, 'm');
    expect(d).toEqual({ limit: 2, remaining: 1, resetAt: 10_000 + HOUR });
    limiter.hit('k', 2, 10_000, 'm');
    try {
      limiter.hit('k', 2, 10_000 + 1_500, 'Rate limit exceeded. Please try again later.');
      expect.unreachable();
    } catch (err) {
      const e = err as DomainError;
      expect(e.status).toBe(429);
      expect(e.message).toBe('Rate limit exceeded. Please try again later.');
      expect(e.headers?.['Retry-After']).toBe(String(Math.ceil((HOUR - 1_500) / 1000)));
      expect(e.headers?.['X-RateLimit-Remaining']).toBe('0');
    }
  });

  it('a shrunk window and a reset take effect [RATE-WINDOW-FIXED-HOUR]', () => {
    const limiter = createRateLimiter(HOUR);
    limiter.setWindowMs(60_000);
    limiter.hit('k', 1, 0, 'm');
    expect(statusOf(() => limiter.hit('k', 1, 59_999, 'm'))).toBe(429);
    expect(statusOf(() => limiter.hit('k', 1, 60_000, 'm'))).toBe('ok');
    limiter.reset();
    expect(limiter.counters()).toEqual({});
    expect(() => limiter.setWindowMs(10)).toThrow(RangeError);
  });
});
