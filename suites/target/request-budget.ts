/**
 * The request budget: a real deployment caps each Platform token at 1,000 requests an hour, and every request
 * counts. The suites keep count per token across the files of one run (in reports/request-usage.json, keyed by
 * the run id the conformance runner sets) and skip, with the reason, a test that would go over the budget —
 * so a red result is never the harness spending the server's quota.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { hourlyCaps, type TargetConfig } from '../../contract/index.js';

export const RUN_ID_ENV = 'CONFORMANCE_RUN_ID';
const USAGE_FILE = resolve('reports', 'request-usage.json');
/** Left unspent by default, for other clients of the same token. */
export const DEFAULT_MARGIN = 50;

export class BudgetExhausted extends Error {}

export interface RequestBudget {
  /** Count one request with this token value; false when the budget would be exceeded (nothing counted). */
  take(tokenValue: string): boolean;
  readonly perToken: number;
  used(tokenValue: string): number;
  /** Persist the counts for the next file of the run. */
  save(): void;
}

export function budgetFor(config: TargetConfig, hasControl: boolean): RequestBudget | undefined {
  if (hasControl && config.request_budget_per_token === undefined) return undefined;
  const perToken = config.request_budget_per_token ?? hourlyCaps.platformTokenPerHour - DEFAULT_MARGIN;
  const runId = process.env[RUN_ID_ENV] ?? 'single-file';
  const counts = new Map<string, number>(Object.entries(load(runId)));
  const known = new Set(Object.values(config.tokens).filter((v): v is string => typeof v === 'string'));
  return {
    perToken,
    take(value) {
      if (!known.has(value)) return true;
      const n = counts.get(value) ?? 0;
      if (n >= perToken) return false;
      counts.set(value, n + 1);
      return true;
    },
    used: (value) => counts.get(value) ?? 0,
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
