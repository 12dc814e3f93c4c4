/**
 * How the blast-radius check reads its runs: a rule's red documented clauses are those failing in its own files and
 * not in the unbroken run; within its declared clauses or not; caught or not; one line per offence; the median and the
 * largest count against the goal; and every rule's declared clauses are documented, with a reason each.
 */
import { describe, expect, it } from 'vitest';
import { clauseById, clauses } from '../contract/clauses/index.js';
import type { TestOutcome } from '../suites/reporting/outcome.js';
import { buildReport } from '../suites/reporting/report.js';
import {
  type BaselineSummary,
  blastRow,
  blastTable,
  GOAL,
  median,
  offencesOf,
} from './blast-radius-report.js';
import type { BreakingRule } from './rule.js';
import { breakingRules, ruleById } from './rules/index.js';

const t = (fullName: string, file: string, state: TestOutcome['state'], extra: Partial<TestOutcome> = {}) =>
  ({ fullName, file, state, durationMs: 1, ...extra }) as TestOutcome;
const report = (outcomes: TestOutcome[]) =>
  buildReport({
    catalogue: clauses,
    outcomes,
    target: { name: 'staging', kind: 'real' },
    generatedAt: '2026-12-02T00:00:00.000Z',
  });

const rule = ruleById('editor-removes-usage-limit') as BreakingRule;
const A = 'suites/platform/usage-limits.test.ts';
const B = 'suites/platform/other.test.ts';

const baseline = report([
  t('x [AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT, AUTH-ROLE-EDITOR]', A, 'passed'),
  t('y [ERR-403-MESSAGE]', A, 'passed'),
  t('z [CONV-POST]', B, 'failed'),
]);

const summary = (failing: string[] = []): BaselineSummary => ({
  status: failing.length > 0 ? 'FAIL' : 'PASS',
  tests: 3,
  failedTests: failing.length,
  failing,
  problems: [],
  requests: 10,
  durationMs: 1,
});

