/**
 * A router behind a cheap path check. @koa/router tests every route's pattern on every request that reaches it;
 * the fake chains four routers, so each request would pay for all of them. `gatedRoutes` reads the router's routes
 * once and lets through only requests whose path one of them can match, so a request pays only for its own router.
 * The check admits a superset of what the routes match (they ignore case and a trailing slash; a pattern's static
 * start is taken as a prefix), so what is answered does not change.
 */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { routePath } from '../../contract/operations.js';

/** Where a route pattern stops being literal text (path-to-regexp syntax). */
const special = /[{}()[\]:*?+!\\]/;

/** Whether a request path can match one of the router's routes (or middleware); a superset, never less. */
export function routerAdmits(router: Router): (path: string) => boolean {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const layer of router.stack) {
    const pattern = layer.path;
    if (typeof pattern !== 'string') return () => true;
    const cut = pattern.search(special);
    // A literal route path matches itself with an optional trailing slash; anything else is a prefix match.
    if (cut === -1 && layer.methods.length > 0) exact.add(routePath(pattern));
    else prefixes.push((cut === -1 ? pattern : pattern.slice(0, cut)).toLowerCase());
  }
  // A prefix that starts with another prefix adds nothing; keep the shortest ones.
  const kept = prefixes
    .sort((a, b) => a.length - b.length)
    .filter((p, i, all) => !all.slice(0, i).some((q) => p.startsWith(q)));
  if (kept.includes('')) return () => true;
  return (path: string) => {
    const lower = path.toLowerCase();
    for (const p of kept) if (lower.startsWith(p)) return true;
    return exact.size > 0 && exact.has(routePath(path));
  };
}

/** The router's middleware, entered only by requests whose path it can match; the others go straight on. */
export function gatedRoutes(router: Router): Middleware {
  const admits = routerAdmits(router);
  const routes = router.routes() as unknown as Middleware;
  return (ctx, next) => (admits(ctx.path) ? routes(ctx, next) : next());
}
