/**
 * The router gates must admit every path a route of their router matches (the gate is a speed-up only), and keep
 * out the paths of the other routers.
 */
import type Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { operations } from '../../contract/index.js';
import { controlRouter } from '../control/router.js';
import { Runtime } from '../runtime.js';
import { integrationRouter } from './integration-router.js';
import { platformRouter } from './platform-router.js';
import { ragRouter } from './rag-router.js';
import { routerAdmits } from './route-gate.js';

const mounts = { basePath: '/api/v1', orgBasePath: '/org/api/v1' };
const runtime = new Runtime({ seed: 1 });
const routers: Record<string, Router> = {
  control: controlRouter(runtime, { prefix: '/_control', secret: 's', describe: () => ({}) }),
  rag: ragRouter(runtime, mounts, () => {}),
  integration: integrationRouter(runtime, mounts),
  platform: platformRouter(runtime, mounts),
};

/** Paths near every route and operation: as written, other case, trailing slashes, a segment more or less. */
function probes(): string[] {
  const bases = new Set<string>([
    '/',
    '',
    '/api',
    '/api/v1',
    '/org/api/v1',
    '/_control',
    '/_controlled',
    '/x',
  ]);
  for (const r of Object.values(routers)) {
    for (const l of r.stack) if (typeof l.path === 'string') bases.add(l.path.replace(/[{(:*].*$/, ''));
  }
  for (const op of operations) {
    bases.add(`${mounts.basePath}${op.path}`);
    bases.add(`${mounts.orgBasePath}${op.path}`);
  }
  const out: string[] = [];
  for (const b of bases) {
    const upper = b.toUpperCase();
    const cut = b.slice(0, Math.max(1, b.lastIndexOf('/')));
    for (const p of [b, upper, `${b}/`, `${b}//`, `${upper}/`, `${b}/abc`, `${b}/abc/def`, `${b}x`, cut])
      out.push(p);
  }
  return out;
}

describe('router gates', () => {
  const paths = probes();

  for (const [name, router] of Object.entries(routers)) {
    it(`the ${name} gate admits every path one of its routes matches`, () => {
      const admits = routerAdmits(router);
      const matched = paths.filter((p) => router.stack.some((l) => l.match(p)));
      expect(matched.length).toBeGreaterThan(0);
      expect(matched.filter((p) => !admits(p))).toEqual([]);
    });
  }

  it('a Platform path does not enter the control, RAG or integration routers', () => {
    expect(routerAdmits(routers.control!)('/api/v1/getMyProjects')).toBe(false);
    expect(routerAdmits(routers.rag!)('/api/v1/getMyProjects')).toBe(false);
    expect(routerAdmits(routers.integration!)('/api/v1/getMyProjects')).toBe(false);
    expect(routerAdmits(routers.platform!)('/api/v1/getMyProjects')).toBe(true);
    expect(routerAdmits(routers.control!)('/_controlled')).toBe(true); // a superset: the routes then decide
  });
});
