import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TargetConfig } from '../../contract/index.js';
import { holdSharedData, remoteBudget } from './coordinator-client.js';
import { openLedger } from './quota-ledger.js';
import { type RunCoordinator, startCoordinator } from './run-coordinator.js';

const config: TargetConfig = {
  name: 'staging',
  kind: 'real',
  base_url: 'https://staging.example',
  tokens: { owner: 'owner-secret' },
  token_pools: { owner: ['owner-two'] },
  project_key: 'key-secret',
  request_budget_per_token: 3,
  request_budget_rag_per_project: 2,
  allow: { writes: true, quota: false, credits: true },
} as TargetConfig;

const ledgerFile = () => join(mkdtempSync(join(tmpdir(), 'coordinator-')), 'ledger.json');

let running: RunCoordinator | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(runBudget?: number, path = ledgerFile()) {
  running = await startCoordinator({
    config,
    hasControl: false,
    repoRoot: '/repo',
    ledger: openLedger(config.base_url, path),
    ...(runBudget !== undefined ? { runBudget } : {}),
  });
  return { coordinator: running, path };
}

describe('the run coordinator [HARNESS-CONCURRENT-FILES]', () => {
  it('draws the requests of files side by side from one budget per credential', async () => {
    const { coordinator } = await start();
    const [a, b] = await Promise.all([remoteBudget(coordinator.url), remoteBudget(coordinator.url)]);
    expect(await a.admit?.('owner-secret')).toBeUndefined();
    expect(await b.admit?.('owner-secret')).toBeUndefined();
    expect(await a.admit?.('owner-secret')).toBeUndefined();
    // three of three spent between the two files: the fourth is refused to both
    expect(await b.admit?.('owner-secret')).toBe('credential');
    expect(await a.admit?.('owner-secret')).toBe('credential');
    expect(a.remaining('owner-secret')).toBe(0);
    // the pool's other token is untouched, and a pick prefers it
    expect(a.pick(['owner-secret', 'owner-two'])).toBe('owner-two');
    expect(await a.admit?.('key-secret', 'rag')).toBeUndefined();
    expect(await b.admit?.('key-secret', 'rag')).toBeUndefined();
    expect(await b.admit?.('key-secret', 'rag')).toBe('credential');
    // a credential the config does not name is not counted against one
    expect(await a.admit?.('made-by-a-test')).toBeUndefined();
    expect(coordinator.sent()).toBe(6);
  });

  it('keeps what was sent in the quota ledger for the next run', async () => {
    const { coordinator, path } = await start();
    const budget = await remoteBudget(coordinator.url);
    await budget.admit?.('owner-secret');
    await budget.admit?.('owner-secret');
    await coordinator.close();
    running = undefined;
    expect(openLedger(config.base_url, path).spent('owner-secret', 'token')).toBe(2);
    const next = await start(undefined, path);
    const again = await remoteBudget(next.coordinator.url);
    expect(again.remaining('owner-secret')).toBe(1);
  });

  it('stops every request, whatever its credential, once the run budget is spent', async () => {
    const { coordinator } = await start(3);
    const budget = await remoteBudget(coordinator.url);
    expect(await budget.admit?.(undefined)).toBeUndefined();
    expect(await budget.admit?.('made-by-a-test')).toBeUndefined();
    expect(await budget.admit?.('owner-secret')).toBeUndefined();
    expect(await budget.admit?.(undefined)).toBe('run');
    expect(coordinator.sent()).toBe(3);
    expect(coordinator.refusedByRunBudget()).toBe(1);
  });

  it('keeps a writer of shared data apart from its readers, and lets other files run beside them', async () => {
    const { coordinator } = await start();
    const order: string[] = [];
    const letGoWriter = await holdSharedData(
      coordinator.url,
      '/repo/suites/platform/project-settings.test.ts',
    );
    order.push('writer in');
    const reader = holdSharedData(coordinator.url, '/repo/suites/conventions/org-base-url.test.ts').then(
      (letGo) => {
        order.push('reader in');
        return letGo;
      },
    );
    const letGoOther = await holdSharedData(coordinator.url, '/repo/suites/platform/authentication.test.ts');
    order.push('other in');
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['writer in', 'other in']);
    await letGoWriter();
    await (await reader)();
    await letGoOther();
    expect(order).toEqual(['writer in', 'other in', 'reader in']);
  });
});
