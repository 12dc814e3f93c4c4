/** Outermost middleware: every error becomes the spec's error envelope; no stack trace ever leaves. */
import type { Context, Next } from 'koa';
import { DomainError } from '../domain/errors.js';
import { sendError } from './envelope.js';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

/** Messages for the errors raised by body parsing and routing, before any domain code runs. */
function translate(err: HttpLikeError): { status: number; message: string } {
  const status = err.status ?? err.statusCode ?? 500;
  if (status === 413) return { status, message: 'Request body too large' };
  if (status === 415) return { status, message: err.message ?? 'Unsupported content type' };
  if (status === 400 && (err.type === 'entity.parse.failed' || /JSON|invalid/i.test(err.message ?? ''))) {
    return { status, message: 'Invalid params: the body is not valid JSON' };
  }
  if (status >= 400 && status < 500) return { status, message: err.expose ? (err.message ?? 'Bad request') : 'Bad request' };
  return { status: 500, message: 'Internal server error' };
}

export function errorMiddleware(onUnexpected: (err: unknown) => void = () => {}) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
    } catch (err) {
      if (err instanceof DomainError) {
        for (const [k, v] of Object.entries(err.headers ?? {})) ctx.set(k, v);
        sendError(ctx, err.status, err.message, err.details);
        return;
      }
      const { status, message } = translate((err ?? {}) as HttpLikeError);
      if (status >= 500) onUnexpected(err);
      sendError(ctx, status, message);
    }
  };
}
