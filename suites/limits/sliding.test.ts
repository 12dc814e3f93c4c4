/**
 * The sliding window, switched on through the control API and back (RATE-WINDOW-SLIDING-OPTION,
 * FAKE-RATE-WINDOW-CONTROL): each admitted request counts for one window length from its own time, so slots free
 * one group at a time, Retry-After names when the oldest counted request leaves and X-RateLimit-Reset follows it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { expectError } from '../support/envelope.js';
import { RATE_LIMITED, SEARCH_RATE_LIMITED } from '../support/messages.js';
import {
  all,
  freshKeyedProjectVia,
  freshTokenVia,
  HOUR_MS,
  platformOnce,
  rateLimitsVia,
  rateOf,
  restoreWindowVia,
  retryAfterOf,
  searchOnce,
  setWindowVia,
  statusCounts,
} from '../support/rate-limits.js';
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

beforeEach((ctx) => need(ctx, target(), { control: true, quota: true }));
afterEach(async () => {
  if (target().control) await restoreWindowVia(control());
});

describe('the sliding window', () => {
  it('switched on and off through the control API; each switch starts the counts afresh [FAKE-RATE-WINDOW-CONTROL, RATE-WINDOW-SLIDING-OPTION]', async () => {
    const { auth } = await freshKeyedProjectVia(control());
    await all(10, () => search(auth));
    const on = await setWindowVia(control(), { mode: 'sliding' });
    expect([on.window_ms, on.mode, on.counters]).toEqual([HOUR_MS, 'sliding', {}]);
    expect((await rateLimitsVia(control())).mode).toBe('sliding');
    expect(rateOf(await search(auth)).remaining).toBe(CAP - 1);
    const off = await setWindowVia(control(), { mode: 'fixed' });
    expect([off.window_ms, off.mode, off.counters]).toEqual([HOUR_MS, 'fixed', {}]);
    expect(rateOf(await search(auth)).remaining).toBe(CAP - 1);
  });

  it('requests leave the window one group at a time, each an hour after it was admitted; Retry-After and X-RateLimit-Reset name when the oldest leaves [RATE-WINDOW-SLIDING-OPTION, RATE-SEARCH-KEY-100, RATE-HEADERS]', async () => {
    await setWindowVia(control(), { mode: 'sliding' });
    const { auth } = await freshKeyedProjectVia(control());
    const t0 = await clockNow(control());
    expect(statusCounts(await all(40, () => search(auth)))).toEqual({ 200: 40 });
    await control().advance({ minutes: 20 });
    const second = await all(60, () => search(auth));
    expect(statusCounts(second)).toEqual({ 200: 60 });
    // The oldest counted request (t0) sets the reset of every answer while it counts.
    for (const r of second) expect(rateOf(r).reset).toBe(epochSeconds(t0 + HOUR_MS));

    const over = await search(auth);
    expectError(over, 429, SEARCH_RATE_LIMITED);
    expect(retryAfterOf(over)).toBe(40 * 60);
    expect(rateOf(over)).toEqual({ limit: CAP, remaining: 0, reset: epochSeconds(t0 + HOUR_MS) });

    await control().advance({ ms: 40 * MINUTE - 1 });
    expect(retryAfterOf(await search(auth))).toBe(1);
    // At t0 + 1 h the first 40 have left: exactly 40 slots, while the 60 of t0 + 20 min still count.
    await control().advance({ ms: 1 });
    const third = await all(50, () => search(auth));
    expect(statusCounts(third)).toEqual({ 200: 40, 429: 10 });
    const refused = third.find((r) => r.status === 429)!;
    expect(retryAfterOf(refused)).toBe(20 * 60);
    expect(rateOf(refused).reset).toBe(epochSeconds(t0 + 20 * MINUTE + HOUR_MS));

    // At t0 + 80 min only the 60 of t0 + 20 min leave; the 40 of t0 + 1 h still count (a fixed window would give
    // the whole cap back at once).
    await control().advance({ minutes: 20 });
    expect(statusCounts(await all(70, () => search(auth)))).toEqual({ 200: 60, 429: 10 });
  });

  it('with a one-minute sliding window the Platform cap of 1000 is spent and recovered in slices [RATE-WINDOW-SLIDING-OPTION, FAKE-RATE-WINDOW-CONTROL, RATE-PLATFORM-1000, RATE-429-MESSAGE]', async () => {
    const view = await setWindowVia(control(), { ms: MINUTE, mode: 'sliding' });
    expect([view.window_ms, view.mode]).toEqual([MINUTE, 'sliding']);
    const cap = hourlyCaps.platformTokenPerHour;
    const token = await freshTokenVia(control());
    const t0 = await clockNow(control());
    expect(statusCounts(await all(700, () => platform(token.value)))).toEqual({ 200: 700 });
    await control().advance({ seconds: 30 });
    const rest = await all(400, () => platform(token.value));
    expect(statusCounts(rest)).toEqual({ 200: 300, 429: 100 });
    for (const r of rest.filter((x) => x.status === 429)) {
      expectError(r, 429, RATE_LIMITED);
      expect(retryAfterOf(r)).toBe(30);
    }
    await control().advance({ seconds: 30 });
    const after = await platform(token.value);
    expect(after.status).toBe(200);
    // 300 of t0 + 30 s still count, and this one: 699 left until the 300 leave at t0 + 90 s.
    expect(rateOf(after)).toEqual({ limit: cap, remaining: 699, reset: epochSeconds(t0 + 90_000) });
  });
});
