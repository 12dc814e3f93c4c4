import { describe, expect, it } from 'vitest';
import { hourlyCaps, TargetConfig } from '../../contract/index.js';
import { DEFAULT_MARGIN, DEFAULT_RAG_MARGIN } from './request-budget.js';
import { shardCredentials } from './shard-credentials.js';

const staging = (more: object = {}) =>
  TargetConfig.parse({
    name: 'staging',
    base_url: 'https://staging.example.com/api/v1',
    tokens: { owner: 'o1', viewer: 'v1' },
    token_pools: { owner: ['o2', 'o3', 'o4', 'o5', 'o6'], viewer: ['v2'] },
    project_key: 'key',
    ...more,
  });
const tokensOf = (c: TargetConfig, kind: 'owner' | 'viewer') => [
  c.tokens[kind],
  ...(c.token_pools?.[kind] ?? []),
];
const shards = (config: TargetConfig, count: number) =>
  Array.from({ length: count }, (_, i) => shardCredentials(config, { index: i + 1, count }));

describe('credentials dealt across shards [HARNESS-SHARD-CREDENTIALS]', () => {
  it('with at least n tokens of a kind, each shard takes a disjoint share and together they hold them all', () => {
    const dealt = shards(staging(), 3).map((s) => tokensOf(s.config, 'owner'));
    expect(dealt).toEqual([
      ['o1', 'o4'],
      ['o2', 'o5'],
      ['o3', 'o6'],
    ]);
    expect(shards(staging(), 3)[1]!.notes).toContain(
      'shard 2/3: 2 of the 6 owner tokens, none shared with another shard',
    );
  });

  it('with fewer tokens than shards, shards share one and each spends only its share of the per-token budget', () => {
    const [one, two, three] = shards(staging(), 3);
    expect([one, two, three].map((s) => s!.config.tokens.viewer)).toEqual(['v1', 'v2', 'v1']);
    const whole = hourlyCaps.platformTokenPerHour - DEFAULT_MARGIN;
    // v1 is shared by shards 1 and 3: they get half the budget each; shard 2 holds v2 alone.
    expect(one!.config.request_budget_per_token).toBe(Math.floor(whole / 2));
    expect(three!.config.request_budget_per_token).toBe(Math.floor(whole / 2));
    expect(two!.config.request_budget_per_token).toBeUndefined();
    expect(one!.notes).toContain(
      'shard 1/3: 2 viewer tokens for 3 shards: viewer token 1 is shared by shards 1, 3',
    );
    expect(one!.notes.join('\n')).toMatch(/at most 475 of 950 requests per token .* inconclusive, not red/);
  });

  it('divides a configured budget, never below one request', () => {
    const config = staging({ request_budget_per_token: 3, token_pools: {}, tokens: { owner: 'o1' } });
    expect(shards(config, 4).map((s) => s.config.request_budget_per_token)).toEqual([1, 1, 1, 1]);
    expect(
      shards(staging({ request_budget_per_token: 600, token_pools: {}, tokens: { owner: 'o1' } }), 3).map(
        (s) => s.config.request_budget_per_token,
      ),
    ).toEqual([200, 200, 200]);
  });

  it('divides the one project key’s RAG budget by the number of shards', () => {
    const whole = Math.min(...Object.values(hourlyCaps.ragPerHour)) - DEFAULT_RAG_MARGIN;
    expect(shards(staging(), 3).map((s) => s.config.request_budget_rag_per_project)).toEqual(
      Array(3).fill(Math.floor(whole / 3)),
    );
    expect(
      shards(staging({ project_key: undefined }), 3)[0]!.config.request_budget_rag_per_project,
    ).toBeUndefined();
  });

  it('sums: no shard sends more with a shared credential than its share of the budget', () => {
    for (const count of [2, 3, 5, 7]) {
      const dealt = shards(staging({ request_budget_per_token: 900 }), count);
      const perValue = new Map<string, number>();
      for (const s of dealt)
        for (const v of [...tokensOf(s.config, 'owner'), ...tokensOf(s.config, 'viewer')].filter(Boolean))
          perValue.set(v!, (perValue.get(v!) ?? 0) + (s.config.request_budget_per_token ?? 900));
      for (const [value, sum] of perValue)
        expect(sum, `${value} over ${count} shards`).toBeLessThanOrEqual(900);
    }
  });

  it('deals nothing on one shard, or on a target with a control API (each shard needs its own fake)', () => {
    expect(shardCredentials(staging(), { index: 1, count: 1 })).toEqual({ config: staging(), notes: [] });
    const fake = staging({ control: { url: 'http://127.0.0.1:4010/_control', secret: 's' } });
    const dealt = shardCredentials(fake, { index: 2, count: 3 });
    expect(dealt.config).toBe(fake);
    expect(dealt.notes[0]).toMatch(/control API.* not dealt, and every shard needs a fake of its own/);
  });
});
