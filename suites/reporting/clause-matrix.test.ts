import { describe, expect, it } from 'vitest';
import type { Clause } from '../../contract/clauses/clause.js';
import { buildMatrix, countMatrix, extractClauseIds, type TestOutcome, verdict } from './clause-matrix.js';

const catalogue: readonly Clause[] = [
  { id: 'DOC-A', section: 'Limits', kind: 'documented', rule: 'rule a' },
  { id: 'DOC-B', section: 'Limits', kind: 'documented', rule: 'rule b' },
  { id: 'ASM-C', section: 'Errors', kind: 'assumed', rule: 'rule c' },
  { id: 'ASM-D', section: 'Errors', kind: 'assumed', rule: 'rule d' },
];

const t = (fullName: string, state: TestOutcome['state'], extra: Partial<TestOutcome> = {}): TestOutcome => ({
  fullName,
  file: 'suites/x.test.ts',
  state,
  durationMs: 1,
  ...extra,
});

const row = (m: ReturnType<typeof buildMatrix>, id: string) => m.rows.find((r) => r.id === id);

describe('extractClauseIds [REPORT-MATRIX]', () => {
  it('finds a single id, several in one group, and ids in describe titles', () => {
    expect(extractClauseIds('rejects 2.01 [SET-TEMPERATURE-RANGE]')).toEqual(['SET-TEMPERATURE-RANGE']);
    expect(extractClauseIds('x [A-ID, B-ID]')).toEqual(['A-ID', 'B-ID']);
    expect(extractClauseIds('settings [SET-X] > rejects [SET-Y,SET-Z]')).toEqual(['SET-X', 'SET-Y', 'SET-Z']);
  });

  it('ignores groups that are not all ids, and de-duplicates', () => {
    expect(extractClauseIds('each [0, 3] [object Object] [lower-case] [NODASH]')).toEqual([]);
    expect(extractClauseIds('mixed [A-ID, nope] ok [B-ID]')).toEqual(['B-ID']);
    expect(extractClauseIds('[A-ID] > again [A-ID, 2-01]')).toEqual(['A-ID', '2-01']);
    expect(extractClauseIds('no citation here')).toEqual([]);
    expect(extractClauseIds('empty [] [ , ]')).toEqual([]);
  });
});

describe('buildMatrix [REPORT-MATRIX]', () => {
  it('derives pass, fail, skip and untested per clause', () => {
    const m = buildMatrix(catalogue, [
      t('a1 [DOC-A]', 'passed'),
      t('a2 [DOC-A]', 'skipped', { skipReason: 'no writes' }),
      t('b1 [DOC-B, ASM-C]', 'failed', { errorMessage: 'expected 400\nstack' }),
      t('b2 [DOC-B]', 'passed'),
      t('c1 [ASM-C]', 'passed'),
    ]);
    expect(m.rows.map((r) => [r.id, r.status])).toEqual([
      ['DOC-A', 'pass'],
      ['DOC-B', 'fail'],
      ['ASM-C', 'fail'],
      ['ASM-D', 'untested'],
    ]);
    expect(row(m, 'DOC-B')?.tests.map((x) => x.fullName)).toEqual(['b1 [DOC-B, ASM-C]', 'b2 [DOC-B]']);
    expect(row(m, 'ASM-C')?.kind).toBe('assumed');
  });

  it('is skip only when every citing test skipped, and keeps distinct reasons', () => {
    const m = buildMatrix(catalogue, [
      t('a1 [DOC-A]', 'skipped', { skipReason: 'needs control API' }),
      t('a2 [DOC-A]', 'skipped', { skipReason: 'needs control API' }),
      t('a3 [DOC-A]', 'skipped'),
    ]);
    expect(row(m, 'DOC-A')?.status).toBe('skip');
    expect(row(m, 'DOC-A')?.skipReasons).toEqual(['needs control API', 'skipped (no reason given)']);
  });

  it('lists unknown ids and tests citing nothing', () => {
    const m = buildMatrix(catalogue, [
      t('typo [DOC-AA]', 'passed'),
      t('typo again [DOC-AA, DOC-A]', 'passed'),
      t('plain', 'failed'),
    ]);
    expect(m.unknownIds.map((u) => [u.id, u.tests.length])).toEqual([['DOC-AA', 2]]);
    expect(m.uncitedTests.map((x) => x.fullName)).toEqual(['plain']);
    expect(row(m, 'DOC-A')?.status).toBe('pass');
  });

  it('counts tests and clauses split by kind', () => {
    const m = buildMatrix(catalogue, [t('a [DOC-A]', 'passed'), t('c [ASM-C]', 'skipped'), t('x', 'failed')]);
    const c = countMatrix(m);
    expect(c.tests).toEqual({ total: 3, passed: 1, failed: 1, skipped: 1, inconclusive: 0 });
    const none = { warn: 0, inconclusive: 0 };
    expect(c.clauses.documented).toEqual({ total: 2, pass: 1, fail: 0, skip: 0, untested: 1, ...none });
    expect(c.clauses.assumed).toEqual({ total: 2, pass: 0, fail: 0, skip: 1, untested: 1, ...none });
    expect(c.clauses.total).toBe(4);
    expect(c.uncitedTests).toBe(1);
  });
});

