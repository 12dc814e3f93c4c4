/**
 * The k6 cap scenarios run Node-side (undici, real sockets, real concurrency) against the fake started in-process on
 * an ephemeral 127.0.0.1 port: the same load/lib plan, counting and verdict as the k6 scripts. Each run mints fresh
 * credentials through the control API, so its counter starts at zero, and checks recovery by moving the fake's clock
 * past the window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitMessages } from '../../contract/rate-limit-messages.ts';
import { startInProcessTarget } from '../../suites/target/in-process.ts';
import type { Target } from '../../suites/target/target.ts';
import { type Env, loadConfig } from '../lib/config.ts';
import { type CapScript, resolveCapRun } from '../lib/scripts.ts';
import { type CapReport, formatCapReport } from '../lib/summary.ts';
import { runCap } from './run-cap.ts';

let target: Target;
let runs = 0;

beforeAll(async () => {
  target = await startInProcessTarget();
});
afterAll(() => target?.close());

/** Generous: the fake answers in milliseconds; this only catches a stall. */
const P95_MS = '2000';

async function capRun(script: CapScript, env: Env): Promise<CapReport> {
  const config = loadConfig({ targetText: JSON.stringify(target.config), env: { P95_MS, ...env } });
  runs += 1;
  return runCap(resolveCapRun(script, config), config, { suffix: `test-${runs}` });
}

function expectExact(report: CapReport, cap: number, extra: number, message: string) {
  if (!report.verdict.ok) console.error(formatCapReport(report));
  expect(report.cap).toBe(cap);
  expect(report.tally).toMatchObject({
    sent: cap + extra,
    successes: cap,
    rateLimited: extra,
    other: 0,
    wrongMessage: 0,
  });
  expect(report.expectedMessage).toBe(message);
  expect(report.p95Ms).toBeLessThan(Number(P95_MS));
  expect(report.recovery.status).toBe('ok');
  expect(report.verdict).toEqual({ ok: true, failures: [] });
}

describe('Node-side cap scenarios against the in-process fake', () => {
  it('[RATE-PLATFORM-1000, RATE-429-MESSAGE] a fresh token: 1000 of 1100 concurrent requests succeed, 100 get 429 with the message, the next window admits again', async () => {
    const report = await capRun('platform-token-cap', { VUS: '32', EXTRA: '100' });
    expectExact(report, 1000, 100, rateLimitMessages.default);
  });

  it.each([
    ['professional', 200],
    ['advanced', 1000],
    ['agency', 1000],
  ] as const)(
    '[RATE-RAG-PROFESSIONAL-200, RATE-RAG-ADVANCED-AGENCY-1000, RAG-RATE-LIMIT-NATIVE] RAG on %s: exactly %i concurrent completions succeed, then 429',
    async (plan, cap) => {
      const report = await capRun('rag-cap', { PLAN: plan, VUS: '16', EXTRA: '20' });
      expect(report.ragPlan).toBe(plan);
      expectExact(report, cap, 20, rateLimitMessages.default);
    },
  );

  it('[RATE-ENTERPRISE-CAP] RAG on Enterprise: the configured cap (EXPECTED_CAP) is enforced exactly', async () => {
    const report = await capRun('rag-cap', {
      PLAN: 'enterprise',
      EXPECTED_CAP: '150',
      VUS: '16',
      EXTRA: '15',
    });
    expectExact(report, 150, 15, rateLimitMessages.default);
  });

  it("[RATE-SEARCH-KEY-100] project-key search: 100 of 120 concurrent searches succeed, 20 get 429 with the plan's message", async () => {
    const report = await capRun('kb-search-cap', { VUS: '16', EXTRA: '20' });
    expectExact(report, 100, 20, rateLimitMessages.projectKeySearch);
  });

  it('[RATE-SEARCH-KEY-100] one at a time, request #100 (0-based) is exactly the first 429', async () => {
    const report = await capRun('kb-search-cap', { VUS: '1', EXTRA: '5' });
    expectExact(report, 100, 5, rateLimitMessages.projectKeySearch);
    expect(report.tally.firstRateLimitedIndex).toBe(100);
    expect(report.tally.outOfOrder).toBe(0);
  });

  it('[RATE-SEARCH-KEY-100] the check fails on a counter that did not start at zero (given credentials used twice)', async () => {
    const key = await target.control!.post<{ value: string }>(`/projects/${target.config.project_uid}/keys`);
    const given = { NO_CONTROL: '1', PROJECT_KEY: key.value, VUS: '8', EXTRA: '10' };
    expect((await capRun('kb-search-cap', given)).verdict.ok).toBe(true);
    const second = await capRun('kb-search-cap', given);
    expect(second.mode).toBe('given');
    expect(second.recovery.status).toBe('not-checked');
    expect(second.tally.successes).toBe(0);
    expect(second.verdict.ok).toBe(false);
    expect(second.verdict.failures[0]).toMatch(
      /^429 before the cap: only 0 successes of 100 \(were these credentials used/,
    );
  });
});
