/**
 * Long runs of one kind of character are counted in linear time (fuzzing found a RAG request whose system prompt
 * was a run of 'é' holding the fake for minutes: byte-pair encoding is quadratic in the length of one pre-token).
 */
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { beforeAll, describe, expect, it } from 'vitest';
import { LONG_RUN, loadTokenizer, type Tokenizer } from './tokens.js';

let t: Tokenizer;
beforeAll(async () => {
  t = await loadTokenizer();
});

describe('long runs [RAG-USAGE-TOKENIZER, FUZZ-NO-CRASH]', () => {
  it('a megabyte without a break is counted in linear time (well under 2 s), close to the exact count', () => {
    for (const unit of ['é', 'x', ' ', '\u0000', '🌍']) {
      const text = unit.repeat(1_000_000 / unit.length);
      const started = performance.now();
      const n = t.count(text);
      expect(performance.now() - started, JSON.stringify(unit)).toBeLessThan(2_000);
      expect(n).toBeGreaterThan(0);
    }
    const run = 'é'.repeat(4 * LONG_RUN);
    expect(Math.abs(t.count(run) - encode(run).length)).toBeLessThanOrEqual(4);
  });

  it('text with no run longer than the slice is counted exactly, around a long run too', () => {
    const prose = 'How do I get a refund for my subscription? Two-factor authentication adds a second step.';
    expect(t.count(prose)).toBe(encode(prose).length);
    const edge = `${'a'.repeat(LONG_RUN)} ${'.'.repeat(LONG_RUN)}`;
    expect(t.count(edge)).toBe(encode(edge).length);
    const around = `${prose} ${'é'.repeat(3 * LONG_RUN)} ${prose}`;
    expect(Math.abs(t.count(around) - encode(around).length)).toBeLessThanOrEqual(5);
  });

  it('truncate still gives a prefix within the budget on a long run [RAG-MAX-TOKENS]', () => {
    const text = `Answer: ${'é'.repeat(10_000)}`;
    const cut = t.truncate(text, 50);
    expect(text.startsWith(cut)).toBe(true);
    expect(t.count(cut)).toBeLessThanOrEqual(50);
    expect(cut.length).toBeGreaterThan(10);
  });
});
