/**
 * Hourly caps counted in fixed windows that open at the first request of a key and last `windowMs`
 * (assumed clause RATE-WINDOW-FIXED-HOUR). Synchronous, so exact under any concurrency in one process.
 */
import { HOUR_MS } from './clock.js';
import { DomainError } from './errors.js';

export interface RateDecision {
  limit: number;
  remaining: number;
  /** Epoch ms at which the current window ends. */
  resetAt: number;
}

interface Window {
  start: number;
  count: number;
}

export interface RateLimiter {
  /** Count one request for `key` against `limit`; throws 429 when over it. */
  hit(key: string, limit: number, now: number, message: string): RateDecision;
  windowMs(): number;
  setWindowMs(ms: number): void;
  reset(): void;
  counters(): Record<string, { start: number; count: number }>;
}

export function createRateLimiter(initialWindowMs: number = HOUR_MS): RateLimiter {
  let windowMs = initialWindowMs;
  const windows = new Map<string, Window>();
  return {
    hit(key, limit, now, message) {
      let w = windows.get(key);
      if (!w || now >= w.start + windowMs) {
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      const resetAt = w.start + windowMs;
      if (w.count >= limit) {
        const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
        throw new DomainError(
          429,
          message,
          undefined,
          rateHeaders({ limit, remaining: 0, resetAt }, retryAfter),
        );
      }
      w.count += 1;
      return { limit, remaining: limit - w.count, resetAt };
    },
    windowMs: () => windowMs,
    setWindowMs(ms) {
      if (!Number.isInteger(ms) || ms < 1000) throw new RangeError('window must be at least 1000 ms');
      windowMs = ms;
    },
    reset: () => windows.clear(),
    counters: () => Object.fromEntries([...windows].map(([k, w]) => [k, { ...w }])),
  };
}

export function rateHeaders(d: RateDecision, retryAfterSeconds?: number): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': String(d.remaining),
    'X-RateLimit-Reset': String(Math.ceil(d.resetAt / 1000)),
  };
  if (retryAfterSeconds !== undefined) headers['Retry-After'] = String(retryAfterSeconds);
  return headers;
}
