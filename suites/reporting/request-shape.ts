/**
 * The shape of a kept request's body, in words, for grouping server errors by cause (issue 39, item 6): "deeply nested
 * JSON", "a number past every integer type", "invalid percent-encoding", or the body's skeleton (its keys and the
 * types of their values, `{limit: number, project_uid: string}`), so that the same odd body sent to twenty operations,
 * or with twenty different ids, is one shape. Reads the excerpt the report kept (suites/target/exchange-note.ts).
 */
import type { NoteParts } from './exchange-parts.js';

/** Nesting at least this deep is "deeply nested" (no request of the spec nests past 5). */
const DEEP = 32;
const MAX_SKELETON = 120;

/** The deepest nesting of brackets and braces in `text`, outside strings (an excerpt may end inside one). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') max = Math.max(max, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return max;
}

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** `{a: number, b: [{c: string}]}`: keys sorted, three levels of arrays and objects. */
function skeleton(value: unknown, level = 0): string {
  if (Array.isArray(value))
    return value.length === 0 ? '[]' : level > 2 ? '[…]' : `[${skeleton(value[0], level + 1)}]`;
  if (value !== null && typeof value === 'object') {
    if (level > 2) return '{…}';
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${k}: ${skeleton((value as Record<string, unknown>)[k], level + 1)}`).join(', ')}}`;
  }
  return typeOf(value);
}

function formShape(body: string): string {
  if (/(?:\w\[){8,}/.test(body)) return 'a deeply nested form field';
  if (/%(?![0-9a-f]{2})/i.test(body)) return 'invalid percent-encoding';
  const names = body.split('&').map((pair) => decodeURIComponent(pair.split('=')[0] ?? '').trim());
  const unique = [...new Set(names)].sort();
  if (unique.length < names.length) return `a form field repeated (${unique.join(', ')})`;
  return `form fields ${unique.join(', ')}`;
}

export function requestShape(parts: NoteParts): string {
  const { body } = parts;
  const type = (parts.headers['content-type'] ?? '').toLowerCase();
  if (body === '(binary body)') return `a binary body (${type || 'no content type'})`;
  if (body.trim() === '') return 'an empty body';
  if (type.includes('x-www-form-urlencoded')) return formShape(body);
  if (nestingDepth(body) >= DEEP) return 'deeply nested JSON';
  if (/(?<![\w.])-?\d{17,}|\d[eE][+-]?\d{3}/.test(body)) return 'a number past every integer type';
  if (parts.cutFrom !== undefined) return `a body of ${parts.cutFrom} characters`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'a body that is not JSON';
  }
  const shape = `JSON ${skeleton(parsed)}`;
  return shape.length > MAX_SKELETON ? `${shape.slice(0, MAX_SKELETON - 1)}…` : shape;
}
