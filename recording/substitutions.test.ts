/**
 * Substitutions: the one-scan replacement answers as replacing each value in turn, longest first, whenever the
 * expression was compiled, so a recording's redactor and a replay's agree [RECORD-REDACTION].
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Substitutions } from './substitutions.js';

/** The rule as it reads: every value, longest first, replaced wherever it occurs. */
function oneByOne(values: Map<string, string>, text: string): string {
  let out = text;
  for (const [value, placeholder] of [...values].sort((a, b) => b[0].length - a[0].length))
    if (out.includes(value)) out = out.split(value).join(placeholder);
  return out;
}

const word = fc.string({ unit: fc.constantFrom(...'abcdef0123456789-_@.'), minLength: 8, maxLength: 24 });

/** Values, some of them inside others (a token and its part after the prefix, an address inside a longer one). */
const valuesArb = fc.array(word, { minLength: 1, maxLength: 120 }).chain((base) =>
  fc
    .array(fc.record({ of: fc.nat(base.length - 1), from: fc.nat(8), cut: fc.nat(8) }), { maxLength: 40 })
    .map((parts) => {
      const inner = parts
        .map(({ of, from, cut }) => base[of]!.slice(from, base[of]!.length - cut))
        .filter((v) => v.length >= 8);
      return [...new Set([...base, ...inner])];
    }),
);

/** Learn the values in an arbitrary order, redacting texts of them (space-separated) between the learning. */
const scriptArb = valuesArb.chain((values) =>
  fc.record({
    values: fc.shuffledSubarray(values, { minLength: values.length, maxLength: values.length }),
    texts: fc.array(
      fc.record({
        after: fc.nat(values.length),
        words: fc.array(fc.oneof(fc.constantFrom(...values), fc.constant('lorem ipsum')), { maxLength: 12 }),
      }),
      { minLength: 1, maxLength: 30 },
    ),
  }),
);

describe('Substitutions', () => {
  it('answers as replacing each value in turn, longest first, whatever was learned between two texts [RECORD-REDACTION]', () => {
    fc.assert(
      fc.property(scriptArb, ({ values, texts }) => {
        const subs = new Substitutions();
        const known = new Map<string, string>();
        const byTime = [...texts].sort((a, b) => a.after - b.after);
        let learned = 0;
        for (const { after, words } of byTime) {
          for (; learned < after; learned++) {
            const value = values[learned]!;
            subs.set(value, `<${learned}>`);
            known.set(value, `<${learned}>`);
          }
          const text = words.join(' ');
          expect(subs.apply(text)).toBe(oneByOne(known, text));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a value learned again keeps one place, with its new placeholder [RECORD-REDACTION]', () => {
    const subs = new Substitutions();
    for (let i = 0; i < 200; i++) subs.set(`value-${String(i).padStart(4, '0')}`, `<${i}>`);
    expect(subs.apply('a value-0007 b')).toBe('a <7> b');
    subs.set('value-0007', '<seven>');
    expect(subs.size).toBe(200);
    expect(subs.apply('a value-0007 b value-0199')).toBe('a <seven> b <199>');
  });

  it('a value inside a compiled one, or holding one, is replaced as the longest first rule says [RECORD-REDACTION]', () => {
    const subs = new Substitutions();
    for (let i = 0; i < 100; i++) subs.set(`filler-value-${i}`, `<f${i}>`);
    subs.set('jane@example.com', '<jane>');
    expect(subs.apply('to jane@example.com')).toBe('to <jane>'); // compiled now
    subs.set('mary.jane@example.com', '<mary>'); // holds a compiled value
    subs.set('example.com', '<domain>'); // inside a compiled value
    expect(subs.apply('mary.jane@example.com, jane@example.com, www.example.com')).toBe(
      '<mary>, <jane>, www.<domain>',
    );
  });
});
