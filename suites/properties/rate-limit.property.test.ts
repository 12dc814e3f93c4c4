/**
 * Properties of the hourly caps over arbitrary request schedules (steps of "advance the virtual clock, send n
 * requests at once"), in both window modes, on the project-key search cap (100) with the window shrunk to one
 * minute through the control API (only the window's length is shrunk, never the cap):
 * - per window the admitted requests never exceed the cap, and reach it exactly when enough requests come: each
 *   step admits min(n, cap - already counted) and refuses the rest with 429 (no early 429, no extra success);
 * - every slot is given once (X-RateLimit-Remaining) and a refusal's Retry-After names when a slot frees;
 * - capped-then-recovered: after any schedule, the cap is spent at once, and one window later it is whole again.
 * Runs per mode: FC_RUNS, else 12.
 * Two strengths: documented (hard) is the cap itself — a refusal is the 429 with the project-key search message, and
 * requests sent at one instant never get more than the cap admitted. How the window counts (its shape, when a slot
 * frees: RATE-WINDOW-FIXED-HOUR or RATE-WINDOW-SLIDING-OPTION), the length shrunk through the control API
 * (FAKE-RATE-WINDOW-CONTROL) and the headers (RATE-HEADERS) are the fake's, checked under those clauses.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { type ScheduleStep, scheduleArb } from '../support/arbitraries/rate-limit.js';
import { expectError } from '../support/envelope.js';
import { SEARCH_RATE_LIMITED } from '../support/messages.js';
import {
  all,
  freshKeyedProjectVia,
  rateOf,
  restoreWindowVia,
  retryAfterOf,
  setWindowVia,
  type WindowMode,
} from '../support/rate-limits.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { clockNow } from '../support/world.js';
import type { Auth } from '../target/target.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();
const control = () => target().control!;

const CAP = hourlyCaps.projectKeySearchPerHour;
const WINDOW_MS = 60_000;
const RUNS = Number.parseInt(process.env.FC_RUNS ?? '', 10) || 12;

/**
 * What the observed admissions imply at an instant: how many count, and when the next slot frees. Built only
 * from the times of the admitted requests; the window's start (fixed) is the first request after the last ended.
 */
class Ledger {
  readonly admitted: number[] = [];
  /** Fixed mode: the start of every window opened so far. */
  readonly windowStarts: number[] = [];

  constructor(readonly mode: WindowMode) {}

  private openWindow(now: number): number | undefined {
    const start = this.windowStarts.at(-1);
    return start !== undefined && now < start + WINDOW_MS ? start : undefined;
  }

  /** The window at `now`, before the requests sent then: how many count, and when a slot frees. */
  counted(now: number): { used: number; freesAt: number } {
    if (this.mode === 'sliding') {
      const live = this.admitted.filter((t) => t > now - WINDOW_MS);
      return { used: live.length, freesAt: (live[0] ?? now) + WINDOW_MS };
    }
    const start = this.openWindow(now);
    if (start === undefined) return { used: 0, freesAt: now + WINDOW_MS };
    return { used: this.admitted.filter((t) => t >= start).length, freesAt: start + WINDOW_MS };
  }

  /** `sent` requests at `now`, `admitted` of them; in fixed mode the first request after a window opens one. */
  record(now: number, sent: number, admitted: number): void {
    if (this.mode === 'fixed' && sent > 0 && this.openWindow(now) === undefined) this.windowStarts.push(now);
    for (let i = 0; i < admitted; i++) this.admitted.push(now);
  }

  /** The most admissions a window held: each fixed window; in sliding mode, the window ending at each send. */
  maxPerWindow(sendTimes: readonly number[]): number {
    const inWindow = (from: number, to: number) => this.admitted.filter((t) => t >= from && t < to).length;
    const counts =
      this.mode === 'fixed'
        ? this.windowStarts.map((s) => inWindow(s, s + WINDOW_MS))
        : sendTimes.map((t) => inWindow(t - WINDOW_MS + 1, t + 1));
    return Math.max(0, ...counts);
  }
}

/**
 * assumed() for a property's many steps: against the fake every failure fails the run as before; against any other
 * target a clause warns once per test (its first counterexample), not once per step. Reset by each test.
 */
let warned = new Set<string>();
function soft(clauseId: string, check: () => void): void {
  if (warned.has(clauseId)) return;
  if (!assumed(clauseId, check)) warned.add(clauseId);
}

