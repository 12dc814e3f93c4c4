import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateLimitMessages } from '../../contract/rate-limit-messages.ts';
import { capPlan, observe } from './caps.ts';
import { distributionOf, judgeInstance } from './distributed.ts';
import {
  capLatencyMetric,
  capMetric,
  capThresholds,
  failedThresholds,
  instanceThresholds,
  type K6SummaryData,
  mixedFromK6,
  mixedThresholds,
  tallyFromK6,
} from './k6-metrics.ts';
import { judgeCap, type Response, tallyCap } from './verdict.ts';

const compare: Record<string, (v: number, n: number) => boolean> = {
  '==': (v, n) => v === n,
  '<': (v, n) => v < n,
  '<=': (v, n) => v <= n,
  '>=': (v, n) => v >= n,
};

/** Evaluates k6 threshold expressions of the forms the scripts use (`count==5`, `count<=9`, `p(95)<2000`). */
function passes(values: Record<string, number>, expression: string): boolean {
  const m = /^(count|min|p\(95\))(==|<=|>=|<)(\d+)$/.exec(expression);
  if (!m) throw new Error(`unsupported threshold ${expression}`);
  return compare[m[2]!]!(values[m[1]!] ?? 0, Number(m[3]));
}

/** What k6 would aggregate from the scripts' metrics for these responses (as cap-script.ts records them). */
function k6Data(
  plan: ReturnType<typeof capPlan>,
  responses: readonly Response[],
  p95: number,
): K6SummaryData {
  const counters: Record<string, number> = {};
  const indices: number[] = [];
  const add = (name: string, n: number) => {
    counters[name] = (counters[name] ?? 0) + n;
  };
  for (const r of responses) {
    const o = observe(plan, r.index, r.status, r.message);
    add(capMetric.success, o.outcome === 'success' ? 1 : 0);
    add(capMetric.rateLimited, o.outcome === 'rate_limited' ? 1 : 0);
    add(capMetric.other, o.outcome === 'other' ? 1 : 0);
    add(capMetric.wrongMessage, o.wrongMessage ? 1 : 0);
    add(capMetric.outOfOrder, o.outOfOrder ? 1 : 0);
    if (o.outcome === 'rate_limited') indices.push(r.index);
  }
  const metrics: K6SummaryData['metrics'] = {};
  for (const [name, count] of Object.entries(counters)) metrics[name] = { values: { count } };
  if (indices.length) metrics[capMetric.rateLimitedIndex] = { values: { min: Math.min(...indices) } };
  metrics[capLatencyMetric] = { values: { 'p(95)': p95 } };
  return { metrics };
}

const allPass = (thresholds: Record<string, string[]>, data: K6SummaryData) =>
  Object.entries(thresholds).every(([metric, exprs]) =>
    exprs.every((e) => passes(data.metrics[metric]?.values ?? {}, e)),
  );

