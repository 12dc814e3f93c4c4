/** What no route answered: 405 for a known path with another method, 404 for anything else. */
import type { Context } from 'koa';
import { operations } from '../../contract/index.js';
import { errors } from '../domain/errors.js';
import type { Mounts } from './platform-router.js';

/**
 * A path as the routers match it: they ignore case and a trailing slash (@koa/router defaults), so the fallback
 * does too, and `GET /api/v1/getMyProjects/` is a 405 like `GET /api/v1/getMyProjects`.
 */
// Stryker disable next-line MethodExpression: equivalent; the known paths and the asked path are folded alike, so either case matches the same
const normalize = (path: string): string => (path.replace(/\/+$/, '') || '/').toLowerCase();

export function knownPaths(mounts: Mounts): Set<string> {
  const paths = new Set<string>();
  for (const op of operations) {
    paths.add(normalize(`${mounts.basePath}${op.path}`));
    if (op.orgLevel) paths.add(normalize(`${mounts.orgBasePath}${op.path}`));
  }
  return paths;
}

export function fallback(mounts: Mounts) {
  const paths = knownPaths(mounts);
  return async (ctx: Context): Promise<void> => {
    if (ctx.status !== 404 || ctx.body !== undefined) return;
    if (paths.has(normalize(ctx.path)) && ctx.method !== 'POST') {
      throw errors.methodNotAllowed(ctx.method);
    }
    throw errors.routeNotFound();
  };
}
