/**
 * Arbitraries for numeric ranges and text lengths: values inside a range (accepted), values outside it (refused, as
 * the spec documents), and other representations of a value (a fraction for an integer, a numeric string, another
 * JSON type, form text that is not plain digits), whose refusal is the fake's reading: a test checks those under the
 * assumed clause that states it. The ranges themselves always come from contract/limits.ts; nothing here knows a
 * number of the spec.
 */
import fc from 'fast-check';

/** A closed range; `max` absent means open above (e.g. `page >= 1`). */
export interface Bounds {
  readonly min: number;
  readonly max?: number;
}

/** How far past an edge generated values may go. */
const SPAN = 1_000_000;
/** Upper end used for ranges that are open above: large, but a safe integer and sane for paging. */
const OPEN_TOP = 2 ** 31 - 1;

const top = (r: Bounds) => r.max ?? OPEN_TOP;

/** Integers inside the range, with each edge and its inner neighbour tried first. */
export const intInsideArb = (r: Bounds): fc.Arbitrary<number> => {
  const edges = [...new Set([r.min, Math.min(r.min + 1, top(r)), top(r), Math.max(top(r) - 1, r.min)])];
  return fc.oneof(fc.constantFrom(...edges), fc.integer({ min: r.min, max: top(r) }));
};

/** Integers outside the range: below min, or above max when there is one; the nearest outsiders tried first. */
export const intOutsideArb = (r: Bounds): fc.Arbitrary<number> => {
  const below = fc.integer({ min: r.min - SPAN, max: r.min - 1 });
  const edges = r.max === undefined ? [r.min - 1] : [r.min - 1, r.max + 1];
  const parts: fc.Arbitrary<number>[] = [fc.constantFrom(...edges), below];
  if (r.max !== undefined) parts.push(fc.integer({ min: r.max + 1, max: r.max + SPAN }));
  return fc.oneof(...parts);
};

const finite = { noNaN: true, noDefaultInfinity: true } as const;

/** Any number (fractions included) inside the closed range. */
export const numberInsideArb = (r: Bounds): fc.Arbitrary<number> =>
  fc.oneof(
    fc.constantFrom(r.min, top(r), (r.min + top(r)) / 2),
    fc.double({ min: r.min, max: top(r), ...finite }),
  );

/** Any number strictly outside the closed range, however close to an edge. */
export const numberOutsideArb = (r: Bounds): fc.Arbitrary<number> => {
  // fast-check orders -0 below 0, so an excluded bound of 0 still yields -0, which JSON sends as 0 (inside).
  const below = fc
    .double({ min: r.min - SPAN, max: r.min, maxExcluded: true, ...finite })
    .filter((x) => x < r.min);
  const parts: fc.Arbitrary<number>[] = [fc.constantFrom(r.min - 0.01), below];
  if (r.max !== undefined) {
    const max = r.max;
    parts.push(
      fc.constantFrom(max + 0.01),
      fc.double({ min: max, minExcluded: true, max: max + SPAN, ...finite }).filter((x) => x > max),
    );
  }
  return fc.oneof(...parts);
};

/** Numbers within the range's span that are not integers (rejected by integer fields). */
export const fractionInsideArb = (r: Bounds): fc.Arbitrary<number> =>
  fc.oneof(
    fc.constantFrom(r.min + 0.5),
    fc
      .double({ min: r.min, max: Math.min(top(r), r.min + SPAN), ...finite })
      .filter((x) => !Number.isInteger(x)),
  );

/** A valid value written as JSON text instead of a number (that it is not coerced is ERR-JSON-NO-COERCION). */
export const numericStringArb = (r: Bounds): fc.Arbitrary<string> => intInsideArb(r).map(String);

/** JSON values of the wrong type for a numeric field. */
export const wrongTypeArb: fc.Arbitrary<unknown> = fc.constantFrom(null, true, false, [], {}, '', 'abc', [1]);

/** Form-encoded integers inside the range: decimal digits. */
export const formIntInsideArb = (r: Bounds): fc.Arbitrary<string> => intInsideArb(r).map(String);

/**
 * Form-encoded text that is not an integer inside the range: outsiders (documented refusals) and fractions,
 * exponents, signs, padding, words and blanks (other representations: FORM-INTEGER-TEXT).
 */
export const formIntOutsideArb = (r: Bounds): fc.Arbitrary<string> =>
  fc.oneof(
    intOutsideArb(r).map(String),
    intInsideArb(r).map((n) => `${n}.5`),
    intInsideArb(r).map((n) => `${n}e0`),
    intInsideArb(r).map((n) => ` ${n}`),
    intInsideArb(r).map((n) => `+${n}`),
    fc.constantFrom('', 'abc', 'NaN', 'Infinity', '1,5', '0x10', 'null', 'true'),
  );

/** Printable ASCII text of exactly `n` characters (one UTF-16 unit each, so length is unambiguous). */
const textOfLength = (n: number): fc.Arbitrary<string> =>
  fc
    .string({ minLength: 1, maxLength: 40, unit: 'grapheme-ascii' })
    .map((seed) => seed.repeat(Math.ceil(n / seed.length)).slice(0, n));

/** Text whose length lies in [min, max]: each edge tried first. */
export const textInsideArb = (r: { min: number; max: number }): fc.Arbitrary<string> =>
  fc
    .oneof(fc.constantFrom(r.min, r.max, Math.max(r.min, r.max - 1)), fc.integer({ min: r.min, max: r.max }))
    .chain(textOfLength);

/** Text longer than `max` characters: max + 1 tried first. */
export const textTooLongArb = (max: number): fc.Arbitrary<string> =>
  fc.oneof(fc.constant(max + 1), fc.integer({ min: max + 1, max: max * 2 })).chain(textOfLength);

export const orderByArb = fc.constantFrom('ASC' as const, 'DESC' as const);
