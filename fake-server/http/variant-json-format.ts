/**
 * `json-format` (FAKE-VARIANT): JSON answers of the public API pretty-printed with 2-space indentation and object
 * members in reverse key order. The outermost middleware, so the request journal still reads the answer's message.
 */
import type { Context } from 'koa';
import { isObject } from './variant-answer.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A copy of `value` whose objects list their members in reverse order. */
export function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).reverse()) out[k] = reversedKeys(value[k]);
  return out;
}

/** Write the answer's JSON body (an object or an array) as formatted text. */
export function formatJson(ctx: Context): void {
  const body = ctx.body;
  if (ctx.respond === false || (!isObject(body) && !Array.isArray(body))) return;
  ctx.body = JSON.stringify(reversedKeys(body), null, 2);
  ctx.type = JSON_CONTENT_TYPE;
}
