/**
 * The documented hourly caps of the Platform token and of the project-key search, each spent whole on fresh
 * credentials from provider states (support/fresh-quota.ts), so they are checked on a deployment without a control
 * API: a fresh token has its whole 1,000 requests, a fresh organization's project key its whole 100 searches. No
 * clock moves here: what the window is and when it ends are checked on the fake's clock (window.test.ts,
 * sliding.test.ts, platform-cap.test.ts). Requests go 50 at a time.
 * Documented, and checked hard: the cap admitted, then 429 with the spec's message, per token. The headers
 * (RATE-HEADERS) softly.
 */
import { describe, it } from 'vitest';
import { hourlyCaps } from '../../contract/index.js';
import { expectError, expectSuccess } from '../support/envelope.js';
import { freshTokenOfState, freshWorldOfState, withinOneClockHour } from '../support/fresh-quota.js';
import { RATE_LIMITED, SEARCH_RATE_LIMITED } from '../support/messages.js';
import {
  capCheck,
  expectRate,
  expectRetryAfter,
  expectTally,
  inBatches,
  platformOnce,
  searchOnce,
} from '../support/rate-limits.js';
import { need, useTarget } from '../support/use-target.js';
import type { RawResponse } from '../target/transport.js';

const target = useTarget();
/** A thousand requests to a real deployment, 50 at a time. */
const SLOW = 300_000;

/**
 * A fresh count spent whole: `cap` requests (50 at a time) all admitted, then the next one refused with 429 and
 * `message`; Retry-After and the X-RateLimit headers softly.
 */
function spendWhole(send: () => Promise<RawResponse>, cap: number, message: string): Promise<void> {
  return withinOneClockHour(target(), async () => {
    expectTally(await inBatches(cap, send), { admitted: cap });
    const over = await send();
    capCheck(() => expectError(over, 429, message));
    expectRetryAfter(over, { min: 1, max: 3600 });
    expectRate(over, { limit: cap, remaining: 0 });
  });
}

describe('the documented caps on fresh credentials (provider states)', () => {
  it(
    'a fresh token: 1000 requests in the hour succeed, the 1001st gets 429 with the spec’s message; another fresh token of the same organization is still admitted [RATE-PLATFORM-1000, RATE-429-MESSAGE, ERR-429-STATUS, RATE-PLATFORM-PER-TOKEN, RATE-HEADERS]',
    async (ctx) => {
      need(ctx, target(), { quota: true });
      const cap = hourlyCaps.platformTokenPerHour;
      const spent = await freshTokenOfState(ctx, target());
      const other = await freshTokenOfState(ctx, target(), spent.organization_id);
      await spendWhole(() => platformOnce(target(), spent.value), cap, RATE_LIMITED);
      const next = await platformOnce(target(), other.value);
      expectSuccess(next, 'getSupportedModels');
      expectRate(next, { limit: cap, remaining: cap - 1 });
    },
    SLOW,
  );

  it(
    'a fresh project key: 100 searches in the hour succeed, the 101st gets 429 with the message of the plan’s 100 requests per hour [RATE-SEARCH-KEY-100, ERR-429-STATUS, RATE-HEADERS]',
    async (ctx) => {
      need(ctx, target(), { quota: true });
      const cap = hourlyCaps.projectKeySearchPerHour;
      // Project-key search needs Professional or above; a fresh organization's key has a count of its own
      // whether the deployment counts per key, per project or per organization.
      const world = await freshWorldOfState(ctx, target(), 'professional');
      await spendWhole(() => searchOnce(target(), { apiKey: world.key }), cap, SEARCH_RATE_LIMITED);
    },
    SLOW,
  );
});