const windowClause = (mode: WindowMode) =>
  mode === 'fixed' ? 'RATE-WINDOW-FIXED-HOUR' : 'RATE-WINDOW-SLIDING-OPTION';

/** An answer the cap let through: any 2xx (that it is exactly 200 is CONV-SUCCESS-200). */
const isAdmitted = (r: RawResponse) => r.status >= 200 && r.status < 300;

/** Send `n` at once at `now` and check the step against the ledger; returns the answers. */
async function step(auth: Auth, ledger: Ledger, now: number, n: number): Promise<RawResponse[]> {
  const { used, freesAt } = ledger.counted(now);
  const answers = await all(n, () =>
    target().call('searchIndexDocumentByProjectKey', { auth, body: { query: 'refund', limit: 3 } }),
  );
  const admitted = answers.filter(isAdmitted);
  const refused = answers.filter((r) => !isAdmitted(r));
  const expected = Math.min(n, CAP - used);
  // Documented: at one instant no more than the cap is admitted, and a refusal is the cap's 429 with its message.
  expect(admitted.length, `${n} sent at once (${ledger.mode})`).toBeLessThanOrEqual(CAP);
  for (const r of refused) expectError(r, 429, SEARCH_RATE_LIMITED);
  // How many the window still held (what it counted, when slots freed) is the fake's window.
  soft(windowClause(ledger.mode), () =>
    expect(admitted.length, `${n} sent with ${used} counted (${ledger.mode})`).toBe(expected),
  );
  soft('CONV-SUCCESS-200', () => expect(admitted.map((r) => r.status).filter((s) => s !== 200)).toEqual([]));
  soft('RATE-HEADERS', () => {
    expect(admitted.map((r) => rateOf(r).remaining).sort((a, b) => b - a)).toEqual(
      Array.from({ length: admitted.length }, (_, i) => CAP - used - 1 - i),
    );
    for (const r of refused) expect(retryAfterOf(r)).toBe(Math.max(1, Math.ceil((freesAt - now) / 1000)));
  });
  ledger.record(now, n, admitted.length);
  return answers;
}

async function runSchedule(mode: WindowMode, auth: Auth, schedule: readonly ScheduleStep[]): Promise<void> {
  await control().post('/rate-limits/reset');
  const ledger = new Ledger(mode);
  const sendTimes: number[] = [];
  let now = await clockNow(control());
  for (const s of schedule) {
    if (s.advanceMs > 0) now = Date.parse(await control().advance({ ms: s.advanceMs }));
    await step(auth, ledger, now, s.count);
    if (s.count > 0) sendTimes.push(now);
  }
  // Capped: whatever the schedule left, a burst over the cap spends it exactly (documented: the cap's 429).
  const capped = await step(auth, ledger, now, CAP + 1);
  expect(capped.some((r) => r.status === 429)).toBe(true);
  sendTimes.push(now);
  // Recovered: one window (shrunk through the control API) later the whole cap is there again.
  now = Date.parse(await control().advance({ ms: WINDOW_MS }));
  const recovered = await step(auth, ledger, now, CAP + 1);
  soft('FAKE-RATE-WINDOW-CONTROL', () => expect(recovered.filter(isAdmitted)).toHaveLength(CAP));
  sendTimes.push(now);
  soft(windowClause(mode), () => expect(ledger.maxPerWindow(sendTimes)).toBeLessThanOrEqual(CAP));
}

describe.each(['fixed', 'sliding'] as const)('the search cap over arbitrary schedules, %s window', (mode) => {
  let auth: Auth | undefined;
  beforeAll(async () => {
    if (!target().control || !target().config.allow.quota) return;
    await setWindowVia(control(), { ms: WINDOW_MS, mode });
    auth = (await freshKeyedProjectVia(control())).auth;
  });
  afterAll(async () => {
    if (target().control) await restoreWindowVia(control());
  });

  it(`admits exactly min(n, cap - counted) per step, never more than the cap per window, and is capped-then-recovered [RATE-SEARCH-KEY-100, ${mode === 'fixed' ? 'RATE-WINDOW-FIXED-HOUR' : 'RATE-WINDOW-SLIDING-OPTION'}, RATE-HEADERS, FAKE-RATE-WINDOW-CONTROL]`, async (ctx) => {
    need(ctx, target(), { control: 'the clock', quota: true });
    warned = new Set();
    await fc.assert(
      fc.asyncProperty(scheduleArb(WINDOW_MS, 60), (schedule) => runSchedule(mode, auth!, schedule)),
      { numRuns: RUNS },
    );
  }, 120_000);
});
