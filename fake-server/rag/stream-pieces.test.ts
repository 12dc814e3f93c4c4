import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_CHARS_PER_PIECE, jsonPieces, textPieces } from './stream-pieces.js';

describe('stream pieces [RAG-STREAM-EQUALS-BODY]', () => {
  it('text comes a few words at a time, each word with its following whitespace', () => {
    expect(textPieces('One two three four five six seven.')).toEqual([
      'One two three ',
      'four five six ',
      'seven.',
    ]);
    expect(textPieces('  lead\n\nand  trail  ')).toEqual(['  lead\n\nand  trail  ']);
    expect(textPieces('')).toEqual([]);
  });

  it('JSON comes a fixed number of code points at a time, never splitting a surrogate pair', () => {
    const json = JSON.stringify({ city: 'Zürich', note: '👍👍👍 fine', n: 12345678901234 });
    const pieces = jsonPieces(json);
    expect(pieces.length).toBe(Math.ceil(Array.from(json).length / JSON_CHARS_PER_PIECE));
    for (const p of pieces)
      expect(p).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(jsonPieces('')).toEqual([]);
  });

  it('any text and any JSON concatenate back to exactly the whole', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.jsonValue(), (text, value) => {
        expect(textPieces(text).join('')).toBe(text);
        const json = JSON.stringify(value);
        expect(jsonPieces(json).join('')).toBe(json);
        expect(textPieces(text).every((p) => p.length > 0)).toBe(true);
      }),
    );
  });

  it('refuses a piece size that is not a positive integer', () => {
    expect(() => textPieces('a b', 0)).toThrow(RangeError);
    expect(() => jsonPieces('{}', 1.5)).toThrow(RangeError);
  });
});
