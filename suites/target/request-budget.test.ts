/** The harness's own request budget: it must stop the suites before they spend a real target's hourly caps. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TargetConfig } from '../../contract/index.js';
import { openLedger } from './quota-ledger.js';
import { budgetFor } from './request-budget.js';

const config = (extra: Record<string, unknown> = {}) =>
  TargetConfig.parse({
    base_url: 'https://staging.example.com/api/v1',
    tokens: { owner: 'api-v1-owner', viewer: 'api-v1-viewer' },
    project_key: 'apk-main',
    ...extra,
  });

const ledgerFile = () => join(mkdtempSync(join(tmpdir(), 'ledger-')), 'quota-ledger.json');

/** A budget over a fresh ledger file, on a wall clock the test moves. */
function world(extra: Record<string, unknown> = {}, file = ledgerFile()) {
  const clock = { now: Date.parse('2026-11-25T10:00:00Z') };
  const now = () => clock.now;
  const open = () => {
    const c = config(extra);
    return budgetFor(c, false, openLedger(c.base_url, file, now), now)!;
  };
  return { clock, open, file };
}

function spend(take: () => boolean, n: number): number {
  let granted = 0;
  for (let i = 0; i < n; i += 1) if (take()) granted += 1;
  return granted;
}

describe('request budget [HARNESS-REQUEST-BUDGET]', () => {
  it('grants a Platform token 950 requests by default, then refuses; other tokens keep their own count', () => {
    const budget = world().open();
    expect(budget.perToken).toBe(950);
    expect(spend(() => budget.take('api-v1-owner'), 1000)).toBe(950);
    expect(budget.take('api-v1-viewer')).toBe(true);
    expect(budget.used('api-v1-viewer')).toBe(1);
  });

  it('grants the project key 180 RAG requests by default (the Professional cap of 200 less 20), apart from tokens', () => {
    const budget = world().open();
    expect(budget.perRagKey).toBe(180);
    expect(spend(() => budget.take('apk-main', 'rag'), 200)).toBe(180);
    expect(budget.take('apk-main')).toBe(true); // not a known Platform token: never counted
    expect(budget.used('apk-main', 'rag')).toBe(180);
  });

  it('honours the configured budgets and never counts unknown credentials', () => {
    const budget = world({ request_budget_per_token: 3, request_budget_rag_per_project: 2 }).open();
    expect(spend(() => budget.take('api-v1-owner'), 5)).toBe(3);
    expect(spend(() => budget.take('apk-main', 'rag'), 5)).toBe(2);
    expect(spend(() => budget.take('apk-other', 'rag'), 5)).toBe(5);
  });

  it('a credential a provider state made (not in the config) is neither held back by the spent budget of the config’s nor counted against it, and its 429 marks nothing spent', () => {
    const w = world({ request_budget_per_token: 2, request_budget_rag_per_project: 2 });
    const budget = w.open();
    expect(spend(() => budget.take('api-v1-owner'), 3)).toBe(2);
    expect(spend(() => budget.take('apk-main', 'rag'), 3)).toBe(2);
    // A fresh token and a fresh organization's key spend whole caps while the config's are spent.
    expect(spend(() => budget.take('api-v1-fresh-token'), 1001)).toBe(1001);
    expect(spend(() => budget.take('apk-fresh-org', 'rag'), 1001)).toBe(1001);
    budget.markSpent('api-v1-fresh-token', 'token');
    budget.markSpent('apk-fresh-org', 'rag');
    budget.save();
    const rerun = w.open();
    expect(rerun.counts('api-v1-fresh-token')).toBe(false);
    expect(rerun.remaining('api-v1-fresh-token')).toBe(Infinity);
    expect(rerun.take('apk-fresh-org', 'rag')).toBe(true);
    expect(rerun.used('api-v1-owner')).toBe(2);
    expect(rerun.used('api-v1-viewer')).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(w.file, 'utf8')).targets[config().base_url])).toHaveLength(2);
  });

  it('is off against a target with the control API unless a budget is configured', () => {
    expect(budgetFor(config(), true)).toBeUndefined();
    expect(budgetFor(config({ request_budget_rag_per_project: 5 }), true)?.perRagKey).toBe(5);
  });
});

describe('quota ledger across runs [HARNESS-QUOTA-LEDGER]', () => {
  it('a second run within the hour sees what the first spent; an hour later the budget is whole again', () => {
    const w = world({ request_budget_per_token: 10 });
    const first = w.open();
    expect(spend(() => first.take('api-v1-owner'), 6)).toBe(6);
    first.save();

    w.clock.now += 20 * 60_000;
    const second = w.open();
    expect(second.used('api-v1-owner')).toBe(6);
    expect(spend(() => second.take('api-v1-owner'), 10)).toBe(4);
    second.save();

    w.clock.now += 40 * 60_000 + 60_000; // the first run's minute has left the hour; the second's has not
    const third = w.open();
    expect(third.used('api-v1-owner')).toBe(4);
    w.clock.now += 21 * 60_000;
    expect(w.open().remaining('api-v1-owner')).toBe(10);
  });

  it('a credential that met a 429 is spent until its Retry-After, else for an hour', () => {
    const w = world();
    const budget = w.open();
    budget.markSpent('api-v1-owner', 'token', 120);
    budget.markSpent('apk-main', 'rag');
    budget.save();
    const later = w.open();
    expect(later.take('api-v1-owner')).toBe(false);
    expect(later.remaining('apk-main', 'rag')).toBe(0);
    w.clock.now += 121_000;
    expect(w.open().take('api-v1-owner')).toBe(true);
    expect(w.open().take('apk-main', 'rag')).toBe(false);
    w.clock.now += 3_600_000;
    expect(w.open().take('apk-main', 'rag')).toBe(true);
  });

  it('keeps hashes, never credential values, and keeps each target apart', () => {
    const w = world();
    const budget = w.open();
    budget.take('api-v1-owner');
    budget.save();
    const other = TargetConfig.parse({
      base_url: 'https://other.example.com/api/v1',
      tokens: { owner: 'api-v1-owner' },
    });
    const otherBudget = budgetFor(
      other,
      false,
      openLedger(other.base_url, w.file, () => w.clock.now),
    )!;
    expect(otherBudget.used('api-v1-owner')).toBe(0);
    otherBudget.take('api-v1-owner');
    otherBudget.save();
    const text = readFileSync(w.file, 'utf8');
    expect(text).not.toContain('api-v1-owner');
    expect(w.open().used('api-v1-owner')).toBe(1);
  });

  it('an unreadable ledger starts empty instead of failing the run', async () => {
    const { writeFileSync } = await import('node:fs');
    const file = ledgerFile();
    writeFileSync(file, '{not json');
    const budget = world({}, file).open();
    expect(budget.used('api-v1-owner')).toBe(0);
    budget.take('api-v1-owner');
    budget.save();
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('chatbot-platform-quota-ledger');
  });

  it('spreads a pool of tokens of one kind: the least-spent one is picked', () => {
    const budget = world({ token_pools: { owner: ['api-v1-owner-2', 'api-v1-owner-3'] } }).open();
    const pool = ['api-v1-owner', 'api-v1-owner-2', 'api-v1-owner-3'];
    const sent: string[] = [];
    for (let i = 0; i < 9; i += 1) {
      const value = budget.pick(pool);
      budget.take(value);
      sent.push(value);
    }
    for (const value of pool) expect(budget.used(value)).toBe(3);
    expect(sent.slice(0, 3)).toEqual(pool);
  });
});
