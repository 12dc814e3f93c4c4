/**
 * The router gates must admit every path a route of their router matches (the gate is a speed-up only), and keep
 * out the paths of the other routers; what each gate reads from its routes is checked on small routers of its own.
 */
import Router from '@koa/router';
import { describe, expect, it, vi } from 'vitest';
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

/** A router of the given routes, each answering nothing. */
function routerOf(build: (r: Router) => void): Router {
  const r = new Router();
  build(r);
  return r;
}
const noop = async (_ctx: unknown, next: () => Promise<unknown>) => next();

describe('what a gate reads from its routes [CONV-PATH-MATCHING, ERR-UNKNOWN-ROUTE]', () => {
  /** The paths of `probes` the gate admits, after checking it admits every one its router matches. */
  function admitted(router: Router, probes: string[]): string[] {
    const admits = routerAdmits(router);
    const matched = probes.filter((p) => router.stack.some((l) => l.match(p)));
    expect(matched.filter((p) => !admits(p))).toEqual([]);
    return probes.filter((p) => admits(p));
  }

  it('a literal route admits its path in any case, with or without trailing slashes, and nothing longer or shorter', () => {
    const router = routerOf((r) => {
      r.get('/bar', noop);
      r.get('/foo/', noop); // matches /foo/ and /foo//
    });
    const probes = [
      '/bar',
      '/BAR',
      '/bar/',
      '/bar//',
      '/foo',
      '/FOO/',
      '/foo//',
      '/barx',
      '/bar/x',
      '/ba',
      '/foox',
      '/fo',
    ];
    expect(admitted(router, probes)).toEqual(['/bar', '/BAR', '/bar/', '/bar//', '/foo', '/FOO/', '/foo//']);
  });

  it('a middleware path admits the paths under it; a parameter route the paths that start with its literal part', () => {
    const router = routerOf((r) => {
      r.use('/mw', noop);
      r.get('/a/:x', noop);
      r.get('/b/a/:y', noop); // its prefix ends with the other's: still its own
    });
    const probes = ['/mw', '/MW/x', '/m', '/mx', '/a/1', '/A/xyz', '/b/a/1', '/b/1', '/a', '/c/a/1'];
    expect(admitted(router, probes)).toEqual(['/mw', '/MW/x', '/a/1', '/A/xyz', '/b/a/1']);
  });

  it('a route whose path is a regular expression, or a middleware on every path, lets every path in', () => {
    const regexp = routerOf((r) => r.get(/^\/re/, noop));
    const everyPath = routerOf((r) => {
      r.get('/x', noop);
      r.use(noop);
    });
    for (const router of [regexp, everyPath]) {
      const admits = routerAdmits(router);
      for (const p of ['/re', '/elsewhere', '/', '']) expect(admits(p)).toBe(true);
    }
  });

  it('a request is compared once with each prefix that no shorter one covers, and not at all by a gate open to every path', () => {
    const comparisons = (router: Router, path: string): number => {
      const admits = routerAdmits(router);
      const spy = vi.spyOn(String.prototype, 'startsWith');
      try {
        admits(path);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const prefixed = routerOf((r) => {
      r.get('/a/b/:y', noop); // covered by /a/
      r.get('/a/:x', noop);
      r.get('/c/:z', noop);
      r.get('/lit', noop);
    });
    const everyPath = routerOf((r) => r.use(noop));
    expect(comparisons(prefixed, '/zzz')).toBe(2); // /a/ and /c/
    expect(comparisons(everyPath, '/zzz')).toBe(0);
  });
});
