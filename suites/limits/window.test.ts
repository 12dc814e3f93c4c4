/**
 * The fixed window on the virtual clock (RATE-WINDOW-FIXED-HOUR, the fake's default): a window is opened by the
 * first request after the previous one ended and lasts the window length, so the last request at 59:59.999 still
 * counts in it and the first at 60:00 opens a new one; windows follow the requests, not a grid. The window is
 * shrunk through the control API where a test is about its length. Counts are read from X-RateLimit-Remaining
 * and X-RateLimit-Reset (RATE-HEADERS) below the cap, and crossed on the project-key search cap (100 an hour).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { expectError, expectSuccess } from '../support/envelope.js';
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
const SEARCH = 'searchIndexDocumentByProjectKey';

const search = (auth: Auth) => searchOnce(target(), auth);
const platform = (value: string) => platformOnce(target(), value);
const epochSeconds = (ms: number) => Math.ceil(ms / 1000);

beforeEach((ctx) => need(ctx, target(), { control: true, quota: true }));
afterEach(async () => {
  if (target().control) await restoreWindowVia(control());
});

describe('the fixed window', () => {
  it('is one hour by default, opened by the first request [RATE-WINDOW-FIXED-HOUR, FAKE-RATE-WINDOW-CONTROL]', async () => {
    const view = await rateLimitsVia(control());
    expect([view.window_ms, view.mode]).toEqual([HOUR_MS, 'fixed']);
    const t0 = await clockNow(control());
    const token = await freshTokenVia(control());
    await control().advance({ minutes: 7 });
    const first = await platform(token.value);
    expect(rateOf(first).reset).toBe(epochSeconds(t0 + 7 * 60_000 + HOUR_MS));
    const counter = Object.values((await rateLimitsVia(control())).counters).find(
      (c) => c.start === t0 + 7 * 60_000,
    );
    expect(counter).toMatchObject({ count: 1, reset_at: t0 + 7 * 60_000 + HOUR_MS });
  });

  it('below the cap: a request at 59:59.999 still counts in the window, the first at 60:00 opens a new one [RATE-WINDOW-FIXED-HOUR, RATE-HEADERS, RATE-PLATFORM-1000]', async () => {
    const cap = hourlyCaps.platformTokenPerHour;
    const token = await freshTokenVia(control());
    const t0 = await clockNow(control());
    expect(rateOf(await platform(token.value))).toEqual({
      limit: cap,
      remaining: cap - 1,
      reset: epochSeconds(t0 + HOUR_MS),
    });
    await control().advance({ ms: HOUR_MS - 1 });
    expect(rateOf(await platform(token.value))).toEqual({
      limit: cap,
      remaining: cap - 2,
      reset: epochSeconds(t0 + HOUR_MS),
    });
    await control().advance({ ms: 1 });
    expect(rateOf(await platform(token.value))).toEqual({
      limit: cap,
      remaining: cap - 1,
      reset: epochSeconds(t0 + 2 * HOUR_MS),
    });
  });

  it('at the cap: refused until 59:59.999 with Retry-After counting down to 1 s; at 60:00 the whole cap is back [RATE-WINDOW-FIXED-HOUR, RATE-SEARCH-KEY-100, RATE-HEADERS]', async () => {
    const { auth } = await freshKeyedProjectVia(control());
    const t0 = await clockNow(control());
    expect(statusCounts(await all(CAP, () => search(auth)))).toEqual({ 200: CAP });

    const over = await search(auth);
    expectError(over, 429, SEARCH_RATE_LIMITED);
    expect(retryAfterOf(over)).toBe(3600);
    expect(rateOf(over)).toEqual({ limit: CAP, remaining: 0, reset: epochSeconds(t0 + HOUR_MS) });

    await control().advance({ ms: HOUR_MS - 1 });
    const last = await search(auth);
    expectError(last, 429, SEARCH_RATE_LIMITED);
    expect(retryAfterOf(last)).toBe(1);

    await control().advance({ ms: 1 });
    const answers = await all(CAP + 1, () => search(auth));
    expect(statusCounts(answers)).toEqual({ 200: CAP, 429: 1 });
    for (const r of answers)
      if (r.status === 200) expect(rateOf(r).reset).toBe(epochSeconds(t0 + 2 * HOUR_MS));
  });

  it('the first request after a quiet spell opens the next window at its own time, not on an hourly grid [RATE-WINDOW-FIXED-HOUR, RATE-SEARCH-KEY-100]', async () => {
    const { auth } = await freshKeyedProjectVia(control());
    await all(CAP, () => search(auth));
    await control().advance({ minutes: 90 });
    const t1 = await clockNow(control());
    const first = await search(auth);
    expectSuccess(first, SEARCH);
    expect(rateOf(first)).toEqual({ limit: CAP, remaining: CAP - 1, reset: epochSeconds(t1 + HOUR_MS) });
    await all(CAP - 1, () => search(auth));
    // On a grid from the first window (t0 + 2 h) the count would clear at t1 + 30 min; it clears at t1 + 1 h.
    await control().advance({ minutes: 30 });
    const over = await search(auth);
    expectError(over, 429, SEARCH_RATE_LIMITED);
    expect(retryAfterOf(over)).toBe(1800);
    await control().advance({ minutes: 30 });
    expect(rateOf(await search(auth)).remaining).toBe(CAP - 1);
  });

  it('a window shrunk to one minute through the control API: the cap is spent and back within a minute, headers follow [FAKE-RATE-WINDOW-CONTROL, RATE-WINDOW-FIXED-HOUR, RATE-PLATFORM-1000, RATE-429-MESSAGE]', async () => {
    const MINUTE = 60_000;
    const view = await setWindowVia(control(), { ms: MINUTE });
    expect([view.window_ms, view.mode]).toEqual([MINUTE, 'fixed']);
    const cap = hourlyCaps.platformTokenPerHour;
    const token = await freshTokenVia(control());
    const t0 = await clockNow(control());
    const answers = await all(cap + 1, () => platform(token.value));
    expect(statusCounts(answers)).toEqual({ 200: cap, 429: 1 });
    const over = answers.find((r) => r.status === 429)!;
    expectError(over, 429, RATE_LIMITED);
    expect(retryAfterOf(over)).toBe(60);
    expect(rateOf(over).reset).toBe(epochSeconds(t0 + MINUTE));

    await control().advance({ ms: MINUTE - 1 });
    expectError(await platform(token.value), 429, RATE_LIMITED);
    await control().advance({ ms: 1 });
    expect(rateOf(await platform(token.value))).toEqual({
      limit: cap,
      remaining: cap - 1,
      reset: epochSeconds(t0 + 2 * MINUTE),
    });
  });
});
