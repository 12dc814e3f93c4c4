/**
 * Native error answers of the RAG endpoints (RAG-ERROR-SHAPE): a middleware around the RAG routes only, inside the
 * outer envelope middleware, that answers every error in the dialect's own body (OpenAI {error: {message, type,
 * param, code}}; Anthropic {type: 'error', error: {type, message}}) with the error's headers (Retry-After on a 429),
 * never the RXERROR envelope and never a stack. It also gives every response its request id header.
 */
import type { Context, Next } from 'koa';
import type { z } from 'zod';
import { anthropicErrorBody, openAIErrorBody } from '../../contract/requests/rag-errors.js';
import type { RagDialect } from '../../contract/requests/rag-models.js';
import { DomainError, invalidParams } from '../domain/errors.js';
import type { Runtime } from '../runtime.js';
import { reportUnexpected, translate } from './error-middleware.js';

/** The request id header each provider's SDK reads (`_request_id` / `request_id` of its results and errors). */
export const requestIdHeaders: Record<RagDialect, string> = {
  openai: 'x-request-id',
  anthropic: 'request-id',
};

export { INTERNAL_MESSAGE } from './error-middleware.js';

/** Write the native error body of `dialect`; the status decides its type (contract's ragErrorKinds). */
export function sendRagError(
  ctx: Context,
  dialect: RagDialect,
  status: number,
  message: string,
  param: string | null = null,
): void {
  ctx.status = status;
  const requestId = ctx.state.ragRequestId;
  ctx.body =
    dialect === 'openai'
      ? openAIErrorBody(status, message, param)
      : {
          ...anthropicErrorBody(status, message),
          // Stryker disable next-line ConditionalExpression: equivalent; a field whose value is undefined is left out of the JSON body either way
          ...(typeof requestId === 'string' ? { request_id: requestId } : {}),
        };
}

/** The value at `path` of `input`, or undefined when some step is missing. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent; a zod issue's path holds an object or array at every step but the last (an issue stops where a value is not one)
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** A path as each API prints it: OpenAI `messages[0].content`, Anthropic `messages.0.content`. */
export function nativePath(dialect: RagDialect, path: readonly PropertyKey[]): string {
  return path
    .map((k, i) => {
      const key = String(k);
      if (dialect === 'openai' && typeof k === 'number') return `[${key}]`;
      return i === 0 ? key : `.${key}`;
    })
    .join('');
}

/**
 * Validate a request body with its contract schema; the first issue becomes a native 400 naming the field
 * (OpenAI: `Missing required parameter: 'model'.` with param `model`; Anthropic: `max_tokens: Field required`).
 */
export function parseNative<S extends z.ZodType>(dialect: RagDialect, schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = nativePath(dialect, issue.path);
  const missing = valueAt(input, issue.path) === undefined; // read only for a field (path not '')
  let message: string;
  if (path === '') message = `The request body is not a valid request: ${issue.message}`;
  else if (dialect === 'openai')
    message = missing ? `Missing required parameter: '${path}'.` : `Invalid '${path}': ${issue.message}.`;
  else message = `${path}: ${missing ? 'Field required' : issue.message}`;
  throw invalidParams([{ path, message: issue.message }], message);
}

/** The param of a DomainError: the path of its first detail, when it has one. */
const paramOf = (err: DomainError): string | null => {
  const path = err.details?.[0]?.path;
  return path && path !== '(body)' ? path : null;
};

/**
 * The middleware: sets the request id (`req_…`, deterministic per fake) and answers any error natively. An
 * unexpected error is reported to `onUnexpected` and answers 500 with a fixed message.
 */
export function ragErrors(dialect: RagDialect, runtime: Runtime, onUnexpected: (err: unknown) => void) {
  return async (ctx: Context, next: Next): Promise<void> => {
    // Stryker disable next-line StringLiteral: equivalent; the counter's name is the fake's own, any one name gives one id per request
    const n = runtime.domain.ids.next('rag-request');
    const requestId = `req_${String(n).padStart(24, '0')}`;
    ctx.state.ragRequestId = requestId;
    ctx.set(requestIdHeaders[dialect], requestId);
    try {
      await next();
    } catch (err) {
      if (err instanceof DomainError) {
        for (const [k, v] of Object.entries(err.headers ?? {})) ctx.set(k, v);
        sendRagError(ctx, dialect, err.status, err.message, paramOf(err));
        return;
      }
      // translate() answers every 5xx with INTERNAL_MESSAGE, whatever went wrong inside.
      const { status, message } = translate(err);
      reportUnexpected(onUnexpected, err, status);
      sendRagError(ctx, dialect, status, message);
    }
  };
}
