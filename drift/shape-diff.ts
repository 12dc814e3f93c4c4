/**
 * The shape of JSON values (types, fields, element shape) and the presence/type differences between two shapes.
 * The elements of an array merge into one element shape (path `…[]`), so 10 items against 3 is no difference but
 * a field that only one side's elements carry is; an empty array has no element shape and so gives no element
 * differences. A field missing on one side is one difference, never one per nested field.
 */
import { childPath, isObject, type JsonType, jsonType, shorten } from './json-shape.js';
import type { Difference } from './types.js';

export interface Shape {
  types: Set<JsonType>;
  /** The first value seen, for display. */
  sample: unknown;
  fields: Map<string, Shape>;
  /** Merged shape of every array element seen; undefined when every array was empty (or none was seen). */
  element: Shape | undefined;
}

const emptyShape = (sample: unknown): Shape => ({
  types: new Set(),
  sample,
  fields: new Map(),
  element: undefined,
});

/** Deeper than this, a value's fields are not walked (no answer of the API nests so deep; a stack would overflow). */
const MAX_DEPTH = 64;

function addValue(shape: Shape, value: unknown, depth = 0): void {
  shape.types.add(jsonType(value));
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const item of value) {
      shape.element ??= emptyShape(item);
      addValue(shape.element, item, depth + 1);
    }
  } else if (isObject(value)) {
    for (const [key, field] of Object.entries(value)) {
      let child = shape.fields.get(key);
      if (!child) {
        child = emptyShape(field);
        shape.fields.set(key, child);
      }
      addValue(child, field, depth + 1);
    }
  }
}

/** The merged shape of `values` (one value: its shape). */
export function shapeOf(values: readonly unknown[]): Shape {
  const shape = emptyShape(values[0]);
  for (const value of values) addValue(shape, value);
  return shape;
}

const typeList = (types: Set<JsonType>): string => [...types].sort().join('|');

/** Appends to `out` the presence and type differences between the real and the fake shape at `path`. */
export function diffShapes(real: Shape, fake: Shape, path: string, out: Difference[]): void {
  const realTypes = typeList(real.types);
  const fakeTypes = typeList(fake.types);
  if (realTypes !== fakeTypes) {
    out.push({
      kind: 'type',
      path,
      real: realTypes,
      fake: fakeTypes,
      detail: `JSON type differs: real ${realTypes}, fake ${fakeTypes}`,
    });
  }
  if (real.types.has('object') && fake.types.has('object')) {
    const keys = [...new Set([...real.fields.keys(), ...fake.fields.keys()])].sort();
    for (const key of keys) {
      const r = real.fields.get(key);
      const f = fake.fields.get(key);
      const at = childPath(path, key);
      if (r && f) diffShapes(r, f, at, out);
      else if (r)
        out.push({ kind: 'presence', path: at, real: shorten(r.sample), detail: 'only in the real answer' });
      else if (f)
        out.push({
          kind: 'presence',
          path: at,
          fake: shorten(f.sample),
          detail: "only in the fake's answer",
        });
    }
  }
  if (real.element && fake.element) diffShapes(real.element, fake.element, `${path}[]`, out);
}
