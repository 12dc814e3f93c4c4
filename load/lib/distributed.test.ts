import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capPlan } from './caps.ts';
import { loadConfig } from './config.ts';
import { problemsOf } from './config-problems.test-support.ts';
import { distributionOf, instanceBounds, judgeInstance } from './distributed.ts';
import { resolveCapRun, resolveSmoke, resolveSoak } from './scripts.ts';
import { sharedIterationIndices } from './segments.ts';
import { type CapTally, judgeCap } from './verdict.ts';

const tallyOf = (successes: number, rateLimited: number): CapTally => ({
  sent: successes + rateLimited,
  successes,
  rateLimited,
  other: 0,
  wrongMessage: 0,
  outOfOrder: 0,
  firstRateLimitedIndex: null,
  otherStatuses: {},
});

describe('a cap run over several k6 instances [LOAD-DISTRIBUTED]', () => {
  it('[RATE-PLATFORM-1000] bounds: what one instance of three can see of 1000 + 100', () => {
    const plan = capPlan('platform', 1000, { extra: 100, concurrency: 9 });
    const d = distributionOf(plan, 3);
    expect(d.shares.map((s) => s.iterations)).toEqual([367, 367, 366]);
    expect(instanceBounds(plan, d)).toEqual({
      sent: [366, 367],
      successes: [266, 367],
      rateLimited: [0, 100],
    });
    expect(judgeInstance(plan, d, tallyOf(300, 67)).ok).toBe(true);
    expect(judgeInstance(plan, d, tallyOf(250, 117)).failures).toEqual([
      'successes: 250, outside what one instance of 3 can see (266–367)',
      '429s: 117, outside what one instance of 3 can see (0–100)',
    ]);
  });

  it('[RATE-PLATFORM-1000, RATE-SEARCH-KEY-100] on a correct target every instance is within its bounds, whatever the interleaving, and only the sum is exact', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 0, max: 20 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        (cap, extra, instances, moreVus, keys) => {
          fc.pre(cap + extra >= instances); // resolveCapRun refuses fewer requests than instances
          const plan = capPlan('search', cap, { extra, concurrency: instances + moreVus });
          const d = distributionOf(plan, instances);
          // Arrival order at the target: any order at all; the first `cap` to arrive are admitted.
          const order = Array.from({ length: plan.sent }, (_, i) => i);
          const weight = [...keys.take(plan.sent)];
          order.sort((a, b) => weight[a]! - weight[b]!);
          const admitted = new Set(order.slice(0, cap));
          const tallies = d.shares.map((s) => {
            const mine = sharedIterationIndices(plan.sent, plan.concurrency, instances, s.index);
            const ok = mine.filter((i) => admitted.has(i)).length;
            return tallyOf(ok, mine.length - ok);
          });
          for (const t of tallies) expect(judgeInstance(plan, d, t)).toEqual({ ok: true, failures: [] });
          const sum = tallyOf(
            tallies.reduce((a, t) => a + t.successes, 0),
            tallies.reduce((a, t) => a + t.rateLimited, 0),
          );
          expect(judgeCap(plan, sum).ok).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('[RATE-PLATFORM-1000] the honest limit: a target that enforces no cap passes every instance whose share is under the cap', () => {
    const plan = capPlan('platform', 1000, { extra: 100, concurrency: 9 });
    const d = distributionOf(plan, 3);
    for (const s of d.shares) expect(judgeInstance(plan, d, tallyOf(s.iterations, 0)).ok).toBe(true);
    expect(judgeCap(plan, tallyOf(1100, 0)).failures).toEqual([
      'cap not enforced: 1100 successes, 100 over the cap of 1000',
    ]);
  });

  it('[LOAD-CONFIG] INSTANCE_COUNT needs given credentials and a VU per instance; the soak and the smoke run as one', () => {
    const base = { BASE_URL: 'https://x.example/api/v1', TOKEN: 't', PROJECT_KEY: 'k', ALLOW_QUOTA: '1' };
    const run = resolveCapRun('platform-token-cap', loadConfig({ env: { ...base, INSTANCE_COUNT: '3' } }));
    expect(run.distribution?.shares.map((s) => s.iterations)).toEqual([440, 330, 330]);
    expect(run.plan.sequential).toBe(false);
    expect(
      resolveCapRun('platform-token-cap', loadConfig({ env: { ...base, INSTANCE_COUNT: '1' } })).distribution,
    ).toBeUndefined();
    const withControl = { ...base, CONTROL_URL: 'http://f.example/_control', CONTROL_SECRET: 's' };
    expect(
      problemsOf(() =>
        resolveCapRun(
          'kb-search-cap',
          loadConfig({ env: { ...withControl, INSTANCE_COUNT: '4', VUS: '3' } }),
        ),
      ),
    ).toEqual([
      "kb-search-cap: INSTANCE_COUNT=4: every k6 instance runs its own setup() and teardown(), so each would mint its own credentials and move the fake's clock; give the credentials (TOKEN, PROJECT_KEY) with NO_CONTROL=1",
      'kb-search-cap: VUS=3 is fewer than INSTANCE_COUNT=4: k6 shares the VUs out between the instances, and one without a VU sends nothing',
    ]);
    const two = loadConfig({ env: { ...base, INSTANCE_COUNT: '2' } });
    expect(problemsOf(() => resolveSoak(two))[0]).toMatch(/^soak: runs as one k6 instance only/);
    expect(problemsOf(() => resolveSmoke(two))[0]).toMatch(/^smoke: runs as one k6 instance only/);
    const many = { ...base, INSTANCE_COUNT: '200', VUS: '200', EXTRA: '5' };
    expect(problemsOf(() => resolveCapRun('kb-search-cap', loadConfig({ env: many })))).toEqual([
      'kb-search-cap: cap + EXTRA is 105 requests, fewer than INSTANCE_COUNT=200: an instance would send nothing',
    ]);
    expect(problemsOf(() => loadConfig({ env: { ...base, INSTANCE_COUNT: '0' } }))).toEqual([
      'INSTANCE_COUNT must be a positive integer, got "0"',
    ]);
  });
});
