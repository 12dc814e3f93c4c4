/**
 * The benchmark's floor: a minimal Koa server (koa + koa-bodyparser) that parses the body and answers a fixed
 * body per path, the same bytes the fake answered for that request. No auth, no rules, no state.
 * Env: PORT, HOST (default 127.0.0.1), BENCH_RESPONSES (a JSON file: path → body).
 */
import { readFileSync } from 'node:fs';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';

export function minimalKoa(responses: Record<string, unknown>): Koa {
  const app = new Koa();
  app.use(bodyParser());
  app.use((ctx) => {
    const body = ctx.method === 'POST' ? responses[ctx.path] : undefined;
    if (body === undefined) {
      ctx.status = 404;
      ctx.body = { type: 'RXERROR', message: 'Route not found' };
      return;
    }
    ctx.body = body;
  });
  return app;
}

if (process.env.BENCH_RESPONSES) {
  const responses = JSON.parse(readFileSync(process.env.BENCH_RESPONSES, 'utf8')) as Record<string, unknown>;
  const server = minimalKoa(responses).listen(
    Number(process.env.PORT ?? 4020),
    process.env.HOST ?? '127.0.0.1',
  );
  const close = () => server.close(() => process.exit(0));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}