describe('reading a rule run [HARNESS-BLAST-RADIUS]', () => {
  it('red: documented clauses failing in the rule’s own files and not failing unbroken; bound failures red only their clauses', () => {
    const run = report([
      t('x [AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT, AUTH-ROLE-EDITOR]', A, 'failed'),
      t('y [ERR-403-MESSAGE, USAGE-LIMIT-TYPES]', A, 'failed', { failedClauses: ['ERR-403-MESSAGE'] }),
      // Against kind real an assumed clause only warns: neither red nor a failed test.
      t('assumed only [AUTH-CHECK-ORDER]', A, 'failed'),
      // Another rule's file in the same round, and a clause failing unbroken already.
      t('w [SET-TEMPERATURE-RANGE]', B, 'failed'),
      t('z [CONV-POST]', A, 'failed'),
    ]);
    const row = blastRow(
      { rule, touchedFiles: [A], run, files: new Set([A]), requests: 5, durationMs: 2 },
      baseline,
    );
    expect(row.red).toEqual(['AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT', 'AUTH-ROLE-EDITOR', 'ERR-403-MESSAGE']);
    expect(row.outside).toEqual(['ERR-403-MESSAGE']);
    expect({ caught: row.caught, within: row.within, failedTests: row.failedTests }).toEqual({
      caught: true,
      within: false,
      failedTests: 3,
    });
    expect(row.redBy['ERR-403-MESSAGE']).toEqual(['y [ERR-403-MESSAGE, USAGE-LIMIT-TYPES]']);
  });

  it('a rule that touched nothing reds nothing and is not caught', () => {
    const row = blastRow(
      { rule, touchedFiles: [], run: undefined, files: new Set(), requests: 0, durationMs: 0 },
      baseline,
    );
    expect(row).toMatchObject({ red: [], caught: false, within: true });
    expect(offencesOf([row], summary(), { median: 0, largest: 0 })).toEqual([
      'editor-removes-usage-limit is not caught: it changed nothing in the unbroken run (no test reaches what it breaks), so AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT cannot turn red',
    ]);
  });

  it('one line per offence: outside its declared clauses, not caught, an unbroken run not green, the goal missed', () => {
    const run = report([
      t('y [ERR-403-MESSAGE, CONV-POST, PROJECTS-ORDERBY-VALUES, AUTH-SCOPE-403]', A, 'failed'),
    ]);
    const row = blastRow(
      { rule, touchedFiles: [A], run, files: new Set([A]), requests: 1, durationMs: 1 },
      baseline,
    );
    const lines = offencesOf([row], summary(['CONV-POST']), { median: 3, largest: 4 });
    expect(lines).toEqual([
      'the unbroken run fails 1 documented clause (CONV-POST): no rule can be read against them; fix that first',
      'editor-removes-usage-limit reds 3 documented clauses outside its declared AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT, AUTH-ROLE-EDITOR: AUTH-SCOPE-403, ERR-403-MESSAGE, PROJECTS-ORDERBY-VALUES',
      'editor-removes-usage-limit is not caught: AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT is not red in its run of the 1 test file it touched',
      `the median is 3 red documented clauses per rule, above the goal of ${GOAL.median}`,
    ]);
    expect(
      offencesOf([{ ...row, red: ['A-A', 'B-B', 'C-C', 'D-D'] }], summary(), { median: 1, largest: 4 }),
    ).toContain(
      'the largest is 4 red documented clauses (editor-removes-usage-limit), above the goal of at most 3',
    );
  });

  it('--whole: a clause red only in files the rule touched nothing in is an offence of its own (the shortcut would miss it)', () => {
    const run = report([t('x [AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT]', A, 'failed')]);
    const row = blastRow(
      { rule, touchedFiles: [A], run, files: new Set([A]), requests: 1, durationMs: 1 },
      baseline,
    );
    expect(
      offencesOf([{ ...row, untouchedRed: ['ERR-403-MESSAGE'] }], summary(), { median: 1, largest: 1 }),
    ).toEqual([
      'editor-removes-usage-limit reds ERR-403-MESSAGE only in test files it changed nothing in during the unbroken run: running the files it touched would miss them',
    ]);
  });

  it('the median of an odd and an even count of rules', () => {
    expect(median([8, 1, 3])).toBe(3);
    expect(median([1, 2, 3, 64])).toBe(2.5);
    expect(median([])).toBe(0);
  });

  it('the table: a row per rule with its declared clauses, count, within, caught and the red ids; then the median and the largest', () => {
    const run = report([t('x [AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT]', A, 'failed')]);
    const row = blastRow(
      { rule, touchedFiles: [A], run, files: new Set([A]), requests: 1, durationMs: 1 },
      baseline,
    );
    const text = blastTable({ rows: [row], median: 1, largest: 1, mode: 'touched files' });
    expect(text.split('\n').slice(0, 3)).toEqual([
      '  rule                        red  within  caught  declared clauses',
      '  editor-removes-usage-limit    1  yes     yes     AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT, AUTH-ROLE-EDITOR',
      '      red: AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT',
    ]);
    expect(text).toMatch(
      /^median 1, largest 1 red documented clauses per rule over 1 rule \(goal: median 1, largest at most 3;/m,
    );
  });
});

describe('the rules’ declared clauses [HARNESS-BLAST-RADIUS]', () => {
  it('each allowed clause is a documented clause other than the rule’s own, at most two per rule, each with its reason', () => {
    for (const r of breakingRules) {
      const also = r.alsoRed ?? [];
      expect(also.length, r.id).toBeLessThanOrEqual(2);
      for (const a of also) {
        expect(clauseById(a.clause)?.kind, `${r.id}: ${a.clause}`).toBe('documented');
        expect(a.clause, r.id).not.toBe(r.clause);
        expect(a.why.length, `${r.id}: ${a.clause}`).toBeGreaterThan(40);
      }
      expect(new Set(also.map((a) => a.clause)).size, r.id).toBe(also.length);
    }
  });

  it('the breakages the issue names are rules, each against the documented clause it breaks', () => {
    const clauseOf = (id: string) => ruleById(id)?.clause;
    expect({
      array: clauseOf('invalid-params-message-array'),
      members: clauseOf('members-total-as-string'),
      voice: clauseOf('voice-credits-removal-refused'),
      editor: clauseOf('editor-removes-usage-limit'),
      scope: clauseOf('sessions-scope-ignored'),
      reworded401: clauseOf('invalid-token-unauthorized'),
      operator: clauseOf('operator-conversation-write-refused'),
    }).toEqual({
      array: 'CONV-ERROR-ENVELOPE',
      members: 'CONV-SUCCESS-TOTAL-INTEGER',
      voice: 'USAGE-LIMIT-TYPES',
      editor: 'AUTH-ACCESS-REMOVEPROJECTUSAGELIMIT',
      scope: 'AUTH-SCOPE-403',
      reworded401: 'ERR-401-MESSAGE',
      operator: 'AUTH-ACCESS-CREATEPLAYGROUNDAGENTSESSION',
    });
  });
});
