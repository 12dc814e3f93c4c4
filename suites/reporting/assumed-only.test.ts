/** A failing test that cites assumed clauses only, against a target other than the fake: warnings, never a red. */
import { describe, expect, it } from 'vitest';
import type { Clause } from '../../contract/clauses/clause.js';
import { softenAssumedOnly } from './assumed-only.js';
import { buildMatrix, type TestOutcome, verdict } from './clause-matrix.js';
import { coverageOf } from './coverage.js';

const catalogue: readonly Clause[] = [
  { id: 'DOC-A', section: 'Limits', kind: 'documented', rule: 'rule a' },
  { id: 'ASM-X', section: 'Errors', kind: 'assumed', rule: 'rule x' },
  { id: 'ASM-Y', section: 'Errors', kind: 'assumed', rule: 'rule y' },
];
const kindOf = (id: string) => catalogue.find((c) => c.id === id);
const failed = (fullName: string, file = 'suites/x.test.ts'): TestOutcome => ({
  fullName,
  file,
  state: 'failed',
  durationMs: 1,
  errorMessage: 'expected 422 to be 400\n  at …',
  errorStack: 'stack',
});

describe('assumed-only tests against another target [HARNESS-TWO-STRENGTHS]', () => {
  it('a failure becomes a warning on each cited clause, with the evidence, and the test stops as not checkable here', () => {
    const [soft] = softenAssumedOnly([failed('x [ASM-X, ASM-Y]')], kindOf, 'real');
    expect(soft).toMatchObject({
      state: 'skipped',
      skipReason: expect.stringMatching(/^not checkable here: .*\(ASM-X, ASM-Y\).*expected 422 to be 400$/),
      assumedWarnings: [
        { clauseId: 'ASM-X', message: expect.stringContaining('expected 422') },
        { clauseId: 'ASM-Y', message: expect.stringContaining('expected 422') },
      ],
    });
    expect(soft).not.toHaveProperty('errorMessage');
    const m = buildMatrix(catalogue, [soft!]);
    expect(m.rows.map((r) => r.status)).toEqual(['untested', 'warn', 'warn']);
    const v = verdict(m, 'real');
    expect([v.status, v.failing, v.warnings.map((w) => ('id' in w ? w.id : w.type))]).toEqual([
      'PASS',
      [],
      ['ASM-X', 'ASM-Y'],
    ]);
  });

  it('stays a failure against the fake, when a documented clause is cited, outside suites/, or without citations', () => {
    const kept = [
      failed('x [DOC-A, ASM-X]'),
      failed('x [ASM-X]', 'fake-server/x.test.ts'),
      failed('x without clauses'),
    ];
    expect(softenAssumedOnly(kept, kindOf, 'real')).toEqual(kept);
    expect(softenAssumedOnly([failed('x [ASM-X]')], kindOf, 'fake')[0]?.state).toBe('failed');
    const m = buildMatrix(catalogue, softenAssumedOnly([failed('x [DOC-A, ASM-X]')], kindOf, 'real'));
    expect(verdict(m, 'real').failing.map((f) => ('id' in f ? f.id : f.type))).toEqual(['DOC-A']);
  });

  it('passing and skipped tests are left as they are; a documented clause whose test stopped on an assumed ground is unchecked as not checkable here', () => {
    const passed: TestOutcome = {
      fullName: 'p [ASM-X]',
      file: 'suites/x.test.ts',
      state: 'passed',
      durationMs: 1,
    };
    const stoppedDoc: TestOutcome = {
      fullName: 'd [DOC-A]',
      file: 'suites/x.test.ts',
      state: 'skipped',
      durationMs: 1,
      skipReason:
        "not checked on this target: the rest builds on the fake's choice ASM-X, which this target does not share",
    };
    expect(softenAssumedOnly([passed, stoppedDoc], kindOf, 'real')).toEqual([passed, stoppedDoc]);
    const coverage = coverageOf(buildMatrix(catalogue, [stoppedDoc]).rows);
    expect(coverage.unchecked).toEqual([
      { id: 'DOC-A', reason: 'not checkable here', reasons: ['not checkable here'] },
    ]);
  });
});
