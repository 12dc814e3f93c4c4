/**
 * The credentials of one shard (`--shard i/n`, HARNESS-SHARD-CREDENTIALS). A real target's tokens of each kind (the
 * one under `tokens` and its `token_pools`) are dealt round-robin: with at least n of a kind, shard i takes the i-th,
 * (i+n)-th, … and no two shards ever spend one token's hourly cap. With fewer, shards share a token and each of them
 * may spend only its share of the per-token request budget; the single project key is shared by every shard and its
 * RAG budget is divided the same way. A test that would go past its share stops as inconclusive (the quota ledger
 * decides, request-budget.ts), never red. Fresh credentials from provider states are each test's own and are not
 * dealt. A target with a control API (the fake) resets its counters between tests: nothing is dealt, but each shard
 * needs a fake of its own, since the suites reset it.
 */
import { hourlyCaps, type TargetConfig } from '../../contract/index.js';
import { DEFAULT_MARGIN, DEFAULT_RAG_MARGIN } from './request-budget.js';

export interface ShardPosition {
  readonly index: number;
  readonly count: number;
}

export interface ShardCredentials {
  /** The target config this shard runs with. */
  readonly config: TargetConfig;
  /** What the shard says before sending a request. */
  readonly notes: readonly string[];
}

type Kind = keyof TargetConfig['tokens'];

const poolOf = (config: TargetConfig, kind: Kind): string[] => [
  ...new Set([config.tokens[kind], ...(config.token_pools?.[kind] ?? [])].filter((v): v is string => !!v)),
];

/** The shards (1-based) that hold credential `j` of `m` when they are dealt round-robin over `count` shards. */
const holders = (j: number, m: number, count: number): number[] =>
  Array.from({ length: count }, (_, i) => i + 1).filter((i) => (i - 1) % m === j);

export function shardCredentials(config: TargetConfig, shard: ShardPosition): ShardCredentials {
  const label = `shard ${shard.index}/${shard.count}`;
  if (shard.count === 1) return { config, notes: [] };
  if (config.control)
    return {
      config,
      notes: [
        `${label}: the target has a control API, whose counters the suites reset between tests: its credentials are not dealt, and every shard needs a fake of its own (the suites reset it)`,
      ],
    };
  const notes: string[] = [];
  const tokens: Partial<Record<Kind, string>> = {};
  const pools: Partial<Record<Kind, string[]>> = {};
  let sharedBy = 1;
  const kinds = new Set([
    ...Object.keys(config.tokens),
    ...Object.keys(config.token_pools ?? {}),
  ]) as Set<Kind>;
  for (const kind of kinds) {
    const pool = poolOf(config, kind);
    if (pool.length === 0) continue;
    if (pool.length >= shard.count) {
      const mine = pool.filter((_, j) => j % shard.count === shard.index - 1);
      tokens[kind] = mine[0];
      if (mine.length > 1) pools[kind] = mine.slice(1);
      notes.push(
        `${label}: ${mine.length} of the ${pool.length} ${kind} tokens, none shared with another shard`,
      );
      continue;
    }
    const j = (shard.index - 1) % pool.length;
    const with_ = holders(j, pool.length, shard.count);
    tokens[kind] = pool[j];
    sharedBy = Math.max(sharedBy, with_.length);
    notes.push(
      `${label}: ${pool.length} ${kind} token${pool.length === 1 ? '' : 's'} for ${shard.count} shards: ${kind} token ${j + 1} is shared by shards ${with_.join(', ')}`,
    );
  }
  const out: TargetConfig = { ...config, tokens };
  if (Object.keys(pools).length > 0) out.token_pools = pools;
  else delete out.token_pools;
  if (sharedBy > 1) {
    const whole = config.request_budget_per_token ?? hourlyCaps.platformTokenPerHour - DEFAULT_MARGIN;
    out.request_budget_per_token = Math.max(1, Math.floor(whole / sharedBy));
    notes.push(
      `${label}: a shared token's budget is divided: this shard sends at most ${out.request_budget_per_token} of ${whole} requests per token this hour; a test past that is inconclusive, not red (add tokens to token_pools, at least ${shard.count} of each kind, to deal them apart)`,
    );
  }
  if (config.project_key) {
    const whole =
      config.request_budget_rag_per_project ??
      Math.min(...Object.values(hourlyCaps.ragPerHour)) - DEFAULT_RAG_MARGIN;
    out.request_budget_rag_per_project = Math.max(1, Math.floor(whole / shard.count));
    notes.push(
      `${label}: the project key is shared by all ${shard.count} shards: this shard sends at most ${out.request_budget_rag_per_project} of ${whole} RAG requests with it this hour; a test past that is inconclusive, not red (fresh organizations from provider states are each test's own)`,
    );
  }
  return { config: out, notes };
}
