/**
 * The commands of the rate model (rate.model.test.ts), one class per operation, run against the target and checked
 * against the reference counter (rate-reference.ts) in two strengths (HARNESS-TWO-STRENGTHS; see the test's header).
 */
import type fc from 'fast-check';
import { expect } from 'vitest';
import { expectError, expectSuccess } from '../support/envelope.js';
import { SEARCH_RATE_LIMITED } from '../support/messages.js';
import { rateLimitsVia } from '../support/rate-limits.js';
import { assumed } from '../support/strength.js';
import type { Target } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';
import { CAP, HOUR, type Model, windowAt } from './rate-reference.js';

/** The real system: the target, and the key and id of each of the run's two projects. */
export interface Real {
  target: Target;
  keys: [string, string];
  projectIds: [number, number];
}

let queries = 0;

export class Burst implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly project: 0 | 1,
    readonly size: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const before = m.counters[this.project];
    const c = windowAt(before, m.now);
    const admitted = Math.min(this.size, CAP - c.count);
    const other = m.counters[this.project === 0 ? 1 : 0];
    // Every request of this project at this very instant and none of the other's: any hourly window holds them all.
    const documented =
      (before.firstAt === undefined || before.firstAt === m.now) && other.firstAt === undefined;
    const grounds = documented
      ? []
      : [
          'MODEL-RATE-COUNTERS',
          'RATE-WINDOW-FIXED-HOUR',
          ...(other.firstAt === undefined ? [] : ['RATE-SEARCH-KEY-SCOPE']),
        ];
    const first = queries;
    queries += this.size;
    // All at once; each with its own query, so that a recording replays every answer to its request.
    const answers: RawResponse[] = await Promise.all(
      Array.from({ length: this.size }, (_, i) =>
        r.target.call('searchIndexDocumentByProjectKey', {
          auth: { apiKey: r.keys[this.project] },
          body: { query: `refund ${first + i}`, limit: 1 },
        }),
      ),
    );
    const ok = answers.filter((a) => a.status >= 200 && a.status < 300);
    for (const a of ok) expectSuccess(a, 'searchIndexDocumentByProjectKey');
    for (const a of answers.filter((x) => x.status < 200 || x.status >= 300))
      expectError(a, 429, SEARCH_RATE_LIMITED);
    const count = () => expect(ok, `admitted of ${this.size} with ${c.count} counted`).toHaveLength(admitted);
    if (grounds.length === 0) count();
    for (const id of grounds) assumed(id, count);
    // Every admitted answer took one slot: remaining counts down from where the window stood. The headers are part of
    // the model's clause too (its rule: "the X-RateLimit headers agree with it").
    const headersAgree = () => {
      const remaining = ok.map((a) => Number(a.headers['x-ratelimit-remaining'])).sort((a, b) => b - a);
      expect(remaining).toEqual(Array.from({ length: admitted }, (_, i) => CAP - c.count - 1 - i));
      for (const a of answers) {
        expect(Number(a.headers['x-ratelimit-limit'])).toBe(CAP);
        expect(Number(a.headers['x-ratelimit-reset'])).toBe(Math.ceil((c.start! + HOUR) / 1000));
      }
    };
    for (const id of ['RATE-HEADERS', 'MODEL-RATE-COUNTERS']) assumed(id, headersAgree);
    // The model follows what was admitted, so that one difference is reported once.
    m.counters[this.project] = {
      start: c.start,
      count: c.count + Math.min(ok.length, CAP - c.count),
      firstAt: before.firstAt ?? m.now,
    };
  }
  toString = () => `burst(P${this.project}, ${this.size})`;
}

export class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly minutes: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    await r.target.control!.advance({ minutes: this.minutes });
    m.now += this.minutes * 60_000;
  }
  toString = () => `advance(${this.minutes}min)`;
}

/** To the end of a project's window, or 1 ms before it. */
export class AdvanceToWindowEnd implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly project: 0 | 1,
    readonly offsetMs: 0 | -1,
  ) {}
  private target(m: Readonly<Model>): number | undefined {
    const start = m.counters[this.project].start;
    return start === undefined ? undefined : start + HOUR + this.offsetMs;
  }
  check = (m: Readonly<Model>) => (this.target(m) ?? 0) > m.now;
  async run(m: Model, r: Real) {
    const ms = this.target(m)! - m.now;
    await r.target.control!.advance({ ms });
    m.now += ms;
  }
  toString = () => `advanceToWindowEnd(P${this.project}, ${this.offsetMs}ms)`;
}

/** The limiter's own view (control API): each project's count, window start and reset. */
export class ReadCounters implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const view = await rateLimitsVia(r.target.control!);
    // The limiter's view is the fake's own (control API).
    assumed('MODEL-RATE-COUNTERS', () => {
      for (const p of [0, 1] as const) {
        const c = m.counters[p];
        const shown = view.counters[`search-key:${r.projectIds[p]}`];
        // A window that has ended may or may not still be listed; one that is running must be, as the model says.
        if (c.start === undefined || m.now >= c.start + HOUR) {
          if (shown) expect(shown.start + HOUR).toBeLessThanOrEqual(m.now);
          continue;
        }
        expect(shown).toEqual({ count: c.count, start: c.start, reset_at: c.start + HOUR });
      }
    });
  }
  toString = () => 'readCounters';
}
