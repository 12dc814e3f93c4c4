import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMatrix } from './clause-matrix.js';
import { coverageOf, reasonClass } from './coverage.js';
import { PLAN_ENV, plannedKey, plannedOutFromEnv } from './plan-file.js';

describe('tests a budgeted run planned out [HARNESS-BUDGET-PLAN]', () => {
  it('reads the plan the runner wrote, and says so when it cannot', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plan-file-'));
    const path = join(dir, 'plan.json');
    const out = {
      file: 'suites/platform/stats.test.ts',
      fullName: 'getStats > x [STATS-COUNTS]',
      reason: 'planned out (budget): about 9 requests, and the plan has 2 of 100 left',
    };
    writeFileSync(path, JSON.stringify({ plannedOut: [out] }));
    expect(plannedOutFromEnv({ [PLAN_ENV]: path })).toEqual({ tests: [out] });
    expect(plannedOutFromEnv({})).toEqual({ tests: [] });
    expect(plannedOutFromEnv({ [PLAN_ENV]: join(dir, 'missing.json') }).error).toMatch(
      /the run's plan is unreadable/,
    );
    expect(plannedKey(out.file, out.fullName)).not.toBe(plannedKey(out.file, 'another'));
  });

  it('counts a clause whose only tests were planned out as "planned out (budget)", never as uncited or failed', () => {
    expect(reasonClass('planned out (budget): it checks no documented clause')).toBe('planned out (budget)');
    const catalogue = [{ id: 'STATS-COUNTS', section: 'Endpoints', kind: 'documented' as const, rule: 'r' }];
    const rows = buildMatrix(catalogue, [
      {
        fullName: 'getStats > x [STATS-COUNTS]',
        file: 'suites/platform/stats.test.ts',
        durationMs: 0,
        state: 'skipped',
        skipReason: 'planned out (budget): about 9 requests, and the plan has 2 of 100 left',
      },
    ]).rows;
    const coverage = coverageOf(rows);
    expect(coverage.checked).toBe(0);
    expect(coverage.unchecked).toEqual([
      { id: 'STATS-COUNTS', reason: 'planned out (budget)', reasons: ['planned out (budget)'] },
    ]);
  });
});
