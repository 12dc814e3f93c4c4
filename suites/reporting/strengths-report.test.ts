/**
 * What the report makes of the two strengths, of spent quotas and of where evidence comes from: assumed warnings on
 * their clause, inconclusive tests and the INCOMPLETE verdict, API clauses counted only from suites/, coverage per
 * target grouped by reason, and the strength rule.
 */
import { describe, expect, it } from 'vitest';
import type { Clause } from '../../contract/clauses/clause.js';
import { buildMatrix, countMatrix, type TestOutcome, verdict } from './clause-matrix.js';
import { coverageOf, reasonClass } from './coverage.js';
import { strengthViolations } from './strength-rule.js';

const catalogue: readonly Clause[] = [
  { id: 'DOC-A', section: 'Limits', kind: 'documented', rule: 'rule a' },
  { id: 'DOC-B', section: 'Limits', kind: 'documented', rule: 'rule b' },
  { id: 'DOC-C', section: 'Errors', kind: 'documented', rule: 'rule c' },
  { id: 'ASM-X', section: 'Errors', kind: 'assumed', rule: 'rule x' },
  { id: 'ASM-Y', section: 'Errors', kind: 'assumed', rule: 'rule y' },
  { id: 'FAKE-Z', section: 'Harness', kind: 'assumed', rule: 'rule z' },
];
const kindOf = (id: string) => catalogue.find((c) => c.id === id);

const t = (fullName: string, state: TestOutcome['state'], extra: Partial<TestOutcome> = {}): TestOutcome => ({
  fullName,
  file: 'suites/x.test.ts',
  state,
  durationMs: 1,
  ...extra,
});
const row = (m: ReturnType<typeof buildMatrix>, id: string) => m.rows.find((r) => r.id === id);

describe('two strengths in the matrix [HARNESS-TWO-STRENGTHS, REPORT-MATRIX]', () => {
  const warned = t('a [DOC-A, ASM-X]', 'passed', {
    assumedChecks: ['ASM-X', 'ASM-Y'],
    assumedWarnings: [{ clauseId: 'ASM-X', message: 'expected 400, got 422' }],
  });

  it('a soft failure warns on its assumed clause only; the documented clause of the same test passes', () => {
    const m = buildMatrix(catalogue, [warned]);
    expect(row(m, 'DOC-A')?.status).toBe('pass');
    expect(row(m, 'ASM-X')?.status).toBe('warn');
    expect(row(m, 'ASM-X')?.warnings).toEqual([
      { clauseId: 'ASM-X', message: 'expected 400, got 422', fullName: warned.fullName, file: warned.file },
    ]);
    // checked through assumed() without being in the title: cited all the same, and it held
    expect(row(m, 'ASM-Y')?.status).toBe('pass');
    expect(countMatrix(m).clauses.assumed.warn).toBe(1);
  });

  it('a warned clause is a warning against a real target and never fails the verdict', () => {
    const v = verdict(buildMatrix(catalogue, [warned]), 'real');
    expect(v.status).toBe('PASS');
    expect(v.warnings).toEqual([expect.objectContaining({ id: 'ASM-X', message: 'expected 400, got 422' })]);
  });

  it('flags a test citing both kinds that checks a cited assumed clause hard, not one that binds it', () => {
    const tests = buildMatrix(catalogue, [
      warned,
      t('b [DOC-B, ASM-Y]', 'passed'),
      t('c [ASM-Y]', 'passed'),
      t('d [DOC-C, ASM-X]', 'skipped'),
      t('e [DOC-C, ASM-X]', 'passed', { file: 'fake-server/x.test.ts' }),
    ]).tests;
    expect(strengthViolations(tests, kindOf)).toEqual([
      { fullName: 'b [DOC-B, ASM-Y]', file: 'suites/x.test.ts', unbound: ['ASM-Y'] },
    ]);
  });
});

