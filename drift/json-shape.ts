/** JSON helpers of the drift report: JSON types, `$.a[0].b` paths, shortened values, safe parsing. */

/** The JSON types the drift report tells apart (no integer/float split: a number is a number). */
export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'object';
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `path` extended by one object key (`$.data.name`, `$["odd key"]`) or array index (`$.data[0]`). */
export function childPath(path: string, key: PropertyKey): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  const name = String(key);
  return IDENTIFIER.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;
}

/** A zod issue path (or any key list) as a JSON path below `base`. */
export const jsonPath = (base: string, keys: readonly PropertyKey[]): string => keys.reduce(childPath, base);

/** The value at `keys` below `value`, or undefined when the path does not exist. */
export function valueAt(value: unknown, keys: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of keys) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key];
    else if (isObject(current) && typeof key !== 'symbol') current = current[String(key)];
    else return undefined;
  }
  return current;
}

/** Cuts long text to `max` characters, keeping the start. */
export const shortenText = (text: string, max = 120): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/** A value for display: its JSON text, shortened; `undefined` reads "absent". */
export function shorten(value: unknown, max = 120): string {
  if (value === undefined) return 'absent';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return shortenText(text, max);
}

export type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

export function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
