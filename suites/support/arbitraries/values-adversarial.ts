/**
 * Adversarial JSON values and keys, as fast-check arbitraries: lone surrogates, nasty and huge strings, out-of-range
 * and numeric-string numbers, wrong types, deep nesting, prototype and extra keys, and the mix of them that replaces
 * a field of a valid body.
 */
import fc from 'fast-check';

/** A single lone (unpaired) UTF-16 surrogate. */
export const loneSurrogateArb: fc.Arbitrary<string> = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((c) => String.fromCharCode(c));

/**
 * Any code point, surrogates and controls included (built from integers: fast-check's own `binary` unit builds a
 * reverse table of every code point, which costs seconds per property).
 */
export const codePointArb: fc.Arbitrary<string> = fc
  .integer({ min: 0, max: 0x10ffff })
  .map((c) => String.fromCodePoint(c));

/** Unicode oddities: graphemes, any code point, lone surrogates, control characters and classic nasty strings. */
export const nastyStringArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.array(codePointArb, { maxLength: 40 }).map((cs) => cs.join('')),
  fc
    .array(
      fc.oneof(
        loneSurrogateArb,
        fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
      ),
      { maxLength: 20 },
    )
    .map((cs) => cs.join('')),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uFEFF',
    '\u202Egnp.exe',
    '\uD800',
    '\uDFFFx',
    'a\uD83D',
    '👩‍👩‍👧‍👦',
    'Ω≈ç√∫˜µ≤≥÷',
    'null',
    'undefined',
    'NaN',
    '[object Object]',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00%ff',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
    '${7*7}{{7*7}}',
    '\r\n\r\nX-Injected: 1',
  ),
);

/** Long strings: 5 KB to ~100 KB, a short seed repeated (cut anywhere, so a surrogate pair may be split). */
export const hugeStringArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
    fc.integer({ min: 5_000, max: 100_000 }),
  )
  .map(([seed, n]) => seed.repeat(Math.ceil(n / seed.length)).slice(0, n));

/** Numbers outside any of the spec's ranges, fractions where integers go, and the edges of doubles. */
export const outOfRangeNumberArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1.5,
    2.000001,
    4,
    11,
    51,
    101,
    1001,
    5001,
    43_201,
    2 ** 31,
    -(2 ** 31),
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Strings that look like numbers (JSON fields are not coerced). */
export const numericStringArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -1000, max: 100_000 }).map(String),
  fc.constantFrom('1e3', ' 5', '5 ', '0x10', '10abc', '', '-0', '1.0', '٣', 'Infinity', '+1'),
);

/** Any JSON value, objects and arrays included. */
export const jsonValueArb: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

/** A value of the wrong JSON type for whatever field it lands in. */
export const wrongTypeValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.constantFrom([], {}, [1], ['ASC'], { $gt: '' }, { limit: 1 }),
  jsonValueArb,
);

/** A value nested `depth` levels deep (arrays or objects). */
export const deepValueArb: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 16, max: 1_500 }), fc.boolean())
  .map(([depth, arrays]) => {
    let v: unknown = arrays ? [] : {};
    for (let i = 0; i < depth; i += 1) v = arrays ? [v] : { a: v };
    return v;
  });

/** Keys that mean something to a JavaScript object. */
export const prototypeKeyArb: fc.Arbitrary<string> = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
);

/** Extra field names: prototype keys, random names, names of other operations' fields. */
export const extraKeyArb: fc.Arbitrary<string> = fc.oneof(
  prototypeKeyArb,
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom(
    'id',
    'organization_id',
    'role',
    'type',
    'data',
    'total',
    'limits',
    'password',
    'admin',
    '',
  ),
);

/** A value that does not belong in the field it replaces. */
export const badValueArb: fc.Arbitrary<{ label: string; value: unknown }> = fc.oneof(
  { arbitrary: wrongTypeValueArb.map((value) => ({ label: 'wrong type', value })), weight: 4 },
  { arbitrary: outOfRangeNumberArb.map((value) => ({ label: 'out-of-range number', value })), weight: 4 },
  { arbitrary: numericStringArb.map((value) => ({ label: 'numeric string', value })), weight: 2 },
  { arbitrary: nastyStringArb.map((value) => ({ label: 'unicode', value })), weight: 3 },
  { arbitrary: hugeStringArb.map((value) => ({ label: 'huge string', value })), weight: 1 },
  { arbitrary: deepValueArb.map((value) => ({ label: 'deep nesting', value })), weight: 1 },
);
