import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** The coordinator's quota bank (it enforces budgets here: the config is a deployment's). */
async function bank(url: string, file?: string) {
  const budget = await remoteBudget(url, file);
  if (!budget) throw new Error('the coordinator enforces nothing');
  return budget;
}

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
    const [a, b] = await Promise.all([bank(coordinator.url), bank(coordinator.url)]);
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

  it('admits the requests of a file in the order it asked, even when the answers would come back out of order', async () => {
    // A coordinator that answers the n-th admission it is asked after (20 - n) × 5 ms: asked all at once, its answers
    // come back in reverse; a file's requests must still go out in the order the file made them.
    let asked = 0;
    const server = createServer((req, res) => {
      const n = req.url === '/quota/take' ? asked++ : 0;
      req.resume();
      req.on('end', () =>
        setTimeout(
          () => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(
              JSON.stringify(
                req.url === '/quota' ? { enforced: true, per_token: 9, per_rag_key: 9, remaining: {} } : {},
              ),
            );
          },
          req.url === '/quota/take' ? Math.max(0, 20 - n) * 5 : 0,
        ),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const budget = await bank(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const order: number[] = [];
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => budget.admit?.(undefined).then(() => order.push(i))),
      );
      expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
    } finally {
      server.close();
    }
  });

  it('enforces nothing for a fake with its control API and no --budget: files send as they would without it', async () => {
    running = await startCoordinator({
      config: { ...config, request_budget_per_token: undefined, request_budget_rag_per_project: undefined },
      hasControl: true,
      repoRoot: '/repo',
      ledger: openLedger(config.base_url, ledgerFile()),
    });
    expect(await remoteBudget(running.url)).toBeUndefined();
  });

  it('keeps what was sent in the quota ledger for the next run', async () => {
    const { coordinator, path } = await start();
    const budget = await bank(coordinator.url);
    await budget.admit?.('owner-secret');
    await budget.admit?.('owner-secret');
    await coordinator.close();
    running = undefined;
    expect(openLedger(config.base_url, path).spent('owner-secret', 'token')).toBe(2);
    const next = await start(undefined, path);
    const again = await bank(next.coordinator.url);
    expect(again.remaining('owner-secret')).toBe(1);
  });

  it('stops every request, whatever its credential, once the run budget is spent', async () => {
    const { coordinator } = await start(3);
    const budget = await bank(coordinator.url);
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
