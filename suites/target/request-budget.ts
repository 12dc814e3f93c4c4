/**
 * The request budget: a real deployment caps each Platform token at 1,000 requests an hour, and each project's RAG
 * requests at 200 to 1,000 an hour by plan; every request counts. The suites count what they send per credential in
 * the quota ledger (quota-ledger.ts), which remembers the last hour across runs, and a test that would take a
 * credential past its budget stops as inconclusive (quota spent), so a red result is never the harness spending the
 * server's quota (HARNESS-REQUEST-BUDGET, HARNESS-QUOTA-LEDGER).
 */
import { hourlyCaps, type TargetConfig } from '../../contract/index.js';
import { type BudgetKind, openLedger, type QuotaLedger, WINDOW_MS } from './quota-ledger.js';

export type { BudgetKind } from './quota-ledger.js';

/** Left unspent by default, for other clients of the same token. */
export const DEFAULT_MARGIN = 50;
/** Left unspent of the smallest RAG cap by default, for other clients of the same project. */
export const DEFAULT_RAG_MARGIN = 20;

export class BudgetExhausted extends Error {}

/** Why a request may not go out: its credential's budget this hour, or the run's own budget (`--budget N`). */
export type Refusal = 'credential' | 'run';

export interface RequestBudget {
  /** Count one request with this credential; false when the budget would be exceeded (nothing counted). */
  take(value: string, kind?: BudgetKind): boolean;
  /**
   * Where the run has a coordinator (run-coordinator.ts), every request is admitted by it instead of `take`, whatever
   * its credential (none included): undefined when it may go out, else why not.
   */
  admit?(value: string | undefined, kind?: BudgetKind): Promise<Refusal | undefined>;
  readonly perToken: number;
  /** RAG requests the run may send with the project key (the smallest documented RAG cap less a margin). */
  readonly perRagKey: number;
  /** Requests sent with this credential within the last hour, this run's and earlier runs'. */
  used(value: string, kind?: BudgetKind): number;
  /** What is left of this credential's budget now (0 while it counts as spent after a 429). */
  remaining(value: string, kind?: BudgetKind): number;
  /** Of several credentials of one kind, the one with the most left (the first on a tie). */
  pick(values: readonly string[], kind?: BudgetKind): string;
  /** The credential met a 429 with the spec's rate message: spent for `retryAfterSeconds`, else an hour. */
  markSpent(value: string, kind: BudgetKind, retryAfterSeconds?: number): void;
  /** Whether the value is one of the target config's credentials (only those are counted). */
  counts(value: string, kind?: BudgetKind): boolean;
  /** Persist the ledger for the next file and the next run. */
  save(): void;
}

/** Every token value of the config, pools included. */
export function configuredTokens(config: TargetConfig): string[] {
  const values = Object.values(config.tokens).filter((v): v is string => typeof v === 'string');
  for (const pool of Object.values(config.token_pools ?? {})) values.push(...(pool ?? []));
  return [...new Set(values)];
}

export function budgetFor(
  config: TargetConfig,
  hasControl: boolean,
  ledger: QuotaLedger = openLedger(config.base_url),
  now: () => number = Date.now,
): RequestBudget | undefined {
  if (
    hasControl &&
    config.request_budget_per_token === undefined &&
    config.request_budget_rag_per_project === undefined
  )
    return undefined;
  const perToken = config.request_budget_per_token ?? hourlyCaps.platformTokenPerHour - DEFAULT_MARGIN;
  const perRagKey =
    config.request_budget_rag_per_project ??
    Math.min(...Object.values(hourlyCaps.ragPerHour)) - DEFAULT_RAG_MARGIN;
  const known: Record<BudgetKind, Set<string>> = {
    token: new Set(configuredTokens(config)),
    rag: new Set(config.project_key ? [config.project_key] : []),
  };
  const limit = (kind: BudgetKind) => (kind === 'rag' ? perRagKey : perToken);
  const remaining = (value: string, kind: BudgetKind) =>
    ledger.exhausted(value, kind) ? 0 : Math.max(0, limit(kind) - ledger.spent(value, kind));
  return {
    perToken,
    perRagKey,
    take(value, kind = 'token') {
      if (!known[kind].has(value)) return true;
      if (remaining(value, kind) <= 0) return false;
      ledger.record(value, kind);
      return true;
    },
    used: (value, kind = 'token') => ledger.spent(value, kind),
    remaining: (value, kind = 'token') => (known[kind].has(value) ? remaining(value, kind) : Infinity),
    pick(values, kind = 'token') {
      let best = values[0] as string;
      for (const v of values) if (remaining(v, kind) > remaining(best, kind)) best = v;
      return best;
    },
    markSpent(value, kind, retryAfterSeconds) {
      if (!known[kind].has(value)) return;
      const wait =
        retryAfterSeconds !== undefined && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : WINDOW_MS;
      ledger.markSpent(value, kind, now() + Math.min(wait, WINDOW_MS));
    },
    counts: (value, kind = 'token') => known[kind].has(value),
    save: () => ledger.save(),
  };
}
