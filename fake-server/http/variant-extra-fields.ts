/**
 * `extra-fields` (FAKE-VARIANT): answers carry fields the spec does not show, as any server may add. Every object of
 * a success envelope (the envelope and every object nested in `data`) gets `x_variant: 1`, a message-only success
 * gets `data: null`; an error envelope gets `code`; a RAG JSON answer gets a top-level `x_variant: 1`.
 */
import { type Answer, isErrorEnvelope, isObject, isSuccessEnvelope, objectBody } from './variant-answer.js';

export const EXTRA_FIELD = 'x_variant';

/** A copy of `value` with the extra field in every object, however deep (arrays keep their order). */
export function marked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(marked);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = marked(v);
  out[EXTRA_FIELD] = 1;
  return out;
}

export function extraFields(a: Answer): void {
  const body = objectBody(a.ctx);
  if (!body) return;
  if (isSuccessEnvelope(body)) a.ctx.body = marked({ ...body, data: body.data ?? null });
  else if (isErrorEnvelope(body)) a.ctx.body = { ...body, code: `E${a.ctx.status}` };
  else if (a.dialect) a.ctx.body = { ...body, [EXTRA_FIELD]: 1 };
}