describe('verdict [REPORT-MATRIX]', () => {
  const assumedFails = buildMatrix(catalogue, [t('a [DOC-A]', 'passed'), t('c [ASM-C]', 'failed')]);

  it('fails an assumed clause against the fake', () => {
    const v = verdict(assumedFails, 'fake');
    expect(v.pass).toBe(false);
    expect(v.failing).toEqual([expect.objectContaining({ type: 'clause', id: 'ASM-C' })]);
    expect(v.warnings).toEqual([]);
  });

  it('only warns about an assumed clause against a real target', () => {
    const v = verdict(assumedFails, 'real');
    expect(v.pass).toBe(true);
    expect(v.failing).toEqual([]);
    expect(v.warnings).toEqual([expect.objectContaining({ type: 'clause', id: 'ASM-C', kind: 'assumed' })]);
  });

  it('fails a documented clause against any target, with its error on one line and no stack', () => {
    const m = buildMatrix(catalogue, [t('a [DOC-A]', 'failed', { errorMessage: 'expected 400\n  at x' })]);
    for (const kind of ['fake', 'real'] as const) {
      const v = verdict(m, kind);
      expect(v.pass).toBe(false);
      expect(v.failing).toEqual([
        { type: 'clause', id: 'DOC-A', kind: 'documented', message: 'expected 400' },
      ]);
    }
  });

  it('an error whose label carries a body printed over lines reads as one line, what was expected kept', () => {
    const message =
      'status; body: {\n  "code": "E400",\n  "message": "Project not found"\n}: expected 400 to be 404 // Object.is equality';
    const v = verdict(buildMatrix(catalogue, [t('a [DOC-A]', 'failed', { errorMessage: message })]), 'real');
    expect(v.failing).toEqual([
      {
        type: 'clause',
        id: 'DOC-A',
        kind: 'documented',
        message: 'status; body: { "code": "E400", "message": "Project not found" }: expected 400 to be 404',
      },
    ]);
  });

  it('fails on a failing test that cites nothing, but not on a passing one', () => {
    expect(verdict(buildMatrix(catalogue, [t('plain', 'passed')]), 'real').pass).toBe(true);
    const v = verdict(buildMatrix(catalogue, [t('plain', 'failed')]), 'real');
    expect(v.pass).toBe(false);
    expect(v.failing).toEqual([expect.objectContaining({ type: 'test', fullName: 'plain' })]);
  });

  it('treats unknown ids and run errors as report errors', () => {
    const v = verdict(buildMatrix(catalogue, [t('typo [DOC-Z]', 'passed')]), 'real');
    expect(v.pass).toBe(false);
    expect(v.errors).toEqual([expect.objectContaining({ type: 'unknown-id', id: 'DOC-Z' })]);
    const r = verdict(buildMatrix(catalogue, []), 'fake', ['suites/a.test.ts failed to load']);
    expect(r.pass).toBe(false);
    expect(r.errors).toEqual([{ type: 'run-error', message: 'suites/a.test.ts failed to load' }]);
  });

  it('passes when skipped and untested clauses are all that is left; an assumed failure warns against real [REPORT-ONE-COUNT]', () => {
    const outcomes = [t('a [DOC-A]', 'passed'), t('b [DOC-B]', 'skipped'), t('c [ASM-C]', 'failed')];
    const real = buildMatrix(catalogue, outcomes, 'real');
    expect(verdict(real, 'real').status).toBe('PASS');
    expect(countMatrix(real).clauses).toMatchObject({
      total: 4,
      pass: 1,
      fail: 0,
      warn: 1,
      skip: 1,
      untested: 1,
    });
    const fake = buildMatrix(catalogue, outcomes, 'fake');
    expect(verdict(fake, 'fake').status).toBe('FAIL');
    expect(countMatrix(fake).clauses).toMatchObject({ fail: 1, warn: 0 });
  });
});
