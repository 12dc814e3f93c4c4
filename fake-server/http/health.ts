/**
 * `GET /_health` (FAKE-HEALTH): what an orchestrator polls before it sends the fake anything (a compose healthcheck,
 * a Kubernetes readiness probe, a CI `services:` container). No credential: it answers once the fake listens, with
 * its version and seed and nothing secret. Outside the API's paths, so never journaled, faulted or varied.
 */
import type { Middleware } from 'koa';
import pkg from '../../package.json' with { type: 'json' };
import type { Runtime } from '../runtime.js';

export const HEALTH_PATH = '/_health';

export interface Health {
  readonly status: 'ready';
  readonly version: string;
  readonly seed: number;
}

export function health(runtime: Runtime): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== HEALTH_PATH) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('allow', 'GET, HEAD');
      ctx.body = { status: 'method not allowed', allow: ['GET', 'HEAD'] };
      return;
    }
    ctx.set('cache-control', 'no-store');
    const body: Health = { status: 'ready', version: pkg.version, seed: runtime.options.seed };
    ctx.body = body;
  };
}
