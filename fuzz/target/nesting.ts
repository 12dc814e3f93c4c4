/**
 * Deep nesting in a generated body, up to the body limit (contract/limits.ts `httpInput.maxBodyBytes`, assumed:
 * ERR-BODY-TOO-LARGE): the body holds a mark (`nestArb`), and the JSON text is written only when it is sent
 * (`bodyText`), so neither fast-check's shrinker nor JSON.stringify walks 20,000 levels, and a finding shrinks by
 * its depth. Kinds: arrays (`[[[…]]]`), objects (`{"a":{"a":…}}`), and an Anthropic-style `tool_result` whose
 * content holds a `tool_result`, 20,000 deep.
 */
import fc from 'fast-check';
import { httpInput } from '../../contract/limits.js';

export type NestKind = 'array' | 'object' | 'tool_result';

const MARK = /"\\u0000nest:(array|object|tool_result):(\d+)\\u0000"/g;

/** The mark of a value nested `depth` levels deep, as a JSON string inside the body. */
export const nestMark = (kind: NestKind, depth: number): string => `\u0000nest:${kind}:${depth}\u0000`;

const TOOL_RESULT_OPEN = '[{"type":"tool_result","tool_use_id":"toolu_fuzz","content":';
const OPENINGS: Record<NestKind, [open: string, inner: string, close: string]> = {
  array: ['[', '1', ']'],
  object: ['{"a":', '1', '}'],
  tool_result: [TOOL_RESULT_OPEN, '"done"', '}]'],
};

/** Bytes one level adds. */
export const bytesPerLevel = (kind: NestKind): number => OPENINGS[kind][0].length + OPENINGS[kind][2].length;

const nested = (kind: NestKind, depth: number): string => {
  const [open, inner, close] = OPENINGS[kind];
  return `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
};

/**
 * The body's JSON text with every mark written out. A body whose marks would take it past the body limit has them
 * cut to the depth that fits (the limit is the server's to enforce with its own 413; the fuzz probes below it).
 */
export function bodyText(body: unknown, limit: number = httpInput.maxBodyBytes): string {
  const text = JSON.stringify(body);
  let room = limit - Buffer.byteLength(text);
  return text.replace(MARK, (_, kind: NestKind, depthText: string) => {
    const fits = Math.max(1, Math.floor((room + 20) / bytesPerLevel(kind)));
    const depth = Math.min(Number(depthText), fits);
    room -= depth * bytesPerLevel(kind);
    return nested(kind, depth);
  });
}

/**
 * A depth: mostly shallow, often the depths that broke real servers (1,000, 5,000, 20,000: issue 40), up to what
 * the body limit holds. Shrinks towards 1.
 */
export const depthArb: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 64 }), weight: 2 },
  { arbitrary: fc.constantFrom(1_000, 5_000, 20_000, 100_000), weight: 3 },
);

/** A nested value of `kind` as a mark. */
export const nestArb = (kind: NestKind): fc.Arbitrary<string> => depthArb.map((d) => nestMark(kind, d));

/** Whether a string of the body is a nest mark. */
export const isNestMark = (value: string): boolean => value.startsWith('\u0000nest:');

/** The same depth as another kind (a `tool_result` nest as plain arrays, where a dialect has no such block). */
export const asKind = (mark: string, kind: NestKind): string =>
  mark.replace(/nest:[a-z_]+:/, `nest:${kind}:`);
