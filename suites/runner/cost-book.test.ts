import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  costBook,
  costTableOfReport,
  HOOKS,
  isReportOf,
  RAG_KEY,
  referenceBook,
  referenceOf,
} from './cost-book.js';

function reportDir() {
  const dir = mkdtempSync(join(tmpdir(), 'cost-book-'));
  const report = {
    target: { name: 'staging', kind: 'real' },
    generatedAt: '2026-11-28T10:00:00.000Z',
    tests: [
      {
        file: 'f',
        fullName: 'a',
        state: 'passed',
        requests: { 'platform|the owner token': 3, 'rag|the project key': 2 },
      },
      { file: 'f', fullName: 'b', state: 'skipped' },
      { file: 'g', fullName: 'c', state: 'passed', requests: { 'rag|an official SDK client': 4 } },
    ],
  };
  writeFileSync(join(dir, 'conformance.json'), JSON.stringify(report));
  writeFileSync(join(dir, 'concurrency.json'), JSON.stringify({ files: [{ file: 'f', requests: 9 }] }));
  return join(dir, 'conformance.json');
}

describe('what each test costs, for a budgeted run [HARNESS-BUDGET-PLAN]', () => {
  it("reads each test's requests by credential, the key's RAG requests on its RAG budget, and a file's hooks", () => {
    const table = costTableOfReport(reportDir());
    if ('error' in table) throw new Error(table.error);
    const book = costBook(table);
    expect(book.test('f', 'a')).toEqual({ spend: { 'the owner token': 3, [RAG_KEY]: 2 }, checked: true });
    expect(book.test('f', 'b')).toEqual({ spend: {}, checked: false });
    expect(book.test('g', 'c')).toEqual({ spend: { [RAG_KEY]: 4 }, checked: true });
    expect(book.test('g', 'unknown')).toBeUndefined();
    // f's tests sent 5 of its 9: its hooks sent 4
    expect(book.file('f')).toEqual({ [HOOKS]: 4 });
    expect(book.file('g')).toEqual({});
  });

  it('knows a report of the same target, and refuses a file that is not a report', () => {
    const path = reportDir();
    expect(isReportOf(path, { name: 'staging', kind: 'real' })).toBe(true);
    expect(isReportOf(path, { name: 'production', kind: 'real' })).toBe(false);
    const bad = join(mkdtempSync(join(tmpdir(), 'cost-book-')), 'x.json');
    writeFileSync(bad, '{"tests": 3}');
    expect(costTableOfReport(bad)).toEqual({ error: expect.stringMatching(/not a conformance report/) });
  });

  it('ships the costs keyed by a hash of the name, and reads them back alike', () => {
    const table = costTableOfReport(reportDir());
    if ('error' in table) throw new Error(table.error);
    const file = join(mkdtempSync(join(tmpdir(), 'cost-book-')), 'reference.json');
    writeFileSync(file, JSON.stringify(referenceOf(table, 'the reference')));
    const ref = referenceBook(file);
    if ('error' in ref) throw new Error(ref.error);
    expect(ref.source).toBe('the reference');
    expect(ref.book.test('f', 'a')).toEqual(costBook(table).test('f', 'a'));
    expect(ref.book.test('f', 'b')).toEqual({ spend: {}, checked: false });
    expect(ref.book.file('f')).toEqual({ [HOOKS]: 4 });
  });
});
