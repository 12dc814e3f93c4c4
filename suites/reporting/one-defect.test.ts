/**
 * One defect, one red (issue 39), read from a real vitest run of suites/support/fixtures/one-defect.fixture.ts
 * through the clause reporter: an answer that breaks one documented statement reds that statement's clause alone,
 * whether the test met it while checking another clause (the test stops there, its own clause not checked), while
 * arranging (the test is inconclusive) or while cleaning up (a note; the test passes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { reportOfFixture } from './fixture-run.test-support.js';
import type { ConformanceReport } from './report.js';

const FIXTURE = 'suites/support/fixtures/one-defect.fixture.ts';
let report: ConformanceReport;

beforeAll(async () => {
  report = await reportOfFixture(FIXTURE);
}, 60_000);

const status = (id: string) => report.matrix.rows.find((r) => r.id === id)?.status;
const test = (fragment: string) => report.matrix.tests.find((t) => t.fullName.includes(fragment));
const redDocumented = () =>
  report.matrix.rows
    .filter((r) => r.kind === 'documented' && r.status === 'fail')
    .map((r) => r.id)
    .sort();

describe('one defect, one red [REPORT-ONE-DEFECT-ONE-RED]', () => {
  it('only the clauses of the three broken statements are red', () => {
    expect(redDocumented()).toEqual(['CONV-ERROR-ENVELOPE', 'CONV-SUCCESS-TOTAL-INTEGER', 'ERR-401-MESSAGE']);
  });

  it('a test that met an unreadable answer stops there: its own clause is not checked, not red', () => {
    const t = test('total is a string');
    expect(t?.state).toBe('failed');
    expect(t?.stopped).toBe(true);
    expect(t?.failedClauses).toEqual(['CONV-SUCCESS-TOTAL-INTEGER']);
    expect(t?.errorMessage).not.toMatch(/never reached/);
    expect(status('PROJECTS-SEARCH-PARTIAL-NAME')).toBe('skip');
    const row = report.matrix.rows.find((r) => r.id === 'PROJECTS-SEARCH-PARTIAL-NAME');
    expect(row?.skipReasons).toEqual(['not checked: the answer failed CONV-SUCCESS-TOTAL-INTEGER first']);
    expect(report.coverage.unchecked.find((u) => u.id === 'PROJECTS-SEARCH-PARTIAL-NAME')?.reason).toBe(
      'answer unreadable',
    );
  });

  it('an error message given as an array reds the error envelope, not the refused rule', () => {
    expect(test('message is an array')?.failedClauses).toEqual(['CONV-ERROR-ENVELOPE']);
    expect(status('SET-TEMPERATURE-RANGE')).toBe('skip');
  });

  it("a property stopped by such an answer in one case reds that answer's clause, through fast-check's own error", () => {
    const t = test('in one of its cases');
    expect(t?.failedClauses).toEqual(['CONV-ERROR-ENVELOPE']);
    expect(t?.stopped).toBe(true);
    expect(status('SET-MAX-NODES-RANGE')).toBe('skip');
  });

  it('inside an assumed check, the same answer is a warning on that assumed clause, never a red', () => {
    const t = test('an assumed check that meets it');
    expect(t?.state).toBe('passed');
    expect(t?.failedClauses).toBeUndefined();
    expect(t?.assumedWarnings?.map((w) => w.clauseId)).toEqual(['ERR-INVALID-PARAMS-STATUS']);
  });

  it('a reworded 401 message reds ERR-401-MESSAGE, not the clause of the test that met it', () => {
    expect(test('reworded message')?.failedClauses).toEqual(['ERR-401-MESSAGE']);
    expect(status('TOKEN-REVOKED-PERMANENT')).toBe('pass');
  });

  it('an arrangement that fails makes its test inconclusive, with what it was arranging', () => {
    const t = test('picked from a list');
    expect(t?.state).toBe('inconclusive');
    expect(t?.skipReason).toMatch(/^arrangement failed \(reading projects to pick one\): getMyProjects: /);
    expect(status('USAGE-LIMIT-GET-SHAPE')).toBe('inconclusive');
    expect(report.coverage.unchecked.find((u) => u.id === 'USAGE-LIMIT-GET-SHAPE')?.reason).toBe(
      'arrangement failed',
    );
  });

  it("an arrangement that fails in a beforeAll makes the suite's tests inconclusive, not failed", () => {
    const t = test('whose arrangement failed');
    expect(t?.state).toBe('inconclusive');
    expect(t?.skipReason).toMatch(/^arrangement failed \(reading projects for the whole suite\)/);
    expect(status('USAGE-LIMIT-SET-REFLECTED')).toBe('inconclusive');
  });

  it('a clean-up that fails is a note on a passing test', () => {
    const t = test('clean-up that fails');
    expect(t?.state).toBe('passed');
    expect(t?.cleanupNotes).toEqual([
      expect.stringMatching(/^clean-up failed \(restoring the settings it changed\): /),
    ]);
    expect(status('USAGE-LIMIT-REMOVE-MESSAGE-ONLY')).toBe('pass');
    const after = test('afterEach clean-up fails');
    expect(after?.state).toBe('passed');
    expect(after?.cleanupNotes).toEqual([
      expect.stringMatching(/^clean-up failed \(restoring the settings in afterEach\): /),
    ]);
  });
});
