/**
 * The sliding window, switched on through the control API and back (RATE-WINDOW-SLIDING-OPTION,
 * FAKE-RATE-WINDOW-CONTROL): each admitted request counts for one window length from its own time, so slots free
 * one group at a time, Retry-After names when the oldest counted request leaves and X-RateLimit-Reset follows it.
 * The sliding window is an option of the fake, so what happens as time passes is checked softly (assumed()); a burst
 * admitted up to the cap, the rest refused with 429 and the spec's message, is checked hard.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { RATE_LIMITED, SEARCH_RATE_LIMITED } from '../support/messages.js';
import {
  all,
  capCheck,
  expectRate,
  expectRates,
  expectRetryAfter,
  expectRetryAfters,
  expectTally,
  freshKeyedProjectVia,
  freshTokenVia,
  HOUR_MS,
  isAdmitted,
  platformOnce,
  rateLimitsVia,
  restoreWindowVia,
  searchOnce,
  setWindowVia,
  tally,
} from '../support/rate-limits.js';
import { assumed } from '../support/strength.js';
import { need, useTarget } from '../support/use-target.js';
import { clockNow } from '../support/world.js';
import type { Auth } from '../target/target.js';

const target = useTarget();
const control = () => target().control!;
const CAP = hourlyCaps.projectKeySearchPerHour;
const MINUTE = 60_000;

const search = (auth: Auth) => searchOnce(target(), auth);
const platform = (value: string) => platformOnce(target(), value);
const epochSeconds = (ms: number) => Math.ceil(ms / 1000);

beforeEach((ctx) => need(ctx, target(), { control: 'the rate window', quota: true }));
afterEach(async () => {
  if (target().control) await restoreWindowVia(control());
});

describe('the sliding window', () => {
  it('switched on and off through the control API; each switch starts the counts afresh [FAKE-RATE-WINDOW-CONTROL, RATE-WINDOW-SLIDING-OPTION]', async () => {
    const { auth } = await freshKeyedProjectVia(control());
    await all(10, () => search(auth));
    const on = await setWindowVia(control(), { mode: 'sliding' });
    const mode = (await rateLimitsVia(control())).mode;
    assumed('FAKE-RATE-WINDOW-CONTROL', () => {
      expect([on.window_ms, on.mode, on.counters]).toEqual([HOUR_MS, 'sliding', {}]);
      expect(mode).toBe('sliding');
    });
    expectRate(await search(auth), { remaining: CAP - 1 }, 'FAKE-RATE-WINDOW-CONTROL');
    const off = await setWindowVia(control(), { mode: 'fixed' });
    assumed('FAKE-RATE-WINDOW-CONTROL', () =>
      expect([off.window_ms, off.mode, off.counters]).toEqual([HOUR_MS, 'fixed', {}]),
    );
    expectRate(await search(auth), { remaining: CAP - 1 }, 'FAKE-RATE-WINDOW-CONTROL');
  });

  it('requests leave the window one group at a time, each an hour after it was admitted; Retry-After and X-RateLimit-Reset name when the oldest leaves [RATE-WINDOW-SLIDING-OPTION, RATE-SEARCH-KEY-100, RATE-HEADERS]', async () => {
    await setWindowVia(control(), { mode: 'sliding' });
    const { auth } = await freshKeyedProjectVia(control());
    const t0 = await clockNow(control());
    expectTally(await all(40, () => search(auth)), { admitted: 40 });
    await control().advance({ minutes: 20 });
    const second = await all(60, () => search(auth));
    expectTally(second, { admitted: 60 });
    // The oldest counted request (t0) sets the reset of every answer while it counts.
    expectRates(
      second,
      (rates) => {
        for (const r of rates) expect(r.reset).toBe(epochSeconds(t0 + HOUR_MS));
      },
      'RATE-WINDOW-SLIDING-OPTION',
    );

    const over = await search(auth);
    assumed('RATE-WINDOW-SLIDING-OPTION', () => expectError(over, 429, SEARCH_RATE_LIMITED));
    expectRetryAfter(over, 40 * 60, 'RATE-WINDOW-SLIDING-OPTION');
    expectRate(
      over,
      { limit: CAP, remaining: 0, reset: epochSeconds(t0 + HOUR_MS) },
      'RATE-WINDOW-SLIDING-OPTION',
    );

    await control().advance({ ms: 40 * MINUTE - 1 });
    expectRetryAfter(await search(auth), 1, 'RATE-WINDOW-SLIDING-OPTION');
    // At t0 + 1 h the first 40 have left: exactly 40 slots, while the 60 of t0 + 20 min still count.
    await control().advance({ ms: 1 });
    const third = await all(50, () => search(auth));
    // Hard: however the window slides, a burst at one instant is refused past the cap with 429 and the message.
    expect(tally(third).admitted).toBeLessThanOrEqual(CAP);
    for (const r of third.filter((x) => !isAdmitted(x))) expectError(r, 429, SEARCH_RATE_LIMITED);
    assumed('RATE-WINDOW-SLIDING-OPTION', () => expectTally(third, { admitted: 40, limited: 10 }));
    const refused = third.find((r) => r.status === 429);
    if (refused) {
      expectRetryAfter(refused, 20 * 60, 'RATE-WINDOW-SLIDING-OPTION');
      expectRate(refused, { reset: epochSeconds(t0 + 20 * MINUTE + HOUR_MS) }, 'RATE-WINDOW-SLIDING-OPTION');
    }

    // At t0 + 80 min only the 60 of t0 + 20 min leave; the 40 of t0 + 1 h still count (a fixed window would give
    // the whole cap back at once).
    await control().advance({ minutes: 20 });
    const fourth = await all(70, () => search(auth));
    expect(tally(fourth).admitted).toBeLessThanOrEqual(CAP);
    assumed('RATE-WINDOW-SLIDING-OPTION', () => expectTally(fourth, { admitted: 60, limited: 10 }));
  });

  it('with a one-minute sliding window the Platform cap of 1000 is spent and recovered in slices [RATE-WINDOW-SLIDING-OPTION, FAKE-RATE-WINDOW-CONTROL, RATE-PLATFORM-1000, RATE-429-MESSAGE]', async () => {
    const view = await setWindowVia(control(), { ms: MINUTE, mode: 'sliding' });
    assumed('FAKE-RATE-WINDOW-CONTROL', () =>
      expect([view.window_ms, view.mode]).toEqual([MINUTE, 'sliding']),
    );
    const cap = hourlyCaps.platformTokenPerHour;
    const token = await freshTokenVia(control());
    const t0 = await clockNow(control());
    expectTally(await all(700, () => platform(token.value)), { admitted: 700 });
    await control().advance({ seconds: 30 });
    const rest = await all(400, () => platform(token.value));
    // Hard: 1,100 requests within 30 s; past the cap they are refused with 429 and the spec's message.
    capCheck(() => {
      expect(tally(rest).admitted).toBeLessThanOrEqual(cap - 700);
      expect(tally(rest).other).toEqual({});
    });
    assumed('RATE-WINDOW-SLIDING-OPTION', () => expectTally(rest, { admitted: 300, limited: 100 }));
    const limited = rest.filter((x) => x.status === 429);
    for (const r of limited) expectError(r, 429, RATE_LIMITED);
    expectRetryAfters(limited, 30, 'RATE-WINDOW-SLIDING-OPTION');
    await control().advance({ seconds: 30 });
    const after = await platform(token.value);
    assumed('RATE-WINDOW-SLIDING-OPTION', () => expectSuccess(after, 'getSupportedModels'));
    // 300 of t0 + 30 s still count, and this one: 699 left until the 300 leave at t0 + 90 s.
    expectRate(
      after,
      { limit: cap, remaining: 699, reset: epochSeconds(t0 + 90_000) },
      'RATE-WINDOW-SLIDING-OPTION',
    );
  });
});
