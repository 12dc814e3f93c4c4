/**
 * What no route answered: 405 for a known path with another method, 404 for anything else. Paths compare as the
 * routers match them (routePath, contract/operations.ts): `GET /api/v1/getMyProjects/` is a 405 like `GET /api/v1/getMyProjects`.
 */
import type { Context } from 'koa';
import { operations, routePath } from '../../contract/index.js';
import { errors } from '../domain/errors.js';
import type { Mounts } from './platform-router.js';

export function knownPaths(mounts: Mounts): Set<string> {
  const paths = new Set<string>();
  for (const op of operations) {
    paths.add(routePath(`${mounts.basePath}${op.path}`));
    if (op.orgLevel) paths.add(routePath(`${mounts.orgBasePath}${op.path}`));
  }
  return paths;
}

export function fallback(mounts: Mounts) {
  const paths = knownPaths(mounts);
  return async (ctx: Context): Promise<void> => {
    if (ctx.status !== 404 || ctx.body !== undefined) return;
    if (paths.has(routePath(ctx.path)) && ctx.method !== 'POST') {
      throw errors.methodNotAllowed(ctx.method);
    }
    throw errors.routeNotFound();
  };
}
