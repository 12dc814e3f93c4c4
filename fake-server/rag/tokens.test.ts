import fc from 'fast-check';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTokenizer, type Tokenizer } from './tokens.js';

let t: Tokenizer;
beforeAll(async () => {
  t = await loadTokenizer();
});

/** Text with multi-byte characters, where token boundaries fall inside characters. */
const textArb = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom(
    'héllo 🌍 wörld, naïve café — 日本語テキスト',
    'The 14-day money-back guarantee. 👍🏽👩‍👩‍👧',
  ),
);

describe('tokenizer (o200k_base)', () => {
  it('counts with the real o200k_base encoding [RAG-USAGE-TOKENIZER]', () => {
    const text = 'How do I get a refund for my subscription?';
    expect(t.count(text)).toBe(encode(text).length);
    expect(t.count('')).toBe(0);
    // Special-token text in a caller's message is plain text, never an error.
    expect(t.count('hi <|endoftext|> there')).toBeGreaterThan(3);
  });

  it('is loaded once and shared [RAG-USAGE-TOKENIZER]', async () => {
    expect(await loadTokenizer()).toBe(t);
  });

  it('truncate gives a prefix of at most n tokens, and the whole text when it fits [RAG-MAX-TOKENS]', () => {
    fc.assert(
      fc.property(textArb, fc.integer({ min: 0, max: 40 }), (text, n) => {
        const cut = t.truncate(text, n);
        expect(text.startsWith(cut)).toBe(true);
        expect(t.count(cut)).toBeLessThanOrEqual(n);
        if (t.count(text) <= n) expect(cut).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('truncate keeps as many whole tokens as fit on plain text [RAG-MAX-TOKENS]', () => {
    const text = 'Refunds under the guarantee close the subscription and the workspace becomes read-only.';
    for (let n = 0; n <= t.count(text); n++) expect(t.count(t.truncate(text, n))).toBe(n);
  });
});
