/** The chunks' reports merged into one: each file counted once, from the chunk that mutates it now. */
import { describe, expect, it } from 'vitest';
import { layerScores, mergeReports, onlyFiles } from '../mutation/merge-reports.mjs';

const mutant = (id: string, status: string) => ({
  id,
  mutatorName: 'ConditionalExpression',
  replacement: 'true',
  status,
  location: { start: { line: 1, column: 1 }, end: { line: 1, column: 5 } },
});
const file = (...statuses: string[]) => ({
  language: 'typescript',
  source: 'a || b',
  mutants: statuses.map((s, i) => mutant(String(i), s)),
});
const report = (files: Record<string, ReturnType<typeof file>>) => ({
  schemaVersion: '2',
  thresholds: { high: 80, low: 60 },
  files,
});

describe('merging the chunks’ reports [HARNESS-MUTATION]', () => {
  it('takes a file only from the chunk that mutates it now, not from an earlier cut carried over', () => {
    // http-5 once mutated validate.ts; it is http-4's now, and http-5's report still carries the old results.
    const http4 = report({ 'fake-server/http/validate.ts': file('Killed', 'Killed', 'Killed') });
    const http5 = report({
      'fake-server/http/sse.ts': file('Killed', 'Killed'),
      'fake-server/http/validate.ts': file('Survived', 'Survived', 'Survived'),
    });
    const merged = mergeReports([
      onlyFiles(http4, ['fake-server/http/validate.ts']),
      onlyFiles(http5, ['fake-server/http/sse.ts']),
    ]);
    expect(Object.keys(merged.files).sort()).toEqual([
      'fake-server/http/sse.ts',
      'fake-server/http/validate.ts',
    ]);
    const http = layerScores(merged).get('http')!;
    expect([http.killed, http.survived, http.mutationScore]).toEqual([5, 0, 100]);
    // Without the cut, the later chunk's stale copy would win.
    const stale = layerScores(mergeReports([http4, http5])).get('http')!;
    expect([stale.killed, stale.survived]).toEqual([2, 3]);
  });
});
