/** What a run cost, from what each test counted (issue 34, "say what it costs"). */
import { describe, expect, it } from 'vitest';
import type { TestOutcome } from './clause-matrix.js';
import { costsLine, costsOf } from './costs.js';

const t = (file: string, durationMs: number, requests?: Record<string, number>): TestOutcome => ({
  fullName: `${file} test`,
  file,
  state: 'passed',
  durationMs,
  ...(requests ? { requests } : {}),
});

describe('the cost of a run [REPORT-COVERAGE]', () => {
  it('adds the requests up per family, per credential and per file, slowest files first', () => {
    const costs = costsOf([
      t('suites/a.test.ts', 100, { 'platform|the owner token': 3, 'rag|the project key': 2 }),
      t('suites/a.test.ts', 50, { 'platform|the editor token': 1 }),
      t('suites/b.test.ts', 400, { 'integration|the project key': 4, 'rag|an official SDK client': 1 }),
      t('suites/c.test.ts', 10),
    ]);
    expect(costs.requests).toBe(11);
    expect(costs.byFamily).toEqual({ platform: 4, rag: 3, integration: 4 });
    expect(costs.byCredential).toEqual({
      'the owner token': 3,
      'the project key': 6,
      'the editor token': 1,
      'an official SDK client': 1,
    });
    expect(costs.slowestFiles).toEqual([
      { file: 'suites/b.test.ts', durationMs: 400, requests: 5 },
      { file: 'suites/a.test.ts', durationMs: 150, requests: 6 },
      { file: 'suites/c.test.ts', durationMs: 10, requests: 0 },
    ]);
    expect(costsLine(costs)).toBe(
      'requests: 11 sent (integration 4, platform 4, rag 3); by credential: the project key 6, the owner token 3, an official SDK client 1, the editor token 1',
    );
  });

  it('a run that sent nothing says so', () => {
    expect(costsLine(costsOf([t('suites/a.test.ts', 1)]))).toBe('requests: 0 sent');
  });
});
