/**
 * Which fields of a recorded request body the spec does not show (DRIFT-STRENGTH), read from the contract's operation
 * table alone: a field is documented when the operation's request schema holds it (at any depth of nested objects)
 * and the operation does not list it in `assumedRequestFields`; every other field of the body is not shown.
 */
import { z } from 'zod';
import type { Operation } from '../contract/operations.js';
import { isObject, parseJson } from './json-shape.js';

/** The schema under optional, nullable, default and transform wrappers. */
function bare(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault)
      s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodPipe) s = s.in as z.ZodType;
    else return s;
  }
}

/** The body as the operation's encoding carries it: a JSON value, or a form's fields as strings. */
function bodyOf(op: Operation, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  if (op.encoding === 'form') return Object.fromEntries(new URLSearchParams(text));
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : undefined;
}

/** `value` without the fields `schema` does not document, and the paths of those fields. */
function split(
  value: unknown,
  schema: z.ZodType,
  path: string,
  assumedHere: Readonly<Record<string, string>>,
  unshown: string[],
): unknown {
  const s = bare(schema);
  if (s instanceof z.ZodArray && Array.isArray(value))
    return value.map((v) => split(v, s.element as z.ZodType, `${path}[]`, {}, unshown));
  if (!(s instanceof z.ZodObject) || !isObject(value)) return value;
  const shape = s.shape as Record<string, z.ZodType>;
  const kept: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = shape[key];
    if (field === undefined || assumedHere[key] !== undefined) unshown.push(`${path}.${key}`);
    else kept[key] = split(v, field, `${path}.${key}`, {}, unshown);
  }
  return kept;
}

export interface UnshownFields {
  /** JSON paths of the body's fields the spec does not show (`$.messages`, `$.agent_setting.top_p`). */
  paths: string[];
  /** Whether the body without them still passes the operation's request schema. */
  restValid: boolean;
}

/** The fields of a request body (as recorded) that the spec does not show, for this operation. */
export function unshownRequestFields(op: Operation, requestBody: string | undefined): UnshownFields {
  const paths: string[] = [];
  const body = bodyOf(op, requestBody);
  const rest = split(body, op.request, '$', op.assumedRequestFields ?? {}, paths);
  return { paths, restValid: op.request.safeParse(rest).success };
}
