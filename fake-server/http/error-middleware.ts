/**
 * Outermost middleware: every error becomes the spec's error envelope; no stack trace ever leaves. It also refuses an
 * HTTP/1.1 request without Host (host-header.ts) before anything else runs.
 */
import type { Context, Next } from 'koa';
import { DomainError } from '../domain/errors.js';
import { sendError } from './envelope.js';
import { refuseMissingHost } from './host-header.js';

interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  type?: unknown;
  message?: unknown;
}

/** What an unexpected failure answers, whatever went wrong inside. */
export const INTERNAL_MESSAGE = 'Internal server error';
const INTERNAL = { status: 500, message: INTERNAL_MESSAGE } as const;

/**
 * Status and message for an error that is not a DomainError: an http-errors style client error keeps its 4xx
 * (with its message only when it is meant to be exposed); a malformed URL is a 400; anything else is a bug of
 * the fake and answers 500 with a fixed message, never the error's own text or stack.
 */
export function translate(err: unknown): { status: number; message: string } {
  if (err instanceof URIError) return { status: 400, message: 'Bad request: malformed URL encoding' };
  if (typeof err !== 'object' || err === null) return INTERNAL;
  const e = err as HttpLikeError;
  const raw = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 500;
  const status = Number.isInteger(raw) ? raw : 500;
  const text = typeof e.message === 'string' ? e.message : undefined;
  if (status === 413) return { status, message: 'Request body too large' };
  if (status === 415) return { status, message: text ?? 'Unsupported content type' };
  if (status === 400 && (e.type === 'entity.parse.failed' || err instanceof SyntaxError)) {
    return { status, message: 'Invalid params: the body is not valid JSON' };
  }
  if (status >= 400 && status < 500)
    return { status, message: e.expose === true && text ? text : 'Bad request' };
  return INTERNAL;
}

/**
 * Report an error that answers 5xx (a bug of the fake) to `onUnexpected`. A failing hook must not change the
 * answer, nor turn it into Koa's plain-text 500.
 */
export function reportUnexpected(onUnexpected: (err: unknown) => void, err: unknown, status: number): void {
  if (status < 500) return;
  try {
    onUnexpected(err);
  } catch {
    // The answer stands whatever the hook does.
  }
}

export function errorMiddleware(onUnexpected: (err: unknown) => void = () => {}) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      refuseMissingHost(ctx);
      await next();
    } catch (err) {
      if (err instanceof DomainError) {
        for (const [k, v] of Object.entries(err.headers ?? {})) ctx.set(k, v);
        sendError(ctx, err.status, err.message, err.details);
        return;
      }
      const { status, message } = translate(err);
      reportUnexpected(onUnexpected, err, status);
      sendError(ctx, status, message);
    }
  };
}
