/** Records every request the fake receives (bounded), for the control API's journal. */
import type { Context, Next } from 'koa';
import type { Runtime } from '../runtime.js';

export function journal(runtime: Runtime, controlPrefix: string) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
    } finally {
      if (!ctx.path.startsWith(controlPrefix)) {
        const body = ctx.body as { message?: unknown } | undefined;
        runtime.record({
          at: new Date(runtime.domain.clock.now()).toISOString(),
          method: ctx.method,
          path: ctx.path,
          operation: typeof ctx.state.operation === 'string' ? ctx.state.operation : null,
          status: ctx.status,
          message: typeof body?.message === 'string' ? body.message : null,
        });
      }
    }
  };
}
