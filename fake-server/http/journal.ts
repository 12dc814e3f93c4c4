/** Records every request the fake receives (bounded), for the control API's journal. Control requests are not. */
import type { Context, Next } from 'koa';
import type { Runtime } from '../runtime.js';

/** Whether `path` is the control prefix itself or below it (`/_controlled` is not). */
export const underPrefix = (path: string, prefix: string): boolean =>
  path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

export function journal(runtime: Runtime, controlPrefix: string) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
    } finally {
      if (!underPrefix(ctx.path, controlPrefix)) {
        const body = ctx.body as { message?: unknown; error?: { message?: unknown } } | undefined;
        // The envelope's message, or the native error's on the RAG endpoints.
        const message = body?.message ?? body?.error?.message;
        runtime.record({
          at: runtime.domain.clock.now(), // formatted when the journal is read
          method: ctx.method,
          path: ctx.path,
          operation: typeof ctx.state.operation === 'string' ? ctx.state.operation : null,
          status: ctx.status,
          message: typeof message === 'string' ? message : null,
        });
      }
    }
  };
}
