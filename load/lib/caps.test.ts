import { describe, expect, it } from 'vitest';
import { hourlyCaps } from '../../contract/limits.ts';
import { rateLimitMessages } from '../../contract/rate-limit-messages.ts';
import { capOf, capPlan, defaultExtra, observe, outcomeOf, ragCapFor, rateLimitMessageOf } from './caps.ts';

describe('load cap arithmetic', () => {
  it('[RATE-PLATFORM-1000, RATE-429-MESSAGE] a Platform token: 1000 an hour, 429 with the general message', () => {
    expect(capOf('platform', { plan: 'professional' })).toBe(1000);
    expect(rateLimitMessageOf('platform')).toBe('Rate limit exceeded. Please try again later.');
  });

  it('[RATE-RAG-PROFESSIONAL-200, RATE-RAG-ADVANCED-AGENCY-1000] the RAG cap by plan', () => {
    expect(ragCapFor('professional')).toBe(200);
    expect(ragCapFor('advanced')).toBe(1000);
    expect(ragCapFor('agency')).toBe(1000);
    expect(capOf('rag', { plan: 'professional' })).toBe(200);
    expect(rateLimitMessageOf('rag')).toBe(rateLimitMessages.default);
  });

  it('[RATE-ENTERPRISE-CAP] Enterprise: the configured cap, else the default', () => {
    expect(ragCapFor('enterprise', 5000)).toBe(5000);
    expect(ragCapFor('enterprise')).toBe(hourlyCaps.ragEnterpriseDefault);
    expect(capOf('rag', { plan: 'enterprise', enterpriseCap: 7 })).toBe(7);
    // The configured cap only applies to Enterprise: the spec fixes the others.
    expect(ragCapFor('professional', 5000)).toBe(200);
  });

  it('[RATE-SEARCH-KEY-100] the project-key search: 100 an hour, with its own message', () => {
    expect(capOf('search', { plan: 'advanced' })).toBe(100);
    expect(rateLimitMessageOf('search')).toBe('Rate limit exceeded. Your plan allows 100 requests per hour.');
  });

  it('[LOAD-CAP-CHECK] a run sends cap + extra and expects cap successes and extra 429s', () => {
    expect(defaultExtra(1000)).toBe(100);
    expect(defaultExtra(10)).toBe(5);
    const plan = capPlan('platform', 1000, { concurrency: 20 });
    expect(plan).toMatchObject({
      sent: 1100,
      expectedSuccesses: 1000,
      expectedRateLimited: 100,
      sequential: false,
    });
    expect(capPlan('search', 100, { extra: 3, concurrency: 1 })).toMatchObject({
      sent: 103,
      sequential: true,
    });
    // No more workers than requests.
    expect(capPlan('search', 2, { extra: 1, concurrency: 50 }).concurrency).toBe(3);
    expect(() => capPlan('search', 0, { concurrency: 1 })).toThrow(RangeError);
    expect(() => capPlan('search', 10, { extra: 0, concurrency: 1 })).toThrow(RangeError);
    expect(() => capPlan('search', 10, { concurrency: 0 })).toThrow(RangeError);
  });

  it('[LOAD-CAP-CHECK] classifies a response; the order is judged only when sent one at a time', () => {
    expect([200, 204, 429, 403, 500, 0].map(outcomeOf)).toEqual([
      'success',
      'success',
      'rate_limited',
      'other',
      'other',
      'other',
    ]);
    const seq = capPlan('search', 100, { extra: 5, concurrency: 1 });
    const message = rateLimitMessages.projectKeySearch;
    expect(observe(seq, 99, 200, undefined)).toEqual({
      outcome: 'success',
      wrongMessage: false,
      outOfOrder: false,
    });
    expect(observe(seq, 100, 429, message)).toEqual({
      outcome: 'rate_limited',
      wrongMessage: false,
      outOfOrder: false,
    });
    expect(observe(seq, 99, 429, message).outOfOrder).toBe(true);
    expect(observe(seq, 100, 200, undefined).outOfOrder).toBe(true);
    expect(observe(seq, 100, 429, rateLimitMessages.default).wrongMessage).toBe(true);
    const concurrent = capPlan('search', 100, { extra: 5, concurrency: 8 });
    expect(observe(concurrent, 3, 429, message).outOfOrder).toBe(false);
  });
});
