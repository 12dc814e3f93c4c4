/**
 * Requests the official SDKs send count against the project key's RAG budget as the target's own RAG requests do
 * (issue 34: the ledger counts everything the run sends); past the budget the next one is not sent.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcessTarget } from '../target/in-process.js';
import { openLedger } from '../target/quota-ledger.js';
import { BudgetExhausted, budgetFor } from '../target/request-budget.js';
import { createHttpTarget, type Target } from '../target/target.js';
import { openaiClient } from './sdk-clients.js';

let fake: Target;
beforeAll(async () => {
  fake = await startInProcessTarget();
});
afterAll(() => fake.close());

describe('the official SDKs spend the RAG budget [HARNESS-REQUEST-BUDGET]', () => {
  it('two requests of a budget of two go out and are counted; the third is stopped before it is sent', async () => {
    const { control: _c, ...staging } = fake.config;
    const config = { ...staging, kind: 'real' as const, request_budget_rag_per_project: 2 };
    const budget = budgetFor(
      config,
      false,
      openLedger(config.base_url, join(mkdtempSync(join(tmpdir(), 'sdk-')), 'l.json')),
    )!;
    const target = createHttpTarget(config, undefined, async () => {}, budget);
    const client = openaiClient(target);
    const ask = () =>
      client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Hello' }],
      });
    await ask();
    await ask();
    expect(budget.used(config.project_key!, 'rag')).toBe(2);
    const third = await ask().then(
      () => undefined,
      (err: unknown) => err,
    );
    // The SDK wraps what its fetch threw; the stop is its cause.
    expect(String((third as { cause?: unknown })?.cause ?? third)).toMatch(
      /request budget of the project key is spent/,
    );
    expect((third as { cause?: unknown })?.cause).toBeInstanceOf(BudgetExhausted);
    expect(budget.used(config.project_key!, 'rag')).toBe(2);
  });
});
