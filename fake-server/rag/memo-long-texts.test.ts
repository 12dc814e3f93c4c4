/** The RAG memos keep short texts only: long client texts are computed each time and never retained. */
import { describe, expect, it } from 'vitest';
import { MEMO_MAX_TEXT, memoByText } from './memo.js';

describe('memoByText and long texts [FUZZ-MEMORY-STABLE]', () => {
  it('computes a text over the bound every time without keeping it; shorter texts stay kept', () => {
    const calls: number[] = [];
    const len = memoByText(4, (t: string) => {
      calls.push(t.length);
      return t.length;
    });
    const long = 'x'.repeat(MEMO_MAX_TEXT + 1);
    const edge = 'y'.repeat(MEMO_MAX_TEXT);
    expect([len(long), len(long), len(edge), len(edge)]).toEqual([
      long.length,
      long.length,
      edge.length,
      edge.length,
    ]);
    expect(calls).toEqual([long.length, long.length, edge.length]);
  });
});
