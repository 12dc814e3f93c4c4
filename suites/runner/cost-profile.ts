/**
 * How a run will go, as far as what its tests cost depends on it (HARNESS-BUDGET-COSTS): whether the target offers
 * provider states (a test that builds its world through them runs, and may send a thousand requests, or skips and
 * sends none), what it allows (writes, quota, credits), and whether it has the control API. A table of costs measured
 * with a profile speaks for a run of another only where the table's run could do all that run can: a test it skipped
 * is then skipped by the run too, and costs nothing; one it measured costs at most that.
 */
import type { TargetConfig } from '../../contract/index.js';

export interface CostProfile {
  readonly provider_states: boolean;
  readonly writes: boolean;
  readonly quota: boolean;
  readonly credits: boolean;
  readonly control: boolean;
}

const CAPABILITIES = ['provider_states', 'writes', 'quota', 'credits', 'control'] as const;

/** The profile of a run against this target config. */
export function profileOf(config: TargetConfig): CostProfile {
  return {
    provider_states: config.provider_states !== undefined,
    writes: config.allow.writes,
    quota: config.allow.quota,
    credits: config.allow.credits,
    control: config.control !== undefined,
  };
}

/** What a run of `table`'s profile could do that `run`'s cannot (extra), and the reverse (missing). */
function compare(table: CostProfile, run: CostProfile) {
  return {
    extra: CAPABILITIES.filter((k) => table[k] && !run[k]).length,
    missing: CAPABILITIES.filter((k) => run[k] && !table[k]).length,
  };
}

/** Whether costs measured with `table`'s profile bound those of a run with `run`'s: it could do all the run can. */
export const covers = (table: CostProfile, run: CostProfile): boolean => compare(table, run).missing === 0;

/**
 * Several measured profiles, by index, closest first for costing `run`: those that cover it, the one that could do
 * the least more first; then those that do not (a run with the control API), the one it differs from least first.
 */
export function byCloseness(tables: readonly CostProfile[], run: CostProfile): number[] {
  // A missing capability weighs more than every extra one together.
  const distance = (table: CostProfile) => {
    const { extra, missing } = compare(table, run);
    return missing * (CAPABILITIES.length + 1) + extra;
  };
  return tables
    .map((_, i) => i)
    .sort((a, b) => distance(tables[a] as CostProfile) - distance(tables[b] as CostProfile));
}

/** "with provider states, allow all", "without provider states, allow writes and quota, with the control API". */
export function describeProfile(p: CostProfile): string {
  const allowed = (['writes', 'quota', 'credits'] as const).filter((k) => p[k]);
  const allow =
    allowed.length === 3
      ? 'allow all'
      : allowed.length === 0
        ? 'allow none'
        : `allow ${allowed.join(' and ')}`;
  return `${p.provider_states ? 'with' : 'without'} provider states, ${allow}${p.control ? ', with the control API' : ''}`;
}
