/** A pool of owner tokens shares the load: each test keeps one token, the next test takes the least spent. */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TargetConfig } from '../../contract/index.js';
import { openLedger } from './quota-ledger.js';
import { budgetFor } from './request-budget.js';
import { createHttpTarget, type Target } from './target.js';

let server: Server;
let target: Target;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers.authorization ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ type: 'RXSUCCESS', message: 'ok', data: [], total: 0 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const config = TargetConfig.parse({
    base_url: `http://127.0.0.1:${port}/api/v1`,
    kind: 'real',
    tokens: { owner: 'api-v1-pool-a' },
    project_key: 'project-key-1',
    token_pools: { owner: ['api-v1-pool-b', 'api-v1-pool-c'] },
  });
  const ledger = openLedger(config.base_url, join(mkdtempSync(join(tmpdir(), 'pool-')), 'ledger.json'));
  target = createHttpTarget(config, undefined, async () => {}, budgetFor(config, false, ledger));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sent = async (n: number) => {
  seen.length = 0;
  for (let i = 0; i < n; i += 1) await target.call('getMyProjects', { body: {} });
  return [...seen];
};

describe('token pools [HARNESS-QUOTA-LEDGER]', () => {
  it('one test sends every request with one token of the pool', async () => {
    expect(new Set(await sent(3))).toEqual(new Set(['Bearer api-v1-pool-a']));
  });

  it('the next test takes the least spent token, and keeps it', async () => {
    expect(new Set(await sent(2))).toEqual(new Set(['Bearer api-v1-pool-b']));
    expect(target.budget?.used('api-v1-pool-a')).toBe(3);
    expect(target.budget?.used('api-v1-pool-b')).toBe(2);
  });

  it('a named token is sent as named, whatever the pool', async () => {
    seen.length = 0;
    await target.call('getMyProjects', { body: {}, auth: { bearer: 'api-v1-pool-a' } });
    expect(seen).toEqual(['Bearer api-v1-pool-a']);
  });
});

describe('raw requests under a RAG root [HARNESS-REQUEST-BUDGET]', () => {
  it('a raw request to /openai/… or /anthropic/… spends the project key’s RAG budget, not a token’s', async () => {
    const owner = target.budget?.used('api-v1-pool-a') ?? 0;
    await target.raw('/anthropic/v1/messages', {
      body: {},
      auth: { headers: { 'x-api-key': 'project-key-1' } },
    });
    await target.raw('/openai/chat/completions', { body: {} });
    expect(target.budget?.used('project-key-1', 'rag')).toBe(2);
    expect(target.budget?.used('api-v1-pool-a')).toBe(owner);
  });

  it('a raw request elsewhere spends the owner token as before', async () => {
    const before = target.budget?.used('project-key-1', 'rag');
    await target.raw('/getMyProjects', { body: {}, auth: { token: 'owner' } });
    expect(target.budget?.used('project-key-1', 'rag')).toBe(before);
  });
});
