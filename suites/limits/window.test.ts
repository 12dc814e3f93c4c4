/**
 * The fixed window on the virtual clock (RATE-WINDOW-FIXED-HOUR, the fake's default): a window is opened by the
 * first request after the previous one ended and lasts the window length, so the last request at 59:59.999 still
 * counts in it and the first at 60:00 opens a new one; windows follow the requests, not a grid. The window is
 * shrunk through the control API where a test is about its length. Counts are read from X-RateLimit-Remaining
 * and X-RateLimit-Reset (RATE-HEADERS) below the cap, and crossed on the project-key search cap (100 an hour).
 * The window is the fake's choice, so everything that depends on time passing is checked softly (assumed()); what the
 * spec documents, a burst admitted up to the cap and the next request refused with 429 and its message, is hard.
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
  expectTally,
  freshKeyedProjectVia,
  freshTokenVia,
  HOUR_MS,
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
const SEARCH = 'searchIndexDocumentByProjectKey';

const search = (auth: Auth) => searchOnce(target(), auth);
const platform = (value: string) => platformOnce(target(), value);
const epochSeconds = (ms: number) => Math.ceil(ms / 1000);

beforeEach((ctx) => need(ctx, target(), { control: 'the rate window', quota: true }));
afterEach(async () => {
  if (target().control) await restoreWindowVia(control());
});

describe('the fixed window', () => {
  it('is one hour by default, opened by the first request [RATE-WINDOW-FIXED-HOUR, FAKE-RATE-WINDOW-CONTROL]', async () => {
    const view = await rateLimitsVia(control());
    assumed('FAKE-RATE-WINDOW-CONTROL', () =>
      expect([view.window_ms, view.mode]).toEqual([HOUR_MS, 'fixed']),
    );
    const t0 = await clockNow(control());
    const token = await freshTokenVia(control());
    await control().advance({ minutes: 7 });
    const first = await platform(token.value);
    expectSuccess(first, 'getSupportedModels');
    expectRate(first, { reset: epochSeconds(t0 + 7 * 60_000 + HOUR_MS) }, 'RATE-WINDOW-FIXED-HOUR');
    const counter = Object.values((await rateLimitsVia(control())).counters).find(
      (c) => c.start === t0 + 7 * 60_000,
    );
    assumed('RATE-WINDOW-FIXED-HOUR', () =>
      expect(counter).toMatchObject({ count: 1, reset_at: t0 + 7 * 60_000 + HOUR_MS }),
    );
  });

  it('below the cap: a request at 59:59.999 still counts in the window, the first at 60:00 opens a new one [RATE-WINDOW-FIXED-HOUR, RATE-HEADERS, RATE-PLATFORM-1000]', async () => {
    const cap = hourlyCaps.platformTokenPerHour;
    const token = await freshTokenVia(control());
    const t0 = await clockNow(control());
    const counter = async () => (await rateLimitsVia(control())).counters[`token:${token.id}`];
    const answers = [await platform(token.value)];
    await control().advance({ ms: HOUR_MS - 1 });
    answers.push(await platform(token.value));
    const lastInWindow = await counter();
    await control().advance({ ms: 1 });
    answers.push(await platform(token.value));
    const firstInNext = await counter();
    for (const r of answers) expectSuccess(r, 'getSupportedModels');
    // The counts as the control API shows them (no header needed).
    assumed('RATE-WINDOW-FIXED-HOUR', () => {
      expect(lastInWindow, 'at 59:59.999').toMatchObject({ count: 2, start: t0, reset_at: t0 + HOUR_MS });
      expect(firstInNext, 'at 60:00').toMatchObject({
        count: 1,
        start: t0 + HOUR_MS,
        reset_at: t0 + 2 * HOUR_MS,
      });
    });
    expectRates(
      answers,
      (rates) =>
        expect(rates).toEqual([
          { limit: cap, remaining: cap - 1, reset: epochSeconds(t0 + HOUR_MS) },
          { limit: cap, remaining: cap - 2, reset: epochSeconds(t0 + HOUR_MS) },
          { limit: cap, remaining: cap - 1, reset: epochSeconds(t0 + 2 * HOUR_MS) },
        ]),
      'RATE-WINDOW-FIXED-HOUR',
    );
  });

  it('at the cap: refused until 59:59.999 with Retry-After counting down to 1 s; at 60:00 the whole cap is back [RATE-WINDOW-FIXED-HOUR, RATE-SEARCH-KEY-100, RATE-HEADERS]', async () => {
    const { auth } = await freshKeyedProjectVia(control());
    const t0 = await clockNow(control());
    expectTally(await all(CAP, () => search(auth)), { admitted: CAP });

    const over = await search(auth);
    capCheck(() => expectError(over, 429, SEARCH_RATE_LIMITED));
    expectRetryAfter(over, 3600, 'RATE-WINDOW-FIXED-HOUR');
    expectRate(
      over,
      { limit: CAP, remaining: 0, reset: epochSeconds(t0 + HOUR_MS) },
      'RATE-WINDOW-FIXED-HOUR',
    );

    await control().advance({ ms: HOUR_MS - 1 });
    const last = await search(auth);
    assumed('RATE-WINDOW-FIXED-HOUR', () => expectError(last, 429, SEARCH_RATE_LIMITED));
    expectRetryAfter(last, 1, 'RATE-WINDOW-FIXED-HOUR');

    await control().advance({ ms: 1 });
    const answers = await all(CAP + 1, () => search(auth));
    // Hard: a burst at one instant is admitted up to the cap at most, the rest refused with 429.
    expect(tally(answers).admitted).toBeLessThanOrEqual(CAP);
    expect(tally(answers).other).toEqual({});
    assumed('RATE-WINDOW-FIXED-HOUR', () => expectTally(answers, { admitted: CAP, limited: 1 }));
    expectRates(
      answers.filter((r) => r.status === 200),
      (rates) => {
        for (const r of rates) expect(r.reset).toBe(epochSeconds(t0 + 2 * HOUR_MS));
      },
      'RATE-WINDOW-FIXED-HOUR',
    );
  });

  it('the first request after a quiet spell opens the next window at its own time, not on an hourly grid [RATE-WINDOW-FIXED-HOUR, RATE-SEARCH-KEY-100]', async () => {
    const { auth } = await freshKeyedProjectVia(control());
    await all(CAP, () => search(auth));
    await control().advance({ minutes: 90 });
    const t1 = await clockNow(control());
    const first = await search(auth);
    expectSuccess(first, SEARCH);
    expectRate(
      first,
      { limit: CAP, remaining: CAP - 1, reset: epochSeconds(t1 + HOUR_MS) },
      'RATE-WINDOW-FIXED-HOUR',
    );
    expectTally(await all(CAP - 1, () => search(auth)), { admitted: CAP - 1 });
    // On a grid from the first window (t0 + 2 h) the count would clear at t1 + 30 min; it clears at t1 + 1 h.
    await control().advance({ minutes: 30 });
    const over = await search(auth);
    assumed('RATE-WINDOW-FIXED-HOUR', () => expectError(over, 429, SEARCH_RATE_LIMITED));
    expectRetryAfter(over, 1800, 'RATE-WINDOW-FIXED-HOUR');
    await control().advance({ minutes: 30 });
    expectRate(await search(auth), { remaining: CAP - 1 }, 'RATE-WINDOW-FIXED-HOUR');
  });

  it('a window shrunk to one minute through the control API: the cap is spent and back within a minute, headers follow [FAKE-RATE-WINDOW-CONTROL, RATE-WINDOW-FIXED-HOUR, RATE-PLATFORM-1000, RATE-429-MESSAGE]', async () => {
    const MINUTE = 60_000;
    const view = await setWindowVia(control(), { ms: MINUTE });
    assumed('FAKE-RATE-WINDOW-CONTROL', () => expect([view.window_ms, view.mode]).toEqual([MINUTE, 'fixed']));
    const cap = hourlyCaps.platformTokenPerHour;
    const token = await freshTokenVia(control());
    const t0 = await clockNow(control());
    const answers = await all(cap + 1, () => platform(token.value));
    expectTally(answers, { admitted: cap, limited: 1 });
    const over = answers.find((r) => r.status === 429)!;
    capCheck(() => expectError(over, 429, RATE_LIMITED));
    expectRetryAfter(over, 60, 'FAKE-RATE-WINDOW-CONTROL');
    expectRate(over, { reset: epochSeconds(t0 + MINUTE) }, 'FAKE-RATE-WINDOW-CONTROL');

    await control().advance({ ms: MINUTE - 1 });
    const last = await platform(token.value);
    assumed('RATE-WINDOW-FIXED-HOUR', () => expectError(last, 429, RATE_LIMITED));
    await control().advance({ ms: 1 });
    const again = await platform(token.value);
    assumed('FAKE-RATE-WINDOW-CONTROL', () => expectSuccess(again, 'getSupportedModels'));
    expectRate(
      again,
      { limit: cap, remaining: cap - 1, reset: epochSeconds(t0 + 2 * MINUTE) },
      'FAKE-RATE-WINDOW-CONTROL',
    );
  });
});
