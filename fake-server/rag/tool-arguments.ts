/**
 * Arguments of a tool call the fake model makes (FAKE-MODEL-DEFAULT): drawn from the user's message, property by
 * property of the tool's JSON Schema. Every `required` property gets a value; an optional one only when the
 * message supplies it. Deterministic: the same schema and message give the same arguments.
 *
 *   enum     the value the message mentions first, else `default`, else the first value
 *   string   a quoted phrase; for place or name properties a capitalised word run (not a sentence's first
 *            word); else the text after the tool's word in the message; else the whole message
 *   number   the first number of the message (clamped to minimum/maximum), else `default`, else minimum, else 1
 *   boolean  true when the message says yes/true/enable, false when it says no/false/disable, else false
 *   array [] and object {}
 */
import escapeStringRegexp from 'escape-string-regexp';
import { significant } from './tool-match.js';

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

type Kind = 'enum' | 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'const';

function kindOf(prop: Schema): Kind {
  if ('const' in prop) return 'const';
  if (Array.isArray(prop.enum) && prop.enum.length > 0) return 'enum';
  let type = prop.type;
  if (Array.isArray(type)) type = type.find((t) => t !== 'null');
  if (type === undefined) {
    const branch = [prop.anyOf, prop.oneOf].find(Array.isArray)?.find(isObject);
    if (branch) return kindOf(branch);
  }
  switch (type) {
    case 'number':
    case 'integer':
    case 'boolean':
    case 'array':
    case 'object':
      return type;
    default:
      return 'string';
  }
}

/** Property names that hold a place or a name, filled from a capitalised word run of the message. */
const NAME_LIKE =
  /(?:^|[_\-\s])(?:city|town|location|place|destination|country|name)(?:$|[_\-\s])|(?:City|Town|Location|Place|Destination|Country|Name)$/;

const QUOTED = /"([^"]+)"|“([^”]+)”|(?:^|\s)'([^']+)'(?=[\s.,!?;:]|$)/u;

function quotedPhrase(message: string): string | undefined {
  const m = QUOTED.exec(message);
  const phrase = m?.[1] ?? m?.[2] ?? m?.[3];
  return phrase?.trim() || undefined;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/** The first run of capitalised words that does not start a sentence, e.g. "New York" in "Weather in New York?". */
export function capitalisedRun(message: string): string | undefined {
  const words = [...message.matchAll(WORD)];
  const run: string[] = [];
  let end = -1;
  for (const [i, m] of words.entries()) {
    const word = m[0];
    const before = message.slice(0, m.index).trimEnd();
    const startsSentence = i === 0 || /[.!?]$/.test(before);
    const capitalised = /^\p{Lu}/u.test(word) && word !== 'I' && !startsSentence;
    const adjacent = run.length > 0 && /^\s+$/.test(message.slice(end, m.index));
    if (capitalised && (run.length === 0 || adjacent)) {
      run.push(word.replace(/['’]s$/u, '')); // "Ada's" names Ada
      end = m.index + word.length;
    } else if (run.length > 0) {
      break;
    }
  }
  return run.length > 0 ? run.join(' ') : undefined;
}

/** The text after the last occurrence of `word` (a significant word) in the message, without edge punctuation. */
function textAfter(message: string, word: string | null): string | undefined {
  if (!word) return undefined;
  let after: number | undefined;
  for (const m of message.matchAll(WORD)) if (significant(m[0]) === word) after = m.index + m[0].length;
  if (after === undefined) return undefined;
  const tail = message
    .slice(after)
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .trim();
  return tail || undefined;
}

function firstNumber(message: string, integer: boolean): number | undefined {
  const m = (integer ? /-?\d+/ : /-?\d+(?:\.\d+)?/).exec(message);
  return m ? Number(m[0]) : undefined;
}

function clamp(n: number, prop: Schema): number {
  const min = typeof prop.minimum === 'number' ? prop.minimum : -Infinity;
  const max = typeof prop.maximum === 'number' ? prop.maximum : Infinity;
  return Math.min(max, Math.max(min, n));
}

function mentionedEnum(values: readonly unknown[], message: string): unknown {
  const lower = message.toLowerCase();
  let found: { value: unknown; at: number } | undefined;
  for (const value of values) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const escaped = escapeStringRegexp(String(value).toLowerCase());
    const m = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').exec(lower);
    if (m && (!found || m.index < found.at)) found = { value, at: m.index };
  }
  return found?.value;
}

function saidBoolean(message: string): boolean | undefined {
  if (/\b(?:yes|true|enabled?)\b/i.test(message)) return true;
  if (/\b(?:no|false|disabled?)\b/i.test(message)) return false;
  return undefined;
}

const withMaxLength = (s: string, prop: Schema): string =>
  typeof prop.maxLength === 'number' ? s.slice(0, Math.max(0, prop.maxLength)) : s;

/** The value the message supplies for a property, if any (what an optional property needs to be included). */
function supplied(name: string, prop: Schema, message: string): unknown {
  switch (kindOf(prop)) {
    case 'const':
      return prop.const;
    case 'enum':
      return mentionedEnum(prop.enum as unknown[], message);
    case 'string': {
      const phrase = quotedPhrase(message) ?? (NAME_LIKE.test(name) ? capitalisedRun(message) : undefined);
      return phrase === undefined ? undefined : withMaxLength(phrase, prop);
    }
    case 'number':
    case 'integer': {
      const n = firstNumber(message, kindOf(prop) === 'integer');
      return n === undefined ? undefined : clamp(n, prop);
    }
    case 'boolean':
      return saidBoolean(message);
    default:
      return undefined;
  }
}

/** The value of a required property the message does not supply. */
function fallback(prop: Schema, message: string, toolWord: string | null): unknown {
  if (prop.default !== undefined) return prop.default;
  switch (kindOf(prop)) {
    case 'enum':
      return (prop.enum as unknown[])[0];
    case 'string':
      return withMaxLength(textAfter(message, toolWord) ?? message.trim(), prop);
    case 'number':
    case 'integer':
      return typeof prop.minimum === 'number' ? prop.minimum : clamp(1, prop);
    case 'boolean':
      return false;
    case 'array':
      return [];
    default:
      return {};
  }
}

/**
 * Arguments for a call of a tool with JSON Schema `parameters`, drawn from `message`. `toolWord` is the word of
 * the message that matched the tool (see tool-match.ts), if any.
 */
export function toolArguments(
  parameters: Record<string, unknown>,
  message: string,
  toolWord: string | null = null,
): Record<string, unknown> {
  const properties = isObject(parameters.properties) ? parameters.properties : {};
  const required = new Set(
    Array.isArray(parameters.required) ? parameters.required.filter((r) => typeof r === 'string') : [],
  );
  const args: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(properties)) {
    const prop = isObject(raw) ? raw : {};
    const value = supplied(name, prop, message);
    if (value !== undefined) args[name] = value;
    else if (required.has(name)) args[name] = fallback(prop, message, toolWord);
  }
  return args;
}
