/**
 * Model-based test of the hourly rate counters on the virtual clock: random sequences of bursts of project-key
 * searches (100 an hour, counted per project: RATE-SEARCH-KEY-100, RATE-SEARCH-KEY-SCOPE) on two projects, clock
 * steps (some exactly to a window's end, or 1 ms before) and reads of the limiter through the control API, compared
 * with a reference counter of fixed windows (RATE-WINDOW-FIXED-HOUR): a window opens with the first request after
 * the previous one ended; a request is admitted while its window has fewer than 100 admitted; refused ones take no
 * slot. Each answer's X-RateLimit headers must agree with the counter (RATE-HEADERS).
 * The Platform token cap (1000 an hour) works the same way and is left to suites/limits: a model run would spend
 * thousands of requests on it.
 *
 * Two strengths (HARNESS-TWO-STRENGTHS): every answer is admitted or a 429 with the documented message (hard); how
 * many are admitted is checked hard only where the spec's "100 requests per hour" alone decides it (every request
 * of the project so far made at the same instant, the other project unused: whatever the window, they share it);
 * otherwise it rests on the fake's windows (RATE-WINDOW-FIXED-HOUR) and scope (RATE-SEARCH-KEY-SCOPE), checked
 * under those clauses and MODEL-RATE-COUNTERS, like the headers (RATE-HEADERS) and the control API's view.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectError, expectSuccess } from '../support/envelope.js';
import { SEARCH_RATE_LIMITED } from '../support/messages.js';
import { rateLimitsVia } from '../support/rate-limits.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { clockNow, createOrganizationVia, createProjectVia } from '../support/world.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();

const HOUR = 3_600_000;
const CAP = 100;

// ---------------------------------------------------------------------------------------------------------------
// The reference counter

interface Counter {
  /** Start of the current window (epoch ms); undefined before the first request. */
  start: number | undefined;
  count: number;
  /** When the project's first request was made (epoch ms); undefined before it. */
  firstAt?: number;
}

interface Model {
  now: number;
  counters: [Counter, Counter];
}

/** The window a request at `now` counts in: the current one, or a new one once it has ended. */
function windowAt(c: Counter, now: number): Counter {
  return c.start === undefined || now >= c.start + HOUR ? { start: now, count: 0 } : c;
}

// ---------------------------------------------------------------------------------------------------------------
// The real system

interface Real {
  keys: [string, string];
  projectIds: [number, number];
}

let queries = 0;

class Burst implements fc.AsyncCommand<Model, Real> {
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
        target().call('searchIndexDocumentByProjectKey', {
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

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly minutes: number) {}
  check = () => true;
  async run(m: Model) {
    await target().control!.advance({ minutes: this.minutes });
    m.now += this.minutes * 60_000;
  }
  toString = () => `advance(${this.minutes}min)`;
}

/** To the end of a project's window, or 1 ms before it. */
class AdvanceToWindowEnd implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly project: 0 | 1,
    readonly offsetMs: 0 | -1,
  ) {}
  private target(m: Readonly<Model>): number | undefined {
    const start = m.counters[this.project].start;
    return start === undefined ? undefined : start + HOUR + this.offsetMs;
  }
  check = (m: Readonly<Model>) => (this.target(m) ?? 0) > m.now;
  async run(m: Model) {
    const ms = this.target(m)! - m.now;
    await target().control!.advance({ ms });
    m.now += ms;
  }
  toString = () => `advanceToWindowEnd(P${this.project}, ${this.offsetMs}ms)`;
}

/** The limiter's own view (control API): each project's count, window start and reset. */
class ReadCounters implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const view = await rateLimitsVia(target().control!);
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

const projectArb = fc.constantFrom<0 | 1>(0, 1);
const commandArbs = [
  ...Array.from({ length: 2 }, () =>
    fc
      .tuple(projectArb, fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom(30, 60, 101)))
      .map(([p, n]) => new Burst(p, n)),
  ),
  fc.integer({ min: 1, max: 70 }).map((min) => new Advance(min)),
  fc.tuple(projectArb, fc.constantFrom<0 | -1>(0, -1)).map(([p, o]) => new AdvanceToWindowEnd(p, o)),
  fc.constant(new ReadCounters()),
];

async function newWorld(): Promise<Real> {
  const control = target().control!;
  const org = await createOrganizationVia(control, { plan: 'professional' });
  const projects = [
    await createProjectVia(control, org.organization_id, undefined),
    await createProjectVia(control, org.organization_id, undefined),
  ] as const;
  const keys = await Promise.all(
    projects.map(
      async (p) => (await control.post<{ value: string }>(`/projects/${p.project_uid}/keys`)).value,
    ),
  );
  return { keys: [keys[0]!, keys[1]!], projectIds: [projects[0].id, projects[1].id] };
}

describe('rate counters against a reference model', () => {
  it('random bursts of project-key searches on two projects and clock steps match a fixed-window counter per project [MODEL-RATE-COUNTERS, RATE-SEARCH-KEY-100, RATE-SEARCH-KEY-SCOPE, RATE-WINDOW-FIXED-HOUR, RATE-HEADERS]', async (ctx) => {
    need(ctx, target(), { control: true });
    const view = await rateLimitsVia(target().control!);
    if (view.window_ms !== HOUR || view.mode !== 'fixed') ctx.skip('the fake does not count in fixed hours');
    await fc.assert(
      fc.asyncProperty(fc.commands(commandArbs, { maxCommands: 12, size: 'max' }), async (cmds) => {
        const real = await newWorld();
        const empty = (): Counter => ({ start: undefined, count: 0 });
        const model: Model = { now: await clockNow(target().control!), counters: [empty(), empty()] };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: 15 },
    );
  });
});
