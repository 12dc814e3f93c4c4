/** How a rule's run is read: caught, missed (and whether it only warned), or not checkable here, with the reason. */
import { describe, expect, it } from 'vitest';
import type { CitingTest, ClauseRow } from '../suites/reporting/clause-matrix.js';
import { notCheckableBefore, outcomeOf } from './classify.js';

const test = (state: CitingTest['state'], extra: Partial<CitingTest> = {}): CitingTest => ({
  fullName: `a test [X-Y] ${state}`,
  file: 'suites/a.test.ts',
  state,
  durationMs: 1,
  clauseIds: ['X-Y'],
  titleIds: ['X-Y'],
  ...extra,
});

const row = (status: ClauseRow['status'], tests: CitingTest[], skipReasons: string[] = []): ClauseRow => ({
  id: 'X-Y',
  section: 'S',
  kind: 'documented',
  scope: 'api',
  rule: 'r',
  status,
  tests,
  fakeEvidence: [],
  skipReasons,
  warnings: [],
});

describe('reading a rule run [HARNESS-BROKEN-SERVERS]', () => {
  it('before the rule: a clause failing, skipped, spent or untested unbroken is not checkable, with why', () => {
    expect(notCheckableBefore(undefined)?.why).toMatch(/no suite test/);
    expect(notCheckableBefore(row('fail', [test('failed')]))?.why).toMatch(/fails already without the rule/);
    expect(notCheckableBefore(row('skip', [test('skipped')], ['needs the control API']))?.why).toBe(
      'every citing test skips on this target: needs the control API',
    );
    expect(notCheckableBefore(row('inconclusive', [test('inconclusive')], ['quota']))?.why).toMatch(
      /spent quota/,
    );
    expect(notCheckableBefore(row('pass', [test('passed'), test('skipped')]))).toBeUndefined();
  });

  it('with the rule: a failing citing test catches it; passing tests miss it, saying which assumed clauses only warned', () => {
    const caught = outcomeOf(
      row('fail', [test('passed'), test('failed', { errorMessage: 'expected 403\nmore' })]),
      [],
    );
    expect(caught).toEqual({ outcome: 'caught', why: 'a test [X-Y] failed failed: expected 403' });
    expect(outcomeOf(row('pass', [test('passed')]), [])).toEqual({
      outcome: 'missed',
      why: '1 citing test(s) passed with the rule in place',
    });
    expect(outcomeOf(row('pass', [test('passed'), test('skipped')], ['writes not allowed']), []).why).toBe(
      '1 citing test(s) passed with the rule in place; 1 skipped here (writes not allowed)',
    );
    expect(outcomeOf(row('pass', [test('passed')]), ['RAG-OPENAI-STREAM']).why).toMatch(
      /only warned on the assumed clause\(s\) RAG-OPENAI-STREAM/,
    );
    expect(outcomeOf(row('inconclusive', [test('inconclusive')], ['spent']), []).outcome).toBe(
      'not checkable',
    );
    expect(outcomeOf(undefined, []).outcome).toBe('not checkable');
  });
});
