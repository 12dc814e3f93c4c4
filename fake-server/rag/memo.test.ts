import { describe, expect, it } from 'vitest';
import { memoByText } from './memo.js';

describe('memoByText', () => {
  it('answers as the function does, calls it once per kept text, and drops all when full', () => {
    const calls: string[] = [];
    const len = memoByText(3, (t: string) => {
      calls.push(t);
      return t.length;
    });
    expect([len('a'), len('bb'), len('a'), len('')]).toEqual([1, 2, 1, 0]);
    expect(calls).toEqual(['a', 'bb', '']);
    expect(len('cccc')).toBe(4); // a fourth text: the three kept are dropped first
    expect(len('a')).toBe(1);
    expect(calls).toEqual(['a', 'bb', '', 'cccc', 'a']);
    expect(len('cccc')).toBe(4);
    expect(calls).toHaveLength(5);
  });

  it('does not keep a throw', () => {
    let n = 0;
    const f = memoByText(2, (t: string) => {
      n++;
      if (t === 'bad') throw new Error('no');
      return t;
    });
    expect(() => f('bad')).toThrow('no');
    expect(() => f('bad')).toThrow('no');
    expect(n).toBe(2);
  });
});
