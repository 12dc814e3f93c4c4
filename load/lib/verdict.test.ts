import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateLimitMessages } from '../../contract/rate-limit-messages.ts';
import { capPlan } from './caps.ts';
import { judgeAllSuccessful, judgeCap, judgeLatency, type Response, tallyCap } from './verdict.ts';

const MSG = rateLimitMessages.default;

/** Exactly enforced: the first `cap` in issue order succeed, then 429s. */
const exact = (cap: number, extra: number, message: string = MSG): Response[] =>
  Array.from({ length: cap + extra }, (_, index) =>
    index < cap ? { index, status: 200 } : { index, status: 429, message },
  );

describe('cap verdict [LOAD-CAP-CHECK]', () => {
  it('[RATE-PLATFORM-1000, RATE-429-MESSAGE] passes exactly cap successes then 429s with the message', () => {
    const plan = capPlan('platform', 1000, { extra: 500, concurrency: 1 });
    const tally = tallyCap(plan, exact(1000, 500));
    expect(tally).toEqual({
      sent: 1500,
      successes: 1000,
      rateLimited: 500,
      other: 0,
      wrongMessage: 0,
      outOfOrder: 0,
      firstRateLimitedIndex: 1000,
      otherStatuses: {},
    });
    expect(judgeCap(plan, tally)).toEqual({ ok: true, failures: [] });
  });

  it('[RATE-PLATFORM-1000] fails when more requests than the cap succeed', () => {
    const plan = capPlan('platform', 1000, { extra: 10, concurrency: 4 });
    const responses = exact(1000, 10);
    responses[1005] = { index: 1005, status: 200 };
    const v = judgeCap(plan, tallyCap(plan, responses));
    expect(v.ok).toBe(false);
    expect(v.failures).toEqual(['cap not enforced: 1001 successes, 1 over the cap of 1000']);
  });

  it('[RATE-SEARCH-KEY-100] fails on a 429 before the cap, and says why when the credentials were given', () => {
    const plan = capPlan('search', 100, { extra: 5, concurrency: 4 });
    const responses = exact(100, 5, rateLimitMessages.projectKeySearch);
    responses[3] = { index: 3, status: 429, message: rateLimitMessages.projectKeySearch };
    const v = judgeCap(plan, tallyCap(plan, responses), 'used within the hour?');
    expect(v.failures).toEqual(['429 before the cap: only 99 successes of 100 (used within the hour?)']);
  });

  it('[RATE-SEARCH-KEY-100] fails on 429s without the plan message', () => {
    const plan = capPlan('search', 100, { extra: 5, concurrency: 4 });
    const v = judgeCap(plan, tallyCap(plan, exact(100, 5, MSG)));
    expect(v.failures).toEqual([
      '5 of the 429s did not carry the message "Rate limit exceeded. Your plan allows 100 requests per hour."',
    ]);
  });

  it('[RATE-PLATFORM-1000] fails on answers that are neither 2xx nor 429, counting them per status', () => {
    const plan = capPlan('platform', 10, { extra: 2, concurrency: 2 });
    const responses = exact(10, 2);
    responses[11] = { index: 11, status: 500 };
    const tally = tallyCap(plan, responses);
    expect(tally.otherStatuses).toEqual({ '500': 1 });
    expect(judgeCap(plan, tally).failures).toEqual([
      '1 answers were 429, expected 2',
      '1 answers were neither 2xx nor 429 (1× 500)',
    ]);
  });

  it('[RATE-PLATFORM-1000] sent one at a time, request #cap must be the first 429; under concurrency the order is free', () => {
    const swapped = exact(10, 2);
    swapped[9] = { index: 9, status: 429, message: MSG };
    swapped[10] = { index: 10, status: 200 };
    const seq = capPlan('platform', 10, { extra: 2, concurrency: 1 });
    expect(judgeCap(seq, tallyCap(seq, swapped)).failures).toEqual([
      'sent one at a time, request 10 (0-based) must be the first 429; 2 answers were on the wrong side of it',
    ]);
    const concurrent = capPlan('platform', 10, { extra: 2, concurrency: 3 });
    const tally = tallyCap(concurrent, swapped);
    expect(tally.firstRateLimitedIndex).toBe(9);
    expect(judgeCap(concurrent, tally).ok).toBe(true);
  });

  it('[RATE-PLATFORM-1000] fails when fewer requests than planned were answered', () => {
    const plan = capPlan('platform', 10, { extra: 2, concurrency: 2 });
    expect(judgeCap(plan, tallyCap(plan, exact(10, 1))).failures).toEqual(['sent 11 requests, planned 12']);
  });

  it('[RATE-PLATFORM-1000] property: any arrival order of an exact run passes; turning any one answer fails', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 2, max: 8 }),
        fc.nat(),
        fc.constantFrom(200, 429, 500),
        (cap, extra, concurrency, pick, status) => {
          const plan = capPlan('platform', cap, { extra, concurrency });
          const responses = exact(cap, extra).reverse();
          expect(judgeCap(plan, tallyCap(plan, responses)).ok).toBe(true);
          const i = pick % responses.length;
          const before = responses[i]!;
          if (before.status === status) return;
          responses[i] = { index: before.index, status, message: MSG };
          expect(judgeCap(plan, tallyCap(plan, responses)).ok).toBe(false);
        },
      ),
    );
  });
});

describe('latency and all-2xx verdicts [LOAD-CAP-CHECK]', () => {
  it('p95 must be under its bound, and something must have been timed', () => {
    expect(judgeLatency(12.34, 2000).ok).toBe(true);
    expect(judgeLatency(2000, 2000).failures).toEqual(['p95 2000 ms is not under the bound of 2000 ms']);
    expect(judgeLatency(null, 2000).failures).toEqual(['p95: no request was timed']);
  });

  it('a run within the caps must answer every request with a 2xx', () => {
    expect(judgeAllSuccessful('rag', { sent: 3, successes: 3 }).ok).toBe(true);
    expect(judgeAllSuccessful('rag', { sent: 3, successes: 2 }).failures).toEqual([
      'rag: 1 of 3 answers were not 2xx',
    ]);
    expect(judgeAllSuccessful('rag', { sent: 0, successes: 0 }).ok).toBe(false);
  });
});
