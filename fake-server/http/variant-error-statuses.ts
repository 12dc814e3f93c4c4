/**
 * Error statuses and shapes of the variant (FAKE-VARIANT), each the spec leaves open: `credits-exhausted`,
 * `invalid-params-422`, `other-error-statuses` on the Platform and Project Integration envelope, and
 * `rag-error-envelope` on the RAG endpoints. Each rewrites a finished answer; none touches a harness-made error.
 */
import { ERROR } from '../../contract/index.js';
import { messages } from '../domain/errors.js';
import { sendRagError } from './rag-errors.js';
import { type Answer, isErrorEnvelope, isObject, messageOf, objectBody } from './variant-answer.js';

export const NOT_ENOUGH_CREDITS = 'Not enough credits';

/** `credits-exhausted`: 402 `Insufficient credits` becomes 403 `Not enough credits`, in the answer's own shape. */
export function creditsExhausted(a: Answer): void {
  const { ctx } = a;
  if (a.keepStatus || ctx.status !== 402) return;
  if (a.dialect) {
    sendRagError(ctx, a.dialect, 403, NOT_ENOUGH_CREDITS);
    return;
  }
  const body = objectBody(ctx);
  if (isErrorEnvelope(body)) {
    ctx.status = 403;
    ctx.body = { ...body, message: NOT_ENOUGH_CREDITS };
  }
}

/**
 * `invalid-params-422`: a bad body of the envelope families answers 422; a bare `Invalid params` names its first
 * failing field in the message instead of an `errors` array.
 */
export function invalidParams422(a: Answer): void {
  const { ctx } = a;
  const body = objectBody(ctx);
  if (a.dialect || ctx.status !== 400 || !isErrorEnvelope(body)) return;
  if (!body.message.startsWith(messages.invalidParams) || body.message === messages.missingHost) return;
  const { errors, ...rest } = body;
  const first = Array.isArray(errors) && isObject(errors[0]) ? errors[0] : undefined;
  let message = body.message;
  if (message === messages.invalidParams && first && typeof first.message === 'string') {
    const path = typeof first.path === 'string' && first.path !== '(body)' ? `${first.path}: ` : '';
    message = `${messages.invalidParams}: ${path}${first.message}`;
  }
  ctx.status = 422;
  ctx.body = { ...rest, message };
}

/** Statuses the spec does not give, and what `other-error-statuses` answers instead. */
const otherStatus: Readonly<Record<number, number>> = { 402: 400, 404: 400, 405: 404, 413: 400, 415: 400 };

/** 403s whose status the spec does not give (it gives 403 to a missing permission, role or project scope only). */
const undocumented403 = new Set<string>([
  messages.notProjectMember,
  messages.platformPlan,
  messages.integrationPlan,
  messages.searchPlan,
]);

/** `other-error-statuses`: every envelope error status the spec leaves open changes; the message stays. */
export function otherErrorStatuses(a: Answer): void {
  const { ctx } = a;
  const body = objectBody(ctx);
  if (a.dialect || a.keepStatus || !isErrorEnvelope(body)) return;
  let status = otherStatus[ctx.status];
  if (ctx.status === 400 && !body.message.startsWith(messages.invalidParams)) status = 422;
  if (ctx.status === 403 && undocumented403.has(body.message)) status = 400;
  if (status === undefined) return;
  if (ctx.status === 405) ctx.remove('Allow');
  ctx.status = status;
}

/** `rag-error-envelope`: a RAG error answers the spec's envelope with the same status and message. */
export function ragErrorEnvelope(a: Answer): void {
  const { ctx } = a;
  if (!a.dialect || ctx.status < 400) return;
  const body = objectBody(ctx);
  if (!body || isErrorEnvelope(body)) return;
  ctx.body = { type: ERROR, message: messageOf(body) ?? 'Error' };
}