describe('k6 thresholds and summary data [LOAD-CAP-CHECK]', () => {
  it('[RATE-PLATFORM-1000] the thresholds of a cap run: exact counts, nothing else, the p95 bound', () => {
    const plan = capPlan('platform', 1000, { extra: 500, concurrency: 50 });
    expect(capThresholds(plan, 2000, false)).toEqual({
      cap_success: ['count==1000'],
      cap_rate_limited: ['count==500'],
      cap_other: ['count==0'],
      cap_wrong_message: ['count==0'],
      cap_out_of_order: ['count==0'],
      'http_req_duration{phase:cap}': ['p(95)<2000'],
    });
    expect(capThresholds(plan, 2000, true)).toMatchObject({
      cap_recovered: ['count==1'],
      cap_recovery_failed: ['count==0'],
    });
  });

  it('[RATE-PLATFORM-1000, RATE-SEARCH-KEY-100] property: the k6 thresholds pass exactly when the verdict does', () => {
    const MSG = rateLimitMessages.default;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.constantFrom<number | 'wrong-message' | 'drop'>(200, 429, 503, 'wrong-message', 'drop'),
          ),
          {
            maxLength: 3,
          },
        ),
        fc.integer({ min: 1, max: 3000 }),
        (cap, extra, concurrency, changes, p95) => {
          const plan = capPlan('platform', cap, { extra, concurrency });
          let responses: Response[] = Array.from({ length: cap + extra }, (_, index) =>
            index < cap ? { index, status: 200 } : { index, status: 429, message: MSG },
          );
          for (const [at, change] of changes) {
            const i = at % responses.length;
            if (change === 'drop') responses = responses.filter((_, j) => j !== i);
            else if (change === 'wrong-message') responses[i] = { ...responses[i]!, message: 'Too many' };
            else if (typeof change === 'number')
              responses[i] = { index: responses[i]!.index, status: change, message: MSG };
            if (responses.length === 0) return;
          }
          const data = k6Data(plan, responses, p95);
          const verdictOk = judgeCap(plan, tallyCap(plan, responses)).ok && p95 < 2000;
          expect(allPass(capThresholds(plan, 2000, false), data)).toBe(verdictOk);
          expect(tallyFromK6(data)).toEqual({ ...tallyCap(plan, responses), otherStatuses: {} });
        },
      ),
    );
  });

  it("[LOAD-DISTRIBUTED, RATE-PLATFORM-1000] property: an instance's thresholds pass exactly when its own verdict does", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1200 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 2, max: 5 }),
        fc.record({
          instance: fc.nat(),
          delta: fc.integer({ min: -1, max: 1 }),
          admitted: fc.double({ min: 0, max: 1, noNaN: true }),
          other: fc.nat({ max: 1 }),
          wrongMessage: fc.nat({ max: 1 }),
        }),
        fc.integer({ min: 1, max: 3000 }),
        (cap, extra, instances, seen, p95) => {
          const plan = capPlan('platform', cap, { extra, concurrency: instances * 3 });
          const d = distributionOf(plan, instances);
          // Around one instance's share: its own count, or one more or less; any split of it.
          const sent = Math.max(0, d.shares[seen.instance % instances]!.iterations + seen.delta);
          const successes = Math.floor(seen.admitted * sent);
          const other = Math.min(seen.other, sent - successes);
          const rateLimited = sent - successes - other;
          const wrongMessage = Math.min(seen.wrongMessage, rateLimited);
          const counts = { sent, successes, rateLimited, other, wrongMessage };
          const data: K6SummaryData = {
            metrics: {
              [capMetric.sent]: { values: { count: sent } },
              [capMetric.success]: { values: { count: counts.successes } },
              [capMetric.rateLimited]: { values: { count: counts.rateLimited } },
              [capMetric.other]: { values: { count: counts.other } },
              [capMetric.wrongMessage]: { values: { count: wrongMessage } },
              [capLatencyMetric]: { values: { 'p(95)': p95 } },
            },
          };
          const tally = { ...counts, outOfOrder: 0, firstRateLimitedIndex: null, otherStatuses: {} };
          const verdictOk = judgeInstance(plan, d, tally).ok && p95 < 2000;
          expect(allPass(instanceThresholds(plan, d, 2000), data)).toBe(verdictOk);
        },
      ),
    );
  });

  it('[LOAD-CAP-CHECK] reads the tally, the failed thresholds and the run time from k6 summary data', () => {
    const data: K6SummaryData = {
      metrics: {
        cap_success: { values: { count: 100, rate: 50 }, thresholds: { 'count==100': { ok: true } } },
        cap_rate_limited: { values: { count: 12 }, thresholds: { 'count==10': { ok: false } } },
        cap_429_index: { values: { min: 97, max: 111 } },
        'http_req_duration{phase:cap}': {
          values: { 'p(95)': 12.5 },
          thresholds: { 'p(95)<2000': { ok: true } },
        },
      },
      state: { testRunDurationMs: 1234 },
    };
    expect(tallyFromK6(data)).toMatchObject({
      sent: 112,
      successes: 100,
      rateLimited: 12,
      other: 0,
      firstRateLimitedIndex: 97,
    });
    expect(failedThresholds(data)).toEqual(['cap_rate_limited: count==10']);
    expect(tallyFromK6({ metrics: {} })).toMatchObject({ sent: 0, firstRateLimitedIndex: null });
  });

  it('[LOAD-CAP-CHECK] soak and smoke: per family every request a 2xx and the p95 within its bound', () => {
    const totals = [
      { family: 'platform' as const, total: 500 },
      { family: 'search' as const, total: 50 },
    ];
    const p95Ms = { platform: 2000, rag: 30_000, search: 1500 };
    expect(mixedThresholds('soak', totals, p95Ms)).toEqual({
      'soak_success{family:platform}': ['count==500'],
      'soak_failed{family:platform}': ['count==0'],
      'http_req_duration{family:platform}': ['p(95)<2000'],
      'soak_success{family:search}': ['count==50'],
      'soak_failed{family:search}': ['count==0'],
      'http_req_duration{family:search}': ['p(95)<1500'],
    });
    const data: K6SummaryData = {
      metrics: {
        'soak_success{family:platform}': { values: { count: 499 } },
        'soak_failed{family:platform}': { values: { count: 1 } },
        'http_req_duration{family:platform}': { values: { 'p(95)': 20 } },
        'soak_success{family:search}': { values: { count: 50 } },
      },
    };
    expect(mixedFromK6(data, 'soak', totals, p95Ms)).toEqual([
      { family: 'platform', sent: 500, successes: 499, p95Ms: 20, p95BoundMs: 2000 },
      { family: 'search', sent: 50, successes: 50, p95Ms: null, p95BoundMs: 1500 },
    ]);
  });
});
