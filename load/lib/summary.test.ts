import { describe, expect, it } from 'vitest';
import { rateLimitMessages } from '../../contract/rate-limit-messages.ts';
import { capPlan } from './caps.ts';
import type { CapRun } from './scripts.ts';
import { capReport, formatCapReport, formatMixedReport, mixedReport } from './summary.ts';
import type { CapTally } from './verdict.ts';

const run: CapRun = {
  script: 'rag-cap',
  family: 'rag',
  mode: 'control',
  ragPlan: 'professional',
  plan: capPlan('rag', 200, { extra: 20, concurrency: 16 }),
};
const exact: CapTally = {
  sent: 220,
  successes: 200,
  rateLimited: 20,
  other: 0,
  wrongMessage: 0,
  outOfOrder: 0,
  firstRateLimitedIndex: 195,
  otherStatuses: {},
};
const base = {
  run,
  runner: 'k6' as const,
  target: 'staging',
  p95Ms: 812.34,
  p95BoundMs: 30_000,
  elapsedMs: 4000,
  recovery: { status: 'ok' as const, detail: 'the first request after the window succeeded' },
};

describe('load summaries [LOAD-CAP-CHECK]', () => {
  it('[RATE-RAG-PROFESSIONAL-200] prints successes, 429s, the first 429, p95, recovery and the verdict', () => {
    const report = capReport({ ...base, tally: exact });
    expect(report.verdict).toEqual({ ok: true, failures: [] });
    expect(report.expectedMessage).toBe(rateLimitMessages.default);
    expect(formatCapReport(report)).toBe(
      [
        '== rag-cap (k6) against staging',
        'cap:        200 requests per hour, RAG endpoints (POST /openai/chat/completions), plan professional',
        "mode:       control API: fresh credentials minted in setup (counters start at zero); recovery checked by moving the fake's clock past the window",
        'sent:       220 of 220 planned, 16 at a time',
        'successes:  200 (expected 200)',
        '429s:       20 (expected 20); with another message: 0',
        'other:      0',
        'first 429:  request #195 (0-based, issue order)',
        'p95:        812.3 ms (bound 30000 ms)',
        'time:       4000 ms, 55 requests/s',
        'recovery:   ok: the first request after the window succeeded',
        'verdict:    PASS',
      ].join('\n'),
    );
    // The JSON written next to it holds the same facts.
    expect(JSON.parse(JSON.stringify(report))).toMatchObject({
      cap: 200,
      tally: { successes: 200 },
      mode: 'control',
    });
  });

  it('[RATE-RAG-PROFESSIONAL-200] lists every failure: counts, latency, recovery and k6 thresholds', () => {
    const report = capReport({
      ...base,
      run: { ...run, mode: 'given' },
      tally: { ...exact, successes: 190, rateLimited: 30, firstRateLimitedIndex: 3 },
      p95Ms: 31_000,
      recovery: { status: 'failed', detail: 'got 429' },
      failedThresholds: ['cap_success: count==200'],
    });
    expect(report.verdict.failures).toEqual([
      '429 before the cap: only 190 successes of 200 (were these credentials used in the past hour? the run needs a counter at zero)',
      'p95 31000 ms is not under the bound of 30000 ms',
      'recovery: got 429',
      'k6 threshold failed: cap_success: count==200',
    ]);
    expect(formatCapReport(report)).toContain(
      'verdict:    FAIL\n  - 429 before the cap: only 190 successes of 200',
    );
  });

  it('[LOAD-CAP-CHECK] soak and smoke: one line per family', () => {
    const report = mixedReport({
      kind: 'soak',
      runner: 'k6',
      target: 'staging',
      durationS: 60,
      families: [
        { family: 'platform', sent: 500, successes: 500, p95Ms: 20, p95BoundMs: 2000 },
        { family: 'search', sent: 50, successes: 49, p95Ms: 10, p95BoundMs: 2000 },
      ],
      failedThresholds: [],
    });
    expect(report.verdict.failures).toEqual(['search: 1 of 50 answers were not 2xx']);
    expect(formatMixedReport(report)).toBe(
      [
        '== soak (k6) against staging, 60 s',
        'platform    500 of 500   2xx   p95 20 ms (bound 2000 ms)',
        'search       49 of 50    2xx   p95 10 ms (bound 2000 ms)',
        'verdict:  FAIL\n  - search: 1 of 50 answers were not 2xx',
      ].join('\n'),
    );
  });
});
