/** The harness's own request budget: it must stop the suites before they spend a real target's hourly caps. */
import { describe, expect, it } from 'vitest';
import { TargetConfig } from '../../contract/index.js';
import { budgetFor, RUN_ID_ENV } from './request-budget.js';

const config = (extra: Record<string, unknown> = {}) =>
  TargetConfig.parse({
    base_url: 'https://staging.example.com/api/v1',
    tokens: { owner: 'api-v1-owner', viewer: 'api-v1-viewer' },
    project_key: 'apk-main',
    ...extra,
  });

/** A run id no saved usage file can hold, so every budget starts from zero. */
process.env[RUN_ID_ENV] = `budget-test-${process.pid}-${Math.random()}`;

function spend(take: () => boolean, n: number): number {
  let granted = 0;
  for (let i = 0; i < n; i += 1) if (take()) granted += 1;
  return granted;
}

describe('request budget [HARNESS-REQUEST-BUDGET]', () => {
  it('grants a Platform token 950 requests by default, then refuses; other tokens keep their own count', () => {
    const budget = budgetFor(config(), false)!;
    expect(budget.perToken).toBe(950);
    expect(spend(() => budget.take('api-v1-owner'), 1000)).toBe(950);
    expect(budget.take('api-v1-viewer')).toBe(true);
    expect(budget.used('api-v1-viewer')).toBe(1);
  });

  it('grants the project key 180 RAG requests by default (the Professional cap of 200 less 20), apart from tokens', () => {
    const budget = budgetFor(config(), false)!;
    expect(budget.perRagKey).toBe(180);
    expect(spend(() => budget.take('apk-main', 'rag'), 200)).toBe(180);
    expect(budget.take('apk-main')).toBe(true); // not a known Platform token: never counted
    expect(budget.used('apk-main', 'rag')).toBe(180);
  });

  it('honours the configured budgets and never counts unknown credentials', () => {
    const budget = budgetFor(
      config({ request_budget_per_token: 3, request_budget_rag_per_project: 2 }),
      false,
    )!;
    expect(spend(() => budget.take('api-v1-owner'), 5)).toBe(3);
    expect(spend(() => budget.take('apk-main', 'rag'), 5)).toBe(2);
    expect(spend(() => budget.take('apk-other', 'rag'), 5)).toBe(5);
  });

  it('is off against a target with the control API unless a budget is configured', () => {
    expect(budgetFor(config(), true)).toBeUndefined();
    expect(budgetFor(config({ request_budget_rag_per_project: 5 }), true)?.perRagKey).toBe(5);
  });
});
