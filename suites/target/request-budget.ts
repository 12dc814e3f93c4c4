/**
 * The request budget: a real deployment caps each Platform token at 1,000 requests an hour, and each project's RAG
 * requests at 200 to 1,000 an hour by plan; every request counts. The suites keep count per credential across the
 * files of one run (in reports/request-usage.json, keyed by the run id the conformance runner sets) and skip, with
 * the reason, a test that would go over the budget — so a red result is never the harness spending the server's
 * quota.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { hourlyCaps, type TargetConfig } from '../../contract/index.js';

export const RUN_ID_ENV = 'CONFORMANCE_RUN_ID';
const USAGE_FILE = resolve('reports', 'request-usage.json');
/** Left unspent by default, for other clients of the same token. */
export const DEFAULT_MARGIN = 50;
/** Left unspent of the smallest RAG cap by default, for other clients of the same project. */
export const DEFAULT_RAG_MARGIN = 20;

/** What a credential is counted against: a Platform token's cap, or its project's RAG cap. */
export type BudgetKind = 'token' | 'rag';

export class BudgetExhausted extends Error {}

export interface RequestBudget {
  /** Count one request with this credential; false when the budget would be exceeded (nothing counted). */
  take(value: string, kind?: BudgetKind): boolean;
  readonly perToken: number;
  /** RAG requests the run may send with the project key (the smallest documented RAG cap less a margin). */
  readonly perRagKey: number;
  used(value: string, kind?: BudgetKind): number;
  /** Persist the counts for the next file of the run. */
  save(): void;
}

export function budgetFor(config: TargetConfig, hasControl: boolean): RequestBudget | undefined {
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
  const runId = process.env[RUN_ID_ENV] ?? 'single-file';
  const counts = new Map<string, number>(Object.entries(load(runId)));
  const known: Record<BudgetKind, Set<string>> = {
    token: new Set(Object.values(config.tokens).filter((v): v is string => typeof v === 'string')),
    rag: new Set(config.project_key ? [config.project_key] : []),
  };
  const keyOf = (value: string, kind: BudgetKind) => (kind === 'rag' ? `rag:${value}` : value);
  return {
    perToken,
    perRagKey,
    take(value, kind = 'token') {
      if (!known[kind].has(value)) return true;
      const key = keyOf(value, kind);
      const n = counts.get(key) ?? 0;
      if (n >= (kind === 'rag' ? perRagKey : perToken)) return false;
      counts.set(key, n + 1);
      return true;
    },
    used: (value, kind = 'token') => counts.get(keyOf(value, kind)) ?? 0,
    save() {
      mkdirSync(dirname(USAGE_FILE), { recursive: true });
      writeFileSync(USAGE_FILE, JSON.stringify({ runId, counts: Object.fromEntries(counts) }, null, 2));
    },
  };
}

function load(runId: string): Record<string, number> {
  try {
    const saved = JSON.parse(readFileSync(USAGE_FILE, 'utf8')) as {
      runId?: string;
      counts?: Record<string, number>;
    };
    return saved.runId === runId && saved.counts ? saved.counts : {};
  } catch {
    return {};
  }
}