describe('spent quota [HARNESS-INCONCLUSIVE-QUOTA]', () => {
  it('inconclusive tests neither pass nor fail a clause, and make the verdict INCOMPLETE', () => {
    const m = buildMatrix(catalogue, [
      t('a [DOC-A]', 'inconclusive', {
        skipReason: 'inconclusive (quota spent): getMyProjects answered 429',
      }),
      t('b [DOC-B]', 'passed'),
    ]);
    expect(row(m, 'DOC-A')?.status).toBe('inconclusive');
    const v = verdict(m, 'real');
    expect(v).toMatchObject({ pass: true, status: 'INCOMPLETE', inconclusive: 1 });
    expect(countMatrix(m).tests.inconclusive).toBe(1);
  });

  it('a failure still makes the verdict FAIL when other tests were inconclusive', () => {
    const m = buildMatrix(catalogue, [t('a [DOC-A]', 'inconclusive'), t('b [DOC-B]', 'failed')]);
    expect(verdict(m, 'real').status).toBe('FAIL');
  });
});

describe('evidence and coverage [REPORT-EVIDENCE, REPORT-COVERAGE]', () => {
  it("counts a unit test of the fake as the fake's own evidence, never as the API clause's", () => {
    const m = buildMatrix(catalogue, [
      t('unit [DOC-A]', 'passed', { file: 'fake-server/http/openai-wire.test.ts' }),
      t('unit [FAKE-Z]', 'passed', { file: 'fake-server/x.test.ts' }),
    ]);
    expect(row(m, 'DOC-A')).toMatchObject({ status: 'untested', scope: 'api', tests: [] });
    expect(row(m, 'DOC-A')?.fakeEvidence.map((x) => x.fullName)).toEqual(['unit [DOC-A]']);
    expect(row(m, 'FAKE-Z')).toMatchObject({ status: 'pass', scope: 'harness' });
    expect(countMatrix(m).clauses.harness.pass).toBe(1);
    expect(countMatrix(m).clauses.documented.untested).toBe(3);
  });

  it('gives the share of documented API clauses checked and groups the rest by reason', () => {
    const m = buildMatrix(catalogue, [
      t('a [DOC-A]', 'failed'),
      t('b [DOC-B]', 'skipped', { skipReason: 'target has no control API' }),
      t('b2 [DOC-B]', 'skipped', { skipReason: 'target has no control API' }),
      t('b3 [DOC-B]', 'skipped', { skipReason: 'target does not allow writes (allow.writes)' }),
    ]);
    const c = coverageOf(m.rows);
    expect(c).toMatchObject({ documented: 3, checked: 1, percent: 33.3 });
    expect(c.unchecked).toEqual([
      { id: 'DOC-B', reason: 'control API only', reasons: ['control API only', 'writes not allowed'] },
      { id: 'DOC-C', reason: 'no citing test', reasons: ['no citing test'] },
    ]);
    expect(c.byReason['control API only']).toBe(1);
    expect(c.byReason['no citing test']).toBe(1);
    expect(c.byReason['quota spent']).toBe(0);
    // In a partial run (a name or file filter) a clause without a test in the run is not in this run, not uncited.
    const partial = coverageOf(m.rows, true);
    expect(partial.unchecked[1]).toEqual({
      id: 'DOC-C',
      reason: 'not in this run',
      reasons: ['not in this run'],
    });
    expect(partial.byReason['no citing test']).toBe(0);
  });

  it('classifies the skip notes the suites give', () => {
    expect(reasonClass('inconclusive (quota spent): …')).toBe('quota spent');
    expect(reasonClass('target offers no provider state "token revoked"')).toBe('provider state not offered');
    expect(reasonClass('target has no control API')).toBe('control API only');
    expect(reasonClass('target config has no viewer token')).toBe('missing credential');
    expect(reasonClass('no openai-family model: set rag_models.openai in the target config')).toBe(
      'missing credential',
    );
    expect(reasonClass('target does not allow spending quota (allow.quota)')).toBe('quota not allowed');
    expect(reasonClass('target does not allow spending credits (allow.credits)')).toBe('credits not allowed');
    expect(
      reasonClass('not checkable here: the target prices a playground call by more than its model (…)'),
    ).toBe('not checkable here');
    expect(reasonClass('something else')).toBe('other');
  });
});
