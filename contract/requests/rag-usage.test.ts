import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonText } from './rag-usage.js';

describe('the JSON text of declared tools, counted in the prompt tokens [RAG-USAGE-TOKENIZER, ERR-NEVER-5XX]', () => {
  it('is what JSON.stringify writes, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonText(value)).toBe(JSON.stringify(value));
      }),
    );
    const odd = { a: undefined, b: [undefined, () => 1], 'k"\n': { x: -0, y: 1e21, z: Number.NaN } };
    expect(jsonText(odd)).toBe(JSON.stringify(odd));
  });

  it('is written for parameters nested 500,000 deep, past where JSON.stringify runs out of stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 500_000; i++) deep = [deep];
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const text = jsonText({ parameters: deep });
    expect(text).toBe(`{"parameters":${'['.repeat(500_000)}1${']'.repeat(500_000)}}`);
  });
});
